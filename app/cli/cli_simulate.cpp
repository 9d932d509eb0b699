// `simulate ROBOT excitation.json --out log.csv [--rate 1000] [--noise-torque SIGMA]
// [--noise-position SIGMA] [--seed 1]`: the experiment on the model, as a log.
#include "cli_commands.hpp"
#include "cli_support.hpp"
#include "io/simulated_log_csv.hpp"

#include "io/excitation_json.hpp"
#include "model/model_error.hpp"
#include "model/robot_loader.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>

namespace eb::cli {

void addSimulateCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("simulate", "Simulate the experiment: tracking controller, friction, noise -> log CSV");
  struct Args {
    std::string robot, excitation, out;
    SimulationSettings s;
    std::vector<std::string> roots;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("robot", a->robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("excitation", a->excitation, "excitation.json (from design)")->required();
  cmd->add_option("--out", a->out, "Log CSV to write")->required();
  cmd->add_option("--rate", a->s.rateHz, "Control and logging rate [Hz]")->check(CLI::PositiveNumber);
  cmd->add_option("--noise-torque", a->s.noiseTorque, "Torque noise sigma [N m]")->check(CLI::NonNegativeNumber);
  cmd->add_option("--noise-position", a->s.noisePosition, "Position noise sigma [rad]")->check(CLI::NonNegativeNumber);
  cmd->add_option("--seed", a->s.seed, "Noise seed");
  cmd->add_option("--duration", a->s.duration, "Seconds to simulate (default: the trajectory's duration)");
  cmd->add_option("--package-root", a->roots, "Folder that holds ROS packages for package:// URIs");
  cmd->callback([a]() {
    const RobotModel model = loadRobot(a->robot, a->roots);
    const ExcitationFile ex = readExcitationJson(a->excitation);
    if (trajectoryDof(ex.trajectory) != model.dof())
      throw InputError(a->excitation + ": trajectory has " + std::to_string(trajectoryDof(ex.trajectory)) +
                       " joints, robot '" + model.name() + "' has " + std::to_string(model.dof()));
    const SimulatedLog log = simulateExperiment(model, ex.trajectory, a->s);
    writeSimulatedLogCsv(a->out, log);
    std::fprintf(stderr, "wrote %ld samples (%.3g s at %.6g Hz) to %s; max tracking error %.3g rad\n",
                 static_cast<long>(log.t.size()), log.t[log.t.size() - 1], a->s.rateHz, a->out.c_str(),
                 log.maxTrackingError);
  });
}

}  // namespace eb::cli
