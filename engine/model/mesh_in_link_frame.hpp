#pragma once
// A mesh file's vertices in the frame of the URDF link that references it, the one
// place where file conventions are settled, so the 3D view (widgets/mesh_loader) and
// the plausibility bounds (body_bounds.hpp) read the same geometry:
//   * glTF 1/2 (.gltf, .glb): the format is +Y up in metres (glTF 2.0 spec, "Coordinate
//     System and Units"); turned to the URDF's +Z up by +90 deg about x, as Drake does
//     (its R_zy), so file +Y becomes link +Z and file +Z becomes link -Y.
//   * COLLADA (.dae): <unit meter="..."> is honoured (Assimp scales the root); <up_axis>
//     is ignored, as RViz, MoveIt's geometric_shapes and Gazebo do: ROS meshes are authored
//     in the link frame whatever the tag says (Kinova, UR and PAL set Y_UP on Z-up data so
//     that Assimp would leave them alone; the Panda's are Z_UP), and honouring it would
//     turn those robots' links on their side.
//   * STL, OBJ, PLY and the rest: no unit or up axis in the file; taken as they are (the
//     URDF's <mesh scale> says the unit). FBX axis metadata is not applied.

#include <Eigen/Core>

#include <string>
#include <vector>

struct aiScene;
namespace Assimp {
class Importer;
}

namespace eb {

/// Rotation from the coordinates of a mesh file read by Assimp to the link frame (before
/// the URDF's <mesh scale>): +90 deg about x for glTF, identity for every other format.
/// `format` is Assimp's "SourceAsset_Format" ("glTF2 Importer", ...), or "" to go by the
/// extension of `path`.
Eigen::Matrix3d meshFileToLinkFrame(const std::string& path, const std::string& format);

/// Reads `path` with `importer` (whose other properties the caller may set) and returns
/// its scene with node transforms applied (aiProcess_PreTransformVertices) and the file
/// convention above turned into the link frame, after the `postProcessing` steps; vertices
/// [file units, m for glTF and DAE]. Null with `error` set to one line when unreadable.
const aiScene* importMeshInLinkFrame(Assimp::Importer& importer, const std::string& path, unsigned postProcessing,
                                     std::string& error);

/// All vertices of the mesh file at `path` in the link frame (importMeshInLinkFrame), read
/// once per path and shared between threads; empty if the file cannot be read.
const std::vector<Eigen::Vector3d>& meshVerticesInLinkFrame(const std::string& path);

}  // namespace eb
