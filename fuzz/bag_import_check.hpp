#pragma once
// Shared by the bag fuzz targets (MCAP, rosbag2 sqlite3): a bag read as `identify` reads it,
// through importLog. Only InputError may come out, and what comes out is a usable log.

#include "fuzz_support.hpp"
#include "logs/log_import.hpp"

#include <string>
#include <vector>

namespace eb::fuzz {

/// Imports the bag at `path` with `jointNames` (at least 2 rows, bad rows dropped when asked) and
/// aborts on anything but an InputError, on a non-finite value or on time that does not increase.
inline void checkBagImport(const std::string& path, const std::vector<std::string>& jointNames, bool dropBadRows) {
  runExpectingOnlyInputErrors([&] {
    LogImportOptions options;
    options.dof = static_cast<int>(jointNames.size());
    options.jointNames = jointNames;
    options.minRows = 2;
    options.dropBadRows = dropBadRows;
    const ExperimentLog log = importLog(path, options);
    if (!log.t.allFinite() || !log.q.allFinite() || !log.tau.allFinite() || !log.qd.allFinite())
      bug("log holds non-finite values");
    for (Eigen::Index i = 1; i < log.t.size(); ++i)
      if (!(log.t[i] > log.t[i - 1])) bug("log time does not increase");
  });
}

}  // namespace eb::fuzz
