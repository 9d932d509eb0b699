// Base parameters on random robots: rank equals the numeric rank of an
// independent random stack, the base regressor has full column rank,
// Y_base theta_base reproduces RNEA, and expressions read as sums of names.
#include "common/random_robot.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "dynamics/base_parameters.hpp"
#include "model/builtin_robots.hpp"
#include "util/input_error.hpp"

#include <Eigen/SVD>
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

using namespace eb;
using eb::test::randomRobot;
using eb::test::randomVector;

namespace {

Eigen::MatrixXd stack(const RobotModel& model, const RegressorOptions& opt, int samples, unsigned seed) {
  DynamicsWorkspace ws(model);
  std::mt19937_64 rng(seed);
  const int n = model.dof();
  Eigen::MatrixXd Phi(samples * n, regressorColumnCount(model, opt));
  for (int s = 0; s < samples; ++s)
    Phi.middleRows(s * n, n) = computeJointTorqueRegressor(model, ws, opt, randomVector(rng, n, 2.0),
                                                           randomVector(rng, n), randomVector(rng, n));
  return Phi;
}

int numericRank(const Eigen::MatrixXd& A) {
  Eigen::MatrixXd B = A;
  const Eigen::VectorXd norms = B.colwise().norm();
  for (Eigen::Index c = 0; c < B.cols(); ++c) {
    if (norms[c] <= 1e-10 * norms.maxCoeff()) B.col(c).setZero(); else B.col(c) /= norms[c];
  }
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(B);
  const Eigen::VectorXd s = svd.singularValues();
  int r = 0;
  for (Eigen::Index i = 0; i < s.size(); ++i) r += s[i] > 1e-8 * s[0];
  return r;
}

}  // namespace

TEST(BaseParameters, RankMatchesSvdAndReproducesRnea) {
  for (unsigned seed : {31u, 32u, 33u, 34u}) {
    const RobotModel model = randomRobot(seed, 2 + static_cast<int>(seed % 4) * 2, seed % 2 == 1);
    RegressorOptions opt;
    opt.viscous = opt.coulomb = seed % 2 == 0;
    const BaseParameters bp = computeBaseParameters(model, opt);
    const Eigen::MatrixXd Phi = stack(model, opt, 60, seed + 1000);
    EXPECT_EQ(bp.rank, numericRank(Phi)) << "seed " << seed;
    ASSERT_EQ(static_cast<int>(bp.independent.size()), bp.rank);
    ASSERT_EQ(static_cast<int>(bp.independent.size() + bp.dependent.size()), bp.columnCount);

    Eigen::MatrixXd Yb;
    bp.selectBaseColumns(Phi, Yb);
    EXPECT_EQ(numericRank(Yb), bp.rank);

    std::mt19937_64 rng(seed);
    const int n = model.dof();
    Eigen::VectorXd theta = regressorParameters(model, opt, randomVector(rng, n).cwiseAbs(), randomVector(rng, n).cwiseAbs());
    const Eigen::VectorXd thetaBase = bp.baseFromFull(theta);
    EXPECT_LT((bp.projection() * theta - thetaBase).norm(), 1e-12 * theta.norm());
    DynamicsWorkspace ws(model);
    for (int trial = 0; trial < 5; ++trial) {
      const Eigen::VectorXd q = randomVector(rng, n, 2.0), qd = randomVector(rng, n), qdd = randomVector(rng, n);
      const Eigen::MatrixXd Y = computeJointTorqueRegressor(model, ws, opt, q, qd, qdd);
      const Eigen::VectorXd full = Y * theta;
      bp.selectBaseColumns(Y, Yb);
      EXPECT_LT((Yb * thetaBase - full).norm(), 1e-9 * full.norm()) << "seed " << seed;
    }
    // Each |R_ii| names its pivot column; the first `rank` of them span the regressor
    // (another valid base), the rest add nothing.
    ASSERT_EQ(bp.pivotColumns.size(), static_cast<size_t>(bp.pivotedRDiagonal.size()));
    std::vector<int> sorted = bp.pivotColumns;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_TRUE(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
    EXPECT_TRUE(sorted.front() >= 0 && sorted.back() < bp.columnCount);
    Eigen::MatrixXd leading(Phi.rows(), bp.rank);
    for (int k = 0; k < bp.rank; ++k) leading.col(k) = Phi.col(bp.pivotColumns[static_cast<size_t>(k)]);
    EXPECT_EQ(numericRank(leading), bp.rank) << "seed " << seed;
    // The |R_ii| profile shows a clear gap at the rank.
    if (bp.rank < bp.pivotedRDiagonal.size()) {
      EXPECT_GT(bp.pivotedRDiagonal[bp.rank - 1] / bp.pivotedRDiagonal[0], 1e-6);
      EXPECT_LT(bp.pivotedRDiagonal[bp.rank] / bp.pivotedRDiagonal[0], 1e-10);
    }
  }
}

TEST(BaseParameters, PendulumRegroupsIntoThreeReadableParameters) {
  // A single hinge about z with gravity along -z has only Izz identifiable; about y
  // with gravity along -z: Iyy, m*x and m*z (Izz-like terms appear combined).
  ModelBuilder b("hinge");
  b.addLink({"base", std::nullopt, {}, {}});
  LinkInertial in;
  in.mass = 1.5;
  in.comFrame.translation() = Eigen::Vector3d(0.1, 0.2, -0.4);
  in.inertia = Eigen::Vector3d(0.02, 0.03, 0.04).asDiagonal();
  b.addLink({"bob", in, {}, {}});
  JointSpec j;
  j.name = "hinge";
  j.parent = "base";
  j.child = "bob";
  j.axis = Eigen::Vector3d::UnitY();
  b.addJoint(j);
  const RobotModel model = b.build();
  const BaseParameters bp = computeBaseParameters(model, RegressorOptions{});
  ASSERT_EQ(bp.rank, 3);
  std::vector<std::string> expressions;
  for (int k = 0; k < bp.rank; ++k) expressions.push_back(bp.expression(k));
  EXPECT_EQ(expressions, (std::vector<std::string>{"mx1", "mz1", "Iyy1"}));
  EXPECT_EQ(bp.name(2), "Iyy1");
}

TEST(BaseParameters, TwoParallelAxesRegroupLinkTwoIntoLinkOne) {
  // Planar 2R about z, gravity in the plane: the classic regrouping
  // Izz1R = Izz1 + Izz2... with l1 = 0.5: Izz1 + 0.25*m2 + ... appears in readable form.
  ModelBuilder b("2r");
  b.setGravity({0.0, -9.81, 0.0});
  b.addLink({"base", std::nullopt, {}, {}});
  LinkInertial in;
  in.mass = 1.0;
  in.inertia = Eigen::Vector3d(0.01, 0.01, 0.01).asDiagonal();
  b.addLink({"l1", in, {}, {}});
  b.addLink({"l2", in, {}, {}});
  JointSpec j1;
  j1.name = "j1";
  j1.parent = "base";
  j1.child = "l1";
  b.addJoint(j1);
  JointSpec j2 = j1;
  j2.name = "j2";
  j2.parent = "l1";
  j2.child = "l2";
  j2.origin.translation() = Eigen::Vector3d(0.5, 0.0, 0.0);
  b.addJoint(j2);
  const RobotModel model = b.build();
  const BaseParameters bp = computeBaseParameters(model, RegressorOptions{});
  // mx1, my1, Izz1 (regrouped), mx2, my2, Izz2: the textbook count for a planar 2R arm.
  ASSERT_EQ(bp.rank, 6);
  bool foundIzz1 = false;
  for (int k = 0; k < bp.rank; ++k)
    if (bp.expression(k) == "Izz1 + 0.25*m2") foundIzz1 = true;
  EXPECT_TRUE(foundIzz1);
  bool foundMx1 = false;
  for (int k = 0; k < bp.rank; ++k)
    if (bp.expression(k) == "mx1 + 0.5*m2") foundMx1 = true;
  EXPECT_TRUE(foundMx1);
}

TEST(BaseParameters, LongChainsKeepSevenPerLinkAndReproduceRnea) {
  // The built-in snake alternates z and y axes: 7 base parameters per link, 6 fewer
  // at the base (Izz only for link 1). 60 links span many column groups of the QR.
  for (int links : {7, 20, 60}) {
    const RobotModel model = builtinRobot("snake:" + std::to_string(links));
    const BaseParameters bp = computeBaseParameters(model, {});
    EXPECT_EQ(bp.rank, 7 * links - 6) << links << " links";
    std::mt19937_64 rng(static_cast<unsigned>(links));
    const Eigen::VectorXd theta = model.standardParameters();
    const Eigen::VectorXd thetaBase = bp.baseFromFull(theta);
    DynamicsWorkspace ws(model);
    Eigen::MatrixXd Yb;
    for (int trial = 0; trial < 3; ++trial) {
      const Eigen::VectorXd q = randomVector(rng, links, 2.0), qd = randomVector(rng, links),
                            qdd = randomVector(rng, links);
      const Eigen::VectorXd tau = inverseDynamics(model, ws, q, qd, qdd);
      bp.selectBaseColumns(computeJointTorqueRegressor(model, ws, {}, q, qd, qdd), Yb);
      EXPECT_LT((Yb * thetaBase - tau).norm(), 1e-9 * tau.norm()) << links << " links";
    }
  }
}

TEST(BaseParameters, ModelBeyondTheSizeLimitIsRefusedByName) {
  const RobotModel model = builtinRobot("snake:401");
  try {
    (void)computeBaseParameters(model, {});
    FAIL() << "a 401-link chain was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostic().file, "snake:401");
    EXPECT_NE(std::string(e.what()).find("4010 regressor columns"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("limit of 4000"), std::string::npos) << e.what();
  }
  RegressorOptions friction;
  friction.viscous = friction.coulomb = true;
  EXPECT_NO_THROW(checkBaseParameterSize(builtinRobot("snake:333"), friction));
  EXPECT_THROW(checkBaseParameterSize(builtinRobot("snake:334"), friction), InputError);
}
