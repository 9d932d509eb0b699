#include "dynamics/dynamics_workspace.hpp"

namespace eb {

DynamicsWorkspace::DynamicsWorkspace(const RobotModel& model) {
  const size_t nb = static_cast<size_t>(model.bodyCount());
  const Eigen::Index n = model.dof();
  R_parent.assign(nb, Eigen::Matrix3d::Identity());
  p_parent.assign(nb, Eigen::Vector3d::Zero());
  R_world.assign(nb, Eigen::Matrix3d::Identity());
  p_world.assign(nb, Eigen::Vector3d::Zero());
  qBody.assign(nb, 0.0);
  v.assign(nb, Vector6d::Zero());
  a.assign(nb, Vector6d::Zero());
  f.assign(nb, Vector6d::Zero());
  compositeInertia.assign(nb, Vector10d::Zero());
  worldTwists.assign(nb, Vector6d::Zero());
  tau = Eigen::VectorXd::Zero(n);
  M = Eigen::MatrixXd::Zero(n, n);
  C = Eigen::MatrixXd::Zero(n, n);
  g = Eigen::VectorXd::Zero(n);
  qdd = Eigen::VectorXd::Zero(n);
  J = Eigen::MatrixXd::Zero(6, n);
  zeros = Eigen::VectorXd::Zero(n);
}

}  // namespace eb
