#pragma once
// What the Import page knows of a log before reading it in full: its preview, and the column
// mapping guessed from it: the engine's recognisers (logs/log_column_mapping.hpp) first; when
// they find nothing usable, the columns whose names say exactly what they hold ("t", "q3",
// "qd3", "tau3") are kept, so a log missing one column (tau3) loses only that one and the
// problem names it.

#include "app/wizard/controller/identification_document.hpp"
#include "app/wizard/panels/log_problems.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace eb::wizard {

/// Rows a log's preview reads (the table, the column guess).
inline constexpr std::size_t kPreviewRows = 200;

/// Reads the first kPreviewRows rows of `log` (its format, or detected) into state.preview
/// (previewOk), or the reason it cannot be read into state.previewError.
void readLogPreview(const LogSource& log, LogPreviewState& state);

/// Sets log.mapping (and clears mappingEdited) from state.preview for a robot with `jointNames`
/// (model order); fills state.guessNotes, guessWarnings and guessError. `torqueConstants` [N m/A]
/// are used when there is one per joint (current columns).
void guessLogMapping(LogSource& log, LogPreviewState& state, const std::vector<std::string>& jointNames,
                     const std::vector<double>& torqueConstants);

/// The import options' torque constants [N m/A] (`after`, one per joint, or none) become the
/// torque scale of each joint whose scale is still the one `before` gave it (1 without
/// constants): a scale the user typed in the mapping stays. Returns whether a scale changed.
bool applyTorqueConstants(LogColumnMapping& mapping, const std::vector<double>& before,
                          const std::vector<double>& after);

}  // namespace eb::wizard
