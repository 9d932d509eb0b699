// The one excitation evaluation (excitation_evaluation.hpp): its automatic rate is the
// optimizer's, its criteria are the accumulator's at that rate, its limit check is the
// optimizer's dense-grid check, and metricsReady can stop it before the check.
#include "excitation/default_excitation.hpp"
#include "excitation/excitation_evaluation.hpp"
#include "excitation/excitation_optimizer.hpp"
#include "excitation/multisine_design.hpp"
#include "excitation/multisine_optimizer.hpp"
#include "excitation/optimizer_session.hpp"
#include "model/builtin_robots.hpp"
#include "util/thread_pool.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace eb;

namespace excitation_evaluation_test {

void expectSameReport(const ConstraintReport& a, const ConstraintReport& b) {
  ASSERT_EQ(a.violations.size(), b.violations.size());
  for (std::size_t k = 0; k < a.violations.size(); ++k) EXPECT_EQ(a.violations[k].message(), b.violations[k].message());
  ASSERT_EQ(a.margins.size(), b.margins.size());
  for (std::size_t k = 0; k < a.margins.size(); ++k) {
    EXPECT_EQ(a.margins[k].joint, b.margins[k].joint);
    EXPECT_EQ(a.margins[k].quantity, b.margins[k].quantity);
    // Bit-identical, NaN (an infinite limit: no usage) included.
    EXPECT_TRUE(a.margins[k].usage == b.margins[k].usage ||
                (std::isnan(a.margins[k].usage) && std::isnan(b.margins[k].usage)))
        << k << ": " << a.margins[k].usage << " vs " << b.margins[k].usage;
    EXPECT_EQ(a.margins[k].time, b.margins[k].time) << k;
  }
  EXPECT_EQ(a.gridStep, b.gridStep);
  EXPECT_EQ(a.feasible(), b.feasible());
}

// A Fourier excitation that crosses the Panda's limits somewhere: the default one, stretched.
FourierTrajectory stretchedDefault(const RobotModel& model) {
  const FourierTrajectory d = defaultExcitation(model);
  return FourierTrajectory(d.period(), d.offsets(), 6.0 * d.a(), 6.0 * d.b());
}

}  // namespace excitation_evaluation_test

using excitation_evaluation_test::expectSameReport;
using excitation_evaluation_test::stretchedDefault;

TEST(ExcitationEvaluation, DefaultsAreDeclaredOnce) {
  const OptimizerSettings o;
  EXPECT_EQ(o.period, kDefaultFourierPeriod);
  EXPECT_EQ(o.harmonics, kDefaultHarmonics);
  const ExcitationEvaluationSettings e;
  EXPECT_TRUE(static_cast<const ExcitationEvaluationSettings&>(o) == e);
  EXPECT_EQ(e.sampleRate, 0.0);
  EXPECT_EQ(e.limitScale.position, 0.95);
  const FourierTrajectory d = defaultExcitation(builtinRobot("planar2r"));
  EXPECT_EQ(d.period(), kDefaultFourierPeriod);
  EXPECT_EQ(d.harmonics(), kDefaultHarmonics);
}

TEST(ExcitationEvaluation, AutomaticRateOfAFourierSeriesIsTheOptimizers) {
  const RobotModel model = builtinRobot("panda");
  for (const auto& [period, harmonics] : {std::pair{5.0, 5}, std::pair{10.0, 5}, std::pair{8.0, 3}}) {
    const Trajectory tr(defaultExcitation(model, period, harmonics));
    EXPECT_EQ(criterionSampleRate(tr, ExcitationEvaluationSettings{}), automaticSampleRate(period, harmonics));
  }
  ExcitationEvaluationSettings s;
  s.sampleRate = 321.0;
  EXPECT_EQ(criterionSampleRate(Trajectory(defaultExcitation(model)), s), 321.0);
}

TEST(ExcitationEvaluation, AutomaticRateOfAMultisineIsItsDesignsWhenItsTopComponentIsTheBandsTop) {
  const RobotModel model = builtinRobot("panda");
  MultisineDesign design;
  design.periodGrid = 0.0;  // free frequencies: the joints' components span the band, both ends included
  std::vector<JointLimits> limits;
  for (const Joint& j : model.joints()) limits.push_back(j.limits);
  Eigen::VectorXd offsets = Eigen::VectorXd::Zero(model.dof());
  const MultisineTrajectory ms = schroederMultisine(design, offsets, limits, LimitScale{});
  EXPECT_NEAR(criterionSampleRate(Trajectory(ms), ExcitationEvaluationSettings{}), automaticSampleRate(design),
              1e-9 * automaticSampleRate(design));
}

TEST(ExcitationEvaluation, MetricsAreTheAccumulatorsAtTheCriterionRate) {
  const RobotModel model = builtinRobot("panda");
  const Trajectory tr(defaultExcitation(model));
  for (bool friction : {false, true}) {
    ExcitationEvaluationSettings s;
    s.regressor.viscous = s.regressor.coulomb = friction;
    ExcitationEvaluator evaluator(model, s.regressor);
    double rate = 0.0;
    const InformationMetrics m = evaluator.metrics(tr, s, &rate);
    EXPECT_EQ(rate, automaticSampleRate(kDefaultFourierPeriod, kDefaultHarmonics));

    const BaseParameters base = computeBaseParameters(model, s.regressor);
    ThreadPool pool(1);
    InformationMatrixAccumulator accumulator(model, base, &pool);
    const InformationMetrics direct = accumulator.computeMetrics(sampleTrajectory(tr, rate));
    EXPECT_EQ(m.samples, direct.samples);
    EXPECT_EQ(m.columns, direct.columns);
    EXPECT_EQ(m.cond, direct.cond);  // the accumulator's sum does not depend on the threads
    EXPECT_EQ(m.condScaled, direct.condScaled);
    EXPECT_EQ(m.logdet, direct.logdet);
    EXPECT_EQ(evaluator.base().rank, base.rank);
  }
  // Another column set is another evaluator's.
  ExcitationEvaluator rigid(model, RegressorOptions{});
  ExcitationEvaluationSettings friction;
  friction.regressor.viscous = true;
  EXPECT_THROW(rigid.metrics(tr, friction), std::invalid_argument);
}

TEST(ExcitationEvaluation, LimitCheckIsTheOptimizersDenseGridCheck) {
  const RobotModel model = builtinRobot("panda");
  for (const FourierTrajectory& f : {defaultExcitation(model), stretchedDefault(model)}) {
    OptimizerSettings o;
    o.keepOutHeight = 0.05;
    const Trajectory tr(f);
    const ConstraintReport mine = checkExcitationLimits(model, tr, o);
    expectSameReport(mine, checkTrajectoryConstraints(model, tr, o, o.checkRate));
    expectSameReport(mine, checkExcitationConstraints(model, f, o, o.checkRate));
  }
  EXPECT_FALSE(checkExcitationLimits(model, Trajectory(stretchedDefault(model)), ExcitationEvaluationSettings{}).feasible());
}

TEST(ExcitationEvaluation, EvaluateGivesMetricsFirstAndCanStopBeforeTheCheck) {
  const RobotModel model = builtinRobot("planar2r");
  const Trajectory tr(defaultExcitation(model));
  ExcitationEvaluationSettings s;
  ExcitationEvaluator evaluator(model, s.regressor);
  double seenCond = 0.0;
  const ExcitationEvaluation stopped = evaluator.evaluate(tr, s, [&](const InformationMetrics& m) {
    seenCond = m.cond;
    return false;
  });
  EXPECT_FALSE(stopped.checked);
  EXPECT_TRUE(stopped.constraints.margins.empty());
  EXPECT_EQ(seenCond, stopped.metrics.cond);

  const ExcitationEvaluation full = evaluator.evaluate(tr, s);
  EXPECT_TRUE(full.checked);
  EXPECT_EQ(full.metrics.cond, stopped.metrics.cond);
  EXPECT_EQ(full.sampleRate, criterionSampleRate(tr, s));
  expectSameReport(full.constraints, checkExcitationLimits(model, tr, s));
}
