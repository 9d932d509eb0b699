#pragma once
// Forward dynamics qdd = M(q)^-1 (tau - C(q, qd) qd - g(q)).

#include "dynamics/dynamics_workspace.hpp"
#include "model/robot_model.hpp"

namespace eb {

/// Joint accelerations (dof) [rad/s^2 or m/s^2] for q, qd and applied joint torques tau
/// [N m or N]. Uses CRBA + RNEA and a Cholesky solve. Writes ws.qdd and returns it.
const Eigen::VectorXd& forwardDynamics(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q,
                                       const Eigen::VectorXd& qd, const Eigen::VectorXd& tau);

}  // namespace eb
