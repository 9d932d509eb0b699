// `sample excitation.json --out FILE [--rate 500] [--format csv|mat|joint-trajectory|urscript]`:
// the trajectory on a uniform grid, as a CSV (t,q1..,qd1..,qdd1..), a MATLAB .mat, a
// FollowJointTrajectory goal for a ros2_control controller (YAML), or a URScript program that
// streams it with servoj. The format follows the output's extension unless --format says.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>

#include "cli_commands.hpp"
#include "cli_support.hpp"
#include "excitation/trajectory_sampling.hpp"
#include "io/excitation_json.hpp"
#include "io/joint_trajectory_yaml.hpp"
#include "io/trajectory_csv.hpp"
#include "io/trajectory_mat.hpp"
#include "io/urscript_export.hpp"

namespace eb::cli {

namespace {

// The format an output path implies: .mat, .yaml/.yml, .script/.urscript, else csv.
std::string formatOfPath(const std::string& path) {
  if (endsWith(path, ".mat")) return "mat";
  if (endsWith(path, ".yaml") || endsWith(path, ".yml")) return "joint-trajectory";
  if (endsWith(path, ".script") || endsWith(path, ".urscript")) return "urscript";
  return "csv";
}

}  // namespace

void addSampleCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "sample", "Sample an excitation.json on a uniform grid (CSV, .mat, ros2_control trajectory YAML or URScript)");
  auto in = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto rate = std::make_shared<double>(500.0);
  auto format = std::make_shared<std::string>();
  cmd->add_option("excitation", *in, "excitation.json (from design or the workbench)")->required();
  cmd->add_option("--out", *out, "traj.csv, traj.mat, traj.yaml or traj.script to write")->required();
  auto* rateOption =
      cmd->add_option("--rate", *rate, "Sample rate [Hz]; urscript: the controller's (500 e-Series, 125 CB3)")
          ->capture_default_str();
  cmd->add_option("--format", *format,
                  "csv, mat, joint-trajectory (FollowJointTrajectory goal YAML) or urscript (servoj); default: by "
                  "the extension of --out")
      ->check(CLI::IsMember({"csv", "mat", "joint-trajectory", "urscript"}));
  cmd->callback([=]() {
    if (!(*rate > 0.0)) throw std::invalid_argument("--rate must be a positive number of Hz");
    const std::string kind = format->empty() ? formatOfPath(*out) : *format;
    // servoj runs one line per controller cycle: a default rate would silently play the motion at the wrong speed.
    if (kind == "urscript" && rateOption->count() == 0)
      throw InputError("sample: --format urscript needs --rate, the controller's rate (500 on e-Series, 125 on CB3)");
    const ExcitationFile excitation = readExcitationJson(*in);
    const TrajectorySamples samples = sampleTrajectory(excitation.trajectory, *rate);
    if (kind == "mat")
      writeTrajectoryMat(*out, samples);
    else if (kind == "joint-trajectory")
      writeJointTrajectoryYaml(*out, excitation, samples, *rate, *in);
    else if (kind == "urscript")
      writeUrscript(*out, excitation, samples, *rate, *in);
    else
      writeTrajectoryCsv(*out, samples);
    std::fprintf(stderr, "wrote %d samples (%g s at %g Hz) of %d joints to %s\n", samples.size(),
                 trajectoryDuration(excitation.trajectory), *rate, samples.dof(), out->c_str());
  });
}

}  // namespace eb::cli
