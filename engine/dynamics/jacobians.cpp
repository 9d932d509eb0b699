#include "dynamics/jacobians.hpp"

#include "dynamics/forward_kinematics.hpp"

namespace eb {

void computeJointTwists(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q) {
  computeForwardKinematics(model, ws, q);
  // The joint frame of body i coincides with body i's frame, so its world twist is
  // the body-frame subspace moved by the body pose: omega = R a, v = p x omega (or R a).
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Body& b = model.body(i);
    const size_t k = static_cast<size_t>(i);
    const Eigen::Vector3d a = ws.R_world[k] * b.axis;
    if (b.type == JointType::Prismatic)
      ws.worldTwists[k] << Eigen::Vector3d::Zero(), a;
    else
      ws.worldTwists[k] << a, ws.p_world[k].cross(a);
  }
}

const Eigen::MatrixXd& spatialJacobian(const RobotModel& model, DynamicsWorkspace& ws, int body) {
  ws.J.setZero();
  for (int j = body; j >= 0; j = model.body(j).parent) {
    const Body& b = model.body(j);
    ws.J.col(b.dof) += b.multiplier * ws.worldTwists[static_cast<size_t>(j)];
  }
  return ws.J;
}

const Eigen::MatrixXd& bodyJacobian(const RobotModel& model, DynamicsWorkspace& ws, int body) {
  spatialJacobian(model, ws, body);
  const Eigen::Matrix3d Rt = ws.R_world[static_cast<size_t>(body)].transpose();
  const Eigen::Vector3d& p = ws.p_world[static_cast<size_t>(body)];
  for (Eigen::Index c = 0; c < ws.J.cols(); ++c) {
    const Eigen::Vector3d w = ws.J.col(c).head<3>();
    const Eigen::Vector3d v = ws.J.col(c).tail<3>() + w.cross(p);  // velocity of the body origin point
    ws.J.col(c).head<3>() = Rt * w;
    ws.J.col(c).tail<3>() = Rt * v;
  }
  return ws.J;
}

const Eigen::MatrixXd& hybridJacobian(const RobotModel& model, DynamicsWorkspace& ws, int body,
                                      const Eigen::Vector3d& pointInBody) {
  spatialJacobian(model, ws, body);
  const Eigen::Vector3d p = pointPosition(ws, body, pointInBody);
  for (Eigen::Index c = 0; c < ws.J.cols(); ++c) {
    const Eigen::Vector3d w = ws.J.col(c).head<3>();
    ws.J.col(c).tail<3>() += w.cross(p);
  }
  return ws.J;
}

Eigen::Vector3d pointPosition(const DynamicsWorkspace& ws, int body, const Eigen::Vector3d& pointInBody) {
  if (body < 0) return pointInBody;
  const size_t k = static_cast<size_t>(body);
  return ws.p_world[k] + ws.R_world[k] * pointInBody;
}

Vector6d pointVelocity(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q,
                       const Eigen::VectorXd& qd, int body, const Eigen::Vector3d& pointInBody) {
  computeJointTwists(model, ws, q);
  return hybridJacobian(model, ws, body, pointInBody) * qd;
}

}  // namespace eb
