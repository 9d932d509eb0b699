#include "app/wizard/controller/log_mapping_guess.hpp"

#include "app/wizard/controller/wizard_text.hpp"

#include "logs/log_scan.hpp"

namespace eb::wizard {

const Diagnostic& LogPreviewState::previewError() const {
  static const Diagnostic none;
  return scan.kind == LogFileKind::DelimitedText ? scan.error : none;
}

void scanLogOf(const LogSource& log, LogPreviewState& state) {
  std::optional<CsvFormat> format;
  try {
    format = effectiveCsvFormat(log);
  } catch (const std::exception& e) {
    // The forced format could not be applied (the file cannot be opened): that is the scan's error.
    state.scan = LogScan{};
    state.scan.path = log.path.toStdString();
    state.scan.kind = log.kind();
    state.scan.error = diagnosticOf(e);
    state.scanned = true;
    return;
  }
  // Not counting a bag's messages: this runs on the GUI thread, and the check reads the whole log.
  state.scan = scanLog(log.path.toStdString(), kPreviewRows, format, false);
  state.scanned = true;
}

void guessLogMapping(LogSource& log, LogPreviewState& state, const std::vector<std::string>& jointNames,
                     const std::vector<double>& torqueConstants) {
  LogGuessOptions options;
  options.dof = static_cast<int>(jointNames.size());
  options.jointNames = jointNames;
  if (torqueConstants.size() == jointNames.size()) options.torqueConstants = torqueConstants;
  const ScanMappingGuess guessed = guessScanMapping(state.scan, options);
  log.mapping = guessed.guess.mapping;
  state.guessNotes = toQStringList(guessed.guess.notes);
  state.guessWarnings = toQStringList(guessed.guess.warnings);
  state.guessError = guessed.error;
  log.mappingEdited = false;
}

bool applyTorqueConstants(LogColumnMapping& mapping, const std::vector<double>& before,
                          const std::vector<double>& after) {
  bool changed = false;
  for (std::size_t j = 0; j < mapping.joints.size(); ++j) {
    const double was = j < before.size() ? before[j] : 1.0, now = j < after.size() ? after[j] : 1.0;
    double& scale = mapping.joints[j].torqueScale;
    if (scale == was && scale != now) {
      scale = now;
      changed = true;
    }
  }
  return changed;
}

// Guessed mappings are guessed again (columns recognised by name take the constants, torque
// columns stay torques); a mapping made by hand (a headerless log's columns have no names)
// takes them as the torque scale of the joints whose scale the old constants set, so a scale
// typed in the mapping stays.
bool remapForTorqueConstants(std::vector<LogSource>& logs, std::map<QString, LogPreviewState>& states,
                             const std::vector<double>& before, const std::vector<double>& after,
                             const std::vector<std::string>& jointNames) {
  bool any = false;
  for (LogSource& log : logs) {
    if (log.isNamed()) continue;
    auto it = states.find(log.path);
    if (log.mappingEdited) {
      any = applyTorqueConstants(log.mapping, before, after) || any;
    } else if (it != states.end() && it->second.previewOk()) {
      guessLogMapping(log, it->second, jointNames, after);
      any = true;
    }
  }
  return any;
}

}  // namespace eb::wizard
