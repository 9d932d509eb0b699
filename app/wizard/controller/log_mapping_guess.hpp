#pragma once
// What the Import page knows of a log before reading it in full: its scan (the engine's
// scanLog), and the column mapping guessed from it (the engine's guessScanMapping: the
// recognisers, else the columns whose names say exactly what they hold), kept in the log.

#include "app/wizard/controller/document_types.hpp"
#include "logs/log_scan.hpp"
#include "util/diagnostic.hpp"

#include <QStringList>

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace eb::wizard {

/// What the page knows of one log beyond the document: the engine's scan of it, made when the
/// log is added (or first shown) and again only when its CSV format changes, and the guess.
struct LogPreviewState {
  LogScan scan;
  bool scanned = false;  ///< scan holds the file's scan (else it is to be made)
  /// Whether the scan read a table preview (delimited text only).
  bool previewOk() const { return scan.preview.has_value(); }
  /// The table preview; only when previewOk().
  const CsvPreview& preview() const { return *scan.preview; }
  /// Why a delimited-text log's table could not be read (message empty when it was, and for
  /// bags and MAT files, whose reading the check reports).
  const Diagnostic& previewError() const;
  QStringList guessNotes, guessWarnings;
  Diagnostic guessError;    ///< message empty when the columns were recognised
};

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

/// New torque constants [N m/A] (`before` -> `after`) in the CSV logs' mappings: guessed ones
/// are guessed again with them, from the scans in `states`; ones made by hand take them through
/// applyTorqueConstants. Returns whether a mapping changed.
bool remapForTorqueConstants(std::vector<LogSource>& logs, std::map<QString, LogPreviewState>& states,
                             const std::vector<double>& before, const std::vector<double>& after,
                             const std::vector<std::string>& jointNames);

}  // namespace eb::wizard
