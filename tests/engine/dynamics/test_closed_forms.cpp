// Dynamics against textbook closed forms: pendulum, planar 2R arm (Spong), a
// prismatic joint carrying a mass.
#include "dynamics/coriolis_matrix.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "dynamics/mass_matrix.hpp"
#include "model/model_builder.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace eb;

namespace {

LinkInertial pointLikeInertial(double m, const Eigen::Vector3d& com, const Eigen::Vector3d& principal) {
  LinkInertial in;
  in.mass = m;
  in.comFrame.translation() = com;
  in.inertia = principal.asDiagonal();
  return in;
}

}  // namespace

TEST(ClosedForms, PendulumAboutY) {
  const double m = 2.5, l = 0.7, Iyy = 0.03;
  ModelBuilder b("pendulum");
  b.addLink({"base", std::nullopt, {}, {}});
  b.addLink({"bob", pointLikeInertial(m, {0, 0, -l}, {0.02, Iyy, 0.02}), {}, {}});
  JointSpec j;
  j.name = "hinge";
  j.parent = "base";
  j.child = "bob";
  j.axis = Eigen::Vector3d::UnitY();
  b.addJoint(j);
  const RobotModel model = b.build();
  DynamicsWorkspace ws(model);
  for (double q : {-1.2, 0.0, 0.4, 2.9}) {
    for (double qdd : {-3.0, 0.0, 5.0}) {
      Eigen::VectorXd Q(1), Qd(1), Qdd(1);
      Q << q;
      Qd << 1.7;
      Qdd << qdd;
      const double expected = (Iyy + m * l * l) * qdd + m * 9.81 * l * std::sin(q);
      EXPECT_NEAR(inverseDynamics(model, ws, Q, Qd, Qdd)[0], expected, 1e-12);
      EXPECT_NEAR(computeMassMatrix(model, ws, Q)(0, 0), Iyy + m * l * l, 1e-12);
      EXPECT_NEAR(computeGravityTorques(model, ws, Q)[0], m * 9.81 * l * std::sin(q), 1e-12);
    }
  }
}

TEST(ClosedForms, Planar2RArmSpong) {
  // Spong, Hutchinson, Vidyasagar, "Robot Modeling and Control", 7.4.2:
  // links along x, axes along z, gravity along -y.
  const double m1 = 2.0, m2 = 1.3, l1 = 0.9, lc1 = 0.42, lc2 = 0.37, I1 = 0.11, I2 = 0.07, g = 9.81;
  ModelBuilder b("2r");
  b.setGravity({0.0, -g, 0.0});
  b.addLink({"base", std::nullopt, {}, {}});
  b.addLink({"l1", pointLikeInertial(m1, {lc1, 0, 0}, {0.01, 0.12, I1}), {}, {}});
  b.addLink({"l2", pointLikeInertial(m2, {lc2, 0, 0}, {0.015, 0.065, I2}), {}, {}});
  JointSpec j1;
  j1.name = "j1";
  j1.parent = "base";
  j1.child = "l1";
  b.addJoint(j1);
  JointSpec j2 = j1;
  j2.name = "j2";
  j2.parent = "l1";
  j2.child = "l2";
  j2.origin.translation() = Eigen::Vector3d(l1, 0, 0);
  b.addJoint(j2);
  const RobotModel model = b.build();
  DynamicsWorkspace ws(model);

  Eigen::Vector2d q(0.3, -1.1), qd(0.8, -1.4), qdd(2.0, 0.5);
  const double c2 = std::cos(q[1]), s2 = std::sin(q[1]);
  Eigen::Matrix2d M;
  M(0, 0) = m1 * lc1 * lc1 + m2 * (l1 * l1 + lc2 * lc2 + 2 * l1 * lc2 * c2) + I1 + I2;
  M(0, 1) = M(1, 0) = m2 * (lc2 * lc2 + l1 * lc2 * c2) + I2;
  M(1, 1) = m2 * lc2 * lc2 + I2;
  const double h = -m2 * l1 * lc2 * s2;
  Eigen::Matrix2d C;
  C << h * qd[1], h * (qd[0] + qd[1]), -h * qd[0], 0.0;
  Eigen::Vector2d G((m1 * lc1 + m2 * l1) * g * std::cos(q[0]) + m2 * lc2 * g * std::cos(q[0] + q[1]),
                    m2 * lc2 * g * std::cos(q[0] + q[1]));
  const Eigen::VectorXd Q = q, Qd = qd, Qdd = qdd;
  EXPECT_LT((computeMassMatrix(model, ws, Q) - M).norm(), 1e-12);
  EXPECT_LT((computeGravityTorques(model, ws, Q) - G).norm(), 1e-12);
  EXPECT_LT((computeCoriolisMatrix(model, ws, Q, Qd) - C).norm(), 1e-12);
  EXPECT_LT((inverseDynamics(model, ws, Q, Qd, Qdd) - (M * qdd + C * qd + G)).norm(), 1e-12);
}

TEST(ClosedForms, PrismaticLiftAndSlide) {
  // A vertical prismatic lift carrying a horizontal prismatic slide: tau1 = (m1+m2)(qdd1 + g), tau2 = m2 qdd2.
  const double m1 = 3.0, m2 = 1.25;
  ModelBuilder b("lift");
  b.addLink({"base", std::nullopt, {}, {}});
  b.addLink({"carriage", pointLikeInertial(m1, {0.1, 0.2, 0.0}, {0.1, 0.1, 0.1}), {}, {}});
  b.addLink({"slide", pointLikeInertial(m2, {0.0, 0.3, -0.2}, {0.05, 0.06, 0.07}), {}, {}});
  JointSpec j1;
  j1.name = "lift";
  j1.type = JointSpecType::Prismatic;
  j1.parent = "base";
  j1.child = "carriage";
  j1.axis = Eigen::Vector3d::UnitZ();
  b.addJoint(j1);
  JointSpec j2 = j1;
  j2.name = "slide";
  j2.parent = "carriage";
  j2.child = "slide";
  j2.axis = Eigen::Vector3d::UnitX();
  j2.origin.translation() = Eigen::Vector3d(0.0, 0.5, 0.1);
  b.addJoint(j2);
  const RobotModel model = b.build();
  DynamicsWorkspace ws(model);
  Eigen::VectorXd q(2), qd(2), qdd(2);
  q << 0.4, -0.2;
  qd << 0.3, 1.1;
  qdd << -1.5, 2.5;
  const Eigen::VectorXd tau = inverseDynamics(model, ws, q, qd, qdd);
  EXPECT_NEAR(tau[0], (m1 + m2) * (qdd[0] + 9.81), 1e-12);
  EXPECT_NEAR(tau[1], m2 * qdd[1], 1e-12);
  const Eigen::MatrixXd M = computeMassMatrix(model, ws, q);
  EXPECT_NEAR(M(0, 0), m1 + m2, 1e-12);
  EXPECT_NEAR(M(1, 1), m2, 1e-12);
  EXPECT_NEAR(M(0, 1), 0.0, 1e-12);
}
