#include "logs/log_inspection.hpp"

#include "logs/log_file_kind.hpp"

#include "logs/bag_log_source.hpp"
#include "logs/bag_message_stream.hpp"
#include "logs/cdr_joint_state.hpp"
#include "logs/csv_table.hpp"
#include "logs/log_column_names.hpp"
#include "logs/mat_log_import.hpp"
#include "logs/rosbag_directory.hpp"
#include "util/input_error.hpp"
#include "util/text_format.hpp"

#include <cctype>
#include <cstdio>
#include <filesystem>

namespace eb {

namespace {

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string listOf(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

std::vector<std::string> inspectBag(const LogScan& scan) {
  std::vector<std::string> lines;
  const std::string& path = scan.path;
  const BagFiles& bag = *scan.bag;
  lines.push_back(path + ": ROS 2 bag, " + (bag.storage == BagStorage::Mcap ? "mcap" : "sqlite3") + " storage, " +
                  std::to_string(bag.files.size()) + (bag.files.size() == 1 ? " file" : " files"));
  for (const std::string& f : bag.files) lines.push_back("  file " + std::filesystem::path(f).filename().string());
  for (const std::string& n : bag.notes) lines.push_back("  note: " + n);
  for (const BagTopic& t : scan.topics) {
    std::string line = "  topic " + t.name + "  " + (t.type.empty() ? "(no schema)" : t.type) + "  " + t.encoding + "  " +
                       (!t.messagesKnown  ? std::string("messages not counted")
                        : t.messages == 1 ? std::string("1 message")
                                          : std::to_string(t.messages) + " messages");
    if (t.messages >= 2 && t.last > t.first) {
      const double span = static_cast<double>(t.last - t.first) * 1e-9;
      line += "  " + fixed(span, 3) + " s  " + fixed(static_cast<double>(t.messages - 1) / span, 1) + " Hz";
    }
    lines.push_back(line);
  }
  if (scan.jointStates) {
    const BagJointStates& states = *scan.jointStates;
    std::string arrays = "position";
    if (states.velocity) arrays += ", velocity";
    if (states.effort) arrays += ", effort";
    lines.push_back("  JointState on " + states.topic + ": " + std::to_string(states.joints.size()) + " joints (" +
                    listOf(states.joints) + "); arrays: " + arrays);
  } else {
    lines.push_back("  not readable as a log: " + scan.jointStatesError.message);
  }
  return lines;
}

std::vector<std::string> inspectCsv(const LogScan& scan, std::optional<std::size_t> dataRows) {
  std::vector<std::string> lines;
  const std::string& path = scan.path;
  const CsvLayout& layout = scan.preview->layout;
  const std::string delimiter = layout.format.delimiter == '\t' ? "tab"
                                : layout.format.delimiter == ' ' ? "blanks"
                                                                 : std::string("'") + layout.format.delimiter + "'";
  lines.push_back(path + ": CSV, delimiter " + delimiter + ", decimal '" + std::string(1, layout.format.decimal) + "', " +
                  (layout.headerLine > 0 ? "header on line " + std::to_string(layout.headerLine) : std::string("no header")) +
                  ", " + std::to_string(layout.columns.size()) + " columns" +
                  (dataRows ? ", " + std::to_string(*dataRows) + " data rows" : std::string()));
  for (const std::string& n : layout.notes) lines.push_back("  note: " + n);
  for (std::size_t c = 0; c < layout.columns.size(); ++c) {
    const log_columns::ColumnInfo info = log_columns::readColumnName(layout.columns[c]);
    const bool time = info.role == log_columns::Role::Time || (info.role == log_columns::Role::None && info.timeRank < 99);
    std::string meaning = time ? "time" : log_columns::roleName(info.role);
    if (time) meaning += std::string(" (") + timeUnitName(info.timeUnit) + ")";
    if (!info.joint.empty()) meaning += " of joint " + info.joint;
    else if (info.index >= 0) meaning += " [" + std::to_string(info.index) + "]";
    if (!info.unit.empty()) meaning += ", unit " + info.unit;
    lines.push_back("  column " + std::to_string(c + 1) + " '" + layout.columns[c] + "': " + meaning);
  }
  return lines;
}

}  // namespace

std::vector<std::string> describeLogScan(const LogScan& scan, std::optional<std::size_t> dataRows) {
  if (!scan.ok()) throw InputError(scan.error);
  if (scan.kind == LogFileKind::RosBag) return inspectBag(scan);
  if (scan.kind == LogFileKind::Mat)
    return {scan.path + ": MAT file, " + std::to_string(scan.matVariables.size()) + " variables: " +
            listOf(scan.matVariables)};
  return inspectCsv(scan, dataRows);
}

std::vector<std::string> inspectLog(const std::string& path) {
  const LogScan scan = scanLog(path);
  std::optional<std::size_t> rows;
  if (scan.ok() && scan.preview) rows = countCsvDataRows(path, scan.preview->layout);
  return describeLogScan(scan, rows);
}

}  // namespace eb
