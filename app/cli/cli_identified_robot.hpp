#pragma once
// A params.json and the robot it is used with, as validate, closed-loop and torques --params
// read them: the robot of ROBOT, --package-root and --lock, and the file's parameters checked
// to be identified for that robot (same joints, DOF and regressor columns).

#include "dynamics/base_parameters.hpp"
#include "io/params_file.hpp"
#include "model/robot_model.hpp"

#include <string>
#include <vector>

namespace eb::cli {

/// params.json read and checked against the robot it is used with.
struct ParamsForRobot {
  IdentifiedParameters params;
  BaseParameters base;  ///< the file's base-parameter map rebuilt for the robot (baseParametersFor)
};

/// readParamsJson(path), then baseParametersFor(model, ...). Throws InputError naming the file.
ParamsForRobot readParamsFor(const RobotModel& model, const std::string& path);

/// A robot with identified parameters.
struct IdentifiedRobot {
  RobotModel model;
  IdentifiedParameters params;  ///< empty without a params.json
  BaseParameters base;          ///< the file's base-parameter map for `model`; empty without a params.json
};

/// loadRobotLocked(robot, roots, locks), then, unless `paramsPath` is empty, readParamsFor that
/// robot. Throws InputError naming the file or the argument at fault.
IdentifiedRobot loadIdentifiedRobot(const std::string& robot, const std::vector<std::string>& roots,
                                    const std::vector<std::string>& locks, const std::string& paramsPath);

}  // namespace eb::cli
