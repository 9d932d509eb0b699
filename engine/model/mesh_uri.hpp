#pragma once
// Resolving URDF mesh filenames (package://, file://, relative) to files on disk.

#include <string>
#include <vector>

namespace eb {

/// Path of an existing file for a URDF mesh `filename`, or "" if none exists.
/// * `package://NAME/rest`: for each root in order `<root>/NAME/rest`; then each
///   root named NAME as `<root>/rest` (ROS_PACKAGE_PATH style); then `<root>/rest`.
/// * `file:///abs/path`: the absolute path (`file://rel` is taken relative to `baseDir`).
/// * a relative path: relative to `baseDir` (the URDF's folder); an absolute path as is.
std::string resolveMeshUri(const std::string& filename, const std::string& baseDir,
                           const std::vector<std::string>& packageRoots);

/// Package roots to try for a URDF file when the user gave none: the file's
/// folder and all its ancestors (nearest first; a folder holding a folder NAME
/// resolves package://NAME/...), then the ROS_PACKAGE_PATH entries.
std::vector<std::string> defaultPackageRoots(const std::string& urdfPath);

}  // namespace eb
