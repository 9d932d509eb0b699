// Identities on seeded random robots (random axes and rpy origins, revolute,
// prismatic and fixed joints, chains and trees):
// M symmetric positive definite, Mdot - 2C skew, tau = M qdd + C qd + g,
// PoE forward kinematics equals the recursive one, Jacobians equal finite
// differences of forward kinematics, forward dynamics inverts inverse dynamics.
#include "common/random_robot.hpp"
#include "dynamics/coriolis_matrix.hpp"
#include "dynamics/forward_dynamics.hpp"
#include "dynamics/forward_kinematics.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "dynamics/jacobians.hpp"
#include "dynamics/mass_matrix.hpp"
#include "model/inertial_parameters.hpp"

#include <Eigen/Eigenvalues>
#include <gtest/gtest.h>

using namespace eb;
using eb::test::randomRobot;
using eb::test::randomVector;

namespace {

struct RobotCase {
  unsigned seed;
  int moving;
  bool branching;
};

class DynamicsIdentities : public ::testing::TestWithParam<RobotCase> {};

Eigen::Vector3d rotationVee(const Eigen::Matrix3d& W) { return {W(2, 1), W(0, 2), W(1, 0)}; }

TEST_P(DynamicsIdentities, MassMatrixSymmetricPositiveDefinite) {
  const RobotCase c = GetParam();
  const RobotModel model = randomRobot(c.seed, c.moving, c.branching);
  DynamicsWorkspace ws(model);
  std::mt19937_64 rng(c.seed + 100);
  for (int trial = 0; trial < 5; ++trial) {
    const Eigen::MatrixXd M = computeMassMatrix(model, ws, randomVector(rng, model.dof(), 2.0));
    EXPECT_LT((M - M.transpose()).norm(), 1e-12 * M.norm());
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(M);
    EXPECT_GT(eig.eigenvalues().minCoeff(), 0.0);
  }
}

TEST_P(DynamicsIdentities, EquationOfMotionAndSkewSymmetry) {
  const RobotCase c = GetParam();
  const RobotModel model = randomRobot(c.seed, c.moving, c.branching);
  DynamicsWorkspace ws(model);
  std::mt19937_64 rng(c.seed + 200);
  const int n = model.dof();
  for (int trial = 0; trial < 5; ++trial) {
    const Eigen::VectorXd q = randomVector(rng, n, 2.0), qd = randomVector(rng, n, 1.5), qdd = randomVector(rng, n, 3.0);
    const Eigen::VectorXd tau = inverseDynamics(model, ws, q, qd, qdd);
    const Eigen::MatrixXd M = computeMassMatrix(model, ws, q);
    const Eigen::MatrixXd C = computeCoriolisMatrix(model, ws, q, qd);
    const Eigen::VectorXd g = computeGravityTorques(model, ws, q);
    EXPECT_LT((M * qdd + C * qd + g - tau).norm(), 1e-10 * (1.0 + tau.norm()));
    // Mdot along the motion, by central differences.
    const double h = 1e-6;
    const Eigen::MatrixXd Mp = computeMassMatrix(model, ws, q + h * qd);
    const Eigen::MatrixXd Mm = computeMassMatrix(model, ws, q - h * qd);
    const Eigen::MatrixXd Mdot = (Mp - Mm) / (2 * h);
    const Eigen::MatrixXd N = Mdot - 2.0 * C;
    EXPECT_LT((N + N.transpose()).norm(), 1e-6 * (1.0 + Mdot.norm()));
  }
}

TEST_P(DynamicsIdentities, ForwardDynamicsInvertsInverseDynamics) {
  const RobotCase c = GetParam();
  const RobotModel model = randomRobot(c.seed, c.moving, c.branching);
  DynamicsWorkspace ws(model);
  std::mt19937_64 rng(c.seed + 300);
  const int n = model.dof();
  for (int trial = 0; trial < 5; ++trial) {
    const Eigen::VectorXd q = randomVector(rng, n, 2.0), qd = randomVector(rng, n), qdd = randomVector(rng, n, 3.0);
    const Eigen::VectorXd tau = inverseDynamics(model, ws, q, qd, qdd);
    EXPECT_LT((forwardDynamics(model, ws, q, qd, tau) - qdd).norm(), 1e-9 * (1.0 + qdd.norm()));
  }
}

TEST_P(DynamicsIdentities, ProductOfExponentialsMatchesRecursiveKinematics) {
  const RobotCase c = GetParam();
  const RobotModel model = randomRobot(c.seed, c.moving, c.branching);
  DynamicsWorkspace ws(model), wsPoE(model);
  std::mt19937_64 rng(c.seed + 400);
  const Eigen::VectorXd q = randomVector(rng, model.dof(), 2.0);
  computeForwardKinematics(model, ws, q);
  computeForwardKinematicsPoE(model, wsPoE, q);
  computeJointTwists(model, ws, q);
  for (int i = 0; i < model.bodyCount(); ++i) {
    EXPECT_LT((ws.R_world[i] - wsPoE.R_world[i]).norm(), 1e-12);
    EXPECT_LT((ws.p_world[i] - wsPoE.p_world[i]).norm(), 1e-12);
    EXPECT_LT((ws.worldTwists[i] - wsPoE.worldTwists[i]).norm(), 1e-12);
  }
}

TEST_P(DynamicsIdentities, JacobiansMatchFiniteDifferences) {
  const RobotCase c = GetParam();
  const RobotModel model = randomRobot(c.seed, c.moving, c.branching);
  DynamicsWorkspace ws(model);
  std::mt19937_64 rng(c.seed + 500);
  const int n = model.dof();
  const Eigen::VectorXd q = randomVector(rng, n, 2.0), qd = randomVector(rng, n);
  const double h = 1e-6;
  for (int body = 0; body < model.bodyCount(); ++body) {
    const Eigen::Vector3d point(0.1, -0.2, 0.05);
    computeForwardKinematics(model, ws, q + h * qd);
    const Eigen::Matrix3d Rp = ws.R_world[body];
    const Eigen::Vector3d pp = pointPosition(ws, body, point), op = ws.p_world[body];
    computeForwardKinematics(model, ws, q - h * qd);
    const Eigen::Matrix3d Rm = ws.R_world[body];
    const Eigen::Vector3d pm = pointPosition(ws, body, point), om = ws.p_world[body];
    computeJointTwists(model, ws, q);
    const Eigen::Matrix3d R = ws.R_world[body];
    const Eigen::Vector3d p = ws.p_world[body];
    const Eigen::Vector3d omega = rotationVee((Rp - Rm) / (2 * h) * R.transpose());
    const Eigen::Vector3d pointVel = (pp - pm) / (2 * h), originVel = (op - om) / (2 * h);

    const Eigen::VectorXd hybrid = hybridJacobian(model, ws, body, point) * qd;
    EXPECT_LT((hybrid.head<3>() - omega).norm(), 1e-7);
    EXPECT_LT((hybrid.tail<3>() - pointVel).norm(), 1e-7);
    const Eigen::VectorXd spatialTwist = spatialJacobian(model, ws, body) * qd;
    EXPECT_LT((spatialTwist.head<3>() - omega).norm(), 1e-7);
    EXPECT_LT((spatialTwist.tail<3>() - (originVel - omega.cross(p))).norm(), 1e-7);
    const Eigen::VectorXd bodyTwist = bodyJacobian(model, ws, body) * qd;
    EXPECT_LT((bodyTwist.head<3>() - R.transpose() * omega).norm(), 1e-7);
    EXPECT_LT((bodyTwist.tail<3>() - R.transpose() * originVel).norm(), 1e-7);
  }
}

INSTANTIATE_TEST_SUITE_P(RandomRobots, DynamicsIdentities,
                         ::testing::Values(RobotCase{1, 1, false}, RobotCase{2, 3, false}, RobotCase{3, 7, false},
                                           RobotCase{4, 12, false}, RobotCase{5, 9, true}, RobotCase{6, 15, true},
                                           RobotCase{7, 30, false}, RobotCase{8, 24, true}));

TEST(DynamicsIdentitiesMimic, MimicJointFollowsLeader) {
  // A gripper-like tree: two fingers, the second mimics the first with multiplier -0.5 and an
  // offset, on an arm of 1 link or of 12 (past the size where the mass matrix is filled in
  // the base frame); then the second finger carried by the first (a linkage: a body whose
  // ancestor is driven by the same joint, so their pair lands on M's diagonal).
  for (const auto& [armLinks, chained] : {std::pair{1, false}, std::pair{12, false}, std::pair{12, true}}) {
    std::mt19937_64 rng(77);
    ModelBuilder b("mimic");
    b.addLink({"base", std::nullopt, {}, {}});
    std::string parent = "base";
    for (int k = 0; k < armLinks; ++k) {
      const std::string link = "arm" + std::to_string(k);
      b.addLink({link, eb::test::randomInertial(rng), {}, {}});
      JointSpec j;
      j.name = "shoulder" + std::to_string(k);
      j.parent = parent;
      j.child = link;
      j.axis = Eigen::Vector3d(0.3, 0.1 * k, 1.0).normalized();
      j.origin.translation() = Eigen::Vector3d(0.0, 0.05, 0.2);
      b.addJoint(j);
      parent = link;
    }
    b.addLink({"f1", eb::test::randomInertial(rng), {}, {}});
    b.addLink({"f2", eb::test::randomInertial(rng), {}, {}});
    JointSpec f1;
    f1.name = "finger1";
    f1.type = JointSpecType::Prismatic;
    f1.parent = parent;
    f1.child = "f1";
    f1.axis = Eigen::Vector3d::UnitY();
    f1.origin.translation() = Eigen::Vector3d(0.5, 0.0, 0.1);
    b.addJoint(f1);
    JointSpec f2 = f1;
    f2.name = "finger2";
    f2.child = "f2";
    if (chained) {
      f2.parent = "f1";
      f2.axis = Eigen::Vector3d(0.2, 0.3, 1.0).normalized();  // not about f1's slide: they couple
    }
    f2.type = JointSpecType::Revolute;
    f2.mimic = MimicSpec{"finger1", -0.5, 0.2};
    b.addJoint(f2);
    const RobotModel model = b.build();
    const int n = armLinks + 1;
    ASSERT_EQ(model.dof(), n);
    ASSERT_EQ(model.bodyCount(), armLinks + 2);
    DynamicsWorkspace ws(model);
    const Eigen::VectorXd q = randomVector(rng, n), qd = randomVector(rng, n), qdd = randomVector(rng, n);
    const Eigen::VectorXd tau = inverseDynamics(model, ws, q, qd, qdd);
    const Eigen::MatrixXd M = computeMassMatrix(model, ws, q);
    const Eigen::MatrixXd C = computeCoriolisMatrix(model, ws, q, qd);
    const Eigen::VectorXd g = computeGravityTorques(model, ws, q);
    EXPECT_LT((M * qdd + C * qd + g - tau).norm(), 1e-10 * (1.0 + tau.norm())) << armLinks << " arm links" << (chained ? ", chained" : "");
    const double h = 1e-6;
    // Copies: computeMassMatrix returns a reference to the workspace's buffer.
    const Eigen::MatrixXd Mp = computeMassMatrix(model, ws, q + h * qd);
    const Eigen::MatrixXd Mm = computeMassMatrix(model, ws, q - h * qd);
    const Eigen::MatrixXd Mdot = (Mp - Mm) / (2 * h);
    const Eigen::MatrixXd N = Mdot - 2.0 * C;
    EXPECT_LT((N + N.transpose()).norm(), 1e-6 * (1.0 + Mdot.norm())) << armLinks << " arm links" << (chained ? ", chained" : "");
    // Energy check: d/dt kinetic energy = qd^T (tau - g) when qdd solves the dynamics.
    EXPECT_NEAR(0.5 * qd.dot(Mdot * qd) + qd.dot(M * qdd), qd.dot(tau - g), 1e-6 * (1.0 + std::abs(qd.dot(tau - g))))
        << armLinks << " arm links" << (chained ? ", chained" : "");
  }
}

}  // namespace
