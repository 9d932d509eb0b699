#pragma once
// Coriolis matrix C(q, qd) with C qd the Coriolis/centrifugal torques and
// Mdot - 2C skew-symmetric (the Christoffel-consistent factorization), from
// world-frame body Jacobians: C = sum_i J_i^T (I_i Jdot_i + B_i J_i),
// B_i = 1/2 [(v_i x*) I_i - I_i (v_i x) + (I_i v_i) xbar*]
// (Echeandia & Wensing, "Numerical methods to compute the Coriolis matrix and
// Christoffel symbols for rigid-body systems", 2021). Not a hot path: O(n^2).

#include "dynamics/dynamics_workspace.hpp"
#include "model/robot_model.hpp"

namespace eb {

/// Coriolis matrix (dof x dof) [N m s] at q, qd. Writes ws.C and returns it.
const Eigen::MatrixXd& computeCoriolisMatrix(const RobotModel& model, DynamicsWorkspace& ws,
                                             const Eigen::VectorXd& q, const Eigen::VectorXd& qd);

}  // namespace eb
