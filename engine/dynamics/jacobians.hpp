#pragma once
// Geometric Jacobians of a body, built from the joints' current world twists
// (PoE: column j is Ad(E_parent(j)) S_j). Rows are [angular; linear].
//
// * spatial: twist of the body in the base frame, referred to the base origin
//   (Modern Robotics J_s).
// * body:    twist in the body frame at the body origin (J_b = Ad(T^-1) J_s).
// * hybrid:  base-frame axes, referred to a point (the body origin or a point
//   fixed on the body): [omega; velocity of that point] (Pinocchio LOCAL_WORLD_ALIGNED).

#include "dynamics/dynamics_workspace.hpp"
#include "model/robot_model.hpp"

namespace eb {

/// Fills ws.R_world/p_world and ws.worldTwists (joint screws in the base frame at q).
void computeJointTwists(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q);

/// Spatial Jacobian of `body` (6 x dof) after computeJointTwists. Writes ws.J.
const Eigen::MatrixXd& spatialJacobian(const RobotModel& model, DynamicsWorkspace& ws, int body);

/// Body Jacobian of `body` (6 x dof) in the body frame after computeJointTwists. Writes ws.J.
const Eigen::MatrixXd& bodyJacobian(const RobotModel& model, DynamicsWorkspace& ws, int body);

/// Hybrid Jacobian (6 x dof) of the point `pointInBody` [m, body frame] fixed on `body`:
/// base-frame axes, linear rows give that point's velocity [m/s]. Writes ws.J.
const Eigen::MatrixXd& hybridJacobian(const RobotModel& model, DynamicsWorkspace& ws, int body,
                                      const Eigen::Vector3d& pointInBody = Eigen::Vector3d::Zero());

/// Position [m] in the base frame of a point given in body coordinates, after kinematics.
Eigen::Vector3d pointPosition(const DynamicsWorkspace& ws, int body, const Eigen::Vector3d& pointInBody);

/// Twist [omega; v_point] in base-frame axes of a point fixed on a body, for joint velocities qd.
/// Runs computeJointTwists.
Vector6d pointVelocity(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q,
                       const Eigen::VectorXd& qd, int body, const Eigen::Vector3d& pointInBody);

}  // namespace eb
