// The streamed, parallel information matrix and its criteria equal a direct
// dense computation (stack Phi_b, SVD) to 1e-9 relative.
#include "excitation/default_excitation.hpp"
#include "excitation/information_matrix.hpp"
#include "model/builtin_robots.hpp"
#include "util/thread_pool.hpp"

#include <Eigen/SVD>
#include <gtest/gtest.h>

using namespace eb;

namespace {

void checkAgainstDense(const std::string& robot, bool friction, int threads) {
  const RobotModel model = builtinRobot(robot);
  RegressorOptions opt;
  opt.viscous = opt.coulomb = friction;
  const BaseParameters base = computeBaseParameters(model, opt);
  const TrajectorySamples s = sampleTrajectory(Trajectory(defaultExcitation(model)), 100.0);
  ThreadPool pool(threads);
  InformationMatrixAccumulator acc(model, base, &pool);
  const InformationMetrics m = acc.computeMetrics(s);

  DynamicsWorkspace ws(model);
  const int n = model.dof();
  Eigen::MatrixXd Phi(s.size() * n, base.rank), Yb;
  for (int k = 0; k < s.size(); ++k) {
    const Eigen::VectorXd q = s.q.row(k).transpose(), qd = s.qd.row(k).transpose(), qdd = s.qdd.row(k).transpose();
    base.selectBaseColumns(computeJointTorqueRegressor(model, ws, opt, q, qd, qdd), Yb);
    Phi.middleRows(k * n, n) = Yb;
  }
  const Eigen::MatrixXd F = Phi.transpose() * Phi;
  EXPECT_LT((acc.informationMatrix() - F).norm(), 1e-12 * F.norm());
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(Phi);
  const Eigen::VectorXd sv = svd.singularValues();
  const double cond = sv[0] / sv[sv.size() - 1];
  EXPECT_NEAR(m.cond, cond, 1e-9 * cond) << robot;
  EXPECT_NEAR(m.eopt, sv[sv.size() - 1] * sv[sv.size() - 1], 1e-9 * m.eopt);
  EXPECT_NEAR(m.logdet, 2.0 * sv.array().log().sum(), 1e-9 * std::abs(m.logdet));
  EXPECT_NEAR(m.aopt, sv.array().square().inverse().sum(), 1e-9 * m.aopt);
  // Column scaling: cond of Phi_b with unit-norm columns.
  Eigen::MatrixXd Ps = Phi;
  for (Eigen::Index c = 0; c < Ps.cols(); ++c) Ps.col(c).normalize();
  const Eigen::JacobiSVD<Eigen::MatrixXd> svds(Ps);
  const double conds = svds.singularValues()[0] / svds.singularValues()[svds.singularValues().size() - 1];
  EXPECT_NEAR(m.condScaled, conds, 1e-8 * conds);
  EXPECT_TRUE(m.fullRank);
  EXPECT_EQ(m.samples, s.size());
}

}  // namespace

TEST(InformationMatrix, PandaMatchesDenseSvd) { checkAgainstDense("panda", false, 2); }
TEST(InformationMatrix, PandaWithFrictionSingleThread) { checkAgainstDense("panda", true, 1); }
TEST(InformationMatrix, Ur5MatchesDenseSvd) { checkAgainstDense("ur5", true, 2); }

TEST(InformationMatrix, WindowsCoverTheTrajectory) {
  const RobotModel model = builtinRobot("panda");
  const BaseParameters base = computeBaseParameters(model, RegressorOptions{});
  const TrajectorySamples s = sampleTrajectory(Trajectory(defaultExcitation(model)), 200.0);
  InformationMatrixAccumulator acc(model, base);
  const InformationMetrics m = acc.computeMetrics(s, 1.0);
  ASSERT_EQ(m.windowLambdaMin.size(), 6u);  // 5 s at 200 Hz plus the closing sample
  for (double l : m.windowLambdaMin) EXPECT_LE(l, m.eopt + 1e-9);
}

TEST(InformationMatrix, DefaultExcitationIsWithinLimitsAndRestToRest) {
  const RobotModel model = builtinRobot("panda");
  const FourierTrajectory tr = defaultExcitation(model);
  EXPECT_LT(tr.restResidual(), 1e-12);
  const TrajectorySamples s = sampleTrajectory(Trajectory(tr), 500.0);
  EXPECT_EQ(s.size(), 2501);
  for (int i = 0; i < model.dof(); ++i) {
    const JointLimits& l = model.joint(i).limits;
    EXPECT_GE(s.q.col(i).minCoeff(), l.lower);
    EXPECT_LE(s.q.col(i).maxCoeff(), l.upper);
    EXPECT_LE(s.qd.col(i).cwiseAbs().maxCoeff(), 0.5 * l.velocity + 1e-12);
  }
}
