#pragma once
// The whole identification of one robot from one or several logged
// experiments, as the CLI `identify` and the GUI wizard run it: import each
// log (streamed in blocks) with its own import options, low-pass and
// differentiate it, accumulate the normal equations of the base regression
// across all logs, estimate (estimateFromLogs, also the wizard's re-estimation
// from the equations it keeps). Memory stays bounded for hour-long logs.

#include "identification/base_estimation.hpp"
#include "logs/log_import.hpp"
#include "logs/torque_convention_check.hpp"
#include "identification/log_preprocessing.hpp"
#include "identification/normal_equations.hpp"
#include "identification/plausibility.hpp"
#include "model/robot_model.hpp"

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace eb {

struct IdentificationSettings {
  RegressorOptions regressor;       ///< columns identified (default: rigid body + viscous + Coulomb)
  EstimationOptions estimation;
  PreprocessOptions preprocess;     ///< cutoffHz 0 = automaticCutoffHz(rate), streamed or not
  LogImportOptions import;          ///< dof and joint names are filled from the model
  /// Use logged qd and qdd columns as they are (no filtering, no differentiation) when a
  /// log has both: for simulated logs with true derivatives, or loggers that provide them.
  bool useLoggedDerivatives = false;
  /// Refuse a position outside its joint's plausible range (PositionBounds::aroundLimits) as
  /// a corrupted value; off, only absurd magnitudes (kMaxJointSignal) are.
  bool checkPositionRanges = true;
  IdentificationSettings() {
    regressor.viscous = regressor.coulomb = true;
    // Torques stay unfiltered by default: white noise keeps the standard deviations
    // honest and the Coulomb steps sharp (see PreprocessOptions::filterTorque).
    preprocess.filterTorque = false;
    // Each segment's ends, where the filter sees the edge, are left out of the regression.
    preprocess.edgeTrimSeconds = -1.0;
  }
};

/// What happened to one log on its way to the regression.
struct LogSummary {
  std::string path;
  TimeBaseSummary timeBase;       ///< what the importer found on the time axis
  PreprocessReport preprocess;    ///< resampling, segments, trim, cutoff (empty with logged derivatives)
  bool loggedDerivatives = false; ///< qd, qdd used as logged
  /// The log's torques checked against the description's prediction (accumulateLogs fills it).
  TorqueConventionReport conventions;
  /// The one summary line: "<time base>; <preprocessing>".
  std::string text() const;
};

/// One log to identify from: its file and, when it is read unlike the others, its own import
/// options (the wizard's per-log column mapping, CSV format and sample rate).
struct LogInput {
  std::string path;
  /// Replaces IdentificationSettings::import for this log when set; the dof, joint names and
  /// position bounds are filled from the model either way (importOptionsFor).
  std::optional<LogImportOptions> import;
  /// A log read with the settings' import options: a path alone is a LogInput, so
  /// `identifyFromLogs(model, {path}, settings)` reads as it says.
  LogInput(std::string file) : path(std::move(file)) {}  // NOLINT(google-explicit-constructor)
  LogInput(std::string file, LogImportOptions options) : path(std::move(file)), import(std::move(options)) {}
};

/// The settings `log` is read and preprocessed with: `settings` with the log's own import options
/// when it has them.
IdentificationSettings settingsForLog(const IdentificationSettings& settings, const LogInput& log);

/// The normal equations of the base regression over a set of logs: what an estimate is made from.
struct AccumulatedEquations {
  BaseParameters base;
  NormalEquations equations;          ///< every sample
  /// The same samples in two parts: every fifth second of each log (by its own time,
  /// from its first sample) held out, the rest for training. The consistent estimate
  /// chooses its prior weight on them (chooseConsistentPriorWeight).
  NormalEquations trainingEquations, heldOutEquations;
  std::vector<LogSummary> logs;       ///< one per log, in order
  std::vector<std::string> notes;     ///< per log: "<file>: " + its summary line
  std::vector<LogWarning> warnings;   ///< importer and preprocessing warnings (identifyFromLogs: and residual findings)
};

/// The accumulated equations and the estimate made from them.
struct IdentificationRun : AccumulatedEquations {
  BaseEstimate estimate;
  /// Each body's parameters against its geometry's bounds (checkPlausibility with
  /// bodyGeometryBounds), one per body; empty when the estimate has no full parameters.
  std::vector<BodyPlausibility> plausibility;
};

/// Progress: (fraction in [0, 1], what is being done); return false to cancel (throws Cancelled).
using IdentificationProgress = std::function<bool(double, const std::string&)>;

/// Whether the sample at t [s] of a log whose first sample is at t0 [s] is held out: the
/// last of every five one-second windows (how accumulateLogs splits training and held-out).
bool isHeldOutSample(double t, double t0);

/// Receives preprocessed samples: t (rows) [s], q, qd, qdd, tau (rows x dof), SI, model order.
using SampleSink = std::function<void(const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd,
                                      const Eigen::MatrixXd& qdd, const Eigen::MatrixXd& tau)>;

/// Reads and preprocesses one log as identification does, handing its samples to `sink`
/// block by block (text logs streamed in bounded memory; MAT files and logged derivatives
/// at once). Appends the importer's and preprocessing's warnings; `report` (fraction of
/// this log, what) may throw to cancel. Returns what happened to the log.
LogSummary preprocessLogInto(const RobotModel& model, const std::string& path, const IdentificationSettings& settings,
                             const SampleSink& sink, std::vector<LogWarning>& warnings,
                             const std::function<void(double, const std::string&)>& report = {});

/// Accumulates the normal equations of every log, each read with its own import options and
/// preprocessed with `settings` (base parameters computed for the model and settings.regressor).
/// Each log's torques are checked against the description (LogSummary::conventions; findings
/// join the warnings). Throws InputError naming the file of a log that cannot be read, for no
/// log at all, and for a log whose gravity-loaded joints are clearly reversed while its import
/// options state no torque signs (TorqueConventionReport::refusal).
AccumulatedEquations accumulateLogs(const RobotModel& model, const std::vector<LogInput>& logs,
                                    const IdentificationSettings& settings,
                                    const IdentificationProgress& progress = {});

/// An estimate from accumulated equations and what its residual says.
struct LogsEstimate {
  BaseEstimate estimate;
  /// Offset findings of the residual (offsetFindings), naming the logs; none with an offset column.
  std::vector<LogWarning> warnings;
  /// Each body's parameters against its geometry's bounds (checkPlausibility with
  /// bodyGeometryBounds, which reads mesh files), one per body; empty when the estimate has no
  /// full parameters (OLS, WLS and ridge estimate base parameters only).
  std::vector<BodyPlausibility> plausibility;
};

/// The estimate step after accumulateLogs, for identifyFromLogs and for a re-estimation from
/// kept equations (the wizard's method change): estimateWithMethod with `options` (the
/// consistent prior weight chosen on the held-out split), an InputError of the estimate
/// prefixed with the logs' files ("a.csv, b.csv: ..."), the residual's offset findings and the
/// bodies' plausibility, so the CLI's params.json and the wizard's Estimate page show one check.
/// `progress` as estimateWithMethod's.
LogsEstimate estimateFromLogs(const RobotModel& model, const AccumulatedEquations& accumulated,
                              const EstimationOptions& options, const std::function<bool(double)>& progress = {});

/// accumulateLogs followed by estimateFromLogs with settings.estimation (OLS, WLS, ridge, or
/// physically consistent); the offset findings are appended to the run's warnings, the
/// plausibility kept in the run.
IdentificationRun identifyFromLogs(const RobotModel& model, const std::vector<LogInput>& logs,
                                   const IdentificationSettings& settings, const IdentificationProgress& progress = {});

/// Estimates from accumulated equations with the settings' method (estimateFromLogs' core).
/// `progress` (fraction of the estimate done -> false to stop) is called by the iterative
/// consistent estimator only; stopping throws Cancelled.
/// For the consistent method with priorWeight 0, the weight is chosen on `heldOut` (with
/// `training` the rest of eq's samples) when both are given and the held-out part has
/// enough samples; otherwise ConsistentOptions' default weight is used and a note says so.
BaseEstimate estimateWithMethod(const RobotModel& model, const NormalEquations& eq, const BaseParameters& base,
                                const EstimationOptions& options, const std::function<bool(double)>& progress = {},
                                const NormalEquations* training = nullptr, const NormalEquations* heldOut = nullptr);

/// EstimationMethod::Auto: the consistent estimate (prior weight chosen on `heldOut`) and OLS
/// fitted on `training`, scored on `heldOut`; the better one, refitted on all of `eq`, with a
/// first note saying which was chosen and the two scores. Falls back to OLS with a note when
/// the consistent estimate fails, to the consistent one when there is nothing to score on.
BaseEstimate estimateAuto(const RobotModel& model, const NormalEquations& eq, const BaseParameters& base,
                          const EstimationOptions& options, const std::function<bool(double)>& progress,
                          const NormalEquations* training, const NormalEquations* heldOut);

/// Preprocessed samples of one log (whole log in memory), for validation and plots; with
/// `maxRows` > 0 only the log's first maxRows samples are read (a preview). Throws InputError
/// naming the file.
PreprocessedLog loadAndPreprocess(const RobotModel& model, const std::string& path, const IdentificationSettings& settings,
                                  std::size_t maxRows = 0);

/// Whether `log` is used with its logged qd and qdd as they are: settings.useLoggedDerivatives
/// and the log has both columns (otherwise its positions are filtered and differentiated).
bool usesLoggedDerivatives(const IdentificationSettings& settings, const ExperimentLog& log);

/// An imported log preprocessed as loadAndPreprocess does it (logged derivatives, or the
/// settings' filter with the automatic cutoff rule for cutoffHz 0). Throws InputError naming
/// log.source for a setting the log's rate makes invalid.
PreprocessedLog preprocessImportedLog(const ExperimentLog& log, const IdentificationSettings& settings);

/// The first samples of a log, raw and preprocessed: what the wizard's preprocessing preview shows.
struct PreprocessingPreview {
  std::shared_ptr<const ExperimentLog> raw;  ///< the first maxRows samples as imported (truncated says if cut)
  PreprocessedLog preprocessed;              ///< those samples through preprocessImportedLog
  bool loggedDerivatives = false;            ///< usesLoggedDerivatives: qd, qdd used as logged
};

/// The preprocessing of a log's first `maxRows` samples through the same path as
/// loadAndPreprocess(model, path, settings, maxRows), so a preview shows what identification
/// uses. `raw`, when given, is that read already done (its import options unchanged) and is
/// not read again; `progress` (fraction of the read) returning false throws Cancelled.
PreprocessingPreview previewPreprocessing(const RobotModel& model, const std::string& path,
                                          const IdentificationSettings& settings, std::size_t maxRows,
                                          std::shared_ptr<const ExperimentLog> raw = nullptr,
                                          const std::function<bool(double)>& progress = {});

/// Import options for a model: settings.import with the dof, joint names and (with
/// checkPositionRanges) the plausible position range of each joint filled in from the model.
LogImportOptions importOptionsFor(const RobotModel& model, const IdentificationSettings& settings);

/// Per joint residual mean of an estimate [N m] (tau - Y_b theta averaged over the samples).
Eigen::VectorXd residualMeans(const NormalEquations& eq, const Eigen::VectorXd& theta);

/// Warnings for joints whose residual mean is a large part of its RMS (>= kOffsetResidualShare)
/// while the model has no offset column: a torque-sensor offset the model is missing.
/// `where` names the logs; `names` the joints.
std::vector<LogWarning> offsetFindings(const Eigen::VectorXd& means, const Eigen::VectorXd& rms,
                                       const std::vector<std::string>& names, const std::string& where,
                                       bool modelHasOffset);

/// Share of the residual RMS a residual mean must reach to be reported as an offset.
inline constexpr double kOffsetResidualShare = 0.25;

}  // namespace eb
