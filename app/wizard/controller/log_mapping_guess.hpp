#pragma once
// What the Import page knows of a log before reading it in full: its scan (the engine's
// scanLog), and the column mapping guessed from it (the engine's guessScanMapping: the
// recognisers, else the columns whose names say exactly what they hold), kept in the log.

#include "app/wizard/controller/identification_document.hpp"
#include "app/wizard/panels/log_problems.hpp"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace eb::wizard {

/// Rows a log's preview reads (the table, the column guess).
inline constexpr std::size_t kPreviewRows = 200;

/// Scans `log` into state.scan (scanLog: a CSV's first kPreviewRows rows read with its forced
/// format, or detected; a bag's topics and joints; a MAT file's variables).
void scanLogOf(const LogSource& log, LogPreviewState& state);

/// Sets log.mapping (and clears mappingEdited) by guessScanMapping on state.scan for a robot with `jointNames`
/// (model order); fills state.guessNotes, guessWarnings and guessError. `torqueConstants` [N m/A]
/// are used when there is one per joint (current columns).
void guessLogMapping(LogSource& log, LogPreviewState& state, const std::vector<std::string>& jointNames,
                     const std::vector<double>& torqueConstants);

/// The import options' torque constants [N m/A] (`after`, one per joint, or none) become the
/// torque scale of each joint whose scale is still the one `before` gave it (1 without
/// constants): a scale the user typed in the mapping stays. Returns whether a scale changed.
bool applyTorqueConstants(LogColumnMapping& mapping, const std::vector<double>& before,
                          const std::vector<double>& after);

/// How `log` is read beyond its file (mapping, forced CSV format), for sameLoggerChoice.
LogReadChoice readChoiceOf(const LogSource& log);

/// `choice` becomes how `log` is read: its mapping, whether made by hand, its forced format.
void applyReadChoice(LogSource& log, const LogReadChoice& choice);

/// New torque constants [N m/A] (`before` -> `after`) in the CSV logs' mappings: guessed ones
/// are guessed again with them, from the scans in `states`; ones made by hand take them through
/// applyTorqueConstants. Returns whether a mapping changed.
bool remapForTorqueConstants(std::vector<LogSource>& logs, std::map<QString, LogPreviewState>& states,
                             const std::vector<double>& before, const std::vector<double>& after,
                             const std::vector<std::string>& jointNames);

}  // namespace eb::wizard
