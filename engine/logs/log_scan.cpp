#include "logs/log_scan.hpp"

#include "logs/mat_log_import.hpp"
#include "logs/rosbag_directory.hpp"
#include "util/input_error.hpp"

#include <algorithm>
#include <utility>

namespace eb {

const std::vector<std::string>& LogScan::columns() const {
  static const std::vector<std::string> none;
  return preview ? preview->layout.columns : none;
}

LogScan scanLog(const std::string& path, std::size_t previewRows, const std::optional<CsvFormat>& format,
                bool countBagMessages) {
  LogScan scan;
  scan.path = path;
  try {
    scan.kind = logFileKindOf(path);
    if (scan.kind == LogFileKind::RosBag) {
      scan.bag = resolveBagFiles(path);
      scan.topics = listBagTopics(*scan.bag, countBagMessages);
      // A bag without a usable JointState topic is still described (its topics); the reason
      // stays beside, for the wizard's joint table and inspect-log's last line.
      try {
        scan.jointStates = inspectBagJointStates(*scan.bag, scan.topics, "");
      } catch (const std::exception& e) {
        scan.jointStatesError = diagnosticOf(e, path);
      }
    } else if (scan.kind == LogFileKind::Mat) {
      scan.matVariables = listMatVariables(path);
    } else {
      scan.preview = readCsvPreview(path, previewRows, format);
    }
  } catch (const std::exception& e) {
    scan.error = diagnosticOf(e, path);
    if (scan.error.message.empty()) scan.error.message = "cannot be read";
  }
  return scan;
}

ScanMappingGuess guessScanMapping(const LogScan& scan, const LogGuessOptions& options) {
  if (!scan.preview) throw inputErrorIn(scan.path, "the log's columns could not be read");
  const CsvLayout& layout = scan.preview->layout;
  ScanMappingGuess out;
  try {
    out.guess = guessLogColumnMapping(layout.columns, scan.preview->values, options, scan.path, layout.columnsLine());
    return out;
  } catch (const std::exception& e) {
    out.error = diagnosticOf(e, scan.path);
  }
  // Nothing usable was recognised: keep what the exact names say, so only the rest is left to
  // map by hand (and the check names the one column missing).
  LogColumnMapping& mapping = out.guess.mapping;
  auto has = [&](const std::string& name) {
    return std::find(layout.columns.begin(), layout.columns.end(), name) != layout.columns.end();
  };
  for (const char* time : {"t", "time", "timestamp"})
    if (mapping.timeColumn.empty() && has(time)) mapping.timeColumn = time;
  for (int j = 0; j < options.dof; ++j) {
    JointColumns jc;
    if (static_cast<std::size_t>(j) < options.jointNames.size()) jc.name = options.jointNames[static_cast<std::size_t>(j)];
    const std::string index = std::to_string(j + 1);
    const std::pair<std::string*, const char*> roles[] = {{&jc.q, "q"}, {&jc.qd, "qd"}, {&jc.qdd, "qdd"}, {&jc.tau, "tau"}};
    for (const auto& [field, role] : roles)
      if (has(role + index)) *field = role + index;
    mapping.joints.push_back(jc);
  }
  return out;
}

std::optional<LogReadChoice> sameLoggerChoice(const LogScan& added, const std::vector<ListedLog>& listed) {
  if (added.kind != LogFileKind::DelimitedText || !added.preview) return std::nullopt;
  std::optional<LogReadChoice> choice;
  // The last one wins: the most recently listed log of that logger is the likeliest to be right.
  for (const ListedLog& log : listed)
    if (log.scan && log.scan->kind == LogFileKind::DelimitedText && log.scan->preview &&
        log.scan->columns() == added.columns() && !log.choice.mapping.joints.empty())
      choice = log.choice;
  return choice;
}

}  // namespace eb
