// `identify ROBOT log.csv [log2.csv ...] --out params.json [--method ols|wls|ridge|consistent]
// [--friction coulomb|viscous|asymmetric|smooth|stribeck|best] [--filter-cutoff HZ]`: base
// parameters from logged experiments. smooth, stribeck and best choose the friction's widths,
// Stribeck velocities or the model itself on the logs' held-out seconds (friction_comparison.hpp)
// before the estimate.
#include "cli_commands.hpp"
#include "cli_friction_choice.hpp"
#include "cli_progress.hpp"
#include "cli_log_flags.hpp"
#include "cli_robot_locks.hpp"
#include "cli_support.hpp"

#include "identification/identification_pipeline.hpp"
#include "io/params_file.hpp"
#include "model/robot_loader.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>

namespace eb::cli {

void addIdentifyCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("identify", "Estimate the base parameters from one or several logs");
  struct Args {
    std::string robot, out, method = estimationMethodName(EstimationOptions{}.method), friction = "coulomb",
                frictionPrior = frictionPriorName(EstimationOptions{}.frictionPrior);
    std::vector<std::string> logs, roots, locks;
    IdentificationSettings s;
    bool noFriction = false, offset = false, armature = false;
    LogFlags logFlags;
    bool quiet = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("robot", a->robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("logs", a->logs, "Experiment logs (CSV, .mat or ROS 2 bags), stacked into one estimation")->required();
  cmd->add_option("--out", a->out, "params.json (or .yaml) to write")->required();
  cmd->add_option("--method", a->method,
                  "auto (default: consistent or OLS, whichever predicts the logs' held-out seconds better), ols, "
                  "wls, ridge or consistent")
      ->capture_default_str();
  cmd->add_option("--friction-prior", a->frictionPrior,
                  "What the consistent estimate's friction prior is centred on: data (the logs' own fit), urdf "
                  "(the description's <dynamics damping friction>) or zero")
      ->check(CLI::IsMember({"data", "urdf", "zero"}))
      ->capture_default_str();
  addSettingOption(cmd, kCutoffSpec, a->s.preprocess.cutoffHz);
  cmd->add_flag("--filter-torque", a->s.preprocess.filterTorque, "Low-pass the torques too (default: only positions)");
  addSettingOption(cmd, kRidgeLambdaSpec, a->s.estimation.ridgeLambda);
  addSettingOption(cmd, kPriorWeightSpec, a->s.estimation.priorWeight);
  auto* noFriction =
      cmd->add_flag("--no-friction", a->noFriction, "Rigid-body parameters only (no viscous/Coulomb columns)");
  addFrictionOption(cmd, a->friction)->excludes(noFriction);
  cmd->add_flag("--offset", a->offset, "Add a constant torque offset per joint");
  cmd->add_flag("--armature", a->armature, "Add rotor inertia (armature) per joint");
  cmd->add_flag("--use-logged-derivatives", a->s.useLoggedDerivatives,
                "Use logged qd/qdd columns as they are instead of differentiating q");
  addLogFlags(cmd, a->logFlags);
  cmd->add_option("--package-root", a->roots, "Folder that holds ROS packages for package:// URIs");
  addLockOption(cmd, a->locks);
  cmd->add_flag("--quiet", a->quiet, "Only write the file");
  cmd->callback([a]() {
    const RobotModel model = loadRobotLocked(a->robot, a->roots, a->locks);
    a->s.estimation.method = parseEstimationMethod(a->method);
    a->s.estimation.frictionPrior = parseFrictionPrior(a->frictionPrior);
    a->s.regressor.viscous = a->s.regressor.coulomb = !a->noFriction;
    a->s.regressor.offset = a->offset;
    a->s.regressor.armature = a->armature;
    applyLogFlags(a->logFlags, a->s);
    const std::string frictionNote =
        a->noFriction ? std::string() : applyFrictionChoice(a->friction, model, a->logs, a->s);
    // Every log is read with the same flags: a path alone is a LogInput with the settings' import options.
    const std::vector<LogInput> logs(a->logs.begin(), a->logs.end());
    const IdentificationRun run = identifyFromLogs(model, logs, a->s, terminalProgress());
    clearTerminalProgress();
    const IdentifiedParameters params = makeIdentifiedParameters(a->robot, model, run.base, run.estimate, a->logs);
    writeParamsFile(a->out, params, model);
    if (a->quiet) return;
    std::printf("identified %d base parameters of %s (%s) from %zu log(s)\n", run.base.rank, model.name().c_str(),
                estimationMethodName(run.estimate.method), a->logs.size());
    for (const std::string& note : run.notes) std::printf("  %s\n", note.c_str());
    if (!frictionNote.empty()) std::printf("  %s\n", frictionNote.c_str());
    printWarnings(run.warnings);
    printEstimate(run.base, run.estimate, model);
    printPlausibility(params, model);
    std::printf("wrote %s\n", a->out.c_str());
  });
}

}  // namespace eb::cli
