#pragma once
// Forward kinematics of the kinematic tree.
//
// Two equivalent views are offered: the recursive body-to-parent transforms
// the dynamics use, and the product of exponentials (PoE) over the home
// twists, T_i(q) = exp([S_a] q_a) ... exp([S_i] q_i) M_i, which is what the
// Jacobians (world twists) are built from. Tests check they agree.

#include "dynamics/dynamics_workspace.hpp"
#include "model/robot_model.hpp"

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace eb {

/// Joint-local transforms: fills ws.qBody, ws.R_parent, ws.p_parent for q (dof) [rad or m].
void computeJointTransforms(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q);

/// Forward kinematics: computeJointTransforms plus ws.R_world / ws.p_world, the pose
/// of every body frame in the base frame.
void computeForwardKinematics(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q);

/// Forward kinematics by the product of exponentials of the home twists; also fills
/// ws.worldTwists (each joint's screw axis in the base frame at q). Same poses as
/// computeForwardKinematics.
void computeForwardKinematicsPoE(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q);

/// Pose of body i in the base frame after forward kinematics.
Eigen::Isometry3d bodyPose(const DynamicsWorkspace& ws, int body);

/// Pose in the base frame of a URDF link (any link, including fixed ones merged into
/// a body) after forward kinematics.
Eigen::Isometry3d linkPose(const RobotModel& model, const DynamicsWorkspace& ws, int linkIndex);

/// Exponential of a unit screw [omega; v] times theta: a rigid transform (Modern Robotics 3.88).
Eigen::Isometry3d screwExponential(const Vector6d& S, double theta);

}  // namespace eb
