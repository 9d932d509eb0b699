#pragma once
// The results the identification controller caches, each the engine's own result object with
// the inputs it was computed from (identification_inputs.hpp). Pages show them and convert to
// text only to display.

#include <QString>
#include <memory>
#include <string>
#include <vector>

#include "app/wizard/controller/identification_inputs.hpp"
#include "identification/base_estimation.hpp"
#include "identification/drift_check.hpp"
#include "identification/friction_comparison.hpp"
#include "identification/identification_pipeline.hpp"
#include "identification/log_check.hpp"
#include "identification/log_validation.hpp"
#include "identification/payload_identification.hpp"
#include "identification/plausibility.hpp"
#include "identification/validation.hpp"
#include "logs/experiment_log.hpp"
#include "simulation/closed_loop_tracking.hpp"

namespace eb::wizard {

/// Normal equations of all logs (accumulateLogs) for one set of logs, mappings, import options,
/// preprocessing and regressor columns.
struct AccumulatedLogs : AccumulatedEquations {
  AccumulationInputs inputs;  ///< what they were computed from
};

/// A finished estimate.
struct EstimateResult {
  std::shared_ptr<const AccumulatedLogs> logs;
  EstimationSettings settings;  ///< what it was estimated with
  BaseEstimate estimate;
  std::vector<LogWarning> warnings;  ///< the estimate's residual findings (estimateFromLogs: a missing torque offset)
  /// Consistent estimate: each body's plausibility against its geometry's bounds, as
  /// estimateFromLogs returns it (on the worker thread: the bounds read mesh files); empty otherwise.
  std::vector<BodyPlausibility> plausibility;
};

/// Every training log checked (checkLog: read, time axis, torque conventions) for one set of
/// logs, import options and preprocessing, in the document's order.
struct LogChecksResult {
  LogsInputs inputs;
  std::vector<LogCheck> checks;
};

/// A finished friction comparison and what it compared on.
struct FrictionResult {
  FrictionInputs inputs;
  FrictionComparison comparison;
};

/// A finished validation: the engine's validateOnLog result for the validation log.
struct ValidationData {
  ValidationInputs inputs;  ///< the estimate and the log it was made with
  QString logPath;          ///< absolute
  QString mappingNote;      ///< how the log's columns were mapped
  /// The samples predicted (run.log: t [s], filtered q, qd, qdd, measured tau [N m], segments:
  /// what closed loop tracks), its summary, the prediction with the estimate (run.identified,
  /// predicted torques kept) and with the robot's own parameters (run.robotsOwn), and the
  /// importer's and offset warnings.
  LogValidation run;
};

/// The drift check of a validation's residual: the report, or why there is none (errors as data,
/// shown where the window is chosen).
struct DriftResult {
  DriftInputs inputs;
  DriftReport report;
  std::string problem;  ///< non-empty: no report ("2 windows of 20 s ...")
};

/// A closed-loop run: both controllers' tracking of the validation's motion.
struct ClosedLoopResult {
  ClosedLoopInputs inputs;
  ClosedLoopComparison comparison;
};

/// An identified payload.
struct PayloadResult {
  PayloadInputs inputs;
  PayloadRun run;
  QString mappingNote;  ///< how the loaded log's columns were mapped (and read)
};

/// A torque-constant calibration: the fit and the constants it gives.
struct GainResult {
  GainInputs inputs;
  PayloadRun run;
  DriveGains gains;        ///< [N m/A, or per unit of the logged effort] with their standard deviations
  double knownMass = 0.0;  ///< [kg] of the known payload
};

/// The physically consistent estimate a model file of a non-consistent estimate is written from.
struct ModelFileEstimate {
  std::shared_ptr<const EstimateResult> source;  ///< the estimate whose equations it was made from
  BaseEstimate estimate;
};

}  // namespace eb::wizard
