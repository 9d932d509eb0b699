#pragma once
// Reading logs through the importer to find every problem before the
// estimation does: CSV logs are streamed block by block (constant memory,
// every row parsed and checked), MAT files read whole. Runs on a worker
// thread; the Import page lists what it finds.

#include "app/common/background_task.hpp"

#include "logs/experiment_log.hpp"
#include "logs/log_import.hpp"

#include <QString>

#include <cstddef>
#include <string>
#include <vector>

namespace eb::wizard {

/// One log to read and how.
struct LogCheckRequest {
  QString path;
  LogImportOptions options;  ///< dof and joint names filled in
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
};

/// Reads every log (a failing log does not stop the others). Returns early, with fewer
/// results, when `progress` returns false.
std::vector<LogCheck> checkLogs(const std::vector<LogCheckRequest>& requests, const common::BackgroundTask::Progress& progress);

}  // namespace eb::wizard
