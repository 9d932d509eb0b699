#pragma once
// A small file that says how to read a family of logs, saved from the wizard
// and given to the CLI (--mapping FILE): the column mapping (or a column layout
// text), the units, the CSV format when it must be forced, and the torque
// constants of current columns.
//
//     { "format": "excitebench-log-mapping", "version": 1,
//       "csv": { "delimiter": ",", "decimal": ".", "header": false },     (optional)
//       "columns": "t,q1..q6,qd1..qd6,i1..i6",                          (either)
//       "mapping": { "time_column": "t", "time_unit": "s", "sample_rate_hz": 0,
//                    "position_unit": "rad",
//                    "joints": [ { "name": "shoulder", "q": "q1", "qd": "", "qdd": "",
//                                  "tau": "i1", "torque_scale": 0.125 }, ... ] },  (or)
//       "torque_constants": [0.125, ...],                                (with "columns")
//       "torque_signs": [1, -1, ...] }                                   (optional: a driver's reversed torque)

#include "logs/csv_table.hpp"
#include "logs/log_column_mapping.hpp"
#include "logs/log_import.hpp"

#include <optional>
#include <string>
#include <vector>

namespace eb {

struct LogMappingFile {
  std::optional<CsvFormat> format;          ///< forced CSV format
  std::optional<LogColumnMapping> mapping;  ///< columns by name
  std::optional<std::string> columns;       ///< or a column layout (log_column_layout.hpp)
  std::vector<double> torqueConstants;      ///< [N m/A] for current columns of a layout
  std::vector<double> torqueSigns;          ///< per joint +1 / -1 (LogImportOptions::torqueSigns); empty: not stated
};

/// A column mapping as the "mapping" object's JSON text (compact, numbers exact): the one codec
/// of a mapping, for mapping files and the wizard's session files.
std::string formatLogColumnMappingJson(const LogColumnMapping& mapping);
/// Reads a "mapping" object's JSON text. Throws std::invalid_argument "<key path>: <what>", the
/// key path relative to the object ("joints/2/torque_scale: not a number").
LogColumnMapping parseLogColumnMappingJson(const std::string& text);

/// The file's text (JSON, numbers exact).
std::string formatLogMappingFile(const LogMappingFile& file);
/// Writes it atomically. Throws InputError.
void writeLogMappingFile(const std::string& path, const LogMappingFile& file);
/// Reads a mapping file. Throws InputError "<path>: <json path>: <what>".
LogMappingFile readLogMappingFile(const std::string& path);

/// `options` with what the mapping `file` states, the one rule of the CLI's --mapping and the
/// wizard's "Load mapping": the file supplies its CSV format and its column mapping or layout
/// (replacing the other), and its torque constants [N m/A] and signs only where `options`
/// states none; constants and signs given explicitly (flags, the wizard's fields) win.
LogImportOptions withLogMappingFile(LogImportOptions options, const LogMappingFile& file);

}  // namespace eb
