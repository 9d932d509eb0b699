#pragma once
// Joint-torque regressor: tau = Y(q, qd, qdd) theta, linear in the parameters.
//
// Column layout (documented once, used everywhere):
//   * 10 columns per body, body by body, in the standard order
//     [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz] (robot_model.hpp);
//   * then, joint by joint in model order, the enabled extra columns in the order
//     viscous (fv * qd), Coulomb (fc * sign(qd)), offset (fo), armature (Ia * qdd).
// Column names: "m3", "mx3", "Izz3" (body number, 1-based), "fv2", "fc2", "fo2", "Ia2"
// (joint number, 1-based).

#include "dynamics/dynamics_workspace.hpp"
#include "model/robot_model.hpp"

#include <string>
#include <vector>

namespace eb {

struct RegressorOptions {
  bool viscous = false;   ///< fv_j qd_j [N m s/rad]
  bool coulomb = false;   ///< fc_j sign(qd_j) [N m]
  bool offset = false;    ///< constant fo_j [N m]
  bool armature = false;  ///< rotor inertia Ia_j qdd_j [kg m^2]
  /// Width [rad/s] of the smooth sign tanh(qd / width) for Coulomb friction;
  /// 0 means the exact sign (sign(0) = 0).
  double coulombWidth = 0.0;

  int extrasPerJoint() const { return int(viscous) + int(coulomb) + int(offset) + int(armature); }
  bool operator==(const RegressorOptions& o) const {
    return viscous == o.viscous && coulomb == o.coulomb && offset == o.offset && armature == o.armature &&
           coulombWidth == o.coulombWidth;
  }
};

/// Number of regressor columns: 10 * bodies + extras * dof.
int regressorColumnCount(const RobotModel& model, const RegressorOptions& options);

/// Names of the regressor columns (see the layout above).
std::vector<std::string> regressorColumnNames(const RobotModel& model, const RegressorOptions& options);

/// Full parameter vector for the model's own inertials plus given per-joint extras
/// (each vector dof entries or empty for zero): [theta_bodies; extras joint by joint].
Eigen::VectorXd regressorParameters(const RobotModel& model, const RegressorOptions& options,
                                    const Eigen::VectorXd& viscous = {}, const Eigen::VectorXd& coulomb = {},
                                    const Eigen::VectorXd& offset = {}, const Eigen::VectorXd& armature = {});

/// Coulomb friction shape sign(qd) or tanh(qd / width), per RegressorOptions::coulombWidth.
double coulombSign(double qd, double width);

/// Regressor Y (dof x regressorColumnCount) at q, qd, qdd with gravity model.gravity().
/// Writes ws.Y (resized on first use for these options) and returns it.
const Eigen::MatrixXd& computeJointTorqueRegressor(const RobotModel& model, DynamicsWorkspace& ws,
                                                   const RegressorOptions& options, const Eigen::VectorXd& q,
                                                   const Eigen::VectorXd& qd, const Eigen::VectorXd& qdd);

}  // namespace eb
