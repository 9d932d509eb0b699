// Identification on simulated experiments: noise-free base parameters are
// recovered to 1e-6 relative (panda and ur5, rigid body + viscous + Coulomb);
// with noise, the well-excited parameters are within 3 sigma and the torque
// residual approaches the noise level; a rank-deficient trajectory is refused
// with the condition number and the parameters involved.
#include "excitation/default_excitation.hpp"
#include "identification/base_estimation.hpp"
#include "identification/normal_equations.hpp"
#include "model/builtin_robots.hpp"
#include "util/input_error.hpp"
#include "simulation/experiment_simulator.hpp"
#include "util/thread_pool.hpp"

#include <gtest/gtest.h>

using namespace eb;

namespace {

struct EstimationCase {
  RobotModel model;
  SimulationSettings settings;
  SimulatedLog log;
  RegressorOptions options;
  BaseParameters base;
  Eigen::VectorXd trueBase;
};

EstimationCase simulate(const std::string& robot, double noiseTorque, double period = 10.0) {
  EstimationCase c{builtinRobot(robot), {}, {}, {}, {}, {}};
  c.settings.noiseTorque = noiseTorque;
  c.settings.seed = 7;
  FourierTrajectory tr = defaultExcitation(c.model, period, 5);
  c.log = simulateExperiment(c.model, Trajectory(tr), c.settings);
  c.options = regressorOptionsFor(c.settings, c.log);
  c.base = computeBaseParameters(c.model, c.options);
  c.trueBase = c.base.baseFromFull(simulatedParameters(c.model, c.options, c.log));
  return c;
}

NormalEquations accumulateTrue(const EstimationCase& c, ThreadPool* pool) {
  RegressionAccumulator acc(c.model, c.base, pool);
  acc.add(c.log.qTrue, c.log.qdTrue, c.log.qddTrue, c.log.tau);
  return acc.equations();
}

}  // namespace

TEST(BaseEstimation, NoiseFreeRecoveryPandaAndUr5) {
  ThreadPool pool(2);
  for (const char* robot : {"panda", "ur5"}) {
    const EstimationCase c = simulate(robot, 0.0);
    EXPECT_LT(c.log.maxTrackingError, 2e-3) << robot;
    const NormalEquations eq = accumulateTrue(c, &pool);
    const BaseEstimate e = estimateBaseParameters(eq, c.base, EstimationOptions{});
    ASSERT_EQ(e.values.size(), c.trueBase.size());
    for (Eigen::Index k = 0; k < e.values.size(); ++k) {
      const double scale = std::max(std::abs(c.trueBase[k]), 1e-3 * c.trueBase.cwiseAbs().maxCoeff());
      EXPECT_LT(std::abs(e.values[k] - c.trueBase[k]) / scale, 1e-6) << robot << " " << c.base.name(static_cast<int>(k));
    }
    // Residuals come from the normal equations (sum tau^2 - 2 theta^T c + theta^T A theta),
    // so round-off leaves about sqrt(eps) of the torque scale.
    EXPECT_LT(e.residualRms.maxCoeff(), 1e-5 * c.log.tau.cwiseAbs().maxCoeff());
  }
}

TEST(BaseEstimation, NoisyWlsWithinThreeSigma) {
  const double sigma = 0.05;  // N m
  const EstimationCase c = simulate("panda", sigma);
  const NormalEquations eq = accumulateTrue(c, nullptr);
  EstimationOptions opt;
  opt.method = EstimationMethod::Wls;
  const BaseEstimate e = estimateBaseParameters(eq, c.base, opt);
  int within = 0, wellExcited = 0;
  for (Eigen::Index k = 0; k < e.values.size(); ++k) {
    if (e.relativeStddev[k] > 10.0) continue;  // poorly excited: its own std says so
    ++wellExcited;
    if (std::abs(e.values[k] - c.trueBase[k]) <= 3.0 * e.stddev[k]) ++within;
  }
  EXPECT_GT(wellExcited, 20);
  // 3 sigma covers 99.7 %; allow one outlier among dozens.
  EXPECT_GE(within, wellExcited - 1);
  for (int j = 0; j < c.model.dof(); ++j) EXPECT_NEAR(e.noiseStd[j], sigma, 0.1 * sigma);
}

TEST(BaseEstimation, NrmseFromTheNormalEquationsIsTheSamplesOwn) {
  // With the true base parameters the residual is the torque noise itself: its RMS over the
  // torque's RMS per joint, from the samples, is what the accumulated sums give.
  const EstimationCase c = simulate("panda", 0.4);
  const NormalEquations eq = accumulateTrue(c, nullptr);
  for (int j = 0; j < c.model.dof(); ++j) {
    const Eigen::VectorXd noise = c.log.tau.col(j) - c.log.tauTrue.col(j);
    const double expected = 100.0 * noise.norm() / c.log.tau.col(j).norm();
    EXPECT_NEAR(eq.nrmsePercent(j, c.trueBase), expected, 1e-6 * expected) << "joint " << j + 1;
    EXPECT_GT(expected, 0.1);  // the noise is there to be measured
  }
  NormalEquations silent = eq;
  silent.tauSquares[2] = 0.0;
  EXPECT_TRUE(std::isnan(silent.nrmsePercent(2, c.trueBase)));
}

TEST(BaseEstimation, RidgeAndOlsAgreeOnWellPosedProblem) {
  const EstimationCase c = simulate("ur5", 0.01);
  const NormalEquations eq = accumulateTrue(c, nullptr);
  const BaseEstimate ols = estimateBaseParameters(eq, c.base, EstimationOptions{});
  EstimationOptions ro;
  ro.method = EstimationMethod::Ridge;
  ro.ridgeLambda = 1e-9;
  const BaseEstimate ridge = estimateBaseParameters(eq, c.base, ro);
  EXPECT_LT((ridge.values - ols.values).norm(), 1e-3 * ols.values.norm());
  EXPECT_LT(ridge.residualRms.maxCoeff(), 1.01 * ols.residualRms.maxCoeff() + 1e-9);
}

TEST(BaseEstimation, RankDeficientTrajectoryIsRefusedWithNames) {
  // Only joint 1 moves: most base parameters are not excited.
  const RobotModel model = builtinRobot("panda");
  FourierTrajectory tr = defaultExcitation(model);
  for (int j = 1; j < model.dof(); ++j) {
    tr.mutableA().row(j).setZero();
    tr.mutableB().row(j).setZero();
  }
  SimulationSettings s;
  s.duration = 2.0;
  const SimulatedLog log = simulateExperiment(model, Trajectory(tr), s);
  const BaseParameters base = computeBaseParameters(model, regressorOptionsFor(s, log));
  RegressionAccumulator acc(model, base);
  acc.add(log.qTrue, log.qdTrue, log.qddTrue, log.tau);
  try {
    estimateBaseParameters(acc.equations(), base, EstimationOptions{});
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("rank deficient or ill-conditioned: cond(Phi_b) = "), std::string::npos) << m;
    EXPECT_NE(m.find("the trajectory does not excite"), std::string::npos) << m;
  }
}

TEST(BaseEstimation, AnUnknownMethodNameIsAnInputError) {
  // The name comes from the user (--method, a project file), so it is input, not a precondition.
  EXPECT_EQ(parseEstimationMethod("wls"), EstimationMethod::Wls);
  try {
    parseEstimationMethod("dopt");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "unknown estimation method 'dopt' (use auto, ols, wls, ridge or consistent)");
  }
}
