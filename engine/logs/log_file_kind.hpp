#pragma once
// What kind of log a path names, decided in one place for every reader (importLog,
// inspectLog, the wizard): a ROS 2 bag (a bag folder, an .mcap or .db3 file, or a file with
// the MCAP magic), else a MATLAB file (.mat), else delimited text.

#include <string>

namespace eb {

enum class LogFileKind { DelimitedText, Mat, RosBag };

/// The kind of log at `path`. Reads the file system (a folder's entries, a file's first bytes)
/// only to recognise a bag; a path that does not exist is DelimitedText unless it ends in .mat.
LogFileKind logFileKindOf(const std::string& path);

}  // namespace eb
