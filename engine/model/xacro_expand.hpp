#pragma once
// ROBOT arguments written in xacro (.xacro, .urdf.xacro): expanded by the `xacro` program
// when it is installed (Debian 12 does not package it: `pip install xacro` or a ROS
// install), refused with the command to run otherwise.

#include <string>
#include <vector>

namespace eb {

/// Whether `path` names a xacro file (its name ends in .xacro, so .urdf.xacro too).
bool isXacroPath(const std::string& path);

/// Full path of the `xacro` program found on PATH, or "" when it is not there.
std::string findXacro();

/// The URDF text xacro makes of the file at `path`. `packageRoots` (folders holding ROS
/// packages) go first in ROS_PACKAGE_PATH so $(find pkg) resolves; none leaves the
/// environment's. Throws InputError "<path>: a xacro file; expand it first: xacro <path>
/// -o robot.urdf (xacro is not installed)" without xacro, "<path>: xacro failed (exit N):
/// <its last message line>" when it fails.
std::string expandXacro(const std::string& path, const std::vector<std::string>& packageRoots);

}  // namespace eb
