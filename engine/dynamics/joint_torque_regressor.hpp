#pragma once
// Joint-torque regressor: tau = Y(q, qd, qdd) theta, linear in the parameters.
//
// Column layout (documented once, used everywhere):
//   * 10 columns per body, body by body, in the standard order
//     [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz] (robot_model.hpp);
//   * then, joint by joint in model order, the enabled extra columns in the order
//     viscous (fv * qd), Coulomb (fc * sign(qd), or per direction fcp * [qd > 0] and
//     fcn * -[qd < 0]), Stribeck (fs * exp(-(qd / vs)^2) sign(qd)), offset (fo),
//     armature (Ia * qdd).
// Column names: "m3", "mx3", "Izz3" (body number, 1-based), "fv2", "fc2" (or "fcp2", "fcn2"),
// "fs2", "fo2", "Ia2" (joint number, 1-based).

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
  /// Coulomb friction per direction (with coulomb): a level for qd > 0 and one for qd < 0.
  bool asymmetricCoulomb = false;
  /// Stribeck term fs_j exp(-(qd_j / vs_j)^2) sign(qd_j): the extra friction near standstill.
  bool stribeck = false;
  /// Per joint smooth-sign widths [rad/s] of the Coulomb term; empty: coulombWidth for every joint.
  std::vector<double> coulombWidths;
  /// Per joint Stribeck velocities vs_j [rad/s] (dof entries, > 0, with stribeck).
  std::vector<double> stribeckVelocities;

  /// Friction columns of one joint (viscous, Coulomb, Stribeck).
  int frictionColumnsPerJoint() const {
    return int(viscous) + (coulomb ? (asymmetricCoulomb ? 2 : 1) : 0) + int(stribeck);
  }
  int extrasPerJoint() const { return frictionColumnsPerJoint() + int(offset) + int(armature); }
  /// The Coulomb smooth-sign width of joint j [rad/s].
  double widthOf(int joint) const {
    return static_cast<std::size_t>(joint) < coulombWidths.size() ? coulombWidths[static_cast<std::size_t>(joint)]
                                                                  : coulombWidth;
  }
  /// Whether the friction is more than viscous + one Coulomb level of one shared width.
  bool richFriction() const { return asymmetricCoulomb || stribeck || !coulombWidths.empty(); }
  /// The same columns with the friction back to viscous + one Coulomb level of one shared width
  /// (richFriction() false): every richer shape is off in a default RegressorOptions.
  RegressorOptions withPlainFriction() const {
    RegressorOptions plain;
    plain.viscous = viscous;
    plain.coulomb = coulomb;
    plain.offset = offset;
    plain.armature = armature;
    plain.coulombWidth = coulombWidth;
    return plain;
  }
  bool operator==(const RegressorOptions& o) const {
    return viscous == o.viscous && coulomb == o.coulomb && offset == o.offset && armature == o.armature &&
           coulombWidth == o.coulombWidth && asymmetricCoulomb == o.asymmetricCoulomb && stribeck == o.stribeck &&
           coulombWidths == o.coulombWidths && stribeckVelocities == o.stribeckVelocities;
  }
};

/// Throws std::invalid_argument when `options` do not fit a robot of `dof` joints (per joint
/// widths or Stribeck velocities of the wrong count, negative, or not finite).
void checkRegressorOptions(const RegressorOptions& options, int dof);

/// The friction columns of joint `joint` at velocity qd [rad/s] (frictionColumnsPerJoint()
/// values, in column order) into `out`: what multiplies fv, fc (or fcp, fcn) and fs.
void jointFrictionFeatures(const RegressorOptions& options, int joint, double qd, double* out);

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
