// Logger artifacts on a simulated log: each does exactly what it says, and a
// jittered control clock keeps the identity tau = Y(q, qd, qdd) theta at the
// true stamps.
#include "simulation/logger_artifacts.hpp"

#include "dynamics/joint_torque_regressor.hpp"
#include "excitation/default_excitation.hpp"
#include "model/builtin_robots.hpp"
#include "simulation/simulated_log_csv.hpp"

#include <gtest/gtest.h>

using namespace eb;

namespace {

SimulatedLog simulated(double jitter = 0.0) {
  const RobotModel model = builtinRobot("planar2r");
  SimulationSettings s;
  s.rateHz = 500.0;
  s.clockJitter = jitter;
  s.duration = 2.0;
  return simulateExperiment(model, Trajectory(defaultExcitation(model, 2.0, 3)), s);
}

}  // namespace

TEST(LoggerArtifacts, JitteredClockHasTrueStampsAndExactDynamics) {
  const RobotModel model = builtinRobot("planar2r");
  const SimulatedLog log = simulated(0.4);
  double smallest = 1.0, largest = 0.0;
  for (Eigen::Index k = 1; k < log.t.size(); ++k) {
    smallest = std::min(smallest, log.t[k] - log.t[k - 1]);
    largest = std::max(largest, log.t[k] - log.t[k - 1]);
  }
  EXPECT_GT(smallest, 0.6 * 0.002 - 1e-12);
  EXPECT_LT(smallest, 0.7 * 0.002);
  EXPECT_GT(largest, 1.3 * 0.002);
  EXPECT_LT(largest, 1.4 * 0.002 + 1e-12);
  // The state at each stamp satisfies the rigid-body + friction identity exactly.
  RegressorOptions o;
  o.viscous = o.coulomb = true;
  const Eigen::VectorXd theta = regressorParameters(model, o, log.viscous, log.coulomb);
  DynamicsWorkspace ws(model);
  for (Eigen::Index k = 0; k < log.t.size(); k += 97) {
    const Eigen::VectorXd q = log.qTrue.row(k).transpose(), qd = log.qdTrue.row(k).transpose(),
                          qdd = log.qddTrue.row(k).transpose();
    const Eigen::VectorXd tau = computeJointTorqueRegressor(model, ws, o, q, qd, qdd) * theta;
    EXPECT_LT((tau - log.tauTrue.row(k).transpose()).norm(), 1e-9);
  }
}

TEST(LoggerArtifacts, EachArtifactDoesWhatItSays) {
  const SimulatedLog log = simulated();
  const Eigen::Index n = log.t.size();
  LoggerArtifacts a;
  a.logEvery = 4;
  EXPECT_EQ(applyLoggerArtifacts(log, a).t.size(), (n + 3) / 4);
  a = {};
  a.gaps = 2;
  a.gapSamples = 10;
  EXPECT_EQ(applyLoggerArtifacts(log, a).t.size(), n - 20);
  a = {};
  a.dropFraction = 0.1;
  const Eigen::Index kept = applyLoggerArtifacts(log, a).t.size();
  EXPECT_NEAR(static_cast<double>(n - kept) / n, 0.1, 0.03);
  a = {};
  a.repeatFraction = 0.05;
  const SimulatedLog repeated = applyLoggerArtifacts(log, a);
  int same = 0;
  for (Eigen::Index k = 1; k < repeated.t.size(); ++k) same += repeated.t[k] == repeated.t[k - 1];
  EXPECT_EQ(repeated.t.size() - n, same);
  EXPECT_GT(same, 20);
  a = {};
  a.resetAt = 1.0;
  const SimulatedLog reset = applyLoggerArtifacts(log, a);
  EXPECT_EQ(reset.t[500], 0.0);  // 1 s at 500 Hz: the clock reads 0 again
  EXPECT_EQ(reset.q.row(500), log.q.row(500));
  a = {};
  a.torqueOffset = Eigen::Vector2d(0.5, -1.0);
  a.quantization = 1e-3;
  const SimulatedLog offset = applyLoggerArtifacts(log, a);
  EXPECT_NEAR(offset.tau(7, 1), log.tau(7, 1) - 1.0, 1e-12);
  EXPECT_NEAR(offset.q(7, 0) / 1e-3, std::round(offset.q(7, 0) / 1e-3), 1e-9);
  EXPECT_LE(std::abs(offset.q(7, 0) - log.q(7, 0)), 0.5e-3 + 1e-12);
  a = {};
  a.dropFraction = 0.9;
  EXPECT_THROW(applyLoggerArtifacts(log, a), std::invalid_argument);
}

TEST(LoggerArtifacts, CurrentsAndTheRtdeLayout) {
  const SimulatedLog log = simulated();
  SimulatedLogFormat f;
  f.torqueConstants = {0.5, 0.25};
  const std::string ours = formatSimulatedLogCsv(log, f);
  EXPECT_EQ(ours.substr(0, ours.find('\n')), "t,q1,q2,i1,i2,qd1,qd2,qdd1,qdd2");
  f.layout = SimulatedLogFormat::Layout::UrRtde;
  const std::string rtde = formatSimulatedLogCsv(log, f);
  EXPECT_EQ(rtde.substr(0, rtde.find('\n')),
            "timestamp actual_q_0 actual_q_1 actual_qd_0 actual_qd_1 actual_current_0 actual_current_1 "
            "target_moment_0 target_moment_1");
  f.torqueConstants = {0.5};
  EXPECT_THROW(formatSimulatedLogCsv(log, f), std::invalid_argument);
}
