#include "logs/log_scan.hpp"

#include "logs/mat_log_import.hpp"
#include "logs/rosbag_directory.hpp"
#include "util/input_error.hpp"

namespace eb {

namespace {

// The engine's readers throw InputError with the place; anything else keeps its text.
Diagnostic scanDiagnosticOf(const std::exception& e, const std::string& path) {
  if (const auto* input = dynamic_cast<const InputError*>(&e)) return input->diagnostic();
  Diagnostic d;
  d.file = path;
  d.message = e.what();
  return d;
}

}  // namespace

const std::vector<std::string>& LogScan::columns() const {
  static const std::vector<std::string> none;
  return preview ? preview->layout.columns : none;
}

LogScan scanLog(const std::string& path, std::size_t previewRows, const std::optional<CsvFormat>& format) {
  LogScan scan;
  scan.path = path;
  try {
    scan.kind = logFileKindOf(path);
    if (scan.kind == LogFileKind::RosBag) {
      scan.bag = resolveBagFiles(path);
      scan.topics = listBagTopics(*scan.bag, true);
      // A bag without a usable JointState topic is still described (its topics); the reason
      // stays beside, for the wizard's joint table and inspect-log's last line.
      try {
        scan.jointStates = inspectBagJointStates(path, "");
      } catch (const std::exception& e) {
        scan.jointStatesError = scanDiagnosticOf(e, path);
      }
    } else if (scan.kind == LogFileKind::Mat) {
      scan.matVariables = listMatVariables(path);
    } else {
      scan.preview = readCsvPreview(path, previewRows, format);
    }
  } catch (const std::exception& e) {
    scan.error = scanDiagnosticOf(e, path);
    if (scan.error.message.empty()) scan.error.message = "cannot be read";
  }
  return scan;
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
