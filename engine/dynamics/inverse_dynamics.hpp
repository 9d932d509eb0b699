#pragma once
// Rigid-body inverse dynamics by the recursive Newton-Euler algorithm (RNEA),
// in body coordinates (Featherstone, "Rigid Body Dynamics Algorithms", 5.3).
// Joint damping/friction from the description are NOT included: this is
// M(q) qdd + C(q, qd) qd + g(q). Friction and armature enter only through the
// regressor's extra columns.

#include "dynamics/dynamics_workspace.hpp"
#include "model/robot_model.hpp"

namespace eb {

/// Joint torques/forces tau (dof) [N m or N] for q [rad|m], qd [/s], qdd [/s^2] (dof each),
/// gravity model.gravity() in the base frame. Writes ws.tau and returns it; also leaves
/// ws.v, ws.a (body frames) and ws.R_parent/p_parent filled.
const Eigen::VectorXd& inverseDynamics(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q,
                                       const Eigen::VectorXd& qd, const Eigen::VectorXd& qdd);

/// Gravity torques g(q) (dof) [N m or N]: RNEA with zero velocity and acceleration. Writes ws.g.
const Eigen::VectorXd& computeGravityTorques(const RobotModel& model, DynamicsWorkspace& ws,
                                            const Eigen::VectorXd& q);

/// Nonlinear effects C(q, qd) qd + g(q) (dof) [N m or N]: RNEA with zero acceleration. Writes ws.tau.
const Eigen::VectorXd& computeNonlinearEffects(const RobotModel& model, DynamicsWorkspace& ws,
                                              const Eigen::VectorXd& q, const Eigen::VectorXd& qd);

}  // namespace eb
