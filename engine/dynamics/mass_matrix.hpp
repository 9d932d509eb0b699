#pragma once
// Joint-space mass matrix by the composite rigid body algorithm (CRBA,
// Featherstone 6.2), composite inertias kept as 10 standard parameters.

#include "dynamics/dynamics_workspace.hpp"
#include "model/robot_model.hpp"

namespace eb {

/// Mass matrix M(q) (dof x dof, symmetric positive definite) [kg m^2, kg, kg m].
/// Writes ws.M (full, both triangles) and returns it. Above ten bodies it also leaves the
/// base-frame poses and joint twists (ws.R_world, ws.p_world, ws.worldTwists) at q.
const Eigen::MatrixXd& computeMassMatrix(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q);

}  // namespace eb
