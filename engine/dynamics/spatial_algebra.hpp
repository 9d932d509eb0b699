#pragma once
// Small inline spatial-algebra kernels shared by the recursive algorithms.
// Spatial vectors are [angular; linear]; a body frame's pose relative to its
// parent is (R, p): R rotates body coordinates into parent coordinates and p
// is the body origin in parent coordinates.

#include "model/robot_model.hpp"

#include <Eigen/Core>
#include <cmath>

namespace eb::spatial {

/// Motion vector m given in the parent frame, expressed in the child frame.
inline Vector6d motionToChild(const Eigen::Matrix3d& R, const Eigen::Vector3d& p, const Vector6d& m) {
  const Eigen::Vector3d w = m.head<3>();
  const Eigen::Vector3d v = m.tail<3>() + w.cross(p);
  Vector6d out;
  out.head<3>().noalias() = R.transpose() * w;
  out.tail<3>().noalias() = R.transpose() * v;
  return out;
}

/// Force vector f given in the child frame, expressed in the parent frame.
inline Vector6d forceToParent(const Eigen::Matrix3d& R, const Eigen::Vector3d& p, const Vector6d& f) {
  const Eigen::Vector3d fl = R * f.tail<3>();
  Vector6d out;
  out.head<3>().noalias() = R * f.head<3>();
  out.head<3>() += p.cross(fl);
  out.tail<3>() = fl;
  return out;
}

/// Motion cross product v x m.
inline Vector6d crossMotion(const Vector6d& v, const Vector6d& m) {
  Vector6d out;
  out.head<3>() = v.head<3>().cross(m.head<3>());
  out.tail<3>() = v.head<3>().cross(m.tail<3>()) + v.tail<3>().cross(m.head<3>());
  return out;
}

/// Force cross product v x* f.
inline Vector6d crossForce(const Vector6d& v, const Vector6d& f) {
  Vector6d out;
  out.head<3>() = v.head<3>().cross(f.head<3>()) + v.tail<3>().cross(f.tail<3>());
  out.tail<3>() = v.head<3>().cross(f.tail<3>());
  return out;
}

/// Spatial inertia (10 standard parameters about the frame origin) times a motion vector.
inline Vector6d inertiaTimes(const Vector10d& t, const Vector6d& m) {
  const Eigen::Vector3d w = m.head<3>();
  const Eigen::Vector3d v = m.tail<3>();
  const Eigen::Vector3d h(t[1], t[2], t[3]);
  Vector6d out;
  out[0] = t[4] * w[0] + t[5] * w[1] + t[7] * w[2];
  out[1] = t[5] * w[0] + t[6] * w[1] + t[8] * w[2];
  out[2] = t[7] * w[0] + t[8] * w[1] + t[9] * w[2];
  out.head<3>() += h.cross(v);
  out.tail<3>() = t[0] * v - h.cross(w);
  return out;
}

/// Joint motion subspace of a body in its own frame (unit axis, [angular; linear]).
inline Vector6d jointSubspace(const Body& b) {
  Vector6d S = Vector6d::Zero();
  if (b.type == JointType::Prismatic)
    S.tail<3>() = b.axis;
  else
    S.head<3>() = b.axis;
  return S;
}

/// 6x6 spatial inertia matrix from the 10 standard parameters.
inline Eigen::Matrix<double, 6, 6> inertiaMatrix(const Vector10d& t) {
  Eigen::Matrix<double, 6, 6> I = Eigen::Matrix<double, 6, 6>::Zero();
  I(0, 0) = t[4]; I(0, 1) = t[5]; I(1, 1) = t[6]; I(0, 2) = t[7]; I(1, 2) = t[8]; I(2, 2) = t[9];
  I(1, 0) = t[5]; I(2, 0) = t[7]; I(2, 1) = t[8];
  Eigen::Matrix3d H;
  H << 0.0, -t[3], t[2], t[3], 0.0, -t[1], -t[2], t[1], 0.0;
  I.topRightCorner<3, 3>() = H;
  I.bottomLeftCorner<3, 3>() = H.transpose();
  I.bottomRightCorner<3, 3>() = t[0] * Eigen::Matrix3d::Identity();
  return I;
}

}  // namespace eb::spatial
