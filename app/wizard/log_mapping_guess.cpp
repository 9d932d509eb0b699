#include "app/wizard/log_mapping_guess.hpp"

#include "app/wizard/wizard_text.hpp"

#include "logs/log_column_mapping.hpp"

#include <algorithm>
#include <utility>

namespace eb::wizard {

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
  state.scan = scanLog(log.path.toStdString(), kPreviewRows, format);
  state.scanned = true;
}

void guessLogMapping(LogSource& log, LogPreviewState& state, const std::vector<std::string>& jointNames,
                     const std::vector<double>& torqueConstants) {
  state.guessNotes.clear();
  state.guessWarnings.clear();
  state.guessError = {};
  LogGuessOptions options;
  options.dof = static_cast<int>(jointNames.size());
  options.jointNames = jointNames;
  if (torqueConstants.size() == static_cast<std::size_t>(options.dof))
    options.torqueConstants = torqueConstants;
  const CsvLayout& layout = state.preview().layout;
  try {
    const LogMappingGuess guess = guessLogColumnMapping(layout.columns, state.preview().values, options,
                                                        log.path.toStdString(), layout.columnsLine());
    log.mapping = guess.mapping;
    state.guessNotes = toQStringList(guess.notes);
    state.guessWarnings = toQStringList(guess.warnings);
  } catch (const std::exception& e) {
    // Nothing usable was recognised: an empty mapping with the model's joints, to fill in by hand.
    state.guessError = diagnosticOf(e);
    // Keep what the exact names say ("t", "q3", "tau3", ...) so only the rest is left to map by hand.
    log.mapping = LogColumnMapping{};
    auto has = [&](const std::string& name) {
      return std::find(layout.columns.begin(), layout.columns.end(), name) != layout.columns.end();
    };
    for (const char* time : {"t", "time", "timestamp"})
      if (log.mapping.timeColumn.empty() && has(time)) log.mapping.timeColumn = time;
    const std::vector<std::string>& names = jointNames;
    for (size_t j = 0; j < names.size(); ++j) {
      JointColumns jc;
      jc.name = names[j];
      const std::string index = std::to_string(j + 1);
      const std::pair<std::string*, const char*> roles[] = {{&jc.q, "q"}, {&jc.qd, "qd"}, {&jc.qdd, "qdd"}, {&jc.tau, "tau"}};
      for (const auto& [field, role] : roles)
        if (has(role + index)) *field = role + index;
      log.mapping.joints.push_back(jc);
    }
  }
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

LogReadChoice readChoiceOf(const LogSource& log) {
  return {log.mapping, log.mappingEdited, log.delimiter, log.decimal, log.header};
}

void applyReadChoice(LogSource& log, const LogReadChoice& choice) {
  log.mapping = choice.mapping;
  log.mappingEdited = choice.mappingEdited;
  log.delimiter = choice.delimiter;
  log.decimal = choice.decimal;
  log.header = choice.header;
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
