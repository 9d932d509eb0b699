#pragma once
// --lock NAME=VALUE: the CLI's way to hold a joint still (a gripper's finger, a joint the
// experiment leaves alone), as the workbench's joint table does. Every command that loads a
// robot takes it; the locked model is the one designed for, identified and validated
// (engine/model/joint_locking.hpp), so the same --lock must be given to each command of a
// chain (validate refuses a params.json whose DOF do not match).

#include "model/joint_locking.hpp"
#include "model/robot_model.hpp"

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace eb::cli {

/// Declares the repeatable --lock NAME=VALUE option on `cmd`, stored in `specs`.
void addLockOption(CLI::App* cmd, std::vector<std::string>& specs);

/// The locks of `lockSpecs` ("NAME=VALUE"); InputError naming a malformed --lock argument.
std::vector<JointLock> parseLocks(const std::vector<std::string>& lockSpecs);

/// loadRobot(spec, roots) with the joints of `lockSpecs` ("NAME=VALUE", value in rad or m)
/// fixed; says once on stderr what it locked (and an MJCF import's warnings). Throws InputError naming the --lock argument
/// for a malformed one, and as lockJoints does for an unknown joint or a value off its limits.
RobotModel loadRobotLocked(const std::string& spec, const std::vector<std::string>& roots,
                           const std::vector<std::string>& lockSpecs);

}  // namespace eb::cli
