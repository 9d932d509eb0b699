#include "cli_identified_robot.hpp"

#include "cli_robot_locks.hpp"

namespace eb::cli {

ParamsForRobot readParamsFor(const RobotModel& model, const std::string& path) {
  ParamsForRobot out;
  out.params = readParamsJson(path);
  out.base = baseParametersFor(model, out.params, path);
  return out;
}

IdentifiedRobot loadIdentifiedRobot(const std::string& robot, const std::vector<std::string>& roots,
                                    const std::vector<std::string>& locks, const std::string& paramsPath) {
  IdentifiedRobot out{loadRobotLocked(robot, roots, locks), {}, {}};
  if (paramsPath.empty()) return out;
  ParamsForRobot p = readParamsFor(out.model, paramsPath);
  out.params = std::move(p.params);
  out.base = std::move(p.base);
  return out;
}

}  // namespace eb::cli
