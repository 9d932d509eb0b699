#pragma once
// Sensitivity of the base regressor Y_b(q, qd, qdd) at one sample with respect
// to each joint's q, qd and qdd, contracted with a weight matrix W:
//   g_z = <W, dY_b/dz> = sum_{j,c} W(j,c) dY_b(j,c)/dz,  z in {q_i, qd_i, qdd_i}.
// This is all the criterion gradient needs (d phi = 2 <Y_b G, dY_b>), so the
// 3 dof derivative matrices are never stored.
//
// How each derivative is obtained, and why it is exact or nearly so:
// * qdd: Y is linear in qdd, so on a gravity-free copy of the model
//   Y(q, 0, e_i) is exactly dY/dqdd_i.
// * qd: the rigid-body part of Y is a quadratic form in qd, so the central
//   difference (Y(qd + e_i) - Y(qd - e_i)) / 2 is exact up to round-off for
//   any step; a unit step keeps round-off at machine precision.
// * q: central difference with h = 1e-5 (truncation ~h^2 = 1e-10 relative,
//   round-off ~eps/h = 2e-11).
// * Friction, offset and armature columns are handled analytically (the exact
//   sign of Coulomb friction has derivative 0; its tanh form is differentiated).
// Cost: 5 dof + 1 regressor evaluations per sample; no allocation after construction.

#include "dynamics/dynamics_workspace.hpp"
#include "dynamics/base_parameters.hpp"
#include "model/robot_model.hpp"

#include <Eigen/Core>

#include <vector>

namespace eb {

/// The model data shared (read-only) by every lane's RegressorSensitivity.
struct SensitivityModel {
  SensitivityModel(const RobotModel& model, const BaseParameters& base);

  RobotModel model;       ///< with gravity, for values and q-derivatives
  RobotModel noGravity;   ///< same robot without gravity, for qd- and qdd-derivatives
  BaseParameters base;
  /// Base columns that are rigid-body columns: (base index, regressor column).
  std::vector<std::pair<int, int>> rigidColumns;
  /// Base columns that are extra columns: base index, joint, kind (0 viscous, 1 Coulomb, 2 offset, 3 armature).
  struct Extra {
    int baseIndex, joint, kind;
  };
  std::vector<Extra> extraColumns;
};

/// Per-lane workspace computing base regressors and their contracted sensitivities.
class RegressorSensitivity {
 public:
  explicit RegressorSensitivity(const SensitivityModel& shared);

  /// Y_b^T (r x dof) at q [rad], qd [rad/s], qdd [rad/s^2] written into YbT (a block of a larger matrix).
  void baseRegressorTransposed(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, const Eigen::VectorXd& qdd,
                               Eigen::Ref<Eigen::MatrixXd> YbT);

  /// For W (dof x r): gq[i] = <W, dY_b/dq_i> [1/rad], gqd[i] = <W, dY_b/dqd_i> [s/rad],
  /// gqdd[i] = <W, dY_b/dqdd_i> [s^2/rad] (dof entries each).
  void contract(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, const Eigen::VectorXd& qdd,
                const Eigen::MatrixXd& W, double* gq, double* gqd, double* gqdd);

  /// dY_b/dz explicitly (dof x r) for one joint; kind 0: q, 1: qd, 2: qdd. For tests and tools.
  void derivative(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, const Eigen::VectorXd& qdd, int kind,
                  int joint, Eigen::MatrixXd& dYb);

  /// Step of the central difference in q [rad or m].
  static constexpr double kPositionStep = 1e-5;

 private:
  double contractRigid(const Eigen::MatrixXd& W, const Eigen::MatrixXd& Y) const;

  const SensitivityModel& shared_;
  DynamicsWorkspace wsFull_;   // regressor with the base's extra columns (values)
  DynamicsWorkspace wsRigid_;  // rigid-body columns only (derivatives)
  Eigen::VectorXd zeros_, unit_, qp_, qdp_;
};

}  // namespace eb
