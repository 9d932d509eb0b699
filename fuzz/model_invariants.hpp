#pragma once
// What every imported model must satisfy, whatever the input: finite numbers
// everywhere (no silent NaN or overflow), unit joint axes, at least one joint.

#include "fuzz_support.hpp"
#include "model/robot_model.hpp"

#include <cmath>

namespace eb::fuzz {

inline void checkModel(const RobotModel& model) {
  if (model.dof() < 1) bug("model without a moving joint");
  if (!model.standardParameters().allFinite()) bug("model with non-finite standard parameters");
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Body& b = model.body(i);
    if (!b.axis.allFinite() || std::abs(b.axis.norm() - 1.0) > 1e-9) bug("body '" + b.name + "' axis is not a unit vector");
    if (!model.homeTwist(i).allFinite() || !model.homePose(i).matrix().allFinite())
      bug("body '" + b.name + "' has a non-finite home pose");
  }
}

}  // namespace eb::fuzz
