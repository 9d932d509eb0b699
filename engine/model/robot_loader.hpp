#pragma once
// One entry point for "ROBOT" arguments (CLI, GUI, project files).

#include "model/robot_model.hpp"

#include <string>
#include <vector>

namespace eb {

/// Loads `spec`: a built-in name (planar2r, snake:N, panda, ur5), a `.urdf`
/// file, an `.xml` file (MJCF when its root is <mujoco>, see mjcf_import.hpp;
/// URDF otherwise), a `.xacro`/`.urdf.xacro` file (expanded by xacro when installed,
/// with `packageRoots` as ROS_PACKAGE_PATH; refused in one line otherwise, see
/// xacro_expand.hpp), or a DH table (`.yaml`, `.yml`, `.csv`; see dh_import.hpp). For a URDF
/// with no `packageRoots`, package:// meshes are looked up in the file's
/// ancestor folders and ROS_PACKAGE_PATH (defaultPackageRoots). Throws
/// InputError "unknown robot 'x': not a built-in (planar2r, snake:N, panda,
/// ur5) and no such file" when `spec` is neither, and the importers' errors.
RobotModel loadRobot(const std::string& spec, const std::vector<std::string>& packageRoots = {});

/// loadRobot that also returns what an MJCF import tolerated and skipped (absent meshes,
/// elements outside the dynamics, a free base taken as fixed), one line each; empty for
/// the other formats.
RobotModel loadRobot(const std::string& spec, const std::vector<std::string>& packageRoots,
                     std::vector<std::string>& warnings);

/// The URDF text `spec` was loaded from, for exporting an identified URDF: the
/// embedded file of a built-in, the `.urdf`/`.xml` file, or a xacro file's expansion.
/// Throws InputError for a generated built-in (snake:N) or a DH table (no URDF to write
/// into), InputError for a file that cannot be read.
std::string robotUrdfText(const std::string& spec, const std::vector<std::string>& packageRoots = {});

}  // namespace eb
