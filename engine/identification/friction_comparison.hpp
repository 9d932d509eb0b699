#pragma once
// Which joint-friction model fits the logs: viscous alone, + Coulomb (sign),
// + asymmetric Coulomb (a level per direction), + smooth Coulomb tanh(qd / w),
// + Coulomb and Stribeck exp(-(qd / vs)^2) sign(qd), each fitted jointly with
// the rigid-body base parameters and compared on held-out samples (every fifth
// second of each log, as the consistent estimate chooses its prior weight).
//
// One pass over the logs. Per joint j the normal equations are accumulated for
// [Y_b,j | F_j | tau_j], Y_b,j the base regressor row (rigid body + viscous,
// + offset when asked) and F_j a dictionary of friction features of qd_j:
// sign, its positive and negative parts, tanh at widths 0.002-0.2 rad/s and the
// Stribeck bump at velocities 0.01-0.5 rad/s. A model picks, per joint, one
// feature set among its alternatives (the nonlinear width or Stribeck velocity
// on that grid); the set per joint is chosen by coordinate descent on the
// training residual, each step an exact linear least-squares solve of every
// parameter together (variable projection), so the rigid-body parameters and
// the friction are fitted jointly. The width and Stribeck velocity are
// continuous: three more passes each zoom every joint's grid in around its
// choice (steps of 2.5x, then 1.36x, 1.11x, 1.035x), a one-dimensional
// nonlinear least-squares search per joint on top of the linear part. Joints
// are weighted by the noise of the Coulomb model's fit, the same for every model.
// Validation logs, when given, are scored in full and never fitted: the
// prediction of another trajectory, beside the held-out seconds.

#include "identification/identification_pipeline.hpp"
#include "model/robot_model.hpp"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace eb {

/// One friction model's fit and its prediction of the held-out samples.
struct FrictionModelScore {
  std::string name;                  ///< "viscous + Coulomb", "viscous + smooth Coulomb tanh(qd/w)", ...
  std::string parameterName;         ///< "w [rad/s]", "vs [rad/s]", or "" for models without one
  std::vector<double> parameter;     ///< per joint: the chosen width or Stribeck velocity (NaN: none)
  Eigen::VectorXd heldOutNrmse;      ///< per joint [%]: held-out RMSE over the held-out RMS torque
  Eigen::VectorXd trainingRms;       ///< per joint residual RMS on the training samples [N m]
  double score = 0.0;                ///< held-out weighted mean squared residual (lower is better)
  int unknowns = 0;                  ///< parameters fitted (base + friction)
  /// The regressor columns that are this model with its chosen widths or Stribeck velocities:
  /// what `identify --friction` estimates with (the settings' offset and armature kept).
  RegressorOptions options;
};

struct FrictionComparison {
  std::vector<FrictionModelScore> models;  ///< in a fixed order, viscous alone first
  int best = 0;                            ///< index of the lowest held-out score
  long trainingSamples = 0, heldOutSamples = 0;
  std::vector<std::string> notes;          ///< per log: "<file>: <summary>"
  std::vector<LogWarning> warnings;
};

/// Fits and compares the friction models on the logs, each read with its own import options when
/// it has them (the wizard's per-log column mappings) and with settings.import otherwise, all
/// preprocessed with `settings`; settings.regressor.offset and .armature add per-joint offsets and
/// rotor inertia to every model, its friction flags are ignored. Scores on the logs' held-out
/// seconds and on every sample of the `validation` logs (read the same way, never fitted).
/// Throws InputError (no log, too few samples, nothing held out, a log that cannot be read), Cancelled.
FrictionComparison compareFrictionModels(const RobotModel& model, const std::vector<LogInput>& logs,
                                         const IdentificationSettings& settings,
                                         const IdentificationProgress& progress = {},
                                         const std::vector<LogInput>& validation = {});

}  // namespace eb
