// Multi-sine optimization: the multi-sine trajectory basis, the criterion and
// the peak constraints on it against finite differences; the Schroeder start;
// the optimizer on the default Panda (feasible, far better cond than its
// Schroeder start, frequencies in the band and on the grid, reproducible for
// a seed, cancel returns the best so far).

#include "common/relative_error.hpp"
#include "common/sanitizer_build.hpp"
#include "excitation/information_matrix.hpp"
#include "excitation/multisine_optimizer.hpp"
#include "excitation/optimizer_multisine_basis.hpp"
#include "excitation/optimizer_objective.hpp"
#include "excitation/optimizer_peak_constraints.hpp"
#include "excitation/optimizer_random_start.hpp"
#include "excitation/optimizer_session.hpp"
#include "excitation/trajectory_sampling.hpp"
#include "model/builtin_robots.hpp"
#include "util/thread_pool.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <Eigen/SVD>
#include <random>

namespace eb {
namespace {

using test::relativeError;

std::vector<JointLimits> limitsOf(const RobotModel& model) {
  std::vector<JointLimits> l;
  for (const Joint& j : model.joints()) l.push_back(j.limits);
  return l;
}

Eigen::VectorXd midOffsets(const RobotModel& model) {
  Eigen::VectorXd q0(model.dof());
  for (int i = 0; i < model.dof(); ++i) {
    const JointLimits& l = model.joint(i).limits;
    q0[i] = l.hasPositionLimits() ? 0.5 * (l.lower + l.upper) : 0.0;
  }
  return q0;
}

// A random multi-sine of the robot (random offsets, amplitudes, phases and frequencies in the band).
MultisineTrajectory randomMultisine(const RobotModel& model, const MultisineDesign& d, unsigned seed) {
  std::mt19937_64 rng(seed);
  const MultisineTrajectory shape = schroederMultisine(d, midOffsets(model), limitsOf(model), LimitScale{});
  return randomScaledMultisine(limitsOf(model), shape, d, true, true, rng);
}

MultisineTrajectory scaleAmplitudes(const MultisineTrajectory& tr, double factor) {
  std::vector<std::vector<SineTerm>> terms = tr.terms();
  for (auto& joint : terms)
    for (SineTerm& t : joint) t.amplitude *= factor;
  return MultisineTrajectory(tr.duration(), tr.rampTime(), tr.offsets(), std::move(terms));
}

TEST(MultisineBasis, MotionEqualsTheTrajectoryAndGradientsMatchFiniteDifferences) {
  const RobotModel model = builtinRobot("panda");
  MultisineDesign d;
  d.components = 3;
  const MultisineTrajectory tr = randomMultisine(model, d, 7);
  for (bool freq : {false, true}) {
    MultisineTrajectoryBasis basis(tr, true, freq);
    const Eigen::VectorXd x = basis.fromTrajectory(tr);
    EXPECT_EQ(x.size(), model.dof() * (1 + (freq ? 3 : 2) * 3));
    basis.apply(x);
    // Motion, in the ramp and in the middle, equals MultisineTrajectory's.
    for (double t : {0.37, 4.2, 9.6}) {
      Eigen::VectorXd q, qd, qdd, rq, rqd, rqdd;
      basis.evaluate(t, q, qd, qdd);
      tr.evaluate(t, rq, rqd, rqdd);
      EXPECT_LT((q - rq).norm(), 1e-12);
      EXPECT_LT((qd - rqd).norm(), 1e-12);
      EXPECT_LT((qdd - rqdd).norm(), 1e-12);
    }
    // addJointGradientAt against central differences of the weighted motion of joint 2.
    const double wq = 0.7, wqd = -1.3, wqdd = 0.4, h = 1e-6;
    for (double t : {0.6, 5.3, 9.8}) {
      Eigen::VectorXd g = Eigen::VectorXd::Zero(x.size()), fd(x.size());
      basis.apply(x);
      basis.addJointGradientAt(t, 2, wq, wqd, wqdd, g.data());
      for (Eigen::Index k = 0; k < x.size(); ++k) {
        double v[2];
        for (int side = 0; side < 2; ++side) {
          Eigen::VectorXd xp = x;
          xp[k] += side ? -h : h;
          basis.apply(xp);
          double q, qd, qdd;
          basis.evaluateJoint(2, t, q, qd, qdd);
          v[side] = wq * q + wqd * qd + wqdd * qdd;
        }
        fd[k] = (v[0] - v[1]) / (2.0 * h);
      }
      EXPECT_LT(relativeError(g, fd), 1e-7) << "t = " << t << " frequencies " << freq;
      EXPECT_GT(g.cwiseAbs().maxCoeff(), 1e-3);
    }
    // The sample table's chain rule against the same finite differences summed over samples.
    const Eigen::VectorXd times = Eigen::VectorXd::LinSpaced(23, 0.0, tr.duration());
    auto table = basis.sampleTable(times);
    Eigen::MatrixXd Q, QD, QDD;
    table->evaluate(x, Q, QD, QDD);
    std::mt19937_64 rng(3);
    Eigen::MatrixXd gq(23, model.dof()), gqd(23, model.dof()), gqdd(23, model.dof());
    for (Eigen::MatrixXd* m : {&gq, &gqd, &gqdd})
      for (Eigen::Index e = 0; e < m->size(); ++e) m->data()[e] = randomNormal(rng);
    Eigen::VectorXd chained(x.size()), fd(x.size());
    table->chainToFree(gq, gqd, gqdd, chained.data());
    for (Eigen::Index k = 0; k < x.size(); ++k) {
      double v[2];
      for (int side = 0; side < 2; ++side) {
        Eigen::VectorXd xp = x;
        xp[k] += side ? -h : h;
        table->evaluate(xp, Q, QD, QDD);
        v[side] = (gq.array() * Q.array()).sum() + (gqd.array() * QD.array()).sum() + (gqdd.array() * QDD.array()).sum();
      }
      fd[k] = (v[0] - v[1]) / (2.0 * h);
    }
    EXPECT_LT(relativeError(chained, fd), 1e-7) << "frequencies " << freq;
  }
}

TEST(MultisineBasis, CriterionGradientMatchesFiniteDifferences) {
  const RobotModel model = builtinRobot("panda");
  const BaseParameters base = computeBaseParameters(model, RegressorOptions{});
  MultisineDesign d;
  d.components = 3;
  const MultisineTrajectory tr = randomMultisine(model, d, 11);
  for (ExcitationCriterion c : {ExcitationCriterion::Cond, ExcitationCriterion::LogDet}) {
    const MultisineTrajectoryBasis basis(tr, true, true);
    const Eigen::VectorXd times = Eigen::VectorXd::LinSpaced(121, 0.0, tr.duration());
    ExcitationObjective obj(model, base, c, basis, times, nullptr);
    const Eigen::VectorXd x = basis.fromTrajectory(tr);
    Eigen::VectorXd g(x.size()), fd(x.size());
    const CriterionValue v = obj.evaluate(x, g.data());
    // The objective is the criterion of the sampled trajectory.
    InformationMatrixAccumulator acc(model, base, nullptr);
    const InformationMetrics m = acc.computeMetrics(sampleTrajectoryAt(Trajectory(tr), times));
    EXPECT_NEAR(v.cond / m.cond, 1.0, 1e-9);
    const double h = 1e-6;
    for (Eigen::Index k = 0; k < x.size(); ++k) {
      Eigen::VectorXd xp = x, xm = x;
      xp[k] += h;
      xm[k] -= h;
      fd[k] = (obj.evaluate(xp, nullptr).objective - obj.evaluate(xm, nullptr).objective) / (2.0 * h);
    }
    EXPECT_LT(relativeError(g, fd), 2e-5) << criterionName(c);
  }
}

TEST(MultisineBasis, PeakConstraintGradientsMatchFiniteDifferences) {
  const RobotModel model = builtinRobot("panda");
  MultisineDesign d;
  d.components = 3;
  // Amplified beyond the limits so that many peaks, torque ones too, are near or past them.
  const MultisineTrajectory tr = scaleAmplitudes(randomMultisine(model, d, 5), 1.5);
  const MultisineTrajectoryBasis basis(tr, true, true);
  PeakConstraintSettings s;
  s.keepOutHeight = 0.2;
  s.scale.torque = 0.3;
  PeakConstraints pc(model, basis, s);
  const Eigen::VectorXd x = basis.fromTrajectory(tr);
  const int m = pc.count();
  const Eigen::Index n = x.size();
  std::vector<double> c(static_cast<size_t>(m)), cp(c), cm(c), jac(static_cast<size_t>(m * n));
  pc.evaluate(x, c.data(), jac.data());
  std::vector<double> times(static_cast<size_t>(m));
  for (int k = 0; k < m; ++k) times[static_cast<size_t>(k)] = pc.peakTime(k);
  const double h = 1e-6;
  Eigen::MatrixXd fd(m, n);
  for (Eigen::Index j = 0; j < n; ++j) {
    Eigen::VectorXd xp = x, xm = x;
    xp[j] += h;
    xm[j] -= h;
    pc.evaluate(xp, cp.data(), nullptr);
    pc.evaluate(xm, cm.data(), nullptr);
    for (int k = 0; k < m; ++k) fd(k, j) = (cp[static_cast<size_t>(k)] - cm[static_cast<size_t>(k)]) / (2.0 * h);
  }
  // The whole row of each constraint near its limit, as the Fourier test measures it. Far
  // inside (c < -0.5), a shallow maximum in a ramp (q barely leaving q0) has an argmax that
  // moves fast with x, so the refined peak time's residual slope shows; SLSQP never needs those.
  // The same holds, less, for a shoulder (a maximum whose curvature nearly vanishes): on this
  // trajectory one torque peak is off by 2e-3 of its norm, so every row is held to 1e-2
  // and all but 2 % to 1e-5.
  int checked = 0, exact = 0;
  for (int k = 0; k < m; ++k) {
    if (std::isnan(times[static_cast<size_t>(k)]) || c[static_cast<size_t>(k)] < -0.5) continue;
    const Eigen::VectorXd a = Eigen::Map<const Eigen::VectorXd>(jac.data() + k * n, n), b = fd.row(k).transpose();
    const double error = (a - b).norm() / std::max(1.0, b.norm());
    EXPECT_LT(error, 1e-2) << pc.describe(k) << " at t = " << times[static_cast<size_t>(k)];
    if (error < 1e-5) ++exact;
    ++checked;
  }
  EXPECT_GT(checked, m / 4);
  EXPECT_GE(exact, checked - checked / 50) << exact << " of " << checked;
}

TEST(SchroederMultisine, BandGridPhasesLimitsAndDistinctJoints) {
  const RobotModel model = builtinRobot("panda");
  const int n = model.dof();
  MultisineDesign d;
  d.periodGrid = 10.0;  // 0.1 Hz lines: exactly the 5 lines 0.1 .. 0.5 Hz
  const LimitScale scale{0.9, 0.8, 0.8, 1.0};
  const MultisineTrajectory tr = schroederMultisine(d, midOffsets(model), limitsOf(model), scale);
  const std::vector<JointLimits> scaled = scaleLimits(limitsOf(model), scale);
  const AmplitudeBounds b = analyticBounds(tr);
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(tr.terms(i).size(), 5u);
    for (int k = 0; k < 5; ++k) {
      const SineTerm& t = tr.terms(i)[static_cast<size_t>(k)];
      EXPECT_NEAR(t.frequency, 0.1 * (k + 1), 1e-12);
      EXPECT_DOUBLE_EQ(t.amplitude, tr.terms(i)[0].amplitude);  // equal amplitudes
      EXPECT_GE(t.phase, -M_PI);
      EXPECT_LT(t.phase, M_PI);
      if (i == 0) {  // joint 0 has no time shift: the plain Schroeder phases, wrapped
        const double phi = -M_PI * (k + 1) * k / 5.0;
        EXPECT_NEAR(std::remainder(t.phase - phi, 2.0 * M_PI), 0.0, 1e-12);
      }
    }
    const JointLimits& l = scaled[static_cast<size_t>(i)];
    const double room = std::min(l.upper - tr.offsets()[i], tr.offsets()[i] - l.lower);
    const double use = std::max({b.position[i] / room, b.velocity[i] / l.velocity, b.acceleration[i] / l.acceleration});
    EXPECT_NEAR(use, 1.0, 1e-12) << "joint " << i + 1;  // the tightest bound is met exactly
  }
  // Joints share the lines but not the signal: the deviations are not collinear.
  const TrajectorySamples s = sampleTrajectory(Trajectory(tr), 20.0);
  Eigen::MatrixXd dev = s.q.rowwise() - tr.offsets().transpose();
  dev = dev * dev.colwise().norm().cwiseInverse().asDiagonal();
  const Eigen::VectorXd sv = Eigen::JacobiSVD<Eigen::MatrixXd>(dev).singularValues();
  const Eigen::MatrixXd corr = dev.transpose() * dev;
  double worst = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < i; ++j) worst = std::max(worst, std::abs(corr(i, j)));
  EXPECT_LT(worst, 0.9);                // no two joints move in proportion (0.79 on the Panda)
  EXPECT_GT(sv[n - 1] / sv[0], 0.01);   // and no joint is a combination of the others (0.027)
  // Free band: 35 distinct frequencies, ends of the band included.
  d.periodGrid = 0.0;
  const MultisineTrajectory free = schroederMultisine(d, midOffsets(model), limitsOf(model), LimitScale{});
  std::vector<double> all;
  for (int i = 0; i < n; ++i)
    for (const SineTerm& t : free.terms(i)) all.push_back(t.frequency);
  std::sort(all.begin(), all.end());
  EXPECT_NEAR(all.front(), 0.1, 1e-12);
  EXPECT_NEAR(all.back(), 0.5, 1e-12);
  EXPECT_EQ(std::unique(all.begin(), all.end()) - all.begin(), 5 * n);
  // Too few lines in the band for the components.
  d.periodGrid = 5.0;  // 0.2 Hz lines: 0.2 and 0.4 only
  EXPECT_THROW(schroederMultisine(d, midOffsets(model), limitsOf(model), LimitScale{}), std::invalid_argument);
}

OptimizerSettings quickMultisineSettings() {
  OptimizerSettings s;
  s.starts = 2;
  s.timeLimit = 0.0;
  s.maxEvaluations = test::sanitizerBudget(500);
  s.evaluationsPerStart = test::sanitizerBudget(120);
  s.randomCandidates = 8;
  return s;
}

double condOf(const RobotModel& model, const MultisineTrajectory& tr, double rate) {
  const BaseParameters base = computeBaseParameters(model, RegressorOptions{});
  InformationMatrixAccumulator acc(model, base, &sharedThreadPool());
  return acc.computeMetrics(sampleTrajectory(Trajectory(tr), rate)).cond;
}

TEST(MultisineOptimizer, FeasibleAndFarBetterThanTheSchroederStartOnThePanda) {
  const RobotModel model = builtinRobot("panda");
  MultisineDesign d;
  d.periodGrid = 10.0;
  const OptimizerSettings s = quickMultisineSettings();
  const MultisineOptimizerResult r = optimizeMultisineExcitation(model, std::nullopt, d, s);
  ASSERT_TRUE(r.feasible) << r.constraints.summary();
  EXPECT_TRUE(checkExcitationConstraints(model, r.trajectory, s, 1000.0).feasible());
  // The optimizer's first start: the Schroeder multi-sine inside the tightened limits.
  const MultisineTrajectory start =
      schroederMultisine(d, midOffsets(model), optimizationLimits(model, s), LimitScale{});
  const double startCond = condOf(model, start, r.sampleRate);
  EXPECT_NEAR(r.metrics.cond, condOf(model, r.trajectory, r.sampleRate), 1e-9 * r.metrics.cond);
  EXPECT_LT(r.metrics.cond, 0.25 * startCond) << "start " << startCond << " reached " << r.metrics.cond;
  EXPECT_LT(r.metrics.cond, 40.0);
  // At rest at both ends, frequencies still on the grid and in the band.
  Eigen::VectorXd q, qd, qdd;
  for (double t : {0.0, d.duration}) {
    r.trajectory.evaluate(t, q, qd, qdd);
    EXPECT_LT(qd.norm() + qdd.norm(), 1e-12);
  }
  for (int i = 0; i < model.dof(); ++i)
    for (const SineTerm& t : r.trajectory.terms(i)) {
      EXPECT_NEAR(t.frequency * 10.0, std::round(t.frequency * 10.0), 1e-12);
      EXPECT_GE(t.frequency, d.minFrequency - 1e-12);
      EXPECT_LE(t.frequency, d.maxFrequency + 1e-12);
    }
  ASSERT_FALSE(r.history.empty());
  EXPECT_EQ(r.stopReason, "evaluation limit");
}

TEST(MultisineOptimizer, OptimizedFrequenciesStayInTheBandAndMove) {
  const RobotModel model = builtinRobot("panda");
  MultisineDesign d;
  d.optimizeFrequencies = true;
  d.minFrequency = 0.15;
  d.maxFrequency = 0.45;
  OptimizerSettings s = quickMultisineSettings();
  s.starts = 1;
  s.maxEvaluations = test::sanitizerBudget(200);
  const MultisineOptimizerResult r = optimizeMultisineExcitation(model, std::nullopt, d, s);
  ASSERT_TRUE(r.feasible) << r.constraints.summary();
  const MultisineTrajectory start = schroederMultisine(d, midOffsets(model), limitsOf(model), LimitScale{});
  double moved = 0.0;
  for (int i = 0; i < model.dof(); ++i)
    for (size_t k = 0; k < r.trajectory.terms(i).size(); ++k) {
      const double f = r.trajectory.terms(i)[k].frequency;
      EXPECT_GE(f, d.minFrequency);
      EXPECT_LE(f, d.maxFrequency);
      moved = std::max(moved, std::abs(f - start.terms(i)[k].frequency));
    }
  EXPECT_GT(moved, 1e-3);  // frequencies are variables, not only bounds
}

TEST(MultisineOptimizer, SameSeedSameResult) {
  const RobotModel model = builtinRobot("panda");
  MultisineDesign d;
  OptimizerSettings s = quickMultisineSettings();
  s.maxEvaluations = test::sanitizerBudget(150);
  s.evaluationsPerStart = test::sanitizerBudget(50);  // the seeded random start and the polish both take part
  s.seed = 4;
  const MultisineOptimizerResult a = optimizeMultisineExcitation(model, std::nullopt, d, s);
  const MultisineOptimizerResult b = optimizeMultisineExcitation(model, std::nullopt, d, s);
  ASSERT_EQ(a.trajectory.dof(), b.trajectory.dof());
  EXPECT_EQ(a.metrics.cond, b.metrics.cond);
  EXPECT_EQ(a.evaluations, b.evaluations);
  for (int i = 0; i < a.trajectory.dof(); ++i)
    for (size_t k = 0; k < a.trajectory.terms(i).size(); ++k) {
      EXPECT_EQ(a.trajectory.terms(i)[k].amplitude, b.trajectory.terms(i)[k].amplitude);
      EXPECT_EQ(a.trajectory.terms(i)[k].phase, b.trajectory.terms(i)[k].phase);
    }
}

TEST(MultisineOptimizer, CancelReturnsTheBestSoFar) {
  const RobotModel model = builtinRobot("panda");
  MultisineDesign d;
  OptimizerSettings s = quickMultisineSettings();
  s.maxEvaluations = 0;
  double bestAtCancel = 0.0;
  int evaluationsAtCancel = 0;
  const MultisineOptimizerResult r =
      optimizeMultisineExcitation(model, std::nullopt, d, s, [&](const OptimizerProgress& p) {
        if (p.feasible && p.evaluations >= 40) {
          bestAtCancel = p.bestCond;
          evaluationsAtCancel = p.evaluations;
          return false;
        }
        return true;
      });
  EXPECT_TRUE(r.cancelled);
  EXPECT_EQ(r.stopReason, "cancelled");
  ASSERT_GT(bestAtCancel, 0.0);
  ASSERT_TRUE(r.feasible) << r.constraints.summary();
  // The returned trajectory is the best reported (metrics at the same rate; a final dense-grid
  // scaling may move it by well under a percent), and nothing was evaluated after the cancel.
  EXPECT_NEAR(r.metrics.cond / bestAtCancel, 1.0, 0.01);
  EXPECT_EQ(r.evaluations, evaluationsAtCancel);
}

TEST(MultisineOptimizer, TorqueAndKeepOutLimitsHold) {
  // Tight effort limits and a keep-out plane high enough that both bind, as for the Fourier series.
  const RobotModel model = builtinRobot("panda");
  MultisineDesign d;
  OptimizerSettings s = quickMultisineSettings();
  s.starts = 1;
  s.maxEvaluations = test::sanitizerBudget(250);
  s.limitScale.torque = 0.55;
  s.keepOutHeight = 0.25;
  const MultisineOptimizerResult r = optimizeMultisineExcitation(model, std::nullopt, d, s);
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

TEST(MultisineOptimizer, StopsAtItsTimeLimit) {
  const RobotModel model = builtinRobot("panda");
  MultisineDesign d;
  OptimizerSettings s = quickMultisineSettings();
  s.maxEvaluations = 0;
  s.starts = 8;
  s.timeLimit = 1.0;
  // The search must stop at the budget: its last progress report comes at most about one
  // report interval after it. The interval is measured, so the bound holds in the sanitizer
  // build (several times slower) too; the final dense check after the search is not timed.
  double lastReport = 0.0, longestGap = 0.0;
  const MultisineOptimizerResult r =
      optimizeMultisineExcitation(model, std::nullopt, d, s, [&](const OptimizerProgress& p) {
        longestGap = std::max(longestGap, p.elapsed - lastReport);
        lastReport = p.elapsed;
        return true;
      });
  EXPECT_EQ(r.stopReason, "time limit");
  EXPECT_GE(r.elapsed, 1.0);
  EXPECT_GT(lastReport, 0.5);
  EXPECT_LE(lastReport, s.timeLimit + 2.0 * longestGap + 0.05) << "longest gap between reports " << longestGap << " s";
}

TEST(MultisineOptimizer, InitialIsTheFirstStartAndBadDesignsAreRefused) {
  const RobotModel model = builtinRobot("panda");
  MultisineDesign d;
  OptimizerSettings s = quickMultisineSettings();
  s.starts = 1;
  s.maxEvaluations = 1;
  s.randomCandidates = 1;
  s.torqueLimits = false;  // then the analytic bounds make the initial feasible: it comes back as it is
  std::mt19937_64 rng(9);
  const std::vector<JointLimits> limits = optimizationLimits(model, s);
  const MultisineTrajectory shape = schroederMultisine(d, midOffsets(model), limits, LimitScale{});
  const MultisineTrajectory initial = randomScaledMultisine(limits, shape, d, true, false, rng);
  const MultisineOptimizerResult r = optimizeMultisineExcitation(model, initial, d, s);
  // One evaluation: the result is the initial trajectory.
  ASSERT_TRUE(r.feasible) << r.constraints.summary();
  EXPECT_NEAR(r.metrics.cond, condOf(model, initial, r.sampleRate), 1e-6 * r.metrics.cond);
  MultisineDesign bad = d;
  bad.maxFrequency = 0.05;
  EXPECT_THROW(optimizeMultisineExcitation(model, std::nullopt, bad, s), std::invalid_argument);
  bad = d;
  bad.periodGrid = 10.0;
  bad.optimizeFrequencies = true;
  EXPECT_THROW(optimizeMultisineExcitation(model, std::nullopt, bad, s), std::invalid_argument);
}

}  // namespace
}  // namespace eb
