#pragma once
// Principal axes of an inertia tensor the way MuJoCo's compiler finds them
// (user_util.cc mjuu_eig3): Jacobi rotations accumulated in a quaternion,
// stopped once the largest off-diagonal term is below 1e-12 or the next
// rotation's cosine is within 1e-12 of 1, the moments then sorted in decreasing
// order. Its stopping rule leaves rotations of up to ~1e-6 rad undone, so the
// tensor MuJoCo compiles from a `fullinertia`, a mesh or several geoms differs
// from the exact one by up to ~1e-6 relative; matching MuJoCo means taking its
// axes, not exact ones.

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace eb::mjcf {

struct PrincipalInertia {
  Eigen::Vector3d moments = Eigen::Vector3d::Zero();         ///< decreasing, kg m^2 (or per density)
  Eigen::Quaterniond axes = Eigen::Quaterniond::Identity();  ///< principal frame in the tensor's frame
  /// The tensor MuJoCo keeps: R diag(moments) R^T.
  Eigen::Matrix3d tensor() const;
};

/// MuJoCo's principal decomposition of the symmetric `inertia`.
PrincipalInertia mujocoPrincipalAxes(const Eigen::Matrix3d& inertia);

}  // namespace eb::mjcf
