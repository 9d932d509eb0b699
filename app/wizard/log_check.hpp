#pragma once
// Reading logs through the importer to find every problem before the
// estimation does: CSV logs are streamed block by block (constant memory,
// every row parsed and checked), MAT files read whole; then the torques are
// checked against the description's prediction (torque_convention_check.hpp) as
// the estimate will check them. Runs on a worker thread; the Import page lists
// what it finds.

#include "app/common/background_task.hpp"

#include "logs/experiment_log.hpp"
#include "identification/identification_pipeline.hpp"
#include "logs/log_import.hpp"
#include "logs/torque_convention_check.hpp"

#include <memory>
#include <optional>

#include <QString>

#include <cstddef>
#include <string>
#include <vector>

namespace eb::wizard {

/// One log to read and how.
struct LogCheckRequest {
  QString path;
  LogImportOptions options;  ///< dof and joint names filled in
  /// The robot and the log's settings for the convention check (none: the check is skipped).
  std::shared_ptr<const RobotModel> model;
  IdentificationSettings settings;
  QString setupError;        ///< set when the options could not be made (reported as the log's error)
};

/// What reading one log found.
struct LogCheck {
  QString path;
  bool ok = false;
  QString error;                      ///< the importer's message when !ok ("<file>: line N: column 'x': ...")
  Diagnostic errorDetail;             ///< the same, as data (line, field) when the importer knew them
  std::vector<LogWarning> warnings;   ///< skipped lines, unit doubts, with their lines
  TimeBaseSummary timeBase;           ///< steps, gaps, segments, samples dropped
  std::vector<std::string> notes;     ///< what the importer recognised
  std::size_t rows = 0;
  double rateHz = 0.0, duration = 0.0;  ///< [Hz], [s]
  /// The torques against the description (when the log was read and a model given). Its findings
  /// are among the warnings; a refused log is not ok, with the refusal as its error.
  std::optional<TorqueConventionReport> conventions;
};

/// Reads every log (a failing log does not stop the others). Returns early, with fewer
/// results, when `progress` returns false.
std::vector<LogCheck> checkLogs(const std::vector<LogCheckRequest>& requests, const common::BackgroundTask::Progress& progress);

}  // namespace eb::wizard
