// The torque convention check: a reversed joint, a scale error and swapped columns are told
// apart from a log that follows the description, on the Panda's default excitation with
// friction, noise and a description 20 % off in its masses.
#include "logs/torque_convention_check.hpp"

#include "dynamics/dynamics_workspace.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "dynamics/joint_torque_regressor.hpp"
#include "excitation/default_excitation.hpp"
#include "model/builtin_robots.hpp"
#include "simulation/experiment_simulator.hpp"

#include <gtest/gtest.h>

#include <random>

namespace eb {
namespace {

struct Samples {
  Eigen::VectorXd t;
  Eigen::MatrixXd q, qd, qdd, tau;
};

// 20 s at 1 kHz of the default excitation: torques of `truth` plus friction and noise.
Samples pandaSamples(const RobotModel& truth) {
  const int n = truth.dof();
  const Trajectory tr(defaultExcitation(truth, 10.0, 5));
  Eigen::VectorXd fv, fc;
  defaultFriction(truth, fv, fc);
  DynamicsWorkspace ws(truth);
  const int rows = 20000;
  Samples s;
  s.t.resize(rows);
  s.q.resize(rows, n);
  s.qd.resize(rows, n);
  s.qdd.resize(rows, n);
  s.tau.resize(rows, n);
  std::mt19937_64 rng(3);
  std::normal_distribution<double> noise(0.0, 0.05);
  Eigen::VectorXd q(n), qd(n), qdd(n);
  for (int i = 0; i < rows; ++i) {
    s.t[i] = 1e-3 * i;
    evaluateTrajectory(tr, s.t[i], q, qd, qdd);
    const Eigen::VectorXd& tau = inverseDynamics(truth, ws, q, qd, qdd);
    s.q.row(i) = q.transpose();
    s.qd.row(i) = qd.transpose();
    s.qdd.row(i) = qdd.transpose();
    for (int j = 0; j < n; ++j) s.tau(i, j) = tau[j] + fv[j] * qd[j] + fc[j] * coulombSign(qd[j], 0.0) + noise(rng);
  }
  return s;
}

const RobotModel& panda() {
  static const RobotModel model = builtinRobot("panda");
  return model;
}

const Samples& samples() {
  static const Samples s = pandaSamples(panda());
  return s;
}

TorqueConventionReport check(const Samples& s) {
  return checkTorqueConventions(panda(), "log.csv", s.t, s.q, s.qd, s.qdd, s.tau);
}

TEST(TorqueConventionCheck, LogThatFollowsTheDescriptionHasNoFinding) {
  const TorqueConventionReport r = check(samples());
  ASSERT_EQ(r.joints.size(), 7u);
  EXPECT_GT(r.samples, 8900u);  // strided to 500 samples per second of 20 s
  EXPECT_LT(r.samples, 10100u);
  for (const JointTorqueConvention& c : r.joints) {
    EXPECT_NE(c.verdict, TorqueConventionVerdict::Reversed) << c.joint;
    EXPECT_NE(c.verdict, TorqueConventionVerdict::Scaled) << c.joint;
  }
  // The gravity-loaded shoulder and elbow follow the prediction exactly (slope 1, r ~ 1).
  EXPECT_NEAR(r.joints[1].slope, 1.0, 0.01);
  EXPECT_GT(r.joints[1].correlation, 0.99);
  EXPECT_TRUE(r.joints[1].gravityLoaded);
  EXPECT_NEAR(r.joints[3].slope, 1.0, 0.01);
  EXPECT_TRUE(r.findings().empty());
  EXPECT_TRUE(r.swaps.empty());
  EXPECT_TRUE(r.refusedJoints().empty());
}

TEST(TorqueConventionCheck, ReversedJointsAreNamedWithTheFlagThatFlipsThem) {
  Samples s = samples();
  s.tau.col(1) *= -1.0;
  s.tau.col(3) *= -1.0;
  s.tau.col(6) *= -1.0;  // a wrist: light, judged by its prediction or its friction
  const TorqueConventionReport r = check(s);
  EXPECT_EQ(r.jointsWith(TorqueConventionVerdict::Reversed), (std::vector<int>{1, 3, 6}));
  EXPECT_NEAR(r.joints[1].slope, -1.0, 0.01);
  EXPECT_LT(r.joints[1].correlation, -0.99);
  // Shoulder and elbow carry gravity: refused unless the user states the signs.
  EXPECT_EQ(r.refusedJoints(), (std::vector<int>{1, 3}));
  EXPECT_EQ(r.suggestedSigns(), (std::vector<double>{1, -1, 1, -1, 1, 1, -1}));
  const std::vector<Diagnostic> findings = r.findings();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].file, "log.csv");
  EXPECT_EQ(findings[0].field, "torque sign");
  EXPECT_NE(findings[0].message.find("joints 2 (panda_joint2), 4 (panda_joint4) and 7 (panda_joint7)"),
            std::string::npos)
      << findings[0].message;
  EXPECT_NE(findings[0].message.find("--torque-sign 1,-1,1,-1,1,1,-1"), std::string::npos);
  const Diagnostic refusal = r.refusal();
  EXPECT_EQ(refusal.severity, Severity::Error);
  EXPECT_NE(refusal.text().find("log.csv: torque sign: gravity-loaded joints 2 (panda_joint2) and 4 (panda_joint4)"),
            std::string::npos)
      << refusal.text();
}

TEST(TorqueConventionCheck, ScaleErrorIsReportedNotReversed) {
  Samples s = samples();
  s.tau.col(1) *= 1000.0;  // mN m read as N m
  const TorqueConventionReport r = check(s);
  EXPECT_EQ(r.joints[1].verdict, TorqueConventionVerdict::Scaled);
  EXPECT_NEAR(r.joints[1].slope, 1000.0, 10.0);
  EXPECT_TRUE(r.jointsWith(TorqueConventionVerdict::Reversed).empty());
  const std::vector<Diagnostic> findings = r.findings();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_NE(findings[0].message.find("mN m read as N m"), std::string::npos) << findings[0].message;
}

TEST(TorqueConventionCheck, SwappedColumnsAreFound) {
  Samples s = samples();
  s.tau.col(1).swap(s.tau.col(3));
  const TorqueConventionReport r = check(s);
  ASSERT_EQ(r.swaps.size(), 1u);
  EXPECT_EQ(r.swaps[0], (std::pair<int, int>{1, 3}));
  bool named = false;
  for (const Diagnostic& d : r.findings())
    named |= d.field == "joint order" && d.message.find("joints 2 (panda_joint2) and 4 (panda_joint4)") != std::string::npos;
  EXPECT_TRUE(named);
}

TEST(TorqueConventionCheck, DescriptionTwentyPercentOffStillReadsConsistent) {
  // The log of a robot 20 % heavier than its description (every link): slopes move, signs do not.
  // Scaling all 10 parameters of a body scales its mass and inertia, keeping its COM.
  const RobotModel heavier = panda().withStandardParameters(1.2 * panda().standardParameters());
  const Samples s = pandaSamples(heavier);
  const TorqueConventionReport r = check(s);
  EXPECT_TRUE(r.jointsWith(TorqueConventionVerdict::Reversed).empty());
  EXPECT_NEAR(r.joints[1].slope, 1.2, 0.03);
  EXPECT_TRUE(r.findings().empty());
}

}  // namespace
}  // namespace eb
