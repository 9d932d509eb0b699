#pragma once
// What a log is before it is read in full, found once per file and shared by the wizard's
// Import page and `excitebench-cli inspect-log`, so both say the same of it: its kind, and
// for delimited text its layout and first rows, for a ROS 2 bag its files, topics and
// JointState joints, for a MAT file its variables. And the one rule that lets a new log take
// the way a listed one is read: logs with the same columns come from the same logger.

#include "logs/bag_log_source.hpp"
#include "logs/bag_message_stream.hpp"
#include "logs/csv_table.hpp"
#include "logs/log_column_mapping.hpp"
#include "logs/log_file_kind.hpp"
#include "util/diagnostic.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace eb {

/// What scanLog finds in one log.
struct LogScan {
  std::string path;
  LogFileKind kind = LogFileKind::DelimitedText;
  /// Delimited text: the layout (format, header, columns) and the first rows; empty when unreadable.
  std::optional<CsvPreview> preview;
  /// A bag: its files and topics (with message counts); the JointState topic and its joints,
  /// empty when there is none usable (jointStatesError says why).
  std::optional<BagFiles> bag;
  std::vector<BagTopic> topics;
  std::optional<BagJointStates> jointStates;
  Diagnostic jointStatesError;
  /// A MAT file: its variable names.
  std::vector<std::string> matVariables;
  /// Why the file could not be scanned at all (message empty when it was).
  Diagnostic error;

  bool ok() const { return error.message.empty(); }
  /// The columns a mapping names: the CSV header (or generated names); empty for other kinds.
  const std::vector<std::string>& columns() const;
};

/// Scans the log at `path` (a CSV/text table, a MAT file, a bag folder or .mcap/.db3 file):
/// its kind by logFileKindOf, then for text the layout and up to `previewRows` rows read with
/// `format` (detected when empty). Never throws for an unreadable file: scan.error says why.
/// `countBagMessages`: a bag is read through to count each topic's messages and their first and
/// last times (inspect-log's span and rate); false takes what an MCAP summary states and reads
/// the data only where the summary is incomplete, so an hour-long bag scans at once (the
/// wizard, which scans on the GUI thread and reads the whole log on a worker afterwards).
LogScan scanLog(const std::string& path, std::size_t previewRows = 200,
                const std::optional<CsvFormat>& format = std::nullopt, bool countBagMessages = true);

/// A column mapping guessed from a scanned table.
struct ScanMappingGuess {
  LogMappingGuess guess;
  /// Why the recognisers found nothing usable (message empty when they did); guess.mapping then
  /// holds only the columns whose names say exactly what they hold, the rest to map by hand.
  Diagnostic error;
};

/// The mapping of a scanned delimited-text log for a robot of `options` (dof, joint names in
/// model order, torque constants [N m/A]): guessLogColumnMapping on the scan's columns and rows;
/// when it throws, the exact names "t"/"time"/"timestamp" and "q<j>", "qd<j>", "qdd<j>",
/// "tau<j>" (j from 1) are kept, so a log missing one column loses only that one. Throws
/// InputError when the scan has no table.
ScanMappingGuess guessScanMapping(const LogScan& scan, const LogGuessOptions& options);

/// How a listed log is read beyond its file: its column mapping, whether the user made it,
/// and the CSV format fields forced for it (detected when empty).
struct LogReadChoice {
  LogColumnMapping mapping;
  bool mappingEdited = false;
  std::optional<char> delimiter, decimal;
  std::optional<bool> header;
};

/// A log already listed: its scan and how it is read.
struct ListedLog {
  const LogScan* scan = nullptr;
  LogReadChoice choice;
};

/// The read choice a new log takes from the listed log of the same logger: the last listed
/// delimited-text log with exactly the added log's columns and a mapping; none when there is
/// none, or either scan failed.
std::optional<LogReadChoice> sameLoggerChoice(const LogScan& added, const std::vector<ListedLog>& listed);

}  // namespace eb
