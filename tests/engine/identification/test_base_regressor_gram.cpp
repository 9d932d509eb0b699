// BaseRegressorGram: the per-joint sums over each joint's support equal the sums of the dense
// base regressor rows (and nothing lies outside the support), on one lane and on a pool; the
// pool's result does not depend on which lane did what; wrong shapes are refused.
#include "identification/base_regressor_gram.hpp"

#include "dynamics/joint_torque_regressor.hpp"
#include "excitation/default_excitation.hpp"
#include "excitation/trajectory.hpp"
#include "excitation/trajectory_sampling.hpp"
#include "model/builtin_robots.hpp"
#include "util/thread_pool.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace eb {
namespace base_regressor_gram_test {

struct DenseSums {
  std::vector<Eigen::MatrixXd> G;   // per joint, r x r
  std::vector<Eigen::VectorXd> g, rows;
  Eigen::VectorXd squares, sums;
};

DenseSums denseSums(const RobotModel& model, const BaseParameters& base, const TrajectorySamples& s,
                    const Eigen::MatrixXd& tau) {
  const int n = model.dof(), r = base.rank;
  DenseSums d;
  d.G.assign(static_cast<std::size_t>(n), Eigen::MatrixXd::Zero(r, r));
  d.g.assign(static_cast<std::size_t>(n), Eigen::VectorXd::Zero(r));
  d.rows = d.g;
  d.squares = Eigen::VectorXd::Zero(n);
  d.sums = Eigen::VectorXd::Zero(n);
  DynamicsWorkspace ws(model);
  Eigen::MatrixXd Yb;
  for (int k = 0; k < s.size(); ++k) {
    const Eigen::VectorXd q = s.q.row(k).transpose(), qd = s.qd.row(k).transpose(), qdd = s.qdd.row(k).transpose();
    base.selectBaseColumns(computeJointTorqueRegressor(model, ws, base.options, q, qd, qdd), Yb);
    for (int j = 0; j < n; ++j) {
      const std::size_t jj = static_cast<std::size_t>(j);
      const Eigen::VectorXd y = Yb.row(j).transpose();
      d.G[jj] += y * y.transpose();
      d.g[jj] += y * tau(k, j);
      d.rows[jj] += y;
      d.squares[j] += tau(k, j) * tau(k, j);
      d.sums[j] += tau(k, j);
    }
  }
  return d;
}

void checkAgainstDense(int threads) {
  const RobotModel model = builtinRobot("panda");
  RegressorOptions options;
  options.viscous = options.coulomb = true;
  const BaseParameters base = computeBaseParameters(model, options);
  const TrajectorySamples s = sampleTrajectory(Trajectory(defaultExcitation(model)), 200.0);  // 1001 samples
  Eigen::MatrixXd tau = s.q * 3.0 + s.qdd;
  ThreadPool pool(threads);
  BaseRegressorGram gram(model, base, &pool, true);
  const Eigen::Ref<const Eigen::MatrixXd> tauRef(tau);
  gram.compute(s.q, s.qd, s.qdd, &tauRef);
  ASSERT_EQ(gram.samples(), s.size());
  const DenseSums d = denseSums(model, base, s, tau);
  for (int j = 0; j < model.dof(); ++j) {
    const std::size_t jj = static_cast<std::size_t>(j);
    const std::vector<int>& sj = gram.support(j);
    const double scale = d.G[jj].norm();
    // The dense row vanishes off the support: the Gram misses nothing.
    for (int c = 0; c < base.rank; ++c) {
      if (std::find(sj.begin(), sj.end(), c) == sj.end()) {
        EXPECT_EQ(d.G[jj](c, c), 0.0) << "joint " << j << " column " << c;
      }
    }
    for (std::size_t b = 0; b < sj.size(); ++b) {
      const Eigen::Index bi = static_cast<Eigen::Index>(b);
      EXPECT_NEAR(gram.torqueCrossSum(j)[bi], d.g[jj][sj[b]], 1e-12 * d.g[jj].norm());
      EXPECT_NEAR(gram.rowSum(j)[bi], d.rows[jj][sj[b]], 1e-12 * d.rows[jj].norm() + 1e-12);
      for (std::size_t a = b; a < sj.size(); ++a)
        EXPECT_NEAR(gram.lowerGram(j)(static_cast<Eigen::Index>(a), bi), d.G[jj](sj[a], sj[b]), 1e-12 * scale);
    }
    EXPECT_NEAR(gram.torqueSquares()[j], d.squares[j], 1e-12 * d.squares[j]);
    EXPECT_NEAR(gram.torqueSums()[j], d.sums[j], 1e-10 * std::abs(d.sums[j]) + 1e-9);
  }
  Eigen::MatrixXd F, dense = Eigen::MatrixXd::Zero(base.rank, base.rank);
  for (const Eigen::MatrixXd& G : d.G) dense += G;
  gram.informationMatrix(F);
  EXPECT_LT((F - dense).norm(), 1e-12 * dense.norm());
  EXPECT_EQ((F - F.transpose()).norm(), 0.0);
}

TEST(BaseRegressorGram, EqualsTheDenseSumsOnOneLane) { checkAgainstDense(1); }
TEST(BaseRegressorGram, EqualsTheDenseSumsOnAPool) { checkAgainstDense(3); }

TEST(BaseRegressorGram, APoolGivesTheSameBitsRunAfterRun) {
  const RobotModel model = builtinRobot("ur5");
  const BaseParameters base = computeBaseParameters(model, RegressorOptions{});
  const TrajectorySamples s = sampleTrajectory(Trajectory(defaultExcitation(model)), 500.0);
  ThreadPool pool(4);
  BaseRegressorGram gram(model, base, &pool, false);
  Eigen::MatrixXd first, again;
  gram.compute(s.q, s.qd, s.qdd);
  gram.informationMatrix(first);
  for (int run = 0; run < 5; ++run) {
    gram.compute(s.q, s.qd, s.qdd);
    gram.informationMatrix(again);
    ASSERT_EQ((again - first).cwiseAbs().maxCoeff(), 0.0) << "run " << run;
  }
}

TEST(BaseRegressorGram, RefusesWrongShapesAndMissingTorques) {
  const RobotModel model = builtinRobot("ur5");
  const BaseParameters base = computeBaseParameters(model, RegressorOptions{});
  BaseRegressorGram withTorques(model, base, nullptr, true), without(model, base, nullptr, false);
  const Eigen::MatrixXd six = Eigen::MatrixXd::Zero(10, 6), five = Eigen::MatrixXd::Zero(10, 5);
  const Eigen::Ref<const Eigen::MatrixXd> tau(six);
  EXPECT_THROW(withTorques.compute(six, six, six), std::invalid_argument);
  EXPECT_THROW(without.compute(six, six, six, &tau), std::invalid_argument);
  EXPECT_THROW(without.compute(six, five, six), std::invalid_argument);
  EXPECT_NO_THROW(without.compute(six, six, six));
  EXPECT_EQ(without.samples(), 10);
}

}  // namespace base_regressor_gram_test
}  // namespace eb
