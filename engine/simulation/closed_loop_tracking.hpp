#pragma once
// Closed-loop validation: the identified model as the model of a computed-torque
// controller driving a plant (simulateTracking), and the tracking error it leaves.
//
//   tau = Y_b(q, qd, qdd_cmd) theta_b,  qdd_cmd = qdd_d + kp (q_d - q) + kd (qd_d - qd),
//
// with the identified friction fed forward from the desired velocity, as the simulated
// experiment's controller does. A model that predicts the torques tracks within the usual
// 0.01 rad bar; what it gets wrong is left to the PD term, and shows as tracking error. An
// identified torque offset is a sensor's, not a torque the motors must produce: the
// controller leaves it out.
//
// The plant is a model too: the robot description with simulate's friction, or a physically
// consistent estimate (its standard parameters, friction and armature), e.g. one identified
// on another log. The comparison is fair: a controller whose model has no friction (the
// description's never has) is given the plant's, and the plant's armature when it has none,
// and the row says so; otherwise the description would lose on a friction it was never
// given, or, on the description's own plant, win by construction. The verdict line says
// what the plant is and what the check can and cannot show (closedLoopVerdict).

#include "simulation/experiment_simulator.hpp"

#include "dynamics/base_parameters.hpp"

#include <Eigen/Core>

#include <string>
#include <utility>
#include <vector>

namespace eb {

/// Computed-torque controller whose model is `baseValues` (base.rank) of `base`, identified for
/// `model`'s kinematics; offset columns are left out. With `drive` (a plant's friction and
/// armature, resolved: viscous, coulomb, armature of dof entries), a model without friction
/// columns feeds `drive`'s friction forward from the desired velocity, and one without an
/// armature column adds `drive`'s armature times the commanded acceleration. Throws
/// std::invalid_argument on sizes.
ControllerTorque identifiedModelController(const RobotModel& model, const BaseParameters& base,
                                           const Eigen::VectorXd& baseValues, const SimulationSettings* drive = nullptr);

/// The simulated robot of a closed-loop check and what it is.
struct ClosedLoopPlant {
  enum class Kind { Description, Estimate };
  Kind kind = Kind::Description;
  RobotModel model;
  /// Its friction and armature (viscous, coulomb, armature: dof entries each; the richer shapes
  /// as SimulationSettings has them). The control gains and rate are not the plant's.
  SimulationSettings drive;
  RegressorOptions options;      ///< Estimate: the layout of `full`
  Eigen::VectorXd full;          ///< Estimate: its full regressor parameters (standard + extras)
  std::string name;              ///< "the robot description with simulate's default friction", ...
};

/// The robot description's parameters with simulate's default friction (defaultFriction), no armature.
ClosedLoopPlant descriptionPlant(const RobotModel& model);

/// A consistent estimate as the plant: full regressor parameters `full` in the layout of
/// `options` on `model`'s kinematics (plantFromParameters), named `name`. Throws
/// std::invalid_argument when `full` has the wrong size.
ClosedLoopPlant estimatePlant(const RobotModel& model, const RegressorOptions& options, const Eigen::VectorXd& full,
                              std::string name);

/// Desired motion through samples (t ascending [s]; q, qd, qdd rows x dof), linearly
/// interpolated, held at the ends, with time counted from t[0]. Throws std::invalid_argument
/// for fewer than two samples, mismatched sizes or times that do not increase.
DesiredMotion sampledMotion(const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd,
                            const Eigen::MatrixXd& qdd);

/// A plant from full regressor parameters (standard parameters body by body, then the extras of
/// `options`): `model` with those inertials; its viscous, Coulomb (and width) and armature into
/// `settings`. Throws std::invalid_argument when `full` has the wrong size.
RobotModel plantFromParameters(const RobotModel& model, const RegressorOptions& options, const Eigen::VectorXd& full,
                               SimulationSettings& settings);

struct TrackingReport {
  long samples = 0;
  double duration = 0.0;      ///< [s]
  Eigen::VectorXd rms, max;   ///< per joint tracking error q_d - q [rad or m]
  Eigen::VectorXd torqueRms;  ///< per joint commanded torque RMS [N m]
  double maxError = 0.0;      ///< over all joints [rad or m]
  double maxErrorTime = 0.0;  ///< [s] when it happened
  int maxErrorJoint = 0;
  bool diverged = false;    ///< the loop went unstable: the errors are +inf
  double divergedAt = 0.0;  ///< [s] when
};

/// Tracking error of a simulated closed loop (log.qTrue) against the desired motion at log.t.
TrackingReport trackingReport(const SimulatedLog& log, const DesiredMotion& desired);

/// The usual bar for computed-torque tracking with a good model [rad].
inline constexpr double kTrackingErrorBar = 0.01;

struct ClosedLoopComparison {
  TrackingReport identified;  ///< the identified model as the controller's model
  TrackingReport robotsOwn;   ///< the robot description's parameters as the controller's model
  /// What each controller was given of the plant because its model lacks it: "" (nothing),
  /// "the plant's friction", "the plant's armature", "the plant's friction and armature".
  std::string identifiedGiven, robotsOwnGiven;
  ClosedLoopPlant::Kind plantKind = ClosedLoopPlant::Kind::Description;
  std::string plant;                 ///< the plant's name
  bool plantIsEstimate = false;      ///< the plant is the identified model itself (same parameters)
};

/// Closed-loop validation as the CLI and the wizard run it: tracks `desired` (duration [s]) on
/// `plant` with the control gains and rate of `control` (its friction fields are ignored), once
/// with the identified base parameters `baseValues` of `base` as the controller's model and once
/// with `model`'s own; a model without friction (or armature) is given the plant's. A loop that
/// goes unstable is a result (TrackingReport::diverged), not an error. Progress covers both
/// runs; false cancels (throws Cancelled).
ClosedLoopComparison compareClosedLoop(const RobotModel& model, const BaseParameters& base,
                                       const Eigen::VectorXd& baseValues, const ClosedLoopPlant& plant,
                                       const DesiredMotion& desired, double duration,
                                       const SimulationSettings& control, const SimulationProgress& progress = {});

/// The check's verdict: the plant, what the two errors show and what they cannot (one paragraph).
std::string closedLoopVerdict(const ClosedLoopComparison& comparison);

/// A logged motion ready to track: the longest segment of the log (sampledMotion).
struct LoggedMotion {
  DesiredMotion desired;
  double duration = 0.0;          ///< [s]
  double start = 0.0;             ///< [s] the segment's first time stamp in the log
  bool longestOfSeveral = false;  ///< the log had other segments
};

/// The motion of a log's samples (t [s]; q, qd, qdd rows x dof; segments starting at the rows
/// `segmentStarts`) that closed-loop validation tracks: its longest segment, as the CLI and the
/// wizard both use it. Throws std::invalid_argument when no segment has two samples.
LoggedMotion loggedMotion(const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd,
                          const Eigen::MatrixXd& qdd, const std::vector<std::size_t>& segmentStarts);

/// The longest segment [first row, rows) of a log whose segments start at `segmentStarts`
/// (rows of a log with `rows` rows; empty: one segment).
std::pair<Eigen::Index, Eigen::Index> longestSegment(const std::vector<std::size_t>& segmentStarts, Eigen::Index rows);

}  // namespace eb
