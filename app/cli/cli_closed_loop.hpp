#pragma once
// closed-loop as a plain function: its options, their declaration on a CLI11 command (shared by
// the CLI and the Python module), the run, and the JSON `closed-loop --json` prints.

#include "cli_identified_robot.hpp"
#include "cli_log_flags.hpp"

#include "simulation/closed_loop_tracking.hpp"

#include <nlohmann/json_fwd.hpp>

#include <functional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace eb::cli {

/// closed-loop's arguments and options, as the command line gives them.
struct ClosedLoopOptions {
  std::string robot, params, motion, plant, plantLog;
  std::vector<std::string> roots, locks;
  IdentificationSettings s;
  LogFlags logFlags;
  SimulationSettings sim;
  bool json = false;
};

/// Declares closed-loop's arguments and options on `cmd`, stored in `o`.
void declareClosedLoopOptions(CLI::App* cmd, ClosedLoopOptions& o);

/// One closed-loop comparison and what it tracked.
struct ClosedLoopOutcome {
  IdentifiedRobot robot;
  std::string motionText;
  double duration = 0.0;  ///< [s] tracked
  SimulationSettings sim;
  ClosedLoopComparison r;
};

/// Tracks the motion with the identified and the description's model on the plant (errors in
/// rad or m per joint). `progress` returning false cancels (Cancelled). Throws InputError.
ClosedLoopOutcome runClosedLoop(const ClosedLoopOptions& o,
                                const std::function<bool(double, const std::string&)>& progress);

/// What `closed-loop --json` prints.
nlohmann::json closedLoopJson(const ClosedLoopOutcome& outcome);

}  // namespace eb::cli
