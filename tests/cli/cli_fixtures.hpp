#pragma once
// Files the CLI tests start from (engine calls, so kept apart from cli_runner.hpp).

#include "excitation/default_excitation.hpp"
#include "io/excitation_json.hpp"
#include "model/builtin_robots.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace eb::test {

/// `simulate` flags of a UR5 whose geared drives have a Stribeck term (4, 4, 2, 0.5, 0.5, 0.5 N m
/// below 0.1 rad/s); the rotor inertia keeps the light wrists from sticking and slipping.
inline const std::vector<std::string> kGearedStribeckDrives = {"--rate",
                                                               "500",
                                                               "--noise-torque",
                                                               "0.05",
                                                               "--stribeck",
                                                               "4,4,2,0.5,0.5,0.5",
                                                               "--stribeck-velocity",
                                                               "0.1",
                                                               "--armature",
                                                               "0.5,0.5,0.3,0.05,0.05,0.05"};

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
