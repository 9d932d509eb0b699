#pragma once
// Fast mesh decimation for display by vertex clustering (Rossignac & Borrel):
// vertices falling in the same grid cell, with normals pointing the same way,
// merge into one; triangles that collapse disappear. Linear time, so a
// 20k-triangle link mesh decimates in milliseconds (edge-collapse simplifiers
// take seconds); splitting clusters by normal direction keeps creases sharp.

#include <array>
#include <cstdint>
#include <vector>

namespace eb::widgets {

/// An indexed triangle mesh: positions, unit normals (one per position), three indices per triangle.
struct IndexedMesh {
  std::vector<std::array<float, 3>> positions;
  std::vector<std::array<float, 3>> normals;
  std::vector<std::uint32_t> triangles;
  std::size_t triangleCount() const { return triangles.size() / 3; }
};

/// Clusters `mesh` on a grid of `cellSize` (same units as the positions) with the grid origin at `origin`.
IndexedMesh clusterVertices(const IndexedMesh& mesh, float cellSize, const std::array<float, 3>& origin);

/// Decimates all parts of one mesh file together (one grid) to at most about `budget`
/// triangles, trying finer grids first; parts are returned unchanged when already within it.
std::vector<IndexedMesh> decimateToBudget(const std::vector<IndexedMesh>& parts, std::size_t budget);

}  // namespace eb::widgets
