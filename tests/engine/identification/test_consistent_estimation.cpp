// Physically consistent estimate (log-Cholesky + Ceres) on simulated panda
// and ur5 experiments:
// * noise-free data, estimated with the true model and with a nominal model
//   whose inertials are wrong (the prior and the start are off): the true base
//   parameters come back to 1e-4 relative, every pseudo-inertia is positive
//   definite;
// * 0.05 N m torque noise: pseudo-inertias positive definite, friction >= 0,
//   torque residual RMS per joint within 5 % of OLS's;
// * data that no consistent robot explains (a negative inertia, a negative
//   viscous friction): the constraints hold (eigenvalues >= the margin, the
//   friction exactly at its bound 0) and the fit pays for it.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <memory>

#include "dynamics/joint_torque_regressor.hpp"
#include "excitation/default_excitation.hpp"
#include "identification/base_estimation.hpp"
#include "identification/consistent_estimation.hpp"
#include "identification/normal_equations.hpp"
#include "model/builtin_robots.hpp"
#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"
#include "simulation/experiment_simulator.hpp"
#include "util/thread_pool.hpp"
#include "util/cancelled.hpp"

using namespace eb;

namespace {

struct ConsistentCase {
  RobotModel model;  // the simulated ("true") robot
  SimulationSettings settings;
  SimulatedLog log;
  RegressorOptions options;
  BaseParameters base;
  Eigen::VectorXd trueFull;
  Eigen::VectorXd trueBase;
};

/// Simulated experiments, computed once per (robot, noise) for the whole test binary.
const ConsistentCase& simulated(const std::string& robot, double noiseTorque) {
  static std::map<std::pair<std::string, double>, std::unique_ptr<ConsistentCase>> cache;
  auto& slot = cache[{robot, noiseTorque}];
  if (!slot) {
    auto c = std::make_unique<ConsistentCase>();
    c->model = builtinRobot(robot);
    c->settings.noiseTorque = noiseTorque;
    c->settings.seed = 11;
    c->log = simulateExperiment(c->model, Trajectory(defaultExcitation(c->model, 10.0, 5)), c->settings);
    c->options = regressorOptionsFor(c->settings, c->log);
    c->base = computeBaseParameters(c->model, c->options);
    c->trueFull = simulatedParameters(c->model, c->options, c->log);
    c->trueBase = c->base.baseFromFull(c->trueFull);
    slot = std::move(c);
  }
  return *slot;
}

NormalEquations accumulate(const ConsistentCase& c, const Eigen::MatrixXd& tau) {
  ThreadPool pool(2);
  RegressionAccumulator acc(c.model, c.base, &pool);
  acc.add(c.log.qTrue, c.log.qdTrue, c.log.qddTrue, tau);
  return acc.equations();
}

/// The robot with wrong but consistent inertials: +15 % mass, COM shifted 1-2 cm,
/// +30 % inertia about the COM. Kinematics (hence the base-parameter map) unchanged.
RobotModel perturbedNominal(const RobotModel& model) {
  Eigen::VectorXd theta = model.standardParameters();
  for (int b = 0; b < model.bodyCount(); ++b) {
    const Vector10d tb = theta.segment<10>(10 * b);
    const double m = 1.15 * tb[0];
    const Eigen::Vector3d c = centreOfMass(tb) + Eigen::Vector3d(0.01, -0.01, 0.02);
    theta.segment<10>(10 * b) = standardParametersFromCom(m, c, 1.3 * inertiaAboutCom(tb));
  }
  return model.withStandardParameters(theta);
}

void expectConsistent(const RobotModel& model, const RegressorOptions& options, const BaseEstimate& e,
                      const std::string& what) {
  ASSERT_TRUE(e.fullParameters.has_value()) << what;
  const Eigen::VectorXd& theta = *e.fullParameters;
  ASSERT_EQ(theta.size(), regressorColumnCount(model, options)) << what;
  const Eigen::VectorXd lmin = smallestPseudoInertiaEigenvalues(model, theta);
  for (int b = 0; b < model.bodyCount(); ++b) EXPECT_GT(lmin[b], 0.0) << what << " body " << model.body(b).name;
  const std::vector<std::string> names = regressorColumnNames(model, options);
  for (Eigen::Index k = 10 * model.bodyCount(); k < theta.size(); ++k) {
    const std::string& n = names[static_cast<size_t>(k)];
    if (n.rfind("fv", 0) == 0 || n.rfind("fc", 0) == 0 || n.rfind("Ia", 0) == 0) {
      EXPECT_GE(theta[k], 0.0) << what << " " << n;
    }
  }
}

double seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

}  // namespace

TEST(ConsistentEstimation, NoiseFreeRecoversTrueBaseParameters) {
  for (const char* robot : {"panda", "ur5"}) {
    const ConsistentCase& c = simulated(robot, 0.0);
    const NormalEquations eq = accumulate(c, c.log.tau);
    for (bool wrongNominal : {false, true}) {
      const RobotModel nominal = wrongNominal ? perturbedNominal(c.model) : c.model;
      const std::string what = std::string(robot) + (wrongNominal ? " (wrong nominal)" : " (true nominal)");
      const auto t0 = std::chrono::steady_clock::now();
      const BaseEstimate e = estimateConsistentParameters(nominal, eq, c.base);
      const double elapsed = seconds(t0);
      EXPECT_EQ(e.method, EstimationMethod::Consistent);
      expectConsistent(nominal, c.options, e, what);
      ASSERT_EQ(e.values.size(), c.trueBase.size());
      double worst = 0.0;
      for (Eigen::Index k = 0; k < e.values.size(); ++k) {
        const double scale = std::max(std::abs(c.trueBase[k]), 1e-3 * c.trueBase.cwiseAbs().maxCoeff());
        const double rel = std::abs(e.values[k] - c.trueBase[k]) / scale;
        worst = std::max(worst, rel);
        EXPECT_LT(rel, 1e-4) << what << " " << c.base.name(static_cast<int>(k)) << " = "
                             << c.base.expression(static_cast<int>(k), 4);
      }
      std::cout << "[ figures  ] " << what << " noise-free: worst relative base error " << worst << ", " << elapsed
                << " s\n";
      for (const std::string& n : e.notes) std::cout << "[ notes    ] " << n << "\n";
    }
  }
}

TEST(ConsistentEstimation, NoisyFitIsConsistentAndWithinFivePercentOfOls) {
  for (const char* robot : {"panda", "ur5"}) {
    const ConsistentCase& c = simulated(robot, 0.05);
    const NormalEquations eq = accumulate(c, c.log.tau);
    const BaseEstimate ols = estimateBaseParameters(eq, c.base, EstimationOptions{});
    for (bool wrongNominal : {false, true}) {
      const RobotModel nominal = wrongNominal ? perturbedNominal(c.model) : c.model;
      const std::string what = std::string(robot) + (wrongNominal ? " (wrong nominal)" : " (true nominal)");
      const auto t0 = std::chrono::steady_clock::now();
      const BaseEstimate e = estimateConsistentParameters(nominal, eq, c.base);
      const double elapsed = seconds(t0);
      expectConsistent(nominal, c.options, e, what);
      ASSERT_EQ(e.residualRms.size(), c.model.dof());
      for (int j = 0; j < c.model.dof(); ++j)
        EXPECT_LE(e.residualRms[j], 1.05 * ols.residualRms[j]) << what << " joint " << j + 1;
      EXPECT_TRUE(e.stddev.allFinite()) << what;
      EXPECT_EQ(e.samples, eq.samples);
      std::cout << "[ figures  ] " << what << ": residual RMS consistent/OLS per joint:";
      for (int j = 0; j < c.model.dof(); ++j) std::cout << " " << e.residualRms[j] / ols.residualRms[j];
      std::cout << "; smallest pseudo-inertia eigenvalue "
                << smallestPseudoInertiaEigenvalues(nominal, *e.fullParameters).minCoeff() << "; " << elapsed << " s\n";
    }
  }
}

TEST(ConsistentEstimation, ConstraintsHoldWhenDataAskForAnInconsistentRobot) {
  // Torques of a "robot" whose last link has a negative Izz (a base parameter on
  // its own for the last joint of both arms) and whose joint 2 has negative
  // viscous friction: no consistent parameters explain them.
  const ConsistentCase& c = simulated("ur5", 0.0);
  Eigen::VectorXd bad = c.trueFull;
  const int last = c.model.bodyCount() - 1;
  bad[10 * last + 9] = -0.02;
  const std::vector<std::string> names = regressorColumnNames(c.model, c.options);
  const auto fv2 = std::find(names.begin(), names.end(), "fv2") - names.begin();
  ASSERT_LT(fv2, static_cast<long>(names.size()));
  bad[fv2] = -0.5;
  DynamicsWorkspace ws(c.model);
  Eigen::MatrixXd tau(c.log.qTrue.rows(), c.model.dof());
  for (Eigen::Index s = 0; s < tau.rows(); ++s) {
    const Eigen::VectorXd q = c.log.qTrue.row(s).transpose(), qd = c.log.qdTrue.row(s).transpose(),
                          qdd = c.log.qddTrue.row(s).transpose();
    tau.row(s) = (computeJointTorqueRegressor(c.model, ws, c.options, q, qd, qdd) * bad).transpose();
  }
  const NormalEquations eq = accumulate(c, tau);
  const BaseEstimate ols = estimateBaseParameters(eq, c.base, EstimationOptions{});
  ConsistentOptions opt;
  const auto t0 = std::chrono::steady_clock::now();
  const BaseEstimate e = estimateConsistentParameters(c.model, eq, c.base, opt);
  const double elapsed = seconds(t0);
  expectConsistent(c.model, c.options, e, "inconsistent data");
  const Eigen::VectorXd& theta = *e.fullParameters;
  EXPECT_EQ(theta[fv2], 0.0) << "the bound fv2 >= 0 is active";
  EXPECT_GT(theta[10 * last + 9], 0.0);
  // The margin holds: J >= mu I with mu = 1e-8 trace(J_start).
  const Eigen::VectorXd lmin = smallestPseudoInertiaEigenvalues(c.model, theta);
  for (int b = 0; b < c.model.bodyCount(); ++b) {
    const double mu = opt.definitenessMargin * pseudoInertia(c.model.standardParameters().segment<10>(10 * b)).trace();
    EXPECT_GE(lmin[b], 0.999 * mu) << c.model.body(b).name;
  }
  // OLS fits the (inconsistent) data exactly; the consistent fit cannot.
  EXPECT_LT(ols.residualRms.maxCoeff(), 1e-5);
  EXPECT_GT(e.residualRms.maxCoeff(), 1e-3);
  std::cout << "[ figures  ] inconsistent data: residual RMS per joint " << e.residualRms.transpose() << "; " << elapsed
            << " s\n";
  for (const std::string& n : e.notes) std::cout << "[ notes    ] " << n << "\n";
}

TEST(ConsistentEstimation, ExplicitWeightsAndBadInput) {
  const ConsistentCase& c = simulated("ur5", 0.05);
  const NormalEquations eq = accumulate(c, c.log.tau);
  ConsistentOptions opt;
  opt.jointWeights = Eigen::VectorXd::Ones(c.model.dof());
  const BaseEstimate e = estimateConsistentParameters(c.model, eq, c.base, opt);
  EXPECT_EQ(e.jointWeights, opt.jointWeights);
  expectConsistent(c.model, c.options, e, "uniform weights");

  opt.jointWeights = Eigen::VectorXd::Ones(2);
  EXPECT_THROW(estimateConsistentParameters(c.model, eq, c.base, opt), std::invalid_argument);

  // Normal equations of another robot.
  const ConsistentCase& p = simulated("panda", 0.0);
  EXPECT_THROW(estimateConsistentParameters(p.model, eq, c.base), InputError);

  // Too few samples.
  NormalEquations few = eq;
  few.samples = 2;
  EXPECT_THROW(estimateConsistentParameters(c.model, few, c.base), InputError);
}

TEST(ConsistentEstimation, ReportsProgressAndStopsWhenCancelled) {
  const ConsistentCase& c = simulated("panda", 0.05);
  const NormalEquations eq = accumulate(c, c.log.tau);
  const RobotModel nominal = perturbedNominal(c.model);
  std::vector<double> fractions;
  ConsistentOptions o;
  o.progress = [&](double f) {
    fractions.push_back(f);
    return true;
  };
  const BaseEstimate full = estimateConsistentParameters(nominal, eq, c.base, o);
  ASSERT_GT(fractions.size(), 10u);  // every iteration of every stage
  EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));
  EXPECT_GE(fractions.front(), 0.0);
  EXPECT_LE(fractions.back(), 1.0);
  EXPECT_GT(fractions.back(), 0.9);  // the last stage is the last tenth
  // The same result as without a callback: observing does not change the solve.
  EXPECT_EQ(full.values, estimateConsistentParameters(nominal, eq, c.base).values);

  int calls = 0;
  o.progress = [&](double) { return ++calls < 3; };
  try {
    estimateConsistentParameters(nominal, eq, c.base, o);
    FAIL() << "not cancelled";
  } catch (const Cancelled& e) {  // a cancellation of its own type, never mistaken for bad input
    EXPECT_STREQ(e.what(), "consistent estimate: cancelled");
  }
  EXPECT_EQ(calls, 3);  // stopped at the first "no", not at the end of the stage
}

namespace {

// The pipeline's split: every fifth second of the log held out.
void accumulateSplit(const ConsistentCase& c, const SimulatedLog& log, NormalEquations& training,
                     NormalEquations& heldOut) {
  ThreadPool pool(2);
  RegressionAccumulator train(c.model, c.base, &pool), held(c.model, c.base, &pool);
  std::vector<Eigen::Index> trainRows, heldRows;
  for (Eigen::Index i = 0; i < log.t.size(); ++i)
    (static_cast<long long>(std::floor(log.t[i] - log.t[0])) % 5 == 4 ? heldRows : trainRows).push_back(i);
  train.add(log.qTrue(trainRows, Eigen::all), log.qdTrue(trainRows, Eigen::all), log.qddTrue(trainRows, Eigen::all),
            log.tau(trainRows, Eigen::all));
  held.add(log.qTrue(heldRows, Eigen::all), log.qdTrue(heldRows, Eigen::all), log.qddTrue(heldRows, Eigen::all),
           log.tau(heldRows, Eigen::all));
  training = train.equations();
  heldOut = held.equations();
}

// Distance of links 5..7 (full parameters, scaled per parameter by the prior's magnitude) from the prior.
double distalDistanceFromPrior(const RobotModel& prior, const Eigen::VectorXd& theta) {
  const Eigen::VectorXd p = prior.standardParameters();
  double d = 0.0;
  for (int b = 4; b < prior.bodyCount(); ++b)
    for (int i = 0; i < 10; ++i) {
      const double scale = std::max(std::abs(p[10 * b + i]), 1e-3 * std::abs(p[10 * b]));
      d = std::max(d, std::abs(theta[10 * b + i] - p[10 * b + i]) / scale);
    }
  return d;
}

}  // namespace

TEST(ConsistentEstimation, PriorWeightChosenOnHeldOutSamples) {
  // A rich log (the default excitation, 0.05 N m noise) and a poor one (joints 5-7 move
  // at 3 % of that amplitude), both estimated with a wrong nominal model as the prior.
  const ConsistentCase& rich = simulated("panda", 0.05);
  const RobotModel nominal = perturbedNominal(rich.model);
  FourierTrajectory poorMotion = defaultExcitation(rich.model, 10.0, 5);
  for (int j = 4; j < 7; ++j) {
    poorMotion.mutableA().row(j) *= 0.03;
    poorMotion.mutableB().row(j) *= 0.03;
  }
  const SimulatedLog poorLog = simulateExperiment(rich.model, Trajectory(poorMotion), rich.settings);

  for (int k = 0; k < 2; ++k) {
    const SimulatedLog& log = k == 0 ? rich.log : poorLog;
    const char* what = k == 0 ? "rich log" : "poor log";
    NormalEquations training, heldOut;
    accumulateSplit(rich, log, training, heldOut);
    NormalEquations all = training;
    all.merge(heldOut);
    const BaseEstimate e = chooseConsistentPriorWeight(nominal, training, heldOut, rich.base);
    expectConsistent(nominal, rich.options, e, what);
    ASSERT_GE(e.priorWeightCurve.size(), 10u) << what;
    double best = e.priorWeightCurve.front().second;
    for (const auto& [weight, score] : e.priorWeightCurve) best = std::min(best, score);
    for (const auto& [weight, score] : e.priorWeightCurve) {
      if (weight == e.priorWeight) {
        EXPECT_LE(score, 1.01 * best) << what;
      }
      if (weight > e.priorWeight) {
        EXPECT_GT(score, 1.01 * best) << what;  // the largest weight that qualifies
      }
    }
    EXPECT_GT(e.priorWeight, 1e-13) << what;  // some prior always costs nothing on these logs
    EXPECT_EQ(e.samples, all.samples) << what;  // the final estimate uses every sample
    ConsistentOptions none;
    none.priorWeight = 1e-13;
    const BaseEstimate loose = estimateConsistentParameters(nominal, all, rich.base, none);
    const double dChosen = distalDistanceFromPrior(nominal, *e.fullParameters);
    const double dLoose = distalDistanceFromPrior(nominal, *loose.fullParameters);
    std::cout << "[ figures  ] " << what << ": prior weight " << e.priorWeight
              << "; links 5-7 from the prior (max relative) " << dChosen << " chosen, " << dLoose
              << " at 1e-13; residual RMS chosen/1e-13 per joint:";
    for (int j = 0; j < 7; ++j) std::cout << " " << e.residualRms[j] / loose.residualRms[j];
    std::cout << "\n";
    // The fit matches the unregularized one within the noise, and the weakly seen distal
    // links stay nearer the prior than without it.
    for (int j = 0; j < 7; ++j) EXPECT_LE(e.residualRms[j], 1.05 * loose.residualRms[j]) << what << " joint " << j + 1;
    EXPECT_LT(dChosen, dLoose) << what;
  }
}
