#pragma once
// Mesh files (STL, DAE, OBJ, glTF, anything Assimp reads) as OSG scene nodes
// with their materials, cached by path so a mesh used by several links or
// reloaded with the same robot is read once.

#include <osg/Node>
#include <osg/ref_ptr>

#include <map>
#include <string>

namespace eb::widgets {

/// User value (bool) on a loaded mesh node: true when the file carries its own materials.
inline constexpr const char* kOwnMaterialsKey = "eb_own_materials";

class MeshCache {
 public:
  /// Node for the mesh file at `path` (shared between callers: do not modify it),
  /// or null with `error` set to a one-line reason.
  osg::ref_ptr<osg::Node> load(const std::string& path, std::string& error);
  void clear() { cache_.clear(); }

 private:
  std::map<std::string, osg::ref_ptr<osg::Node>> cache_;
};

/// Reads a mesh file with Assimp into a new node (one Geometry per Assimp mesh,
/// vertices in the URDF link frame as eb::importMeshInLinkFrame reads them: node
/// transforms applied, glTF turned Z-up, DAE units honoured). Returns null and
/// sets `error` on failure.
osg::ref_ptr<osg::Node> readMeshFile(const std::string& path, std::string& error);

}  // namespace eb::widgets
