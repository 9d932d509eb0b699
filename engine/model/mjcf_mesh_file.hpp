#pragma once
// Reading an MJCF mesh asset's triangles (STL, OBJ, ... through Assimp) the way
// MuJoCo takes them for its inertia: every mesh of the file concatenated, node
// transforms ignored (MuJoCo reads the vertices as written), polygons split into
// triangles, then scaled by the asset's `scale` (a mirroring scale flips the
// triangles so they still face out).

#include <string>

#include "model/mjcf_geom_inertia.hpp"

namespace eb::mjcf {

/// Triangles of the mesh file at `path`, scaled; false with `error` set when the
/// file cannot be read or holds no triangle.
bool readTriangleMesh(const std::string& path, const Eigen::Vector3d& scale, TriangleMesh& mesh, std::string& error);

}  // namespace eb::mjcf
