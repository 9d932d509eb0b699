// Numerical guard rails: the dynamics stay finite and consistent where the
// kinematics degenerate (the wrist singularities of the UR5 and the Panda and
// the Panda's stretched elbow, where Jacobians lose rank) and with extreme link masses (1e-6 kg
// and 1e4 kg links on one robot): the mass matrix stays symmetric positive
// definite, forward dynamics inverts inverse dynamics, RNEA equals Y theta and
// the base parameters keep their rank.
#include "common/random_robot.hpp"
#include "dynamics/forward_dynamics.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "dynamics/jacobians.hpp"
#include "dynamics/joint_torque_regressor.hpp"
#include "dynamics/mass_matrix.hpp"
#include "dynamics/base_parameters.hpp"
#include "model/builtin_robots.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/SVD>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace eb;
using eb::test::randomVector;

namespace {

// Smallest singular value of the end-effector (last body) spatial Jacobian at q.
double smallestSingularValue(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q) {
  computeJointTwists(model, ws, q);
  const Eigen::MatrixXd J = spatialJacobian(model, ws, model.bodyCount() - 1);
  return Eigen::JacobiSVD<Eigen::MatrixXd>(J).singularValues().minCoeff();
}

// Everything the guard rails promise at one configuration.
void expectSoundDynamics(const RobotModel& model, const Eigen::VectorXd& q, const std::string& where) {
  SCOPED_TRACE(where);
  DynamicsWorkspace ws(model);
  const int n = model.dof();
  std::mt19937_64 rng(11);
  const Eigen::VectorXd qd = randomVector(rng, n, 1.0), qdd = randomVector(rng, n, 2.0);

  computeJointTwists(model, ws, q);
  for (int b = 0; b < model.bodyCount(); ++b) {
    EXPECT_TRUE(spatialJacobian(model, ws, b).allFinite()) << "spatial Jacobian of body " << b;
    EXPECT_TRUE(bodyJacobian(model, ws, b).allFinite()) << "body Jacobian of body " << b;
    EXPECT_TRUE(hybridJacobian(model, ws, b, Eigen::Vector3d(0.1, 0.0, 0.05)).allFinite()) << "hybrid, body " << b;
  }

  const Eigen::MatrixXd M = computeMassMatrix(model, ws, q);
  ASSERT_TRUE(M.allFinite());
  EXPECT_LT((M - M.transpose()).norm(), 1e-12 * M.norm());
  EXPECT_EQ(Eigen::LLT<Eigen::MatrixXd>(M).info(), Eigen::Success) << "M is not positive definite";
  EXPECT_GT(Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(M).eigenvalues().minCoeff(), 0.0);

  const Eigen::VectorXd tau = inverseDynamics(model, ws, q, qd, qdd);
  ASSERT_TRUE(tau.allFinite());
  const Eigen::VectorXd back = forwardDynamics(model, ws, q, qd, tau);
  ASSERT_TRUE(back.allFinite());
  EXPECT_LT((back - qdd).norm(), 1e-7 * (1.0 + qdd.norm())) << "forward dynamics does not invert inverse dynamics";

  const Eigen::MatrixXd Y = computeJointTorqueRegressor(model, ws, RegressorOptions{}, q, qd, qdd);
  ASSERT_TRUE(Y.allFinite());
  EXPECT_LT((Y * model.standardParameters() - tau).norm(), 1e-10 * (1.0 + tau.norm()));
}

TEST(GuardRails, Ur5WristSingularityAtQ5EqualZero) {
  // q5 = 0 aligns the wrist 1 and wrist 3 axes: the Jacobian has rank 5.
  const RobotModel ur5 = builtinRobot("ur5");
  DynamicsWorkspace ws(ur5);
  Eigen::VectorXd q(6);
  q << 0.3, -1.2, 1.4, -0.7, 0.0, 0.9;
  EXPECT_LT(smallestSingularValue(ur5, ws, q), 1e-12);
  expectSoundDynamics(ur5, q, "ur5, q5 = 0");
  for (const double eps : {1e-12, 1e-9, 1e-6}) {
    q[4] = eps;
    expectSoundDynamics(ur5, q, "ur5, q5 = " + std::to_string(eps));
  }
}

double minSingularValue(const Eigen::MatrixXd& J) { return Eigen::JacobiSVD<Eigen::MatrixXd>(J).singularValues().minCoeff(); }

TEST(GuardRails, PandaWristSingularityAtQ6EqualZero) {
  // q6 = 0 makes joint 7's axis parallel to joint 5's: the three wrist axes span
  // only two directions (the angular block of joints 5-7 is singular). The 6 x 7
  // Jacobian keeps rank 6 only through the redundant arm joints.
  const RobotModel panda = builtinRobot("panda");
  DynamicsWorkspace ws(panda);
  Eigen::VectorXd q(7);
  q << 0.1, -0.6, 0.2, -2.0, 0.0, 0.0, 0.8;
  computeJointTwists(panda, ws, q);
  EXPECT_LT(minSingularValue(spatialJacobian(panda, ws, 6).block(0, 4, 3, 3)), 1e-12);
  expectSoundDynamics(panda, q, "panda, q6 = 0");
  for (const double eps : {1e-12, 1e-9, 1e-6}) {
    q[5] = eps;
    expectSoundDynamics(panda, q, "panda, q6 = " + std::to_string(eps));
  }
  // Zero configuration: several axes aligned at once.
  expectSoundDynamics(panda, Eigen::VectorXd::Zero(7), "panda, q = 0");
}

TEST(GuardRails, PandaStretchedElbowWhereTheJacobianLosesRank) {
  // The elbow angle q4 that stretches the arm makes the full Jacobian singular:
  // found by golden-section search on its smallest singular value.
  const RobotModel panda = builtinRobot("panda");
  DynamicsWorkspace ws(panda);
  Eigen::VectorXd q(7);
  q << 0.1, -0.6, 0.2, -0.4, 0.0, 0.0, 0.8;
  const auto sigma = [&](double q4) {
    q[3] = q4;
    return smallestSingularValue(panda, ws, q);
  };
  double lo = -0.6, hi = -0.35;
  const double g = (std::sqrt(5.0) - 1.0) / 2.0;
  for (int i = 0; i < 200 && hi - lo > 1e-15; ++i) {
    const double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    if (sigma(x1) < sigma(x2)) hi = x2;
    else lo = x1;
  }
  const double q4 = 0.5 * (lo + hi);
  EXPECT_LT(sigma(q4), 1e-8) << "q4 = " << q4;
  EXPECT_GT(sigma(q4 + 0.3), 1e-2);
  q[3] = q4;
  expectSoundDynamics(panda, q, "panda, stretched elbow q4 = " + std::to_string(q4));
}

// Scales each body's 10 standard parameters (a physical body stays physical).
RobotModel withScaledBodies(const RobotModel& model, const std::vector<double>& scale) {
  Eigen::VectorXd theta = model.standardParameters();
  for (int b = 0; b < model.bodyCount(); ++b) theta.segment<10>(10 * b) *= scale[static_cast<size_t>(b)];
  return model.withStandardParameters(theta);
}

TEST(GuardRails, TinyAndHeavyLinksKeepRankAndRneaEqualsYTheta) {
  const RobotModel panda = builtinRobot("panda");
  const RobotModel mixed = withScaledBodies(panda, {1e4, 1e-6, 1e4, 1e-6, 1e4, 1e-6, 1e-6});
  // Absolute masses: the 1e4 factor makes a ~4e4 kg link, 1e-6 a ~1e-6 kg one.
  EXPECT_GT(mixed.body(0).inertia[0], 1e4);
  EXPECT_LT(mixed.body(6).inertia[0], 1e-5);

  RegressorOptions options;
  options.viscous = options.coulomb = true;
  const BaseParameters nominal = computeBaseParameters(panda, options);
  const BaseParameters base = computeBaseParameters(mixed, options);
  EXPECT_EQ(base.rank, nominal.rank);
  EXPECT_EQ(base.independent, nominal.independent);

  DynamicsWorkspace ws(mixed);
  std::mt19937_64 rng(5);
  const Eigen::VectorXd theta = mixed.standardParameters();
  Eigen::VectorXd full = Eigen::VectorXd::Zero(base.columnCount);
  full.head(theta.size()) = theta;
  const Eigen::VectorXd thetaBase = base.baseFromFull(full);
  Eigen::MatrixXd Yb;
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::VectorXd q = randomVector(rng, 7, 2.5), qd = randomVector(rng, 7, 1.5), qdd = randomVector(rng, 7, 3.0);
    const Eigen::VectorXd tau = inverseDynamics(mixed, ws, q, qd, qdd);
    ASSERT_TRUE(tau.allFinite());
    const Eigen::MatrixXd Y = computeJointTorqueRegressor(mixed, ws, options, q, qd, qdd);
    // Round-off is relative to the largest term summed, |Y| |theta|, not to tau.
    const double scale = (Y.cwiseAbs() * full.cwiseAbs()).maxCoeff();
    EXPECT_LT((Y * full - tau).cwiseAbs().maxCoeff(), 1e-12 * scale) << "trial " << trial;
    base.selectBaseColumns(Y, Yb);
    EXPECT_LT((Yb * thetaBase - tau).cwiseAbs().maxCoeff(), 1e-9 * scale) << "trial " << trial;
  }
  expectSoundDynamics(mixed, Eigen::VectorXd::Constant(7, 0.3), "panda with 1e4 and 1e-6 scaled links");
}

TEST(GuardRails, MicrogramAndTonLinkMassesFromADhStyleChain) {
  // snake:4 with absolute masses 1e-6 kg and 1e4 kg alternating.
  const RobotModel snake = builtinRobot("snake:4");
  std::vector<double> scale;
  for (int b = 0; b < snake.bodyCount(); ++b) scale.push_back((b % 2 ? 1e-6 : 1e4) / snake.body(b).inertia[0]);
  const RobotModel mixed = withScaledBodies(snake, scale);
  EXPECT_DOUBLE_EQ(mixed.body(1).inertia[0], 1e-6);
  EXPECT_DOUBLE_EQ(mixed.body(2).inertia[0], 1e4);
  EXPECT_EQ(computeBaseParameters(mixed, {}).rank, computeBaseParameters(snake, {}).rank);
  for (const double angle : {0.0, 1e-9, 0.7, M_PI})
    expectSoundDynamics(mixed, Eigen::VectorXd::Constant(snake.dof(), angle), "snake, all joints at " + std::to_string(angle));
}

}  // namespace
