#pragma once
// Files the CLI tests start from (engine calls, so kept apart from cli_runner.hpp).

#include "excitation/default_excitation.hpp"
#include "io/excitation_json.hpp"
#include "model/builtin_robots.hpp"

#include <filesystem>
#include <string>

namespace eb::test {

/// excitation.json of the built-in robot's default excitation in `dir`; returns its path.
inline std::string writeDefaultExcitation(const std::filesystem::path& dir, const std::string& robot) {
  ExcitationFile ex;
  ex.robot = robot;
  ex.trajectory = defaultExcitation(builtinRobot(robot));
  const std::string path = (dir / "excitation.json").string();
  writeExcitationJson(path, ex);
  return path;
}

}  // namespace eb::test
