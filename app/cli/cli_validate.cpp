// `validate ROBOT params.json log.csv [--json]`: torque prediction on an
// independent log, RMSE and NRMSE per joint.
#include "cli_commands.hpp"
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

void addValidateCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("validate", "Predict the torques of an independent log: RMSE and NRMSE per joint");
  struct Args {
    std::string robot, params, log;
    std::vector<std::string> roots;
    IdentificationSettings s;
    bool json = false;
    double rate = 0.0;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("robot", a->robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("params", a->params, "params.json from identify")->required();
  cmd->add_option("log", a->log, "Validation log (CSV or .mat)")->required();
  cmd->add_flag("--json", a->json, "Print one JSON object");
  cmd->add_option("--filter-cutoff", a->s.preprocess.cutoffHz, "Low-pass cutoff [Hz] for positions (default 5 Hz)");
  cmd->add_flag("--filter-torque", a->s.preprocess.filterTorque, "Low-pass the torques too (default: only positions)");
  cmd->add_flag("--use-logged-derivatives", a->s.useLoggedDerivatives, "Use logged qd/qdd columns as they are");
  cmd->add_option("--rate", a->rate, "Sample rate [Hz] for logs without a time column");
  cmd->add_option("--package-root", a->roots, "Folder that holds ROS packages for package:// URIs");
  cmd->callback([a]() {
    const RobotModel model = loadRobot(a->robot, a->roots);
    const IdentifiedParameters p = readParamsJson(a->params);
    const BaseParameters base = baseParametersFor(model, p, a->params);
    a->s.import.sampleRateHz = a->rate;
    const PreprocessedLog log = loadAndPreprocess(model, a->log, a->s);
    const ValidationResult r = validatePrediction(model, base, p.values, log.q, log.qd, log.qdd, log.tau);
    if (a->json) {
      nlohmann::json j;
      j["samples"] = r.samples;
      nlohmann::json joints = nlohmann::json::array();
      for (int k = 0; k < model.dof(); ++k)
        joints.push_back({{"name", model.joint(k).name},
                          {"rmse", r.rmse[k]},
                          {"nrmse_percent", r.nrmse[k]},
                          {"max_error", r.maxError[k]},
                          {"measured_rms", r.measuredRms[k]}});
      j["joints"] = joints;
      std::cout << j.dump(2) << "\n";
      return;
    }
    std::printf("validation of %s on %s\n", a->params.c_str(), a->log.c_str());
    printValidation(r, model);
  });
}

}  // namespace eb::cli
