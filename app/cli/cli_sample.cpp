// `sample excitation.json --out traj.csv [--rate 500]`: the trajectory on a
// uniform grid, t,q1..,qd1..,qdd1.. as CSV, or a MATLAB .mat when the output
// path ends in .mat.
#include "cli_commands.hpp"
#include "cli_support.hpp"

#include "excitation/trajectory_sampling.hpp"
#include "io/excitation_json.hpp"
#include "io/trajectory_csv.hpp"
#include "io/trajectory_mat.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>

namespace eb::cli {

void addSampleCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("sample", "Sample an excitation.json on a uniform grid (CSV or .mat)");
  auto in = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto rate = std::make_shared<double>(500.0);
  cmd->add_option("excitation", *in, "excitation.json (from design or the workbench)")->required();
  cmd->add_option("--out", *out, "traj.csv or traj.mat to write")->required();
  cmd->add_option("--rate", *rate, "Sample rate [Hz]")->capture_default_str();
  cmd->callback([=]() {
    if (!(*rate > 0.0)) throw std::invalid_argument("--rate must be a positive number of Hz");
    const ExcitationFile excitation = readExcitationJson(*in);
    const TrajectorySamples samples = sampleTrajectory(excitation.trajectory, *rate);
    if (endsWith(*out, ".mat"))
      writeTrajectoryMat(*out, samples);
    else
      writeTrajectoryCsv(*out, samples);
    std::fprintf(stderr, "wrote %d samples (%g s at %g Hz) of %d joints to %s\n", samples.size(),
                 trajectoryDuration(excitation.trajectory), *rate, samples.dof(), out->c_str());
  });
}

}  // namespace eb::cli
