// `identify ROBOT log.csv [log2.csv ...] --out params.json [--method ols|wls|ridge|consistent]
// [--friction coulomb|viscous|asymmetric|smooth|stribeck|best] [--filter-cutoff HZ] [--json]`: base
// parameters from logged experiments. smooth, stribeck and best choose the friction's widths,
// Stribeck velocities or the model itself on the logs' held-out seconds (friction_comparison.hpp)
// before the estimate.
#include "cli_identify.hpp"

#include "cli_commands.hpp"
#include "cli_friction_choice.hpp"
#include "cli_progress.hpp"
#include "cli_robot_locks.hpp"
#include "cli_support.hpp"

#include "model/robot_loader.hpp"
#include "report/held_out_prediction.hpp"
#include "report/html_report.hpp"
#include "report/report_builder.hpp"
#include "report/run_details.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace eb::cli {

void declareIdentifyOptions(CLI::App* cmd, IdentifyOptions& o) {
  cmd->add_option("robot", o.robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("logs", o.logs, "Experiment logs (CSV, .mat or ROS 2 bags), stacked into one estimation")->required();
  cmd->add_option("--out", o.out, "params.json (or .yaml) to write")->required();
  cmd->add_option("--method", o.method,
                  "auto (default: consistent or OLS, whichever predicts the logs' held-out seconds better), ols, "
                  "wls, ridge or consistent")
      ->capture_default_str();
  cmd->add_option("--friction-prior", o.frictionPrior,
                  "What the consistent estimate's friction prior is centred on: data (the logs' own fit), urdf "
                  "(the description's <dynamics damping friction>) or zero")
      ->check(CLI::IsMember({"data", "urdf", "zero"}))
      ->capture_default_str();
  addSettingOption(cmd, kCutoffSpec, o.s.preprocess.cutoffHz);
  cmd->add_flag("--filter-torque", o.s.preprocess.filterTorque, "Low-pass the torques too (default: only positions)");
  addSettingOption(cmd, kRidgeLambdaSpec, o.s.estimation.ridgeLambda);
  addSettingOption(cmd, kPriorWeightSpec, o.s.estimation.priorWeight);
  auto* noFriction =
      cmd->add_flag("--no-friction", o.noFriction, "Rigid-body parameters only (no viscous/Coulomb columns)");
  addFrictionOption(cmd, o.friction)->excludes(noFriction);
  cmd->add_flag("--offset", o.offset, "Add a constant torque offset per joint");
  cmd->add_flag("--armature", o.armature, "Add rotor inertia (armature) per joint");
  cmd->add_flag("--use-logged-derivatives", o.s.useLoggedDerivatives,
                "Use logged qd/qdd columns as they are instead of differentiating q");
  addLogFlags(cmd, o.logFlags);
  cmd->add_option("--package-root", o.roots, "Folder that holds ROS packages for package:// URIs");
  addLockOption(cmd, o.locks);
  cmd->add_flag("--quiet", o.quiet, "Only write the file");
  cmd->add_flag("--json", o.json, "Print one JSON object: the params.json content with the run's notes and warnings");
  cmd->add_option("--report", o.report,
                  "Also write the identification report: one self-contained HTML file (robot, logs, settings, "
                  "information spectrum, parameters, links, friction, held-out prediction, checks)");
}

IdentifyOutcome runIdentify(const IdentifyOptions& o, const IdentificationProgress& progress) {
  IdentifyOutcome r{loadRobotLocked(o.robot, o.roots, o.locks), {}, {}, {}, {}};
  IdentificationSettings s = o.s;
  s.estimation.method = parseEstimationMethod(o.method);
  s.estimation.frictionPrior = parseFrictionPrior(o.frictionPrior);
  s.regressor.viscous = s.regressor.coulomb = !o.noFriction;
  s.regressor.offset = o.offset;
  s.regressor.armature = o.armature;
  applyLogFlags(o.logFlags, s);
  r.frictionNote = o.noFriction ? std::string() : applyFrictionChoice(o.friction, r.model, o.logs, s);
  // Every log is read with the same flags: a path alone is a LogInput with the settings' import options.
  const std::vector<LogInput> logs(o.logs.begin(), o.logs.end());
  r.run = identifyFromLogs(r.model, logs, s, progress);
  r.params = makeIdentifiedParameters(o.robot, r.model, r.run.base, r.run.estimate, o.logs, &r.run.plausibility);
  // The spectrum, the logs' summaries, the findings and the settings go into params.json too, so that
  // `report params.json` can be made from the file alone (the run's warnings hold the estimate's).
  describeRun(r.params, r.run, r.run.estimate, s);
  r.settings = s;
  return r;
}

nlohmann::json identifyJson(const IdentifyOutcome& r) {
  nlohmann::json j = nlohmann::json::parse(formatParamsJson(r.params, r.model));
  j["notes"] = r.run.notes;
  nlohmann::json warnings = nlohmann::json::array();
  for (const LogWarning& w : r.run.warnings) warnings.push_back(w.text());
  j["warnings"] = warnings;
  j["friction_note"] = r.frictionNote;
  return j;
}

void writeIdentifyReport(IdentifyOutcome& r, const std::vector<std::string>& logs, const std::string& path,
                         const std::string& paramsFile) {
  const std::vector<LogInput> inputs(logs.begin(), logs.end());
  const HeldOutPrediction heldOut = predictHeldOut(r.model, r.run.base, r.run.estimate.values, inputs, r.settings);
  recordHeldOut(r.params, heldOut);
  writeHtmlReport(path, reportOfRun(r.params, r.model, &heldOut, paramsFile));
}

void addIdentifyCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("identify", "Estimate the base parameters from one or several logs");
  auto a = std::make_shared<IdentifyOptions>();
  declareIdentifyOptions(cmd, *a);
  cmd->callback([a]() {
    IdentifyOutcome r = runIdentify(*a, terminalProgress());
    clearTerminalProgress();
    // The report first: it adds the held-out scores to the params.json written next.
    if (!a->report.empty()) writeIdentifyReport(r, a->logs, a->report, a->out);
    writeParamsFile(a->out, r.params, r.model);
    if (a->json) {
      std::cout << identifyJson(r).dump(2) << "\n";
      return;
    }
    if (a->quiet) return;
    const RobotModel& model = r.model;
    std::printf("identified %d base parameters of %s (%s) from %zu log(s)\n", r.run.base.rank, model.name().c_str(),
                estimationMethodName(r.run.estimate.method), a->logs.size());
    for (const std::string& note : r.run.notes) std::printf("  %s\n", note.c_str());
    if (!r.frictionNote.empty()) std::printf("  %s\n", r.frictionNote.c_str());
    printWarnings(r.run.warnings);
    printEstimate(r.run.base, r.run.estimate, model);
    printPlausibility(r.params, model);
    std::printf("wrote %s\n", a->out.c_str());
    if (!a->report.empty()) std::printf("wrote %s\n", a->report.c_str());
  });
}

}  // namespace eb::cli
