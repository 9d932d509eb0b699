// Excitation optimizer: exact criterion gradients and peak-constraint gradients
// against finite differences; the objective equals the information-matrix
// metrics; the optimizer improves cond from a fixed start, returns a trajectory
// that passes the 1 kHz check, is reproducible for a seed, and cancels quickly.

#include "common/relative_error.hpp"
#include "common/sanitizer_build.hpp"
#include "dynamics/joint_torque_regressor.hpp"
#include "excitation/default_excitation.hpp"
#include "excitation/excitation_optimizer.hpp"
#include "excitation/information_matrix.hpp"
#include "excitation/optimizer_objective.hpp"
#include "excitation/optimizer_peak_constraints.hpp"
#include "excitation/optimizer_random_start.hpp"
#include "model/builtin_robots.hpp"
#include "util/thread_pool.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <algorithm>
#include <cmath>
#include <random>

namespace eb {
namespace {

using test::relativeError;

Eigen::VectorXd uniformTimes(double period, double rate) {
  const int n = uniformSampleCount(period, rate);
  Eigen::VectorXd t(n);
  for (int j = 0; j < n; ++j) t[j] = j / rate;
  return t;
}

// A random feasible-ish rest-to-rest trajectory of the robot, as a free vector.
Eigen::VectorXd randomFreeVector(const RobotModel& model, const FourierRestParametrization& p, double period,
                                 unsigned seed) {
  std::mt19937_64 rng(seed);
  return p.fromTrajectory(randomScaledTrajectory(model, period, p.harmonics(), nullptr, rng));
}

// Central finite difference of the objective in x, step scaled per entry.
Eigen::VectorXd numericGradient(ExcitationObjective& obj, const Eigen::VectorXd& x, double h) {
  Eigen::VectorXd g(x.size()), xp = x;
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    xp[i] = x[i] + h;
    const double fp = obj.evaluate(xp, nullptr).objective;
    xp[i] = x[i] - h;
    const double fm = obj.evaluate(xp, nullptr).objective;
    xp[i] = x[i];
    g[i] = (fp - fm) / (2.0 * h);
  }
  return g;
}

void checkCriterionGradient(const std::string& robot, ExcitationCriterion criterion, bool friction, bool offsets) {
  const RobotModel model = builtinRobot(robot);
  RegressorOptions ro;
  ro.viscous = friction;
  ro.coulomb = friction;
  ro.coulombWidth = friction ? 0.05 : 0.0;  // smooth sign: differentiable everywhere
  const BaseParameters base = computeBaseParameters(model, ro);
  const double T = 10.0;
  const int H = 4;
  const FourierRestParametrization p(model.dof(), H, offsets);
  const Eigen::VectorXd x = randomFreeVector(model, p, T, 7);
  FourierTrajectory tr = p.toTrajectory(x, T, defaultExcitation(model, T, H).offsets());
  ThreadPool pool(2);
  ExcitationObjective obj(model, base, criterion, p, tr, uniformTimes(T, 12.0), &pool);
  Eigen::VectorXd g(x.size());
  obj.evaluate(x, g.data());
  // h = 1e-5 balances truncation and round-off of the difference itself (~1e-8 here).
  const Eigen::VectorXd fd = numericGradient(obj, x, 1e-5);
  EXPECT_LT(relativeError(g, fd), 1e-6) << robot << " " << criterionName(criterion) << "\nexact " << g.transpose()
                                        << "\nfd    " << fd.transpose();
}

TEST(ExcitationOptimizerGradient, CondPanda) {
  checkCriterionGradient("panda", ExcitationCriterion::Cond, false, true);
}
TEST(ExcitationOptimizerGradient, LogDetPanda) {
  checkCriterionGradient("panda", ExcitationCriterion::LogDet, false, true);
}
TEST(ExcitationOptimizerGradient, AOptPanda) {
  checkCriterionGradient("panda", ExcitationCriterion::AOpt, false, true);
}
TEST(ExcitationOptimizerGradient, EOptPanda) {
  checkCriterionGradient("panda", ExcitationCriterion::EOpt, false, true);
}
TEST(ExcitationOptimizerGradient, CondUr5WithFrictionNoOffsets) {
  checkCriterionGradient("ur5", ExcitationCriterion::Cond, true, false);
}
TEST(ExcitationOptimizerGradient, LogDetPlanarWithFriction) {
  checkCriterionGradient("planar2r", ExcitationCriterion::LogDet, true, true);
}

TEST(ExcitationOptimizerObjective, EqualsInformationMatrixMetrics) {
  const RobotModel model = builtinRobot("panda");
  const BaseParameters base = computeBaseParameters(model, RegressorOptions{});
  const FourierTrajectory tr = defaultExcitation(model, 10.0, 5);
  const FourierRestParametrization p(model.dof(), 5, true);
  ExcitationObjective obj(model, base, ExcitationCriterion::Cond, p, tr, uniformTimes(10.0, 25.0), nullptr);
  const CriterionValue v = obj.evaluate(p.fromTrajectory(tr), nullptr);
  InformationMatrixAccumulator acc(model, base);
  const InformationMetrics m = acc.computeMetrics(sampleTrajectory(Trajectory(tr), 25.0));
  EXPECT_NEAR(v.cond, m.cond, 1e-9 * m.cond);
  EXPECT_NEAR(v.criterion, m.cond, 1e-9 * m.cond);
  EXPECT_NEAR(v.objective, std::log(m.cond), 1e-9);
}

TEST(ExcitationOptimizerObjective, SameBitsForAnyThreadCount) {
  const RobotModel model = builtinRobot("panda");
  const BaseParameters base = computeBaseParameters(model, RegressorOptions{});
  const FourierTrajectory tr = defaultExcitation(model, 10.0, 5);
  const FourierRestParametrization p(model.dof(), 5, true);
  const Eigen::VectorXd x = p.fromTrajectory(tr);
  ThreadPool pool(2);
  ExcitationObjective one(model, base, ExcitationCriterion::Cond, p, tr, uniformTimes(10.0, 25.0), nullptr);
  ExcitationObjective two(model, base, ExcitationCriterion::Cond, p, tr, uniformTimes(10.0, 25.0), &pool);
  Eigen::VectorXd g1(x.size()), g2(x.size());
  EXPECT_EQ(one.evaluate(x, g1.data()).objective, two.evaluate(x, g2.data()).objective);
  EXPECT_EQ(g1, g2);
}

// Peak constraints: the analytic gradient equals finite differences of the whole
// constraint function (which re-locates and re-refines its peaks).
void checkPeakGradients(const std::string& robot, std::optional<double> keepOut) {
  const RobotModel model = builtinRobot(robot);
  const double T = 8.0;
  const int H = 4;
  const FourierRestParametrization p(model.dof(), H, true);
  std::mt19937_64 rng(11);
  // Amplified beyond the limits so that torque peaks matter as well.
  FourierTrajectory tr = randomScaledTrajectory(model, T, H, nullptr, rng);
  tr.setCoefficients(tr.a() * 1.5, tr.b() * 1.5);
  const Eigen::VectorXd x = p.fromTrajectory(tr);
  PeakConstraintSettings s;
  s.keepOutHeight = keepOut;
  s.scale.torque = 0.3;
  PeakConstraints pc(model, p, tr, s);
  const int m = pc.count(), n = static_cast<int>(x.size());
  ASSERT_GT(m, 0);
  Eigen::VectorXd c(m), cp(m), cm(m);
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> J(m, n);
  pc.evaluate(x, c.data(), J.data());
  std::vector<double> times(static_cast<size_t>(m));
  for (int k = 0; k < m; ++k) times[static_cast<size_t>(k)] = pc.peakTime(k);
  Eigen::MatrixXd fd(m, n);
  const double h = 1e-6;
  Eigen::VectorXd xp = x;
  for (int i = 0; i < n; ++i) {
    xp[i] = x[i] + h;
    pc.evaluate(xp, cp.data(), nullptr);
    xp[i] = x[i] - h;
    pc.evaluate(xp, cm.data(), nullptr);
    xp[i] = x[i];
    fd.col(i) = (cp - cm) / (2.0 * h);
  }
  int checked = 0;
  for (int k = 0; k < m; ++k) {
    if (std::isnan(times[static_cast<size_t>(k)])) continue;  // padding
    ++checked;
    const Eigen::VectorXd a = J.row(k).transpose(), b = fd.row(k).transpose();
    EXPECT_LT((a - b).norm(), 1e-5 * std::max(1.0, b.norm()))
        << pc.describe(k) << " at t = " << times[static_cast<size_t>(k)];
  }
  EXPECT_GT(checked, m / 2);
}

TEST(ExcitationOptimizerPeaks, GradientsMatchFiniteDifferencesPanda) { checkPeakGradients("panda", 0.2); }
TEST(ExcitationOptimizerPeaks, GradientsMatchFiniteDifferencesUr5) { checkPeakGradients("ur5", std::nullopt); }

TEST(ExcitationOptimizerPeaks, FindsTheTruePeaks) {
  // The largest constraint value equals the dense-grid worst usage of each channel.
  const RobotModel model = builtinRobot("panda");
  const double T = 10.0;
  const int H = 5;
  const FourierRestParametrization p(model.dof(), H, true);
  std::mt19937_64 rng(3);
  const FourierTrajectory tr = randomScaledTrajectory(model, T, H, nullptr, rng);
  PeakConstraintSettings s;
  s.tighten = 0.0;
  s.peaksPerChannel = 3;
  PeakConstraints pc(model, p, tr, s);
  Eigen::VectorXd c(pc.count());
  pc.evaluate(p.fromTrajectory(tr), c.data(), nullptr);
  const TrajectorySamples dense = sampleTrajectory(Trajectory(tr), 20000.0);
  for (int i = 0; i < model.dof(); ++i) {
    const JointLimits& l = model.joint(i).limits;
    const double vmax = dense.qd.col(i).cwiseAbs().maxCoeff();
    // Channels per joint: position upper, position lower, velocity, acceleration, torque.
    const int velocityChannel = i * 5 + 2;
    const double fromPeaks = c.segment(velocityChannel * 3, 3).maxCoeff() * l.velocity + l.velocity;
    EXPECT_NEAR(fromPeaks, vmax, 1e-8 * l.velocity) << "joint " << i + 1;
  }
}

TEST(ExcitationOptimizerPeaks, ConstantChannelIsStillConstrained) {
  // panda_link1's origin sits on joint 1's axis at z = 0.333 m whatever the motion:
  // a plane above it can never be satisfied, and the constraints must say so.
  const RobotModel model = builtinRobot("panda");
  const FourierTrajectory tr = defaultExcitation(model, 10.0, 5);
  const FourierRestParametrization p(model.dof(), 5, true);
  PeakConstraintSettings s;
  s.keepOutHeight = 0.4;
  PeakConstraints pc(model, p, tr, s);
  Eigen::VectorXd c(pc.count());
  pc.evaluate(p.fromTrajectory(tr), c.data(), nullptr);
  int found = 0;
  for (int k = 0; k < pc.count(); ++k)
    if (pc.describe(k) == "keep-out panda_link1 peak 1") {
      ++found;
      EXPECT_NEAR(c[k] - s.tighten, (0.4 - 0.333) / s.keepOutScale, 1e-9);
    }
  EXPECT_EQ(found, 1);
  EXPECT_GT(pc.trueViolation(), 0.0);
}

OptimizerSettings quickFourierSettings() {
  OptimizerSettings s;
  s.harmonics = 5;
  s.period = 10.0;
  s.starts = 2;
  s.seed = 3;
  s.randomCandidates = 16;
  return s;
}

TEST(ExcitationOptimizer, ImprovesCondFromAFixedStartAndStaysFeasible) {
  const RobotModel model = builtinRobot("panda");
  OptimizerSettings s = quickFourierSettings();
  s.starts = 1;
  // An evaluation budget, not a wall-clock one: the same work in the sanitizer build
  // (several times slower) and on a loaded machine.
  s.timeLimit = 0.0;
  s.maxEvaluations = test::sanitizerBudget(150);  // 40 already reach the bounds below
  const FourierTrajectory start = defaultExcitation(model, s.period, s.harmonics);
  const BaseParameters base = computeBaseParameters(model, RegressorOptions{});
  InformationMatrixAccumulator acc(model, base);
  const double startCond = acc.computeMetrics(sampleTrajectory(Trajectory(start), 25.0)).cond;
  const OptimizerResult r = optimizeExcitation(model, start, s);
  EXPECT_TRUE(r.feasible) << r.constraints.summary();
  EXPECT_LT(r.metrics.cond, 0.5 * startCond);
  EXPECT_LT(r.metrics.cond, 40.0);
  // Independent dense check with the full settings, and rest at both ends.
  const ConstraintReport check = checkExcitationConstraints(model, r.trajectory, s, 1000.0);
  EXPECT_TRUE(check.feasible()) << check.summary();
  EXPECT_LT(r.trajectory.restResidual(), 1e-12);
  EXPECT_FALSE(r.history.empty());
  // The automatic criterion rate (25 Hz here) is dense enough: 1 kHz agrees to 1 %.
  EXPECT_NEAR(acc.computeMetrics(sampleTrajectory(Trajectory(r.trajectory), 1000.0)).cond, r.metrics.cond,
              0.01 * r.metrics.cond);
}

TEST(ExcitationOptimizer, TorqueAndKeepOutLimitsHold) {
  // Tight effort limits and a keep-out plane high enough that both bind.
  const RobotModel model = builtinRobot("panda");
  OptimizerSettings s = quickFourierSettings();
  s.starts = 1;
  s.timeLimit = 0.0;
  s.maxEvaluations = test::sanitizerBudget(250);
  s.limitScale.torque = 0.55;
  s.keepOutHeight = 0.25;
  const OptimizerResult r = optimizeExcitation(model, std::nullopt, s);
  ASSERT_TRUE(r.feasible) << r.constraints.summary();
  const ConstraintMargin* keep = r.constraints.margin(-1, LimitQuantity::KeepOut);
  ASSERT_NE(keep, nullptr);
  EXPECT_GE(keep->value, 0.25);
  double worstTorque = 0.0;
  for (int i = 0; i < model.dof(); ++i)
    worstTorque = std::max(worstTorque, r.constraints.margin(i, LimitQuantity::Torque)->usage);
  EXPECT_LE(worstTorque, 1.0);
  EXPECT_GT(worstTorque, 0.9);  // the torque limit is active
}

TEST(ExcitationOptimizer, SameSeedSameResult) {
  const RobotModel model = builtinRobot("ur5");
  OptimizerSettings s = quickFourierSettings();
  s.timeLimit = 0.0;  // stop by evaluation count only: deterministic
  s.maxEvaluations = test::sanitizerBudget(60);
  s.evaluationsPerStart = test::sanitizerBudget(25);
  const OptimizerResult a = optimizeExcitation(model, std::nullopt, s);
  ThreadPool single(1);
  s.pool = &single;
  const OptimizerResult b = optimizeExcitation(model, std::nullopt, s);
  EXPECT_EQ(a.evaluations, b.evaluations);
  EXPECT_EQ(a.trajectory.coefficients(), b.trajectory.coefficients());
  EXPECT_EQ(a.metrics.cond, b.metrics.cond);
  s.seed = 4;
  const OptimizerResult c = optimizeExcitation(model, std::nullopt, s);
  EXPECT_NE(a.trajectory.coefficients(), c.trajectory.coefficients());
}

TEST(ExcitationOptimizer, StopsAtItsTimeLimit) {
  // The budget is the user's: the search must stop at it. The final dense check after
  // the search is not bounded here; the last progress report, from inside the search, is timed.
  const RobotModel model = builtinRobot("panda");
  OptimizerSettings s = quickFourierSettings();
  s.starts = 8;
  s.timeLimit = 0.5;
  double lastReport = 0.0, longestGap = 0.0;
  const OptimizerResult r = optimizeExcitation(model, std::nullopt, s, [&](const OptimizerProgress& p) {
    longestGap = std::max(longestGap, p.elapsed - lastReport);
    lastReport = p.elapsed;
    return true;
  });
  EXPECT_EQ(r.stopReason, "time limit");
  EXPECT_GE(r.elapsed, s.timeLimit);
  // At most about one report interval past the budget (measured, so it holds when slow too).
  EXPECT_LE(lastReport, s.timeLimit + 2.0 * longestGap + 0.05) << "longest gap between reports " << longestGap << " s";
}

TEST(ExcitationOptimizer, CancelReturnsQuickly) {
  const RobotModel model = builtinRobot("panda");
  OptimizerSettings s = quickFourierSettings();
  s.timeLimit = 30.0;
  using Clock = std::chrono::steady_clock;
  Clock::time_point cancelAt{};
  int calls = 0;
  const OptimizerResult r = optimizeExcitation(model, std::nullopt, s, [&](const OptimizerProgress& p) {
    ++calls;
    if (p.evaluations >= 20) {
      if (cancelAt == Clock::time_point{}) cancelAt = Clock::now();
      return false;
    }
    return true;
  });
  const double latency = std::chrono::duration<double>(Clock::now() - cancelAt).count();
  EXPECT_TRUE(r.cancelled);
  EXPECT_EQ(r.stopReason, "cancelled");
  EXPECT_LT(r.evaluations, 25);
  // Includes the final 1 kHz check and metrics of the returned trajectory.
  EXPECT_LT(latency, 0.1);
  EXPECT_GT(calls, 0);
}

TEST(ExcitationOptimizer, RejectsBadSettings) {
  const RobotModel model = builtinRobot("planar2r");
  OptimizerSettings s = quickFourierSettings();
  s.harmonics = 1;
  EXPECT_THROW(optimizeExcitation(model, std::nullopt, s), std::invalid_argument);
  EXPECT_THROW(parseCriterion("dopt"), std::invalid_argument);
  EXPECT_EQ(parseCriterion("aopt"), ExcitationCriterion::AOpt);
}

}  // namespace
}  // namespace eb
