#pragma once
// The check of one log before it is identified from, on one read: the log is read and
// preprocessed as the estimate will read it (preprocessLogInto), its read problems and
// time axis collected, and its torques checked against the description's prediction
// (torque_convention_check.hpp). The wizard's Import page lists what checkLog finds; the
// refusal rule (refusesLog) is the one accumulateLogs applies, so the CLI and the wizard
// refuse the same logs.

#include "identification/identification_pipeline.hpp"
#include "logs/torque_convention_check.hpp"
#include "logs/time_base.hpp"
#include "model/robot_model.hpp"
#include "util/diagnostic.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace eb {

/// What checking one log found.
struct LogCheck {
  std::string path;
  bool ok = false;                    ///< read, and not refused for its torques
  Diagnostic error;                   ///< why not ok, with file, line and field when known; empty message when ok
  std::vector<LogWarning> warnings;   ///< the importer's, the preprocessing's and the convention check's findings
  TimeBaseSummary timeBase;           ///< steps, gaps, segments, samples dropped
  std::size_t rows = 0;               ///< samples kept
  double rateHz = 0.0;                ///< nominal sample rate [Hz]; 0 when unknown
  /// The torques against the description; empty when the log could not be preprocessed (its
  /// preprocessing error is then among the warnings: the estimate would stop on it).
  std::optional<TorqueConventionReport> conventions;
};

/// Whether identification refuses a log for its torques: a gravity-loaded joint clearly
/// reversed (conventions.refusedJoints()) while the log's import options state no torque signs.
bool refusesLog(const TorqueConventionReport& conventions, const LogImportOptions& import);

/// Checks the log at `path` read with `settings` (its own import options already in them,
/// settingsForLog) on one read of the file. A log that cannot be read or is refused is not ok
/// (LogCheck::error); nothing else throws but Cancelled, when `progress` (fraction of this log
/// in [0, 1]) returns false.
LogCheck checkLog(const RobotModel& model, const std::string& path, const IdentificationSettings& settings,
                  const std::function<bool(double)>& progress = {});

}  // namespace eb
