// `compare-friction ROBOT log.csv [...] [--validate other.csv ...] [--offset] [--json]`: which
// friction model the joints follow, each fitted with the rigid-body parameters and scored on
// held-out seconds (and on whole validation logs, never fitted).
#include "cli_commands.hpp"
#include "cli_log_flags.hpp"
#include "cli_robot_locks.hpp"

#include "identification/friction_comparison.hpp"
#include "model/robot_loader.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>

namespace eb::cli {

void addCompareFrictionCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("compare-friction",
                                 "Fit viscous, Coulomb, asymmetric, smooth and Stribeck friction; compare on held-out data");
  struct Args {
    std::string robot;
    std::vector<std::string> logs, validate, roots, locks;
    IdentificationSettings s;
    LogFlags logFlags;
    bool offset = false, json = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("robot", a->robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("logs", a->logs, "Experiment logs (CSV, .mat or ROS 2 bags)")->required();
  cmd->add_option("--validate", a->validate,
                  "Logs only scored, never fitted (another trajectory): their samples join the held-out ones");
  cmd->add_flag("--offset", a->offset, "Add a constant torque offset per joint to every model");
  cmd->add_flag("--use-logged-derivatives", a->s.useLoggedDerivatives, "Use logged qd/qdd columns as they are");
  cmd->add_flag("--json", a->json, "Print one JSON object");
  addLogFlags(cmd, a->logFlags);
  cmd->add_option("--package-root", a->roots, "Folder that holds ROS packages for package:// URIs");
  addLockOption(cmd, a->locks);
  cmd->callback([a]() {
    const RobotModel model = loadRobotLocked(a->robot, a->roots, a->locks);
    a->s.regressor.offset = a->offset;
    applyLogFlags(a->logFlags, a->s);
    // Every log is read with the same flags: a path alone is a LogInput with the settings' import options.
    const std::vector<LogInput> logs(a->logs.begin(), a->logs.end()), validate(a->validate.begin(), a->validate.end());
    const FrictionComparison c = compareFrictionModels(model, logs, a->s, {}, validate);
    if (a->json) {
      nlohmann::json j;
      j["training_samples"] = c.trainingSamples;
      j["held_out_samples"] = c.heldOutSamples;
      j["best"] = c.models[static_cast<std::size_t>(c.best)].name;
      nlohmann::json models = nlohmann::json::array();
      for (const FrictionModelScore& m : c.models) {
        nlohmann::json joints = nlohmann::json::array();
        for (int k = 0; k < model.dof(); ++k) {
          nlohmann::json joint{{"name", model.joint(k).name}, {"held_out_nrmse_percent", m.heldOutNrmse[k]},
                               {"training_rms", m.trainingRms[k]}};
          if (std::isfinite(m.parameter[static_cast<std::size_t>(k)])) joint["parameter"] = m.parameter[static_cast<std::size_t>(k)];
          joints.push_back(joint);
        }
        models.push_back({{"name", m.name}, {"parameter", m.parameterName}, {"score", m.score}, {"unknowns", m.unknowns},
                          {"joints", joints}});
      }
      j["models"] = models;
      std::cout << j.dump(2) << "\n";
      return;
    }
    std::printf("friction models of %s, fitted with the rigid-body parameters on %ld samples, scored on %ld "
                "held-out ones (every fifth second%s)\n",
                model.name().c_str(), c.trainingSamples, c.heldOutSamples,
                a->validate.empty() ? "" : ", and the validation logs");
    for (const std::string& note : c.notes) std::printf("  %s\n", note.c_str());
    printWarnings(c.warnings);
    std::printf("\n  %-38s %10s  held-out NRMSE per joint [%%]\n", "model", "score");
    for (std::size_t m = 0; m < c.models.size(); ++m) {
      const FrictionModelScore& s = c.models[m];
      std::printf("%s %-38s %10.4g ", static_cast<int>(m) == c.best ? "*" : " ", s.name.c_str(), s.score);
      for (int k = 0; k < model.dof(); ++k) std::printf(" %6.3g", s.heldOutNrmse[k]);
      std::printf("\n");
      if (!s.parameterName.empty()) {
        std::printf("  %38s %10s ", s.parameterName.c_str(), "");
        for (int k = 0; k < model.dof(); ++k) std::printf(" %6.3g", s.parameter[static_cast<std::size_t>(k)]);
        std::printf("\n");
      }
    }
    std::printf("* best on the held-out samples (score: their residual, weighted per joint by the noise)\n");
  });
}

}  // namespace eb::cli
