#pragma once
// info's JSON as a plain function, for `info --json` and the Python module's load_robot.

#include "model/robot_model.hpp"

#include <nlohmann/json_fwd.hpp>

namespace eb::cli {

/// What `info ROBOT --json` prints for `model`: joints with limits (SI: rad, m, rad/s, N m),
/// bodies (mass kg, COM m and inertia about it kg m^2 in the body frame), parameter counts and
/// the rigid-body base parameters with their expressions and values.
nlohmann::json infoJson(const RobotModel& model);

}  // namespace eb::cli
