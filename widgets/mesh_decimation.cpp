#include "widgets/mesh_decimation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace eb::widgets {
namespace {

// Which of the six axis directions a normal is closest to: clusters never mix
// vertices of faces that point different ways, so edges between them stay crisp.
int normalBucket(const std::array<float, 3>& n) {
  int axis = 0;
  for (int k = 1; k < 3; ++k)
    if (std::abs(n[k]) > std::abs(n[axis])) axis = k;
  return 2 * axis + (n[axis] < 0.0f ? 1 : 0);
}

}  // namespace

IndexedMesh clusterVertices(const IndexedMesh& mesh, float cellSize, const std::array<float, 3>& origin) {
  struct Cluster {
    std::array<double, 3> position{};
    std::array<double, 3> normal{};
    int count = 0;
  };
  std::unordered_map<std::uint64_t, std::uint32_t> index;
  std::vector<Cluster> clusters;
  std::vector<std::uint32_t> remap(mesh.positions.size());
  index.reserve(mesh.positions.size());
  for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
    const auto& p = mesh.positions[v];
    std::uint64_t key = static_cast<std::uint64_t>(normalBucket(mesh.normals[v]));
    for (int k = 0; k < 3; ++k) {
      const auto cell = static_cast<std::int64_t>(std::floor((p[k] - origin[k]) / cellSize));
      key = key * 2097152u + static_cast<std::uint64_t>(cell & 0x1FFFFF);  // 21 bits per axis
    }
    auto [it, added] = index.emplace(key, static_cast<std::uint32_t>(clusters.size()));
    if (added) clusters.emplace_back();
    Cluster& c = clusters[it->second];
    for (int k = 0; k < 3; ++k) {
      c.position[k] += p[k];
      c.normal[k] += mesh.normals[v][k];
    }
    ++c.count;
    remap[v] = it->second;
  }
  IndexedMesh out;
  out.positions.reserve(clusters.size());
  out.normals.reserve(clusters.size());
  for (const Cluster& c : clusters) {
    out.positions.push_back({static_cast<float>(c.position[0] / c.count), static_cast<float>(c.position[1] / c.count),
                             static_cast<float>(c.position[2] / c.count)});
    const double len = std::sqrt(c.normal[0] * c.normal[0] + c.normal[1] * c.normal[1] + c.normal[2] * c.normal[2]);
    const double s = len > 0.0 ? 1.0 / len : 0.0;
    out.normals.push_back({static_cast<float>(c.normal[0] * s), static_cast<float>(c.normal[1] * s),
                           static_cast<float>(c.normal[2] * s)});
  }
  out.triangles.reserve(mesh.triangles.size());
  for (std::size_t t = 0; t + 2 < mesh.triangles.size(); t += 3) {
    const std::uint32_t a = remap[mesh.triangles[t]], b = remap[mesh.triangles[t + 1]], c = remap[mesh.triangles[t + 2]];
    if (a == b || b == c || a == c) continue;  // collapsed into a point or a line
    out.triangles.insert(out.triangles.end(), {a, b, c});
  }
  return out;
}

std::vector<IndexedMesh> decimateToBudget(const std::vector<IndexedMesh>& parts, std::size_t budget) {
  std::size_t total = 0;
  std::array<float, 3> lo{}, hi{};
  lo.fill(std::numeric_limits<float>::max());
  hi.fill(std::numeric_limits<float>::lowest());
  for (const IndexedMesh& m : parts) {
    total += m.triangleCount();
    for (const auto& p : m.positions)
      for (int k = 0; k < 3; ++k) {
        lo[k] = std::min(lo[k], p[k]);
        hi[k] = std::max(hi[k], p[k]);
      }
  }
  if (total <= budget) return parts;
  const float diagonal = std::sqrt((hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1]) +
                                   (hi[2] - lo[2]) * (hi[2] - lo[2]));
  if (!(diagonal > 0.0f)) return parts;
  std::vector<IndexedMesh> out;
  // From ~1/200 of the size down: the finest grid that meets the budget wins.
  for (float cells = 200.0f; cells >= 12.0f; cells *= 0.75f) {
    out.clear();
    std::size_t kept = 0;
    for (const IndexedMesh& m : parts) {
      out.push_back(clusterVertices(m, diagonal / cells, lo));
      kept += out.back().triangleCount();
    }
    if (kept <= budget) break;
  }
  return out;
}

}  // namespace eb::widgets
