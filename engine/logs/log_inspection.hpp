#pragma once
// What a log file holds, for `excitebench-cli inspect-log`: a ROS 2 bag's files,
// topics with their message types, counts, time span and rate, and the joints of
// its JointState topic; a CSV's layout and its columns with their guessed
// meaning; a MAT file's variables. Text lines, no robot needed.

#include "logs/log_scan.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace eb {

/// Lines describing a scanned log, as inspect-log prints them; `dataRows` (a CSV's rows in
/// full, countCsvDataRows) is named when given. Throws the scan's error as an InputError.
std::vector<std::string> describeLogScan(const LogScan& scan, std::optional<std::size_t> dataRows = std::nullopt);

/// Lines describing the log at `path`: scanLog, then describeLogScan with its rows counted (a bag folder or file, a CSV, a MAT file). Throws InputError.
std::vector<std::string> inspectLog(const std::string& path);

}  // namespace eb
