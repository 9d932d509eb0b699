#pragma once
// Where each body's material can be: an axis-aligned box in the body frame, for the
// plausibility checks of identified inertias (identification/plausibility.hpp).
//   * From geometry: around the shapes of its links (collision shapes, or the visual ones
//     of a link without any), meshes in the link frame as the 3D view draws them
//     (mesh_in_link_frame.hpp: glTF turned Z-up, COLLADA units honoured).
//   * Without geometry (none given, or no mesh found): from the description itself, the
//     box around the body's joint origin, the origins of its child joints and links and
//     its CAD centre of mass, grown by a link radius, and a mass range around the CAD mass
//     (kDescriptionMassFactor; see descriptionBounds below).

#include "model/robot_model.hpp"

#include <Eigen/Core>

#include <limits>
#include <string>
#include <vector>

namespace eb {

/// A body's identified mass may be this many times below or above its CAD mass when its
/// bounds come from the description: a CAD model misses cables, motors or grease, not
/// three quarters of the link, and a link 4x its CAD mass is another part.
inline constexpr double kDescriptionMassFactor = 4.0;
/// [m] the smallest link radius around the joint origins of a body without geometry.
inline constexpr double kDescriptionMinRadius = 0.1;

struct BodyBounds {
  bool known = false;                          ///< some bound was found (geometry or description)
  bool fromDescription = false;                ///< no geometry: the box and mass range come from the description
  Eigen::Vector3d lower = Eigen::Vector3d::Zero(), upper = Eigen::Vector3d::Zero();  ///< [m], body frame
  /// "collision shapes", "visual shapes", "collision and visual shapes", or
  /// "joint origins and CAD inertial" (fromDescription).
  std::string source;
  int shapes = 0;                              ///< shapes used
  std::vector<std::string> unreadMeshes;       ///< meshes that could not be read (URIs), left out
  /// [kg] the mass range from the CAD mass (fromDescription only; otherwise 0 and infinity).
  double minMass = 0.0, maxMass = std::numeric_limits<double>::infinity();
  /// How the description bounds were made, for the report ("box around 3 joint origins and the
  /// CAD COM grown by 0.1 m; mass 0.25x to 4x the CAD 3.4 kg"); empty for geometry.
  std::string rule;

  Eigen::Vector3d center() const { return 0.5 * (lower + upper); }
  Eigen::Vector3d halfExtents() const { return 0.5 * (upper - lower); }
  double volume() const { return known ? (upper - lower).prod() : 0.0; }
  /// Whether p [m, body frame] is inside the box grown by `margin` [m] on every side.
  bool contains(const Eigen::Vector3d& p, double margin = 0.0) const;
};

/// Bounds of every body (model order): from its geometry, or for a body without any from the
/// description (descriptionBounds). Not known only for a body with neither (no geometry and
/// a massless CAD inertial in a robot without masses).
std::vector<BodyBounds> bodyGeometryBounds(const RobotModel& model);

/// Bounds of body `b` from the description alone [m, kg, body frame]: the box around its joint
/// origin, its child joints' and fixed links' origins and its CAD COM, grown on every side by
/// the link radius max(kDescriptionMinRadius, half the longest of those points' distances from
/// the joint origin); mass from CAD / kDescriptionMassFactor to CAD x kDescriptionMassFactor,
/// except that a body without child joints (where tools and payloads mount) may weigh up to
/// the whole robot's CAD mass, and a body without CAD mass up to the robot's CAD mass.
BodyBounds descriptionBounds(const RobotModel& model, int b);

}  // namespace eb
