#pragma once
// DynamicsWorkspace: every buffer the dynamics algorithms write, sized once for
// a model, so the hot path (FK, RNEA, CRBA, regressor) allocates nothing per
// call. One model can serve one workspace per thread. Algorithms take
// (model, workspace, inputs...) and write named fields, like Pinocchio's Data.

#include "model/robot_model.hpp"

#include <Eigen/Core>
#include <vector>

namespace eb {

struct DynamicsWorkspace {
  explicit DynamicsWorkspace(const RobotModel& model);

  // Per body, filled by forward kinematics (computeForwardKinematics and every
  // dynamics algorithm): pose of body i relative to its parent body, and in the base frame.
  std::vector<Eigen::Matrix3d> R_parent;  ///< rotation body -> parent frame
  std::vector<Eigen::Vector3d> p_parent;  ///< body origin in the parent frame [m]
  std::vector<Eigen::Matrix3d> R_world;   ///< rotation body -> base frame
  std::vector<Eigen::Vector3d> p_world;   ///< body origin in the base frame [m]
  std::vector<double> qBody;              ///< joint coordinate of each body (mimic applied)

  // Per body, RNEA / regressor recursion quantities in the body frame, [angular; linear].
  std::vector<Vector6d> v;  ///< spatial velocity [rad/s; m/s]
  std::vector<Vector6d> a;  ///< spatial acceleration including -gravity [rad/s^2; m/s^2]
  std::vector<Vector6d> f;  ///< net wrench transmitted by the joint [N m; N]
  std::vector<Eigen::Matrix<double, 10, 1>> compositeInertia;  ///< CRBA composite bodies

  Eigen::VectorXd tau;  ///< (dof) joint torques/forces from inverseDynamics [N m or N]
  Eigen::MatrixXd M;    ///< (dof x dof) joint-space mass matrix from computeMassMatrix
  Eigen::MatrixXd C;    ///< (dof x dof) Coriolis matrix from computeCoriolisMatrix
  Eigen::VectorXd g;    ///< (dof) gravity torques from computeGravityTorques
  Eigen::VectorXd qdd;  ///< (dof) accelerations from forwardDynamics
  Eigen::MatrixXd Y;    ///< (dof x columns) regressor from computeJointTorqueRegressor
  Eigen::MatrixXd J;    ///< (6 x dof) Jacobian from the Jacobian functions

  // Scratch.
  Eigen::VectorXd zeros;          ///< (dof) zeros
  std::vector<Vector6d> worldTwists;  ///< per body: joint twist in the base frame at q
};

}  // namespace eb
