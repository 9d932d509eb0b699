#include "dynamics/forward_kinematics.hpp"

#include "model/inertial_parameters.hpp"

#include <cmath>

namespace eb {
namespace {

// R_tree * Rot(axis, angle), with the common axis-aligned cases done cheaply.
inline void rotateAboutAxis(const Eigen::Matrix3d& Rt, const Eigen::Vector3d& a, double q, Eigen::Matrix3d& out) {
  const double s = std::sin(q);
  const double c = std::cos(q);
  if (a.x() == 0.0 && a.y() == 0.0) {  // +-z
    const double ss = a.z() > 0.0 ? s : -s;
    out.col(0) = c * Rt.col(0) + ss * Rt.col(1);
    out.col(1) = c * Rt.col(1) - ss * Rt.col(0);
    out.col(2) = Rt.col(2);
    return;
  }
  if (a.y() == 0.0 && a.z() == 0.0) {  // +-x
    const double ss = a.x() > 0.0 ? s : -s;
    out.col(0) = Rt.col(0);
    out.col(1) = c * Rt.col(1) + ss * Rt.col(2);
    out.col(2) = c * Rt.col(2) - ss * Rt.col(1);
    return;
  }
  if (a.x() == 0.0 && a.z() == 0.0) {  // +-y
    const double ss = a.y() > 0.0 ? s : -s;
    out.col(0) = c * Rt.col(0) - ss * Rt.col(2);
    out.col(1) = Rt.col(1);
    out.col(2) = c * Rt.col(2) + ss * Rt.col(0);
    return;
  }
  // Rodrigues: R = I + s [a] + (1 - c) [a]^2.
  Eigen::Matrix3d K;
  K << 0.0, -a.z(), a.y(), a.z(), 0.0, -a.x(), -a.y(), a.x(), 0.0;
  const Eigen::Matrix3d Rj = Eigen::Matrix3d::Identity() + s * K + (1.0 - c) * (K * K);
  out.noalias() = Rt * Rj;
}

}  // namespace

void computeJointTransforms(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q) {
  const int nb = model.bodyCount();
  for (int i = 0; i < nb; ++i) {
    const Body& b = model.body(i);
    const size_t k = static_cast<size_t>(i);
    const double qi = b.mimic ? b.multiplier * q[b.dof] + b.offset : q[b.dof];
    ws.qBody[k] = qi;
    if (b.type == JointType::Prismatic) {
      ws.R_parent[k] = b.rotationInParent;
      ws.p_parent[k].noalias() = b.translationInParent + b.rotationInParent * (b.axis * qi);
    } else {
      rotateAboutAxis(b.rotationInParent, b.axis, qi, ws.R_parent[k]);
      ws.p_parent[k] = b.translationInParent;
    }
  }
}

void computeForwardKinematics(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q) {
  computeJointTransforms(model, ws, q);
  const int nb = model.bodyCount();
  for (int i = 0; i < nb; ++i) {
    const size_t k = static_cast<size_t>(i);
    const int p = model.body(i).parent;
    if (p < 0) {
      ws.R_world[k] = ws.R_parent[k];
      ws.p_world[k] = ws.p_parent[k];
    } else {
      const size_t pk = static_cast<size_t>(p);
      ws.R_world[k].noalias() = ws.R_world[pk] * ws.R_parent[k];
      ws.p_world[k] = ws.p_world[pk];
      ws.p_world[k].noalias() += ws.R_world[pk] * ws.p_parent[k];
    }
  }
}

Eigen::Isometry3d screwExponential(const Vector6d& S, double theta) {
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  const Eigen::Vector3d w = S.head<3>();
  const Eigen::Vector3d v = S.tail<3>();
  if (w.squaredNorm() < 1e-24) {
    T.translation() = v * theta;
    return T;
  }
  const Eigen::Matrix3d W = skew(w);
  const double s = std::sin(theta);
  const double c = std::cos(theta);
  T.linear() = Eigen::Matrix3d::Identity() + s * W + (1.0 - c) * W * W;
  T.translation() = (Eigen::Matrix3d::Identity() * theta + (1.0 - c) * W + (theta - s) * W * W) * v;
  return T;
}

void computeForwardKinematicsPoE(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q) {
  // E_i = E_parent * exp([S_i] q_i) and T_i = E_i M_i; the joint's current world twist
  // is Ad(E_parent) S_i (the screw moved by the joints above it).
  const int nb = model.bodyCount();
  std::vector<Eigen::Isometry3d> E(static_cast<size_t>(nb));
  for (int i = 0; i < nb; ++i) {
    const Body& b = model.body(i);
    const size_t k = static_cast<size_t>(i);
    const double qi = b.mimic ? b.multiplier * q[b.dof] + b.offset : q[b.dof];
    ws.qBody[k] = qi;
    const Eigen::Isometry3d Ep = b.parent < 0 ? Eigen::Isometry3d::Identity() : E[static_cast<size_t>(b.parent)];
    const Vector6d& S = model.homeTwist(i);
    Vector6d Sw;
    Sw.head<3>() = Ep.linear() * S.head<3>();
    Sw.tail<3>() = Ep.linear() * S.tail<3>() + Ep.translation().cross(Sw.head<3>());
    ws.worldTwists[k] = Sw;
    E[k] = Ep * screwExponential(S, qi);
    const Eigen::Isometry3d T = E[k] * model.homePose(i);
    ws.R_world[k] = T.linear();
    ws.p_world[k] = T.translation();
  }
}

Eigen::Isometry3d bodyPose(const DynamicsWorkspace& ws, int body) {
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  if (body < 0) return T;
  T.linear() = ws.R_world[static_cast<size_t>(body)];
  T.translation() = ws.p_world[static_cast<size_t>(body)];
  return T;
}

Eigen::Isometry3d linkPose(const RobotModel& model, const DynamicsWorkspace& ws, int linkIndex) {
  const LinkFrame& l = model.links()[static_cast<size_t>(linkIndex)];
  return bodyPose(ws, l.body) * l.poseInBody;
}

}  // namespace eb
