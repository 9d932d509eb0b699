#pragma once
// Where each body's material can be: an axis-aligned box in the body frame
// around the geometry of its links (collision shapes, or the visual ones of a
// link without any), for the plausibility checks of identified inertias
// (identification/plausibility.hpp). Meshes are read with Assimp, their node
// transforms applied and the DAE up axis ignored, as the 3D view draws them.

#include "model/robot_model.hpp"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace eb {

struct BodyBounds {
  bool known = false;                          ///< some geometry was found
  Eigen::Vector3d lower = Eigen::Vector3d::Zero(), upper = Eigen::Vector3d::Zero();  ///< [m], body frame
  std::string source;                          ///< "collision shapes", "visual shapes", "collision and visual shapes"
  int shapes = 0;                              ///< shapes used
  std::vector<std::string> unreadMeshes;       ///< meshes that could not be read (URIs), left out

  Eigen::Vector3d center() const { return 0.5 * (lower + upper); }
  Eigen::Vector3d halfExtents() const { return 0.5 * (upper - lower); }
  double volume() const { return known ? (upper - lower).prod() : 0.0; }
  /// Whether p [m, body frame] is inside the box grown by `margin` [m] on every side.
  bool contains(const Eigen::Vector3d& p, double margin = 0.0) const;
};

/// Bounds of every body (model order). A body none of whose links has geometry is not known.
std::vector<BodyBounds> bodyGeometryBounds(const RobotModel& model);

}  // namespace eb
