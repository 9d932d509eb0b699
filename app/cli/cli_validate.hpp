#pragma once
// validate as a plain function: its options, their declaration on a CLI11 command (shared by
// the CLI and the Python module), the run, and the JSON `validate --json` prints.

#include "cli_identified_robot.hpp"
#include "cli_log_flags.hpp"

#include "identification/drift_check.hpp"
#include "identification/log_validation.hpp"

#include <nlohmann/json_fwd.hpp>

#include <functional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace eb::cli {

/// validate's arguments and options, as the command line gives them.
struct ValidateOptions {
  std::string robot, params, log;
  std::vector<std::string> roots, locks;
  IdentificationSettings s;
  LogFlags logFlags;
  bool json = false;
  double driftWindow = 0.0;  ///< [s]; 0: no drift check
};

/// Declares validate's arguments and options on `cmd`, stored in `o`.
void declareValidateOptions(CLI::App* cmd, ValidateOptions& o);

/// One validation: the robot with its params.json, the prediction on the log, the drift check.
struct ValidateOutcome {
  IdentifiedRobot robot;
  LogValidation v;
  bool drift = false;
  DriftReport driftReport;
};

/// Predicts the torques of `o.log` [N m] with the identified and the description's parameters.
/// `progress` returning false cancels (Cancelled). Throws InputError.
ValidateOutcome runValidate(const ValidateOptions& o, const std::function<bool(double, const std::string&)>& progress);

/// What `validate --json` prints.
nlohmann::json validateJson(const ValidateOutcome& outcome);

}  // namespace eb::cli
