// The constrained payload (payload_consistency.hpp): consistent estimates are kept as they
// are, inconsistent ones move to the nearest consistent payload in the fit's metric, the
// mass-and-COM model keeps what the data say about mass and COM, bounds hold. Then the whole
// identify-payload path on a simulated log where least squares gives a non-physical inertia.
#include "excitation/default_excitation.hpp"
#include "identification/payload_consistency.hpp"
#include "identification/payload_identification.hpp"
#include "identification/plausibility_margins.hpp"
#include "io/payload_file.hpp"
#include "logs/test_log_support.hpp"
#include "model/builtin_robots.hpp"
#include "model/inertial_check.hpp"
#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"
#include "simulation/experiment_simulator.hpp"
#include "simulation/simulated_log_csv.hpp"

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include <cmath>

using namespace eb;
using eb::test::TempFile;

namespace {

using Matrix10d = Eigen::Matrix<double, 10, 10>;

// A 2 kg tool 8 cm out along z with a full, consistent inertia about its COM.
Vector10d toolPayload() {
  Eigen::Matrix3d Ic;
  Ic << 4e-3, 2e-4, -1e-4, 2e-4, 5e-3, 1e-4, -1e-4, 1e-4, 3e-3;
  return standardParametersFromCom(2.0, Eigen::Vector3d(0.01, -0.02, 0.08), Ic);
}

// A covariance with correlated entries: sigma 1 % of the mass, 1 mm x kg on the first moments,
// 5e-4 kg m^2 on the second moments, and a random rotation mixing them.
Matrix10d someCovariance() {
  Eigen::Matrix<double, 10, 1> sigma;
  sigma << 0.02, 2e-3, 2e-3, 2e-3, 5e-4, 5e-4, 5e-4, 5e-4, 5e-4, 5e-4;
  std::srand(5);
  const Matrix10d mix = Matrix10d::Identity() + 0.3 * Matrix10d::Random();
  const Matrix10d S = sigma.asDiagonal() * mix;
  return S * S.transpose();
}

double smallestPseudoInertiaEigenvalue(const Vector10d& phi) {
  return Eigen::SelfAdjointEigenSolver<Eigen::Matrix4d>(pseudoInertia(phi)).eigenvalues().minCoeff();
}

double mahalanobis(const Vector10d& a, const Vector10d& b, const Matrix10d& C) {
  const Vector10d d = a - b;
  return d.dot(C.ldlt().solve(d));
}

TEST(PayloadConsistency, AConsistentEstimateIsKeptAsItIs) {
  const Vector10d phi = toolPayload();
  const ConstrainedPayload c = constrainPayload(phi, someCovariance(), PayloadConstraints{});
  EXPECT_LT((c.parameters - phi).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT(c.cost, 1e-20);
  ASSERT_FALSE(c.notes.empty());
  EXPECT_NE(c.notes[0].find("kept"), std::string::npos) << c.notes[0];
  // The covariance of a kept estimate is the fit's own (first order, a full-rank model).
  EXPECT_LT((c.covariance - someCovariance()).norm(), 1e-3 * someCovariance().norm());
}

TEST(PayloadConsistency, AnInconsistentEstimateMovesToTheNearestConsistentOne) {
  // Least squares that put the inertia about the COM at negative principal moments, as on the
  // real UR10e current logs: Ixx about the COM pushed to -0.02 kg m^2.
  const Vector10d truth = toolPayload();
  Vector10d estimate = truth;
  estimate[4] -= 0.024;
  estimate[0] -= 0.05;
  ASSERT_LT(smallestPseudoInertiaEigenvalue(estimate), 0.0);
  ASSERT_FALSE(inertiaProblem(estimate[0], inertiaAboutCom(estimate)).empty());
  const Matrix10d C = someCovariance();
  const ConstrainedPayload c = constrainPayload(estimate, C, PayloadConstraints{});
  EXPECT_GT(smallestPseudoInertiaEigenvalue(c.parameters), 0.0);
  // The truth is consistent, so the nearest consistent payload is no farther from the estimate.
  const double toTruth = mahalanobis(estimate, truth, C);
  EXPECT_LE(c.cost, toTruth * (1.0 + 1e-9));
  EXPECT_NEAR(c.cost, mahalanobis(estimate, c.parameters, C), 1e-6 * c.cost);
  // Nearest: a step toward the estimate from the result leaves the consistent set (the
  // constraint is active), and small moves along the boundary do not lower the cost.
  const Vector10d towards = c.parameters + 0.05 * (estimate - c.parameters);
  EXPECT_LT(smallestPseudoInertiaEigenvalue(towards), 1e-9);
  ASSERT_GE(c.notes.size(), 1u);
  EXPECT_NE(c.notes[0].find("not physically consistent"), std::string::npos) << c.notes[0];
}

TEST(PayloadConsistency, MassAndComKeepWhatTheDataSayAboutThem) {
  // Only mass and first moments are known (the inertia rows and columns of the covariance are
  // zero: not excited); the second moments of the estimate are garbage.
  const Vector10d truth = toolPayload();
  Vector10d estimate = truth;
  estimate.tail<6>() << -0.3, 0.1, 0.05, -0.2, 0.0, 0.4;
  Matrix10d C = Matrix10d::Zero();
  C.topLeftCorner<4, 4>() = someCovariance().topLeftCorner<4, 4>();
  PayloadConstraints constraints;
  constraints.model = PayloadModel::MassAndCom;
  const ConstrainedPayload c = constrainPayload(estimate, C, constraints);
  EXPECT_NEAR(c.parameters[0], truth[0], 1e-9 * truth[0]);
  EXPECT_LT((centreOfMass(c.parameters) - centreOfMass(truth)).norm(), 1e-9);
  // The inertia about the COM is the 2 cm sphere's: 2/5 m r^2 on the diagonal.
  const Eigen::Matrix3d Ic = inertiaAboutCom(c.parameters);
  EXPECT_NEAR(Ic(0, 0), 0.4 * truth[0] * 0.02 * 0.02, 1e-12);
  EXPECT_NEAR(Ic(0, 1), 0.0, 1e-12);
  EXPECT_GT(smallestPseudoInertiaEigenvalue(c.parameters), 0.0);
  // Its mass and COM deviations are the data's.
  EXPECT_NEAR(std::sqrt(c.covariance(0, 0)), std::sqrt(C(0, 0)), 1e-3 * std::sqrt(C(0, 0)));
}

TEST(PayloadConsistency, BoundsHoldInBothModels) {
  // The estimate puts the COM 8 cm out; the tool is known to fit in a 6 cm cube at the flange.
  const Vector10d estimate = toolPayload();
  PayloadConstraints constraints;
  constraints.bounded = true;
  constraints.lower = Eigen::Vector3d(-0.03, -0.03, 0.0);
  constraints.upper = Eigen::Vector3d(0.03, 0.03, 0.06);
  BodyLimits limits;
  limits.box = true;
  limits.lower = constraints.lower;
  limits.upper = constraints.upper;
  limits.maxMass = 1e9;
  for (PayloadModel model : {PayloadModel::Consistent, PayloadModel::MassAndCom}) {
    constraints.model = model;
    const ConstrainedPayload c = constrainPayload(estimate, someCovariance(), constraints);
    double g[kPlausibilityMargins];
    plausibilityMargins(c.parameters.data(), limits, g);
    for (int k = 0; k < 6; ++k) EXPECT_GE(g[k], 0.0) << "COM margin " << k;
    if (model == PayloadModel::Consistent) {
      EXPECT_GE(g[6], 0.0) << "ellipsoid";
    }
    EXPECT_GT(smallestPseudoInertiaEigenvalue(c.parameters), 0.0);
    // Nearest in the fit's metric: no farther than a payload that fits the box for sure, the
    // box filled uniformly with the estimate's mass, and pulled from the box's centre toward
    // the estimate's COM, 8 cm out.
    const double m = estimate[0];
    const Eigen::Matrix3d boxInertia =
        Eigen::Vector3d(m * (0.06 * 0.06 + 0.06 * 0.06) / 12.0, m * (0.06 * 0.06 + 0.06 * 0.06) / 12.0,
                        m * (0.06 * 0.06 + 0.06 * 0.06) / 12.0)
            .asDiagonal();
    const Vector10d box = standardParametersFromCom(m, Eigen::Vector3d(0.0, 0.0, 0.03), boxInertia);
    EXPECT_LE(c.cost, mahalanobis(estimate, box, someCovariance()));
    EXPECT_GT(centreOfMass(c.parameters).z(), 0.03);
  }
  constraints.upper.z() = -0.01;
  EXPECT_THROW(constrainPayload(estimate, someCovariance(), constraints), InputError);
}

TEST(PayloadConsistency, IdentifyPayloadIsConsistentWhereLeastSquaresIsNot) {
  // A light, compact payload (0.4 kg, inertia about its COM ~1e-4 kg m^2) seen through a short,
  // noisy log: the least-squares inertia is far below its noise and comes out with negative
  // principal moments; the consistent estimate keeps mass and COM within 3 sigma.
  const RobotModel model = builtinRobot("panda");
  const PayloadMount mount = payloadMount(model, "");
  Eigen::Matrix3d Ic = 1.2e-4 * Eigen::Matrix3d::Identity();
  const Vector10d truth = standardParametersFromCom(0.4, Eigen::Vector3d(0.0, 0.01, 0.05), Ic);
  const RobotModel loadedModel = withPayload(model, mount, truth);
  SimulationSettings sim;
  sim.noiseTorque = 0.4;
  sim.noisePosition = 1e-5;
  sim.duration = 4.0;
  const Trajectory trajectory(defaultExcitation(model, 8.0, 5));
  IdentificationSettings settings;
  KnownRobot robot;
  PayloadRun run;
  for (unsigned seed = 31;; ++seed) {
    sim.seed = seed;
    const SimulatedLog log = simulateExperiment(loadedModel, trajectory, sim);
    TempFile loaded(formatSimulatedLogCsv(log), ".csv");
    robot.base = computeBaseParameters(model, regressorOptionsFor(sim, log));
    robot.values = robot.base.baseFromFull(simulatedParameters(model, robot.base.options, log));
    robot.source = "the true parameters";
    PayloadExperiment logs;
    logs.loaded = {loaded.path()};
    run = identifyPayload(model, logs, "", &robot, settings);
    if (!run.unconstrained.consistency.empty() || seed == 40) break;
  }
  ASSERT_FALSE(run.unconstrained.consistency.empty()) << "no seed gave an inconsistent least-squares payload";
  EXPECT_EQ(run.payload.consistency, "");
  EXPECT_GT(smallestPseudoInertiaEigenvalue(run.payload.parameters), 0.0);
  EXPECT_LE(std::abs(run.payload.mass - truth[0]), 3.0 * run.payload.massStd);
  for (int k = 0; k < 3; ++k)
    EXPECT_LE(std::abs(run.payload.com[k] - centreOfMass(truth)[k]), 3.0 * run.payload.comStd[k] + 1e-4) << k;
  // The least-squares payload is refused as a URDF; the consistent one is written.
  TempFile urdf("", ".urdf");
  EXPECT_THROW(writePayloadUrdf(urdf.path(), run.unconstrained), InputError);
}

}  // namespace
