#pragma once
// URDF import: a URDF file or text -> RobotModel.
//
// The text is first read and checked by our own pass (urdf_check.hpp: line
// numbers, vendor extensions tolerated), then parsed by urdfdom, then built
// through ModelBuilder (fixed joints merged into the moving body above them).
// URDF <inertial> (mass, COM origin xyz/rpy, inertia about the COM) becomes the
// body's 10 standard parameters about the body frame origin. Limits come from
// <limit lower upper velocity effort> plus an `acceleration` or
// `drake:acceleration` attribute; a missing field is infinite, continuous
// joints have no position limits. <dynamics damping friction> and <mimic> are
// kept. Errors are InputError, one line:
//   <file>:<line>: <kind> '<name>': <field>: <what>

#include "model/robot_model.hpp"

#include <string>
#include <vector>

namespace eb {

/// A model and the problems the importer tolerated (massless moving links,
/// geometry URDF 1.0 lacks, zero limits read as unlimited), one line each.
struct UrdfImport {
  RobotModel model;
  std::vector<std::string> warnings;
};

/// Reads the URDF file at `path`. `packageRoots` resolve package:// mesh URIs
/// (see resolveMeshUri); relative mesh paths resolve against the file's folder.
/// Unresolved meshes keep meshUri with an empty meshPath. Throws InputError.
RobotModel importUrdfFile(const std::string& path, const std::vector<std::string>& packageRoots = {});

/// Reads URDF text; `sourceName` names it in errors, `baseDir` resolves relative mesh paths.
RobotModel importUrdfString(const std::string& xml, const std::string& sourceName, const std::string& baseDir,
                            const std::vector<std::string>& packageRoots = {});

/// The text of the URDF file at `path` (at most 64 MiB, read with a bound); throws InputError.
std::string readUrdfText(const std::string& path);

/// importUrdfFile that also returns the warnings.
UrdfImport importUrdfFileWithWarnings(const std::string& path, const std::vector<std::string>& packageRoots = {});

/// importUrdfString that also returns the warnings.
UrdfImport importUrdfStringWithWarnings(const std::string& xml, const std::string& sourceName,
                                        const std::string& baseDir,
                                        const std::vector<std::string>& packageRoots = {});

}  // namespace eb
