#include "model/mjcf_mesh_file.hpp"

#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Importer.hpp>

namespace eb::mjcf {

bool readTriangleMesh(const std::string& path, const Eigen::Vector3d& scale, TriangleMesh& mesh, std::string& error) {
  mesh = TriangleMesh{};
  Assimp::Importer importer;
  const aiScene* scene = importer.ReadFile(path, aiProcess_Triangulate);
  if (!scene || !scene->mRootNode) {
    error = importer.GetErrorString();
    if (error.empty()) error = "Assimp could not read it";
    return false;
  }
  const bool mirrored = scale.prod() < 0.0;
  for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
    const aiMesh* am = scene->mMeshes[m];
    const int first = static_cast<int>(mesh.vertices.size());
    for (unsigned v = 0; v < am->mNumVertices; ++v) {
      const aiVector3D& p = am->mVertices[v];
      mesh.vertices.emplace_back(scale.x() * p.x, scale.y() * p.y, scale.z() * p.z);
    }
    for (unsigned f = 0; f < am->mNumFaces; ++f) {
      const aiFace& face = am->mFaces[f];
      if (face.mNumIndices != 3) continue;  // points and lines bound no volume
      bool inside = true;
      for (unsigned k = 0; k < 3; ++k) inside = inside && face.mIndices[k] < am->mNumVertices;
      if (!inside) continue;
      const int a = first + static_cast<int>(face.mIndices[0]);
      const int b = first + static_cast<int>(face.mIndices[1]);
      const int c = first + static_cast<int>(face.mIndices[2]);
      mesh.faces.push_back(mirrored ? Eigen::Vector3i(a, c, b) : Eigen::Vector3i(a, b, c));
    }
  }
  if (mesh.faces.empty()) {
    error = "no triangles in it";
    return false;
  }
  return true;
}

}  // namespace eb::mjcf
