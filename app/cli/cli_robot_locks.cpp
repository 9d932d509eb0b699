#include "cli_robot_locks.hpp"

#include "model/joint_locking.hpp"
#include "util/input_error.hpp"
#include "model/robot_loader.hpp"

#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace eb::cli {
namespace {

JointLock parseLock(const std::string& spec) {
  const size_t eq = spec.rfind('=');
  const std::string name = eq == std::string::npos ? std::string() : spec.substr(0, eq);
  const std::string value = eq == std::string::npos ? std::string() : spec.substr(eq + 1);
  char* end = nullptr;
  const double v = value.empty() ? NAN : std::strtod(value.c_str(), &end);
  if (name.empty() || value.empty() || end != value.c_str() + value.size() || !std::isfinite(v))
    throw InputError("--lock '" + spec + "': expected JOINT=VALUE with a finite value in rad or m, e.g. "
                     "panda_finger_joint1=0.02");
  return {name, v};
}

}  // namespace

std::vector<JointLock> parseLocks(const std::vector<std::string>& lockSpecs) {
  std::vector<JointLock> locks;
  for (const std::string& s : lockSpecs) locks.push_back(parseLock(s));
  return locks;
}

void addLockOption(CLI::App* cmd, std::vector<std::string>& specs) {
  cmd->add_option("--lock", specs,
                  "Hold a joint still at a value, JOINT=VALUE [rad or m] (repeatable): it becomes a fixed joint "
                  "and leaves the design, the identification and the validation");
}

RobotModel loadRobotLocked(const std::string& spec, const std::vector<std::string>& roots,
                           const std::vector<std::string>& lockSpecs) {
  std::vector<std::string> warnings;
  RobotModel model = loadRobot(spec, roots, warnings);
  for (const std::string& w : warnings) std::fprintf(stderr, "%s\n", w.c_str());
  if (lockSpecs.empty()) return model;
  const std::vector<JointLock> locks = parseLocks(lockSpecs);
  RobotModel locked = lockJoints(model, locks);
  std::string said;
  for (const JointLock& l : locks) {
    char value[32];
    std::snprintf(value, sizeof value, "%g", l.value);
    said += (said.empty() ? "" : ", ") + l.joint + " at " + value;
  }
  std::fprintf(stderr, "locked %s: %d -> %d DOF\n", said.c_str(), model.dof(), locked.dof());
  return locked;
}

}  // namespace eb::cli
