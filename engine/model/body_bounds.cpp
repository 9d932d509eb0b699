#include "model/body_bounds.hpp"

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <map>
#include <mutex>

namespace eb {
namespace {

void grow(BodyBounds& b, const Eigen::Vector3d& p) {
  if (!b.known) {
    b.lower = b.upper = p;
    b.known = true;
    return;
  }
  b.lower = b.lower.cwiseMin(p);
  b.upper = b.upper.cwiseMax(p);
}

// Corners of the box [-h, h] placed by `pose`.
void growBox(BodyBounds& b, const Eigen::Isometry3d& pose, const Eigen::Vector3d& h) {
  for (int corner = 0; corner < 8; ++corner) {
    const Eigen::Vector3d p((corner & 1) ? h.x() : -h.x(), (corner & 2) ? h.y() : -h.y(), (corner & 4) ? h.z() : -h.z());
    grow(b, pose * p);
  }
}

// Vertices of a mesh file in its own frame (node transforms applied); empty if unreadable.
// Shared by all threads: the wizard estimates on a worker thread and exports on the GUI
// thread, which must not read the meshes again. Entries are never removed, so the returned
// reference stays valid.
const std::vector<Eigen::Vector3d>& meshVertices(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, std::vector<Eigen::Vector3d>> cache;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(path);
    if (it != cache.end()) return it->second;
  }
  std::vector<Eigen::Vector3d> vertices;
  Assimp::Importer importer;
  importer.SetPropertyBool(AI_CONFIG_IMPORT_COLLADA_IGNORE_UP_DIRECTION, true);
  const aiScene* scene = importer.ReadFile(path, aiProcess_PreTransformVertices);
  if (scene && scene->mRootNode && !(scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE)) {
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
      const aiMesh* mesh = scene->mMeshes[m];
      for (unsigned v = 0; v < mesh->mNumVertices; ++v)
        vertices.emplace_back(mesh->mVertices[v].x, mesh->mVertices[v].y, mesh->mVertices[v].z);
    }
  }
  const std::lock_guard<std::mutex> lock(mutex);
  return cache.emplace(path, std::move(vertices)).first->second;  // a racing reader's copy wins: same file
}

// Adds one shape placed by `pose` (shape frame in the body frame); false if it has no extent.
bool addShape(BodyBounds& b, const Geometry& g, const Eigen::Isometry3d& pose) {
  switch (g.kind) {
    case Geometry::Kind::Box:
      growBox(b, pose, 0.5 * g.size.cwiseAbs());
      return true;
    case Geometry::Kind::Cylinder:
      growBox(b, pose, Eigen::Vector3d(g.radius, g.radius, 0.5 * g.length).cwiseAbs());
      return true;
    case Geometry::Kind::Sphere: {
      const Eigen::Vector3d c = pose.translation(), r = Eigen::Vector3d::Constant(std::abs(g.radius));
      grow(b, c - r);
      grow(b, c + r);
      return true;
    }
    case Geometry::Kind::Mesh: {
      if (g.meshPath.empty() || meshVertices(g.meshPath).empty()) {
        b.unreadMeshes.push_back(g.meshUri);
        return false;
      }
      for (const Eigen::Vector3d& v : meshVertices(g.meshPath)) grow(b, pose * v.cwiseProduct(g.scale));
      return true;
    }
  }
  return false;
}

}  // namespace

bool BodyBounds::contains(const Eigen::Vector3d& p, double margin) const {
  if (!known) return false;
  return (p.array() >= lower.array() - margin).all() && (p.array() <= upper.array() + margin).all();
}

std::vector<BodyBounds> bodyGeometryBounds(const RobotModel& model) {
  std::vector<BodyBounds> out(static_cast<std::size_t>(model.bodyCount()));
  std::vector<bool> collision(out.size(), false), visual(out.size(), false);
  for (const LinkFrame& link : model.links()) {
    if (link.body < 0) continue;
    BodyBounds& b = out[static_cast<std::size_t>(link.body)];
    // Collision shapes first; a link whose collision shapes give nothing falls back to its visuals.
    for (const bool useCollision : {true, false}) {
      int added = 0;
      for (const Geometry& g : useCollision ? link.collisions : link.visuals) {
        if (!addShape(b, g, link.poseInBody * g.origin)) continue;
        ++added;
        (useCollision ? collision : visual)[static_cast<std::size_t>(link.body)] = true;
      }
      b.shapes += added;
      if (added > 0) break;
    }
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i].source = collision[i] && visual[i] ? "collision and visual shapes"
                    : collision[i]            ? "collision shapes"
                    : visual[i]               ? "visual shapes"
                                              : "";
  }
  return out;
}

}  // namespace eb
