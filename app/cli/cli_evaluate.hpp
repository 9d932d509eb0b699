#pragma once
// evaluate as a plain function: its options, their declaration on a CLI11 command (the CLI and
// the Python module parse with the same declaration), the run, and the JSON `evaluate --json`
// prints. The one excitation evaluation (excitation_evaluation.hpp): the same cond as `design`
// and the workbench for the same trajectory.

#include "excitation/excitation_evaluation.hpp"
#include "io/excitation_json.hpp"
#include "model/robot_model.hpp"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace eb::cli {

/// evaluate's arguments and options, as the command line gives them.
struct EvaluateOptions {
  std::string robot, excitation;
  std::vector<std::string> roots, locks;
  double rate = 0.0;               ///< criterion samples [Hz]; 0 = automatic
  double positionFraction = -1.0;  ///< < 0: the excitation's own, else the default (95 %)
  double torqueFraction = -1.0;    ///< < 0: the excitation's own, else 1
  bool noTorqueLimits = false, friction = false, json = false;
};

/// Declares evaluate's arguments and options on `cmd`, stored in `o`.
void declareEvaluateOptions(CLI::App* cmd, EvaluateOptions& o);

/// One evaluation: the robot (with the excitation's joint limits when it records them), the
/// file, the settings used and the result.
struct EvaluateOutcome {
  RobotModel model;
  ExcitationFile file;
  ExcitationEvaluationSettings settings;
  ExcitationEvaluation evaluation;
};

/// Evaluates `o.excitation` for `o.robot` (writes nothing). Throws InputError naming the file
/// or the flag of a bad input.
EvaluateOutcome runEvaluate(const EvaluateOptions& o);

/// What `evaluate --json` prints: the criteria (cond, cond_scaled, logdet, aopt, eopt,
/// lambda_max, samples, sample_rate), the eigenvalues, feasibility and the usage per joint.
nlohmann::json evaluateJson(const EvaluateOutcome& outcome);

}  // namespace eb::cli
