#pragma once
// What a log file holds, for `excitebench-cli inspect-log`: a ROS 2 bag's files,
// topics with their message types, counts, time span and rate, and the joints of
// its JointState topic; a CSV's layout and its columns with their guessed
// meaning; a MAT file's variables. Text lines, no robot needed.

#include <string>
#include <vector>

namespace eb {

/// Lines describing the log at `path` (a bag folder or file, a CSV, a MAT file). Throws InputError.
std::vector<std::string> inspectLog(const std::string& path);

}  // namespace eb
