#pragma once
// Structural zeros of the base regressor: joint j's torque depends only on the
// parameters of the bodies it carries (its subtree) and on its own friction /
// armature columns. Accumulating Y_b^T Y_b row by row over just those columns
// halves the work on a serial arm (row j of a 7-joint arm touches 43 - ~6 j of
// the 43 base columns).

#include "dynamics/base_parameters.hpp"
#include "model/robot_model.hpp"

#include <vector>

namespace eb {

/// For each joint j, the base-column indices (ascending, into 0..rank-1) that can be
/// non-zero in row j of the base regressor.
std::vector<std::vector<int>> baseRegressorRowSupport(const RobotModel& model, const BaseParameters& base);

}  // namespace eb
