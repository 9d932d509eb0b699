#pragma once
// What the excitation editors show about a joint: its name, kind and limits, and
// how much of each limit the current trajectory uses.

#include "model/robot_model.hpp"

#include <QString>

#include <array>

namespace eb::widgets {

/// What the editor shows about one joint.
struct JointDescription {
  QString name;
  bool prismatic = false;
  JointLimits limits;
};

/// Largest share of each limit the trajectory uses (1 = at the limit), NaN when unknown.
struct JointUsage {
  std::array<double, 4> fraction{};  ///< position, velocity, acceleration, torque
};

}  // namespace eb::widgets
