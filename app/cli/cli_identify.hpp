#pragma once
// identify as a plain function: its options, their declaration on a CLI11 command (the CLI and
// the Python module parse with the same declaration), the run, and the JSON `identify --json`
// prints. The text output stays in cli_identify.cpp.

#include "cli_log_flags.hpp"

#include "identification/identification_pipeline.hpp"
#include "io/params_file.hpp"
#include "model/robot_model.hpp"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace eb::cli {

/// identify's arguments and options, as the command line gives them.
struct IdentifyOptions {
  std::string robot, out, method = estimationMethodName(EstimationOptions{}.method), friction = "coulomb",
                          frictionPrior = frictionPriorName(EstimationOptions{}.frictionPrior);
  std::vector<std::string> logs, roots, locks;
  IdentificationSettings s;
  bool noFriction = false, offset = false, armature = false;
  LogFlags logFlags;
  bool quiet = false, json = false;
  std::string report;  ///< --report: the HTML identification report to write ("" = none)
};

/// Declares identify's arguments and options on `cmd`, stored in `o`.
void declareIdentifyOptions(CLI::App* cmd, IdentifyOptions& o);

/// What one identify run made: the robot, the estimate and the params.json content.
struct IdentifyOutcome {
  RobotModel model;
  IdentificationRun run;
  IdentifiedParameters params;
  std::string frictionNote;  ///< what smooth / stribeck / best chose; empty for the fixed shapes
  IdentificationSettings settings;  ///< as the estimate was made (method, columns, friction shape)
};

/// Identifies the base parameters of `o.robot` from `o.logs` (writes nothing). `progress`
/// (fraction, what) returning false cancels (throws Cancelled). Throws InputError.
IdentifyOutcome runIdentify(const IdentifyOptions& o, const IdentificationProgress& progress);

/// What `identify --json` prints: the params.json object (io/params_file.hpp) with the run's
/// "notes", "warnings" and "friction_note" added.
nlohmann::json identifyJson(const IdentifyOutcome& outcome);

/// Writes identify's HTML report of `outcome` to `path` (report/html_report.hpp): predicts the logs'
/// held-out seconds once more (a second pass over `logs`), records their scores in
/// outcome.params and writes the page atomically. `paramsFile` is the params.json it goes with.
void writeIdentifyReport(IdentifyOutcome& outcome, const std::vector<std::string>& logs, const std::string& path,
                         const std::string& paramsFile);

}  // namespace eb::cli
