#pragma once
// A simulated identification experiment: the robot (the model's own inertial
// parameters plus joint friction and armature) tracks an excitation trajectory
// under a computed-torque + PD controller; forward dynamics are integrated by
// RK4 with the commanded torque held over each control period (1 kHz by
// default, the rate of real torque loggers). The log records, per control
// period k, the measured position (true + noise), the applied joint torque
// (+ noise) and, for reference, the true qd and qdd at t_k — the identity
// tau_k = Y(q_k, qd_k, qdd_k) theta holds exactly for the noise-free values.

#include "dynamics/joint_torque_regressor.hpp"
#include "excitation/trajectory.hpp"
#include "model/robot_model.hpp"

#include <Eigen/Core>
#include <functional>
#include <stdexcept>
#include <string>

namespace eb {

struct SimulationSettings {
  double rateHz = 1000.0;         ///< control and logging rate [Hz]
  int substeps = 4;               ///< RK4 steps per control period (stiff friction on light wrists)
  double duration = 0.0;          ///< [s]; 0 = the trajectory's duration
  double noiseTorque = 0.0;       ///< torque noise sigma [N m]
  double noisePosition = 0.0;     ///< position noise sigma [rad]
  unsigned seed = 1;
  /// Per joint friction/armature of the simulated robot (dof each; empty = defaultFriction()).
  Eigen::VectorXd viscous, coulomb, armature;
  double coulombWidth = 0.0;      ///< smooth sign width [rad/s], as RegressorOptions
  /// Richer friction (joint_torque_regressor.hpp's shapes), each dof entries or empty for none:
  /// the Coulomb level for qd < 0 (empty: `coulomb` both ways), per joint smooth-sign widths
  /// (empty: coulombWidth), and the Stribeck term fs exp(-(qd / vs)^2) sign(qd).
  Eigen::VectorXd coulombNegative, coulombWidths, stribeck, stribeckVelocity;
  double kp = 400.0;              ///< PD gains of the computed-torque controller [1/s^2]
  double kd = 40.0;               ///< [1/s]
  /// Jitter of the control clock: sample k is taken at k / rate + d_k, d_k uniform in
  /// +-clockJitter / 2 control periods (d_0 = 0), so steps vary by up to +-clockJitter. The
  /// stamps are the true times, as a robot's own clock writes them (libfranka, KUKA FRI).
  double clockJitter = 0.0;
  unsigned jitterSeed = 7;
};

/// Plausible default friction for a model: viscous 1 % and Coulomb 0.5 % of each
/// joint's effort limit (per rad/s, in N m), zero armature.
void defaultFriction(const RobotModel& model, Eigen::VectorXd& viscous, Eigen::VectorXd& coulomb);

/// simulate's joint friction torque [N m] opposing the joint velocities qd [rad/s or m/s]:
/// viscous qd + Coulomb level smooth-sign(qd) (+ the richer shapes of `s`: a Coulomb level for
/// qd < 0, per joint widths, Stribeck), with `viscous` and `coulomb` per joint.
Eigen::VectorXd simulatedFriction(const SimulationSettings& s, const Eigen::VectorXd& viscous,
                                  const Eigen::VectorXd& coulomb, const Eigen::VectorXd& qd);

struct SimulatedLog {
  Eigen::VectorXd t;                        ///< (N) [s] time stamps as logged
  Eigen::MatrixXd q, tau;                   ///< (N x dof) measured (with noise)
  Eigen::MatrixXd qTrue, qdTrue, qddTrue;   ///< (N x dof) noise-free state at t_k
  Eigen::MatrixXd tauTrue;                  ///< (N x dof) applied torque without noise
  Eigen::VectorXd viscous, coulomb, armature;  ///< friction/armature used
  double maxTrackingError = 0.0;            ///< [rad]
};

/// The state left every bound of a finite number: the controller or the plant made the loop
/// unstable (a controller model with negative inertia does), at `time` [s].
struct SimulationDiverged : std::runtime_error {
  double time;
  explicit SimulationDiverged(double t)
      : std::runtime_error("simulate: the integration diverged at t = " + std::to_string(t) + " s"), time(t) {}
};

/// Progress callback: fraction done in [0, 1]; return false to cancel (throws Cancelled).
using SimulationProgress = std::function<bool(double)>;

/// Simulates the experiment (see the file comment). Throws std::invalid_argument for bad settings.
SimulatedLog simulateExperiment(const RobotModel& model, const Trajectory& trajectory,
                                const SimulationSettings& settings, const SimulationProgress& progress = {});

/// Desired motion at t [s]: q [rad or m], qd, qdd of every joint into preallocated vectors.
using DesiredMotion = std::function<void(double t, Eigen::VectorXd& q, Eigen::VectorXd& qd, Eigen::VectorXd& qdd)>;

/// Joint torques [N m] a controller commands at the measured state (q, qd) for the commanded
/// acceleration qddCommand = qdd_d + kp (q_d - q) + kd (qd_d - qd); qdDesired is the desired
/// velocity, from which friction is fed forward (see simulateExperiment).
using ControllerTorque =
    std::function<Eigen::VectorXd(const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                                  const Eigen::VectorXd& qddCommand, const Eigen::VectorXd& qdDesired)>;

/// simulateExperiment along any desired motion of `duration` s (settings.duration is ignored),
/// with the controller's torques from `controller`; an empty controller is computed torque with
/// the plant's own model, friction and armature (simulateExperiment's). Throws
/// std::invalid_argument for bad settings and SimulationDiverged when the integration diverges.
SimulatedLog simulateTracking(const RobotModel& plant, const DesiredMotion& desired, double duration,
                              const SimulationSettings& settings, const ControllerTorque& controller = {},
                              const SimulationProgress& progress = {});

/// Regressor options whose extra columns match a simulation's friction model
/// (viscous + Coulomb, armature if any is non-zero, same Coulomb width).
RegressorOptions regressorOptionsFor(const SimulationSettings& settings, const SimulatedLog& log);

/// True parameters of the simulated robot in the layout of `options` (standard + extras).
Eigen::VectorXd simulatedParameters(const RobotModel& model, const RegressorOptions& options, const SimulatedLog& log);

}  // namespace eb
