#pragma once
// The log-reading and preprocessing flags that identify and validate share:
// column layout or mapping file, units, torque constants of current columns,
// what to do with corrupt rows, the gap threshold, the segment edge trim, the
// filter order and the differentiator.

#include "identification/identification_pipeline.hpp"

#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace eb::cli {

struct LogFlags {
  std::string columns, mappingFile, timeUnit, positionUnit;
  std::string topic;                    ///< ROS 2 bags: the JointState topic
  std::vector<double> torqueConstants;  ///< [N m/A]
  std::vector<double> torqueSigns;      ///< +1 / -1 per joint; empty: not stated
  bool dropBadRows = false;
  double gapSteps = kDefaultGapSteps;
  double rate = 0.0;                    ///< [Hz] for logs without a time column
  double edgeTrim = -1.0;               ///< [s]; < 0 automatic
  bool noRangeCheck = false;
  std::string differentiator = "central";
  int filterOrder = kFilterOrderSpec.defaultValue, sgWindow = kSavitzkyGolayWindowSpec.defaultValue,
      sgOrder = kSavitzkyGolayOrderSpec.defaultValue;
};

/// Declares a setting's option on `cmd` from its declaration (flag, help, default, range).
CLI::Option* addSettingOption(CLI::App* cmd, const SettingSpec<int>& spec, int& value);
CLI::Option* addSettingOption(CLI::App* cmd, const SettingSpec<double>& spec, double& value);

/// Declares the flags on `cmd`, stored in `flags`.
void addLogFlags(CLI::App* cmd, LogFlags& flags);

/// Applies them to the identification settings (reads the mapping file). Throws InputError.
void applyLogFlags(const LogFlags& flags, IdentificationSettings& settings);

/// Prints "  warning: <text>" for each diagnostic to stdout.
void printWarnings(const std::vector<LogWarning>& warnings);

}  // namespace eb::cli
