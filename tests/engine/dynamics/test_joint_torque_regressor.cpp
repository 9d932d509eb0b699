// Y(q, qd, qdd) theta equals RNEA to 1e-10 relative, with and without the
// per-joint friction, offset and armature columns.
#include "common/random_robot.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "dynamics/joint_torque_regressor.hpp"

#include <gtest/gtest.h>

using namespace eb;
using eb::test::randomRobot;
using eb::test::randomVector;

TEST(JointTorqueRegressor, TimesParametersEqualsRnea) {
  for (unsigned seed : {11u, 12u, 13u, 14u}) {
    const RobotModel model = randomRobot(seed, 3 + static_cast<int>(seed % 5) * 2, seed % 2 == 0);
    DynamicsWorkspace ws(model);
    std::mt19937_64 rng(seed);
    const RegressorOptions rigid;
    const Eigen::VectorXd theta = regressorParameters(model, rigid);
    for (int trial = 0; trial < 10; ++trial) {
      const int n = model.dof();
      const Eigen::VectorXd q = randomVector(rng, n, 2.0), qd = randomVector(rng, n, 2.0), qdd = randomVector(rng, n, 4.0);
      const Eigen::VectorXd tau = inverseDynamics(model, ws, q, qd, qdd);
      const Eigen::VectorXd Ytheta = computeJointTorqueRegressor(model, ws, rigid, q, qd, qdd) * theta;
      EXPECT_LE((Ytheta - tau).norm(), 1e-10 * tau.norm()) << "seed " << seed;
    }
  }
}

TEST(JointTorqueRegressor, ExtraColumnsAddFrictionOffsetArmature) {
  const RobotModel model = randomRobot(21, 5);
  DynamicsWorkspace ws(model);
  std::mt19937_64 rng(21);
  const int n = model.dof();
  RegressorOptions opt;
  opt.viscous = opt.coulomb = opt.offset = opt.armature = true;
  opt.coulombWidth = 0.02;
  const Eigen::VectorXd fv = randomVector(rng, n).cwiseAbs(), fc = randomVector(rng, n).cwiseAbs(),
                        fo = randomVector(rng, n), ia = randomVector(rng, n).cwiseAbs();
  const Eigen::VectorXd theta = regressorParameters(model, opt, fv, fc, fo, ia);
  ASSERT_EQ(theta.size(), 10 * model.bodyCount() + 4 * n);
  const Eigen::VectorXd q = randomVector(rng, n), qd = randomVector(rng, n), qdd = randomVector(rng, n);
  Eigen::VectorXd expected = inverseDynamics(model, ws, q, qd, qdd);
  for (int j = 0; j < n; ++j)
    expected[j] += fv[j] * qd[j] + fc[j] * std::tanh(qd[j] / 0.02) + fo[j] + ia[j] * qdd[j];
  const Eigen::VectorXd got = computeJointTorqueRegressor(model, ws, opt, q, qd, qdd) * theta;
  EXPECT_LE((got - expected).norm(), 1e-10 * expected.norm());
  const std::vector<std::string> names = regressorColumnNames(model, opt);
  EXPECT_EQ(names[0], "m1");
  EXPECT_EQ(names[9], "Izz1");
  EXPECT_EQ(names[static_cast<size_t>(10 * model.bodyCount())], "fv1");
  EXPECT_EQ(names.back(), "Ia" + std::to_string(n));
}

TEST(JointTorqueRegressor, ExactCoulombSign) {
  EXPECT_EQ(coulombSign(0.3, 0.0), 1.0);
  EXPECT_EQ(coulombSign(-1e-9, 0.0), -1.0);
  EXPECT_EQ(coulombSign(0.0, 0.0), 0.0);
  EXPECT_NEAR(coulombSign(0.01, 0.01), std::tanh(1.0), 1e-15);
}

TEST(JointTorqueRegressor, RicherFrictionShapes) {
  // Per direction Coulomb levels, per joint widths and the Stribeck term, against their closed
  // forms; the columns sit where the layout says and carry its names.
  const RobotModel model = randomRobot(31, 4);
  DynamicsWorkspace ws(model);
  std::mt19937_64 rng(31);
  const int n = model.dof(), first = 10 * model.bodyCount();
  RegressorOptions opt;
  opt.viscous = opt.coulomb = opt.asymmetricCoulomb = opt.stribeck = opt.armature = true;
  opt.coulombWidths = {0.0, 0.01, 0.05, 0.2};
  opt.stribeckVelocities = {0.02, 0.05, 0.1, 0.3};
  ASSERT_EQ(opt.frictionColumnsPerJoint(), 4);
  ASSERT_EQ(regressorColumnCount(model, opt), first + 5 * n);
  const Eigen::VectorXd fv = randomVector(rng, n).cwiseAbs(), fcp = randomVector(rng, n).cwiseAbs(),
                        fcn = randomVector(rng, n).cwiseAbs(), fs = randomVector(rng, n).cwiseAbs(),
                        ia = randomVector(rng, n).cwiseAbs();
  Eigen::VectorXd theta = regressorParameters(model, opt);
  for (int j = 0; j < n; ++j) theta.segment(first + 5 * j, 5) << fv[j], fcp[j], fcn[j], fs[j], ia[j];
  for (const double speed : {0.03, 0.5}) {
    Eigen::VectorXd qd = randomVector(rng, n, speed);
    qd[0] = 0.0;  // standstill: no Coulomb or Stribeck torque
    const Eigen::VectorXd q = randomVector(rng, n), qdd = randomVector(rng, n);
    Eigen::VectorXd expected = inverseDynamics(model, ws, q, qd, qdd);
    for (int j = 0; j < n; ++j) {
      const double w = opt.coulombWidths[size_t(j)], v = opt.stribeckVelocities[size_t(j)];
      const double s = w > 0.0 ? std::tanh(qd[j] / w) : (qd[j] > 0.0 ? 1.0 : (qd[j] < 0.0 ? -1.0 : 0.0));
      const double sign = qd[j] > 0.0 ? 1.0 : (qd[j] < 0.0 ? -1.0 : 0.0);
      expected[j] += fv[j] * qd[j] + (s > 0.0 ? fcp[j] : fcn[j]) * s +
                     fs[j] * std::exp(-(qd[j] / v) * (qd[j] / v)) * sign + ia[j] * qdd[j];
    }
    const Eigen::VectorXd got = computeJointTorqueRegressor(model, ws, opt, q, qd, qdd) * theta;
    EXPECT_LE((got - expected).norm(), 1e-10 * expected.norm()) << speed;
  }
  const std::vector<std::string> names = regressorColumnNames(model, opt);
  EXPECT_EQ(names[size_t(first)], "fv1");
  EXPECT_EQ(names[size_t(first + 1)], "fcp1");
  EXPECT_EQ(names[size_t(first + 2)], "fcn1");
  EXPECT_EQ(names[size_t(first + 3)], "fs1");
  EXPECT_EQ(names[size_t(first + 4)], "Ia1");
  // The model's own parameters: the same Coulomb level both ways, no Stribeck.
  const Eigen::VectorXd own = regressorParameters(model, opt, {}, Eigen::VectorXd::Constant(n, 2.0));
  EXPECT_EQ(own[first + 1], 2.0);
  EXPECT_EQ(own[first + 2], 2.0);
  EXPECT_EQ(own[first + 3], 0.0);
  // Options that do not fit the robot are refused.
  RegressorOptions bad = opt;
  bad.stribeckVelocities.pop_back();
  EXPECT_THROW(checkRegressorOptions(bad, n), std::invalid_argument);
  bad = opt;
  bad.stribeckVelocities[1] = 0.0;
  EXPECT_THROW(checkRegressorOptions(bad, n), std::invalid_argument);
  bad = opt;
  bad.coulombWidths[2] = -1.0;
  EXPECT_THROW(checkRegressorOptions(bad, n), std::invalid_argument);
  EXPECT_NO_THROW(checkRegressorOptions(opt, n));
}
