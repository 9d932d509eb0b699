#pragma once
// Payload and drive-gain identification (docs/payload-identification.md).
//
// One linear regression over logs with and without the payload, per joint j:
//   k_j e_j = Y_b,j theta_b + [loaded] Y_p,j phi + o_j,
// e_j the logged effort column (a torque, or a motor current when the gains k
// are unknown), theta_b the robot's base parameters (known from an earlier
// identification or the model, or estimated with the payload), phi the
// payload's 10 standard parameters in its link's frame (payload_regression.hpp),
// o_j an optional torque offset. Each unknown block is optional:
//   * payload on a known robot: phi (and o) from loaded logs;
//   * payload from a loaded/unloaded pair: theta_b and phi together; the robot's
//     own model errors and friction are fitted on both logs, so they do not
//     leak into phi;
//   * drive gains: theta_b and k with phi known; a current-only log fixes k
//     only up to a common scale with theta_b, which the known payload mass
//     resolves (the loaded rows' right-hand side is -Y_p phi).
// Weighted least squares with the per-joint noise from the first fit's
// residuals; directions the logs do not excite are left at zero and named.

#include "dynamics/base_parameters.hpp"
#include "identification/blocked_gram.hpp"
#include "identification/identification_pipeline.hpp"
#include "identification/normal_equations.hpp"
#include "identification/payload_consistency.hpp"
#include "identification/payload_regression.hpp"
#include "model/robot_model.hpp"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace eb {

/// What the regression estimates and what it takes as known.
struct PayloadProblem {
  bool estimateRobot = false;     ///< theta_b estimated (pair or gains); else robotBase is used
  Eigen::VectorXd robotBase;      ///< known base parameters (base.rank) when !estimateRobot
  bool estimatePayload = true;    ///< phi estimated; else `payload` is the known one (loaded logs)
  Vector10d payload = Vector10d::Zero();
  bool estimateGains = false;     ///< the effort column is tau / k_j, k_j unknown
  bool offsets = false;           ///< a constant torque offset per joint, shared by all logs
};

/// Accumulates the normal equations of a PayloadProblem from preprocessed samples.
/// Unknowns in this order: [theta_b (rank) | phi (10) | k (dof) | o (dof)], each block
/// present only when estimated. NormalEquations::tauSquares holds the right-hand side's
/// squares (with a known robot: the residual of the robot model without the payload).
class PayloadRegression {
 public:
  PayloadRegression(const RobotModel& model, const BaseParameters& base, const PayloadMount& mount,
                    const PayloadProblem& problem);
  /// Adds samples (rows x dof, SI) of a log recorded with (`loaded`) or without the payload.
  void add(bool loaded, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
           const Eigen::MatrixXd& effort);
  const NormalEquations& equations() const { return eq_; }
  long loadedSamples() const { return loadedSamples_; }
  long unloadedSamples() const { return unloadedSamples_; }
  /// First column of each block, -1 when the block is not estimated.
  int robotColumn() const { return problem_.estimateRobot ? 0 : -1; }
  int payloadColumn() const { return payloadColumn_; }
  int gainColumn() const { return gainColumn_; }
  int offsetColumn() const { return offsetColumn_; }
  /// Names of the unknowns ("m3R", "payload m", "k2", "fo2").
  std::vector<std::string> columnNames() const;
  /// Per joint j: sum over samples of joint j's regressor row times its effort as read [N m]
  /// (empty when the gains are estimated): how the right-hand side moves with a relative
  /// change of joint j's torque constant.
  const std::vector<Eigen::VectorXd>& effortCross() const { return effortCross_; }

 private:
  RobotModel model_;
  BaseParameters base_;
  PayloadMount mount_;
  PayloadProblem problem_;
  int payloadColumn_ = -1, gainColumn_ = -1, offsetColumn_ = -1, columns_ = 0;
  NormalEquations eq_;
  DynamicsWorkspace ws_;
  Eigen::MatrixXd Yp_, Yb_;
  BlockedGram gram_;  // per joint: the regressor rows with the right-hand side as target
  std::vector<Eigen::VectorXd> effortCross_;
  long loadedSamples_ = 0, unloadedSamples_ = 0;
};

/// Weighted least-squares solution of accumulated normal equations.
struct LinearFit {
  Eigen::VectorXd values;        ///< per unknown (0 where not identified)
  Eigen::MatrixXd covariance;    ///< (zero rows/columns where not identified)
  Eigen::VectorXd stddev;
  std::vector<bool> identified;  ///< per unknown: excited by the data
  Eigen::VectorXd noiseStd;      ///< per joint [N m, or the effort's unit]
  Eigen::VectorXd residualRms;   ///< per joint, after the fit
  Eigen::VectorXd rhsRms;        ///< per joint, of the right-hand side (before the fit)
  double condition = 0.0;        ///< of the weighted, column-scaled regression on the identified unknowns
  long samples = 0;
  Eigen::VectorXd weights;          ///< per joint, of the weighted fit (1 / its first fit's noise variance)
  Eigen::MatrixXd weightedInverse;  ///< (sum_j w_j A_j)^-1 on the identified unknowns (0 elsewhere)
};

/// Fits eq (OLS, then WLS with the per-joint noise of the OLS residuals). Unknowns are
/// taken greedily, largest remaining information first, the first `priorityColumns` before
/// the rest; one whose information the others already explain to 1e-10 (relative) is left
/// at zero. Throws InputError when there are fewer equations than identified unknowns.
LinearFit solvePayloadRegression(const NormalEquations& eq, int priorityColumns);

/// The payload's parameters with their uncertainty in the forms people use.
struct PayloadEstimate {
  PayloadMount mount;
  Vector10d parameters = Vector10d::Zero();     ///< standard parameters in the mount link's frame
  Eigen::Matrix<double, 10, 10> covariance = Eigen::Matrix<double, 10, 10>::Zero();
  Vector10d stddev = Vector10d::Zero();
  std::vector<int> unidentified;                ///< parameter indices the logs do not excite (left at 0)
  double mass = 0.0, massStd = 0.0;             ///< [kg]
  Eigen::Vector3d com = Eigen::Vector3d::Zero(), comStd = Eigen::Vector3d::Zero();  ///< [m], link frame
  Eigen::Matrix3d inertiaCom = Eigen::Matrix3d::Zero();  ///< about the COM, link axes [kg m^2]
  Eigen::Matrix<double, 6, 1> inertiaComStd = Eigen::Matrix<double, 6, 1>::Zero();  ///< ixx ixy ixz iyy iyz izz
  std::string consistency;                      ///< empty when physically consistent, else what is wrong
};

/// The payload part of a fit (columns payloadColumn .. +9) with derived mass, COM and inertia
/// about the COM and their standard deviations (first-order propagation of the covariance).
PayloadEstimate payloadEstimateFrom(const LinearFit& fit, int payloadColumn, const PayloadMount& mount);

/// The same forms of given parameters (mount link frame, SI) and their covariance.
PayloadEstimate payloadEstimateOf(const Vector10d& parameters, const Eigen::Matrix<double, 10, 10>& covariance,
                                  const PayloadMount& mount);

/// Logs of one payload or drive-gain identification.
struct PayloadExperiment {
  std::vector<std::string> loaded;     ///< logs with the payload fixed to the mount link
  std::vector<std::string> unloaded;   ///< logs of the robot without it (same trajectory ideally)
  /// Standard deviation per joint of settings.import.torqueConstants [N m/A] (e.g. identify-gains'),
  /// propagated into the payload's; empty: not known, and the payload's deviations say they leave
  /// it out.
  std::vector<double> torqueConstantStd;
};

/// What a payload or drive-gain identification produced.
struct PayloadRun {
  PayloadMount mount;
  BaseParameters base;                 ///< the robot's base parameters (columns of the robot block)
  bool robotEstimated = false;         ///< the robot block was estimated (columns 0 .. base.rank - 1)
  LinearFit fit;
  std::vector<std::string> columnNames;
  int payloadColumn = -1, gainColumn = -1, offsetColumn = -1;
  PayloadEstimate payload;        ///< estimated (constrained as asked), or the known one with zero deviations
  PayloadEstimate unconstrained;  ///< the least-squares payload before the constraints (identifyPayload)
  long loadedSamples = 0, unloadedSamples = 0;
  /// identifyPayload with torque constants: what the payload's deviations include of their
  /// uncertainty ("" without constants, e.g. torque logs).
  std::string gainUncertainty;
  /// The payload's deviations due to the constants' alone (zero when not known), and
  /// its mass's change per +1 % error of every constant [kg].
  PayloadEstimate gainShare;
  double massPerPercentGain = 0.0;
  std::vector<std::string> notes;      ///< per log: "<file>: <summary>"; then what was assumed
  std::vector<LogWarning> warnings;
};

/// Known robot: its base parameters `robotBase` for `base` (from a params file, or the
/// model's own: validation.hpp, modelBaseParameters).
struct KnownRobot {
  BaseParameters base;
  Eigen::VectorXd values;
  std::string source;                  ///< what it came from, for the notes
};

/// The payload on `link` (empty: the tip). With unloaded logs the robot's base parameters
/// (settings.regressor columns) are estimated with it; otherwise `robot` predicts the robot's
/// own torques. settings.regressor.offset adds per-joint offsets. The payload is then
/// constrained (payload_consistency.hpp; the Consistent model becomes MassAndCom when the logs
/// leave part of the inertia unexcited) and the other unknowns follow it as their conditional
/// mean; PayloadRun::unconstrained keeps the least-squares payload. Throws InputError, Cancelled.
PayloadRun identifyPayload(const RobotModel& model, const PayloadExperiment& logs, const std::string& link,
                           const KnownRobot* robot, const IdentificationSettings& settings,
                           const IdentificationProgress& progress = {}, const PayloadConstraints& constraints = {});

/// Per-joint drive gains k_j (tau_j = k_j e_j, e_j the logged effort column as imported)
/// together with the robot's base parameters, from logs with a known payload on `link`
/// (and optionally logs without it). Throws InputError, Cancelled.
PayloadRun identifyDriveGains(const RobotModel& model, const PayloadExperiment& logs, const std::string& link,
                              const Vector10d& knownPayload, const IdentificationSettings& settings,
                              const IdentificationProgress& progress = {});

/// The robot block of a run that estimated it (a loaded/unloaded pair, drive gains) as a
/// weighted least-squares base-parameter estimate, for params.json. Residuals per joint are
/// torques [N m]. Throws std::invalid_argument when the run took the robot as known.
BaseEstimate robotEstimateOf(const PayloadRun& run);

}  // namespace eb
