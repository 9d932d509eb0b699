// `validate ROBOT params.json log.csv [--json]`: torque prediction on an
// independent log, RMSE and NRMSE per joint, for the identified parameters and,
// beside them, for the robot's own model parameters (what identification gained).
#include "cli_commands.hpp"
#include "cli_log_flags.hpp"
#include "cli_robot_locks.hpp"
#include "cli_support.hpp"

#include "identification/identification_pipeline.hpp"
#include "identification/validation.hpp"
#include "io/params_file.hpp"
#include "model/robot_loader.hpp"

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

}  // namespace

void addValidateCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("validate", "Predict the torques of an independent log: RMSE and NRMSE per joint");
  struct Args {
    std::string robot, params, log;
    std::vector<std::string> roots, locks;
    IdentificationSettings s;
    LogFlags logFlags;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("robot", a->robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("params", a->params, "params.json from identify")->required();
  cmd->add_option("log", a->log, "Validation log (CSV or .mat)")->required();
  cmd->add_flag("--json", a->json, "Print one JSON object");
  cmd->add_option("--filter-cutoff", a->s.preprocess.cutoffHz,
                  "Low-pass cutoff [Hz] for positions (default 5 Hz, at most a quarter of the rate)");
  cmd->add_flag("--filter-torque", a->s.preprocess.filterTorque, "Low-pass the torques too (default: only positions)");
  cmd->add_flag("--use-logged-derivatives", a->s.useLoggedDerivatives, "Use logged qd/qdd columns as they are");
  addLogFlags(cmd, a->logFlags);
  cmd->add_option("--package-root", a->roots, "Folder that holds ROS packages for package:// URIs");
  addLockOption(cmd, a->locks);
  cmd->callback([a]() {
    const RobotModel model = loadRobotLocked(a->robot, a->roots, a->locks);
    const IdentifiedParameters p = readParamsJson(a->params);
    const BaseParameters base = baseParametersFor(model, p, a->params);
    applyLogFlags(a->logFlags, a->s);
    const PreprocessedLog log = loadAndPreprocess(model, a->log, a->s);
    const ValidationResult r = validatePrediction(model, base, p.values, log.q, log.qd, log.qdd, log.tau);
    const ValidationResult own =
        validatePrediction(model, base, modelBaseParameters(model, base), log.q, log.qd, log.qdd, log.tau);
    LogSummary summary;
    summary.path = a->log;
    summary.timeBase = log.timeBase;
    summary.preprocess = log.report;
    summary.loggedDerivatives = a->s.useLoggedDerivatives && log.report.rowsOut == 0;
    std::vector<std::string> names;
    for (const Joint& j : model.joints()) names.push_back(j.name);
    std::vector<LogWarning> warnings = log.warnings;
    const std::vector<LogWarning> offsets =
        offsetFindings(r.meanResidual, r.rmse, names, a->log, base.options.offset);
    warnings.insert(warnings.end(), offsets.begin(), offsets.end());
    if (a->json) {
      nlohmann::json j;
      j["samples"] = r.samples;
      j["log"] = summary.text();
      nlohmann::json joints = nlohmann::json::array();
      for (int k = 0; k < model.dof(); ++k) {
        nlohmann::json joint = jointJson(r, k);
        joint["name"] = model.joint(k).name;
        joint["measured_rms"] = r.measuredRms[k];
        joint["model"] = jointJson(own, k);
        joints.push_back(joint);
      }
      j["joints"] = joints;
      nlohmann::json texts = nlohmann::json::array();
      for (const LogWarning& w : warnings) texts.push_back(w.text());
      j["warnings"] = texts;
      std::cout << j.dump(2) << "\n";
      return;
    }
    std::printf("validation of %s on %s\n", a->params.c_str(), a->log.c_str());
    std::printf("  %s: %s\n", a->log.c_str(), summary.text().c_str());
    printWarnings(warnings);
    printValidation(r, own, model);
  });
}

}  // namespace eb::cli
