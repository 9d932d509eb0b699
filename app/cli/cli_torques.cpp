// `torques ROBOT --in traj.csv --out tau.csv [--params params.json]`: joint
// torques along a trajectory, rigid-body inverse dynamics from the model's own
// parameters (or a prediction from identified parameters).
#include "cli_commands.hpp"
#include "cli_identified_robot.hpp"
#include "cli_robot_locks.hpp"

#include "dynamics/inverse_dynamics.hpp"
#include "identification/validation.hpp"
#include "io/atomic_file.hpp"
#include "io/matrix_csv.hpp"
#include "io/trajectory_csv.hpp"
#include "model/model_error.hpp"

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
    if (traj.dof() != model.dof())
      throw InputError(*in + ": has " + std::to_string(traj.dof()) + " joints (q1..q" + std::to_string(traj.dof()) +
                       "), robot '" + model.name() + "' has " + std::to_string(model.dof()));
    const int n = model.dof();
    Eigen::MatrixXd table(traj.size(), n + 1);
    table.col(0) = traj.t;  // dropped below when the input had no time
    if (!params->empty()) {
      // Prediction with identified base parameters (friction included when identified).
      table.rightCols(n) = predictTorques(model, r.base, r.params.values, traj.q, traj.qd, traj.qdd);
    } else {
      DynamicsWorkspace ws(model);
      Eigen::VectorXd q(n), qd(n), qdd(n);
      for (int s = 0; s < traj.size(); ++s) {
        q = traj.q.row(s).transpose();
        qd = traj.qd.row(s).transpose();
        qdd = traj.qdd.row(s).transpose();
        table.row(s).tail(n) = inverseDynamics(model, ws, q, qd, qdd).transpose();
      }
    }
    // Huge but finite inputs (qd = 1e308) overflow the torques: name the sample, not the output table.
    for (int s = 0; s < traj.size(); ++s)
      if (!table.row(s).allFinite())
        throw InputError(*in + ": sample " + std::to_string(s + 1) +
                         (traj.timed ? " (t = " + formatDoubleExact(traj.t[s]) + " s)" : std::string()) +
                         ": the joint torques are not finite (q, qd or qdd too large for the robot)");
    std::vector<std::string> header;
    if (traj.timed) header.push_back("t");
    for (int j = 0; j < n; ++j) header.push_back("tau" + std::to_string(j + 1));
    writeFileAtomically(*out, formatMatrixCsv(header, traj.timed ? table : Eigen::MatrixXd(table.rightCols(n))));
    std::fprintf(stderr, "wrote %d samples of %d joint torques to %s\n", traj.size(), n, out->c_str());
  });
}

}  // namespace eb::cli
