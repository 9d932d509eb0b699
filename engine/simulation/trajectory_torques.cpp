#include "simulation/trajectory_torques.hpp"

#include "dynamics/dynamics_workspace.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "identification/validation.hpp"
#include "io/matrix_csv.hpp"
#include "util/input_error.hpp"

namespace eb {
namespace {

void checkTrajectoryJoints(const RobotModel& model, const TrajectorySamples& samples, const std::string& where) {
  if (samples.dof() == model.dof()) return;
  throw inputErrorAt(where, 0, "",
                     "has " + std::to_string(samples.dof()) + " joints (q1..q" + std::to_string(samples.dof()) +
                         "), robot '" + model.name() + "' has " + std::to_string(model.dof()));
}

// Huge but finite inputs (qd = 1e308) overflow the torques: name the sample, not the output table.
void checkTorquesFinite(const TrajectorySamples& samples, const Eigen::MatrixXd& tau, const std::string& where) {
  for (Eigen::Index s = 0; s < tau.rows(); ++s)
    if (!tau.row(s).allFinite())
      throw inputErrorAt(where, 0, "",
                         "sample " + std::to_string(s + 1) +
                             (samples.timed ? " (t = " + formatDoubleExact(samples.t[s]) + " s)" : std::string()) +
                             ": the joint torques are not finite (q, qd or qdd too large for the robot)");
}

}  // namespace

Eigen::MatrixXd trajectoryTorques(const RobotModel& model, const TrajectorySamples& samples, const std::string& where) {
  checkTrajectoryJoints(model, samples, where);
  const int n = model.dof();
  DynamicsWorkspace ws(model);
  Eigen::MatrixXd tau(samples.size(), n);
  Eigen::VectorXd q(n), qd(n), qdd(n);
  for (int s = 0; s < samples.size(); ++s) {
    q = samples.q.row(s).transpose();
    qd = samples.qd.row(s).transpose();
    qdd = samples.qdd.row(s).transpose();
    tau.row(s) = inverseDynamics(model, ws, q, qd, qdd).transpose();
  }
  checkTorquesFinite(samples, tau, where);
  return tau;
}

Eigen::MatrixXd trajectoryTorques(const RobotModel& model, const BaseParameters& base, const Eigen::VectorXd& values,
                                  const TrajectorySamples& samples, const std::string& where) {
  checkTrajectoryJoints(model, samples, where);
  const Eigen::MatrixXd tau = predictTorques(model, base, values, samples.q, samples.qd, samples.qdd);
  checkTorquesFinite(samples, tau, where);
  return tau;
}

}  // namespace eb
