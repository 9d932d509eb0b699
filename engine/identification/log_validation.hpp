#pragma once
// Validation on one log, as `excitebench-cli validate` and the wizard's Validate page both
// run it: read and preprocess the log like the training logs, predict its torques with the
// identified base parameters and with the robot description's own, and say what the
// residual shows (a torque offset the model is missing).

#include "identification/identification_pipeline.hpp"
#include "identification/validation.hpp"

#include <functional>
#include <string>
#include <vector>

namespace eb {

struct LogValidation {
  PreprocessedLog log;               ///< the samples predicted (t, q, qd, qdd, tau; segments)
  LogSummary summary;                ///< its time base and preprocessing, as the pipeline prints them
  ValidationResult identified;       ///< with the identified parameters (predicted torques kept)
  ValidationResult robotsOwn;        ///< with the description's parameters, no friction
  std::vector<LogWarning> warnings;  ///< the importer's and preprocessing's, then offset findings
};

/// Validates base parameters `values` of `base` on the log at `path` read with `settings`.
/// `progress` (fraction, what) reports reading and predicting; returning false cancels
/// (throws Cancelled). Throws InputError naming the file for a log that cannot be read.
LogValidation validateOnLog(const RobotModel& model, const BaseParameters& base, const Eigen::VectorXd& values,
                            const std::string& path, const IdentificationSettings& settings,
                            const std::function<bool(double, const std::string&)>& progress = {});

}  // namespace eb
