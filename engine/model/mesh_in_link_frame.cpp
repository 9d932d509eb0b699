#include "model/mesh_in_link_frame.hpp"

#include <assimp/Importer.hpp>
#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <Eigen/Geometry>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <mutex>

namespace eb {
namespace {

bool isGltf(const std::string& path, const std::string& format) {
  if (!format.empty()) return format.compare(0, 4, "glTF") == 0;  // "glTF Importer", "glTF2 Importer"
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".gltf" || ext == ".glb";
}

}  // namespace

Eigen::Matrix3d meshFileToLinkFrame(const std::string& path, const std::string& format) {
  if (isGltf(path, format)) return Eigen::AngleAxisd(0.5 * M_PI, Eigen::Vector3d::UnitX()).toRotationMatrix();
  return Eigen::Matrix3d::Identity();
}

const aiScene* importMeshInLinkFrame(Assimp::Importer& importer, const std::string& path, unsigned postProcessing,
                                     std::string& error) {
  importer.SetPropertyBool(AI_CONFIG_IMPORT_COLLADA_IGNORE_UP_DIRECTION, true);
  // Read without post-processing first: the turn to the link frame goes onto the root node,
  // and pre-transforming then carries it into vertices and normals alike.
  const aiScene* scene = importer.ReadFile(path, 0);
  if (!scene || !scene->mRootNode || (scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE)) {
    error = path + ": " + (importer.GetErrorString()[0] ? importer.GetErrorString() : "unreadable mesh");
    return nullptr;
  }
  aiString format;
  if (scene->mMetaData) scene->mMetaData->Get("SourceAsset_Format", format);
  const Eigen::Matrix3d R = meshFileToLinkFrame(path, format.C_Str());
  if (!R.isIdentity()) {
    aiMatrix4x4 turn;  // identity
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) turn[r][c] = static_cast<ai_real>(R(r, c));
    scene->mRootNode->mTransformation = turn * scene->mRootNode->mTransformation;
  }
  scene = importer.ApplyPostProcessing(postProcessing | aiProcess_PreTransformVertices);
  if (!scene) {
    error = path + ": " + (importer.GetErrorString()[0] ? importer.GetErrorString() : "mesh post-processing failed");
    return nullptr;
  }
  return scene;
}

// The wizard estimates on a worker thread and exports on the GUI thread, which must not
// read the meshes again. Entries are never removed, so the returned reference stays valid.
const std::vector<Eigen::Vector3d>& meshVerticesInLinkFrame(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, std::vector<Eigen::Vector3d>> cache;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(path);
    if (it != cache.end()) return it->second;
  }
  std::vector<Eigen::Vector3d> vertices;
  Assimp::Importer importer;
  std::string error;
  if (const aiScene* scene = importMeshInLinkFrame(importer, path, 0, error)) {
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
      const aiMesh* mesh = scene->mMeshes[m];
      for (unsigned v = 0; v < mesh->mNumVertices; ++v)
        vertices.emplace_back(mesh->mVertices[v].x, mesh->mVertices[v].y, mesh->mVertices[v].z);
    }
  }
  const std::lock_guard<std::mutex> lock(mutex);
  return cache.emplace(path, std::move(vertices)).first->second;  // a racing reader's copy wins: same file
}

}  // namespace eb
