// `validate ROBOT params.json log.csv [--json] [--drift-window S]`: torque prediction on an
// independent log, RMSE and NRMSE per joint, for the identified parameters and,
// beside them, for the robot's own model parameters (what identification gained); with
// --drift-window, the residual per time window and its trend (drift_check.hpp).
#include "cli_validate.hpp"

#include "cli_commands.hpp"
#include "cli_robot_locks.hpp"
#include "cli_support.hpp"

#include "util/input_error.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace eb::cli {

namespace {

nlohmann::json jointJson(const ValidationResult& r, int k) {
  return {{"rmse", r.rmse[k]},
          {"nrmse_percent", r.nrmse[k]},
          {"max_error", r.maxError[k]},
          {"mean_residual", r.meanResidual[k]}};
}

nlohmann::json driftJson(const DriftReport& d, const RobotModel& model) {
  nlohmann::json windows = nlohmann::json::array();
  for (const DriftWindow& w : d.windows)
    windows.push_back({{"start", w.start},
                       {"end", w.end},
                       {"samples", w.samples},
                       {"mean", std::vector<double>(w.mean.data(), w.mean.data() + w.mean.size())},
                       {"rms", std::vector<double>(w.rms.data(), w.rms.data() + w.rms.size())}});
  nlohmann::json joints = nlohmann::json::array();
  for (int k = 0; k < model.dof(); ++k)
    joints.push_back({{"name", model.joint(k).name},
                      {"slope", d.slope[k]},
                      {"slope_std", d.slopeStd[k]},
                      {"change", d.change[k]},
                      {"residual_rms", d.residualRms[k]},
                      {"drifted", bool(d.drifted[static_cast<std::size_t>(k)])}});
  return {{"windows", windows}, {"joints", joints}};
}

void printDrift(const DriftReport& d, const RobotModel& model, double window) {
  std::printf("\ndrift check: residual (measured - predicted) per %.4g s window\n  window [s]     ", window);
  for (int k = 0; k < model.dof(); ++k) std::printf(" %10s", ("mean " + std::to_string(k + 1)).c_str());
  std::printf("\n");
  for (const DriftWindow& w : d.windows) {
    std::printf("  %6.1f-%-7.1f", w.start, w.end);
    for (int k = 0; k < model.dof(); ++k) std::printf(" %10.4g", w.mean[k]);
    std::printf("\n");
  }
  std::printf("  joint                          change over the log [N m]   +- 1 sigma   residual RMS   verdict\n");
  for (int k = 0; k < model.dof(); ++k)
    std::printf("  %-30s %26.4g %12.3g %14.4g   %s\n", model.joint(k).name.c_str(), d.change[k],
                d.slopeStd[k] * d.duration, d.residualRms[k],
                d.drifted[static_cast<std::size_t>(k)] ? "drifted (friction or temperature?)" : "steady");
}

}  // namespace

void declareValidateOptions(CLI::App* cmd, ValidateOptions& o) {
  cmd->add_option("robot", o.robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("params", o.params, "params.json from identify")->required();
  cmd->add_option("log", o.log, "Validation log (CSV, .mat or ROS 2 bag)")->required();
  cmd->add_flag("--json", o.json, "Print one JSON object");
  cmd->add_option("--drift-window", o.driftWindow,
                  "Drift check: residual mean and RMS per window of this many seconds, and their trend")
      ->check(CLI::PositiveNumber);
  addSettingOption(cmd, kCutoffSpec, o.s.preprocess.cutoffHz);
  cmd->add_flag("--filter-torque", o.s.preprocess.filterTorque, "Low-pass the torques too (default: only positions)");
  cmd->add_flag("--use-logged-derivatives", o.s.useLoggedDerivatives, "Use logged qd/qdd columns as they are");
  addLogFlags(cmd, o.logFlags);
  cmd->add_option("--package-root", o.roots, "Folder that holds ROS packages for package:// URIs");
  addLockOption(cmd, o.locks);
}

ValidateOutcome runValidate(const ValidateOptions& o, const std::function<bool(double, const std::string&)>& progress) {
  ValidateOutcome out{loadIdentifiedRobot(o.robot, o.roots, o.locks, o.params), {}, o.driftWindow > 0.0, {}};
  IdentificationSettings s = o.s;
  applyLogFlags(o.logFlags, s);
  out.v = validateOnLog(out.robot.model, out.robot.base, out.robot.params.values, o.log, s, progress);
  if (out.drift) {
    // A window the log is too short for is the user's input, named by the log and the flag.
    const std::string problem = driftWindowProblem(out.v.log.t, o.driftWindow);
    if (!problem.empty()) throw inputErrorIn(o.log, "--drift-window: " + problem);
    out.driftReport = checkDrift(out.v.log.t, out.v.log.tau - out.v.identified.predicted, o.driftWindow);
  }
  return out;
}

nlohmann::json validateJson(const ValidateOutcome& out) {
  const RobotModel& model = out.robot.model;
  const ValidationResult& r = out.v.identified;
  nlohmann::json j;
  j["samples"] = r.samples;
  j["log"] = out.v.summary.text();
  nlohmann::json joints = nlohmann::json::array();
  for (int k = 0; k < model.dof(); ++k) {
    nlohmann::json joint = jointJson(r, k);
    joint["name"] = model.joint(k).name;
    joint["measured_rms"] = r.measuredRms[k];
    joint["model"] = jointJson(out.v.robotsOwn, k);
    joints.push_back(joint);
  }
  j["joints"] = joints;
  nlohmann::json texts = nlohmann::json::array();
  for (const LogWarning& w : out.v.warnings) texts.push_back(w.text());
  j["warnings"] = texts;
  if (out.drift) j["drift"] = driftJson(out.driftReport, model);
  return j;
}

void addValidateCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("validate", "Predict the torques of an independent log: RMSE and NRMSE per joint");
  auto a = std::make_shared<ValidateOptions>();
  declareValidateOptions(cmd, *a);
  cmd->callback([a]() {
    const ValidateOutcome out = runValidate(*a, {});
    if (a->json) {
      std::cout << validateJson(out).dump(2) << "\n";
      return;
    }
    const RobotModel& model = out.robot.model;
    std::printf("validation of %s on %s\n", a->params.c_str(), a->log.c_str());
    std::printf("  %s: %s\n", a->log.c_str(), out.v.summary.text().c_str());
    printWarnings(out.v.warnings);
    printValidation(out.v.identified, out.v.robotsOwn, model);
    if (out.drift) printDrift(out.driftReport, model, a->driftWindow);
  });
}

}  // namespace eb::cli
