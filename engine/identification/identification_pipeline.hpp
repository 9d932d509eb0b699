#pragma once
// The whole identification of one robot from one or several logged
// experiments, as the CLI `identify` and the GUI wizard run it: import each
// log (streamed in blocks), low-pass and differentiate it, accumulate the
// normal equations of the base regression across all logs, estimate.
// Memory stays bounded for hour-long logs.

#include "identification/base_estimation.hpp"
#include "identification/log_import.hpp"
#include "identification/log_preprocessing.hpp"
#include "identification/normal_equations.hpp"
#include "model/robot_model.hpp"

#include <functional>
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
  IdentificationSettings() {
    regressor.viscous = regressor.coulomb = true;
    // Torques stay unfiltered by default: white noise keeps the standard deviations
    // honest and the Coulomb steps sharp (see PreprocessOptions::filterTorque).
    preprocess.filterTorque = false;
  }
};


struct IdentificationRun {
  BaseParameters base;
  NormalEquations equations;
  BaseEstimate estimate;
  std::vector<std::string> notes;     ///< per log: rows, rate, mapping, cutoff
  std::vector<LogWarning> warnings;   ///< importer and preprocessing warnings
};

/// Progress: (fraction in [0, 1], what is being done); return false to cancel (throws InputError "cancelled").
using IdentificationProgress = std::function<bool(double, const std::string&)>;

/// Accumulates the normal equations of every log (base parameters computed for the model and options).
IdentificationRun accumulateLogs(const RobotModel& model, const std::vector<std::string>& paths,
                                 const IdentificationSettings& settings, const IdentificationProgress& progress = {});

/// accumulateLogs followed by the estimate (OLS, WLS, ridge, or physically consistent).
IdentificationRun identifyFromLogs(const RobotModel& model, const std::vector<std::string>& paths,
                                   const IdentificationSettings& settings, const IdentificationProgress& progress = {});

/// Estimates from accumulated equations with the settings' method (shared by the wizard's re-estimation).
/// `progress` (fraction of the estimate done -> false to stop) is called by the iterative
/// consistent estimator only; stopping throws InputError "consistent estimate: cancelled".
BaseEstimate estimateWithMethod(const RobotModel& model, const NormalEquations& eq, const BaseParameters& base,
                                const EstimationOptions& options, const std::function<bool(double)>& progress = {});

/// Preprocessed samples of one log (whole log in memory), for validation and plots.
PreprocessedLog loadAndPreprocess(const RobotModel& model, const std::string& path, const IdentificationSettings& settings);

}  // namespace eb
