// `report A.json [--compare B.json] [--robot ROBOT] [--log LOG [--drift-window S]] --out report.html`:
// the identification report of a params.json as one self-contained HTML file (engine/report/),
// from the files alone; with --compare, two identifications side by side (which base parameters
// moved beyond their combined uncertainty); with --log, each validated on that log (NRMSE per
// joint, measured against predicted torque, and for two runs the change per joint).
#include "cli_commands.hpp"
#include "cli_identified_robot.hpp"
#include "cli_log_flags.hpp"
#include "cli_robot_locks.hpp"

#include "identification/drift_check.hpp"
#include "identification/log_validation.hpp"
#include "report/html_report.hpp"
#include "report/report_builder.hpp"
#include "report/report_checks.hpp"
#include "report/report_comparison.hpp"
#include "util/input_error.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>

namespace eb::cli {

namespace cli_report_detail {

struct ReportArgs {
  std::string params, compare, robot, log, out;
  std::vector<std::string> roots, locks;
  IdentificationSettings s;
  LogFlags logFlags;
  double driftWindow = 0.0, factor = 3.0;
  bool quiet = false;
};

// One run's report: the file's parameters, and when a log is given, its validation (and drift) there.
IdentificationReport runReport(const ReportArgs& a, const RobotModel& model, const ParamsForRobot& p,
                               const std::string& path, const LogValidation* validation) {
  IdentificationReport report = reportFromParameters(p.params, model, path);
  if (validation) {
    addLogValidation(report, p.params, *validation, a.log);
    if (a.driftWindow > 0.0) {
      const std::string problem = driftWindowProblem(validation->log.t, a.driftWindow);
      if (!problem.empty()) throw inputErrorIn(a.log, "--drift-window: " + problem);
      addDrift(report, checkDrift(validation->log.t, validation->log.tau - validation->identified.predicted, a.driftWindow),
               a.log, a.driftWindow);
    }
  }
  report.checks = standardChecks(report);
  return report;
}

void run(ReportArgs& a) {
  // The robot: --robot, else the one params.json names (a built-in name or the description's path).
  const std::string robot = a.robot.empty() ? readParamsJson(a.params).robot : a.robot;
  const IdentifiedRobot first = loadIdentifiedRobot(robot, a.roots, a.locks, a.params);
  const RobotModel& model = first.model;
  const ParamsForRobot pa{first.params, first.base};
  applyLogFlags(a.logFlags, a.s);
  const bool withLog = !a.log.empty();
  std::unique_ptr<LogValidation> va, vb;
  if (withLog) va = std::make_unique<LogValidation>(validateOnLog(model, pa.base, pa.params.values, a.log, a.s));
  const IdentificationReport reportA = runReport(a, model, pa, a.params, va.get());
  if (a.compare.empty()) {
    writeHtmlReport(a.out, reportA);
    if (!a.quiet) std::printf("wrote %s (%zu checks)\n", a.out.c_str(), reportA.checks.size());
    return;
  }
  const ParamsForRobot pb = readParamsFor(model, a.compare);
  if (withLog) vb = std::make_unique<LogValidation>(validateOnLog(model, pb.base, pb.params.values, a.log, a.s));
  const IdentificationReport reportB = runReport(a, model, pb, a.compare, vb.get());
  ReportComparison comparison = compareParameters(pa.params, pb.params, a.params, a.compare, a.factor);
  if (withLog) addNrmseComparison(comparison, a.log, reportA.jointNames, va->identified.nrmse, vb->identified.nrmse);
  writeComparisonHtml(a.out, reportA, reportB, comparison);
  if (a.quiet) return;
  std::size_t moved = 0;
  for (const ParameterShift& s : comparison.shifts) moved += s.moved ? 1 : 0;
  std::printf("%zu of %zu base parameters moved beyond %.3g combined standard deviations\n", moved,
              comparison.shifts.size(), a.factor);
  for (const ParameterShift& s : comparison.shifts)
    if (s.moved) std::printf("  %-12s %14.6g -> %-14.6g (%.3g sigma)\n", s.name.c_str(), s.a, s.b, s.sigmas);
  for (const JointNrmseChange& j : comparison.nrmse)
    std::printf("  NRMSE %-28s %7.3g %% -> %7.3g %%\n", j.joint.c_str(), j.a, j.b);
  std::printf("wrote %s\n", a.out.c_str());
}

}  // namespace cli_report_detail

void addReportCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("report", "Write the identification report of a params.json (one HTML file), or "
                                           "compare two identifications");
  auto a = std::make_shared<cli_report_detail::ReportArgs>();
  cmd->add_option("params", a->params, "params.json from identify")->required();
  cmd->add_option("--compare", a->compare, "A second params.json of the same robot, shown side by side");
  cmd->add_option("--robot", a->robot, "Built-in name or URDF / DH table path (default: the one params.json names)");
  cmd->add_option("--log", a->log, "Validate on this log (CSV, .mat or ROS 2 bag): NRMSE per joint, for both runs");
  cmd->add_option("--out", a->out, "HTML file to write")->required();
  cmd->add_option("--factor", a->factor,
                  "A parameter moved when |B - A| exceeds this many combined standard deviations")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--drift-window", a->driftWindow, "With --log: drift check in windows of this many seconds")
      ->check(CLI::PositiveNumber);
  addSettingOption(cmd, kCutoffSpec, a->s.preprocess.cutoffHz);
  cmd->add_flag("--filter-torque", a->s.preprocess.filterTorque, "Low-pass the torques too (default: only positions)");
  cmd->add_flag("--use-logged-derivatives", a->s.useLoggedDerivatives, "Use logged qd/qdd columns as they are");
  addLogFlags(cmd, a->logFlags);
  cmd->add_option("--package-root", a->roots, "Folder that holds ROS packages for package:// URIs");
  addLockOption(cmd, a->locks);
  cmd->add_flag("--quiet", a->quiet, "Only write the file");
  cmd->callback([a]() {
    if (a->driftWindow > 0.0 && a->log.empty()) throw InputError("--drift-window needs --log (the log to check)");
    cli_report_detail::run(*a);
  });
}

}  // namespace eb::cli
