// `torques ROBOT --in traj.csv --out tau.csv [--params params.json]`: joint
// torques along a trajectory, rigid-body inverse dynamics from the model's own
// parameters (or a prediction from identified parameters).
#include "cli_commands.hpp"
#include "cli_identified_robot.hpp"
#include "cli_robot_locks.hpp"

#include "io/atomic_file.hpp"
#include "io/matrix_csv.hpp"
#include "io/trajectory_csv.hpp"
#include "simulation/trajectory_torques.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>

namespace eb::cli {

void addTorquesCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("torques", "Joint torques along a trajectory CSV (t,q..,qd..,qdd..)");
  auto robot = std::make_shared<std::string>();
  auto in = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto params = std::make_shared<std::string>();
  auto rate = std::make_shared<double>(0.0);
  auto roots = std::make_shared<std::vector<std::string>>();
  auto locks = std::make_shared<std::vector<std::string>>();
  cmd->add_option("robot", *robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("--in", *in, "Trajectory CSV with q1..qn, qd1..qdn, qdd1..qddn (and t)")->required();
  cmd->add_option("--out", *out, "Torque CSV to write (t, tau1..taun; tau1..taun when the input has no t)")->required();
  cmd->add_option("--params", *params, "Identified parameters (params.json) to predict with");
  cmd->add_option("--rate", *rate, "Sample rate [Hz] when the CSV has no t column");
  cmd->add_option("--package-root", *roots, "Folder that holds ROS packages for package:// URIs");
  addLockOption(cmd, *locks);
  cmd->callback([=]() {
    const IdentifiedRobot r = loadIdentifiedRobot(*robot, *roots, *locks, *params);
    const RobotModel& model = r.model;
    // Inverse dynamics of states needs no time: without t (and --rate) the rows are numbered.
    const TrajectorySamples traj = readTrajectoryCsv(*in, *rate, TimeColumn::Optional);
    const int n = model.dof();
    Eigen::MatrixXd table(traj.size(), n + 1);
    table.col(0) = traj.t;  // dropped below when the input had no time
    // With --params, the prediction of the identified base parameters (friction included when identified).
    table.rightCols(n) = params->empty() ? trajectoryTorques(model, traj, *in)
                                         : trajectoryTorques(model, r.base, r.params.values, traj, *in);
    std::vector<std::string> header;
    if (traj.timed) header.push_back("t");
    for (int j = 0; j < n; ++j) header.push_back("tau" + std::to_string(j + 1));
    writeFileAtomically(*out, formatMatrixCsv(header, traj.timed ? table : Eigen::MatrixXd(table.rightCols(n))));
    std::fprintf(stderr, "wrote %d samples of %d joint torques to %s\n", traj.size(), n, out->c_str());
  });
}

}  // namespace eb::cli
