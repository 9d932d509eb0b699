#include "cli_log_flags.hpp"

#include "logs/log_mapping_file.hpp"
#include "util/input_error.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <utility>

namespace eb::cli {

CLI::Option* addSettingOption(CLI::App* cmd, const SettingSpec<int>& spec, int& value) {
  return cmd->add_option(spec.flag, value, spec.help)
      ->capture_default_str()
      ->check(CLI::Range(spec.minimum, spec.maximum));
}

CLI::Option* addSettingOption(CLI::App* cmd, const SettingSpec<double>& spec, double& value) {
  return cmd->add_option(spec.flag, value, spec.help)
      ->capture_default_str()
      ->check(CLI::Range(spec.minimum, spec.maximum));
}

void addLogFlags(CLI::App* cmd, LogFlags& f) {
  cmd->add_option("--columns", f.columns,
                  "Column layout of headerless or oddly named logs, left to right, e.g. "
                  "\"t[ms],q1..q6,qd1..qd6,i1..i6,_*12\" (t, q, qd, qdd, tau, i per joint; _ skips)");
  cmd->add_option("--mapping", f.mappingFile, "Log mapping file (JSON, saved from the wizard)");
  cmd->add_option("--topic", f.topic,
                  "ROS 2 bags: the sensor_msgs/msg/JointState topic to read (default: the bag's only one)");
  cmd->add_option("--torque-constants", f.torqueConstants,
                  "Per joint current-to-torque gains [N m/A] for motor-current columns (comma-separated)")
      ->delimiter(',');
  cmd->add_option("--torque-sign", f.torqueSigns,
                  "Per joint 1 or -1 multiplying the logged torque (comma-separated), e.g. -1,-1,-1,-1,-1,-1,-1 for "
                  "a driver that reports torque with the opposite sign (KUKA FRI); stating it also accepts a log "
                  "whose gravity-loaded joints look reversed")
      ->delimiter(',');
  cmd->add_option("--time-unit", f.timeUnit, "Unit of the time column: s, ms, us or ns (default: guessed)")
      ->check(CLI::IsMember({"s", "ms", "us", "ns"}));
  cmd->add_option("--position-unit", f.positionUnit, "Unit of positions: rad or deg (default: guessed)")
      ->check(CLI::IsMember({"rad", "deg"}));
  cmd->add_flag("--drop-bad-rows", f.dropBadRows,
                "Drop corrupt rows (unparsable, wrong field count, absurd values), count them and split the log "
                "there, instead of refusing the file");
  addSettingOption(cmd, kGapStepsSpec, f.gapSteps);
  cmd->add_option("--edge-trim", f.edgeTrim,
                  "Seconds left out at each end of every log segment (default: half a period of the cutoff)")
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_flag("--no-range-check", f.noRangeCheck,
                "Accept positions far outside the joint limits (checked by default as corrupt values)");
  cmd->add_option("--rate", f.rate, "Sample rate [Hz] for logs without a time column")->check(CLI::PositiveNumber);
  addSettingOption(cmd, kFilterOrderSpec, f.filterOrder);
  cmd->add_option("--differentiator", f.differentiator,
                  "central (differences of the filtered positions, default) or savitzky-golay")
      ->check(CLI::IsMember({"central", "savitzky-golay"}));
  addSettingOption(cmd, kSavitzkyGolayWindowSpec, f.sgWindow);
  addSettingOption(cmd, kSavitzkyGolayOrderSpec, f.sgOrder);
}

void applyLogFlags(const LogFlags& f, IdentificationSettings& s) {
  LogImportOptions& o = s.import;
  o.sampleRateHz = f.rate;
  o.torqueConstants = f.torqueConstants;
  o.torqueSigns = f.torqueSigns;
  o.dropBadRows = f.dropBadRows;
  o.gapSteps = f.gapSteps;
  o.topic = f.topic;
  if (!f.timeUnit.empty())
    for (TimeUnit u : {TimeUnit::Seconds, TimeUnit::Milliseconds, TimeUnit::Microseconds, TimeUnit::Nanoseconds})
      if (f.timeUnit == timeUnitName(u)) o.timeUnit = u;
  if (!f.positionUnit.empty()) o.positionUnit = f.positionUnit == "deg" ? PositionUnit::Degree : PositionUnit::Radian;
  if (!f.columns.empty() && !f.mappingFile.empty())
    throw InputError("give either --columns or --mapping, not both");
  if (!f.columns.empty()) o.columnLayout = f.columns;
  // The flags above are explicit: the file fills in only what they leave unstated.
  if (!f.mappingFile.empty()) o = withLogMappingFile(std::move(o), readLogMappingFile(f.mappingFile));
  if (f.edgeTrim >= 0.0) s.preprocess.edgeTrimSeconds = f.edgeTrim;
  s.preprocess.filterOrder = f.filterOrder;
  s.preprocess.differentiator =
      f.differentiator == "savitzky-golay" ? Differentiator::SavitzkyGolay : Differentiator::CentralDifference;
  if (f.sgWindow % 2 == 0) throw InputError("--sg-window must be odd, got " + std::to_string(f.sgWindow));
  s.preprocess.savitzkyGolayWindow = f.sgWindow;
  s.preprocess.savitzkyGolayOrder = f.sgOrder;
  s.checkPositionRanges = !f.noRangeCheck;
}

void printWarnings(const std::vector<LogWarning>& warnings) {
  for (const LogWarning& w : warnings) std::printf("  warning: %s\n", w.text().c_str());
}

}  // namespace eb::cli
