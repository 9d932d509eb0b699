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
