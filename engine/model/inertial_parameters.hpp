#pragma once
// Conversions between the 10 standard inertial parameters of a body
// ([m, m*cx, m*cy, m*cz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz], inertia about the frame
// origin, see robot_model.hpp) and the forms people write (mass, centre of
// mass, inertia about the centre of mass).

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "model/robot_model.hpp"

namespace eb {

/// Skew-symmetric matrix [v]x such that [v]x w = v x w.
inline Eigen::Matrix3d skew(const Eigen::Vector3d& v) {
  Eigen::Matrix3d s;
  s << 0.0, -v.z(), v.y(), v.z(), 0.0, -v.x(), -v.y(), v.x(), 0.0;
  return s;
}

/// Standard parameters from mass [kg], centre of mass [m] and the inertia about
/// the centre of mass [kg m^2], all in the same frame (parallel-axis shift to the origin).
Vector10d standardParametersFromCom(double mass, const Eigen::Vector3d& com,
                                    const Eigen::Matrix3d& inertiaAboutCom);

/// Rotational inertia about the frame origin [kg m^2] stored in a parameter vector.
Eigen::Matrix3d rotationalInertiaAboutOrigin(const Vector10d& theta);

/// Centre of mass [m] of a parameter vector (zero when the mass is zero).
Eigen::Vector3d centreOfMass(const Vector10d& theta);

/// Inertia about the centre of mass [kg m^2] of a parameter vector.
Eigen::Matrix3d inertiaAboutCom(const Vector10d& theta);

/// Parameters of a rigid body expressed in frame B, given them in frame L and the
/// pose of L in B (rotation R_BL, origin of L in B p_BL).
Vector10d transformStandardParameters(const Vector10d& theta_L, const Eigen::Matrix3d& R_BL,
                                      const Eigen::Vector3d& p_BL);

/// 4x4 pseudo-inertia matrix J = [[0.5 tr(I) 1 - I, h], [h^T, m]]; a parameter
/// vector is physically consistent iff J is positive definite (Wensing et al. 2017).
Eigen::Matrix4d pseudoInertia(const Vector10d& theta);

/// Whether `theta` is physically consistent: positive mass and positive definite pseudo-inertia.
bool isPhysicallyConsistent(const Vector10d& theta);

/// Parameter vector from a pseudo-inertia matrix (inverse of pseudoInertia()).
Vector10d standardParametersFromPseudoInertia(const Eigen::Matrix4d& J);

/// Principal moments (decreasing) and axes of an inertia tensor, exact to round-off.
struct InertiaPrincipalAxes {
  Eigen::Vector3d moments = Eigen::Vector3d::Zero();         ///< kg m^2, decreasing
  Eigen::Quaterniond axes = Eigen::Quaterniond::Identity();  ///< principal frame in the tensor's frame, w >= 0
};

/// The principal decomposition of the symmetric `inertia` [kg m^2]: R diag(moments) R^T, R a
/// rotation (right-handed). Zero for a zero tensor.
InertiaPrincipalAxes principalAxesOfInertia(const Eigen::Matrix3d& inertia);

}  // namespace eb
