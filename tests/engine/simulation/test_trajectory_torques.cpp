// Joint torques along a sampled trajectory (trajectory_torques.hpp), what `excitebench-cli
// torques` writes and the workbench plots: a pendulum swinging against its closed form, with
// the description's parameters and with identified ones that carry friction and an offset;
// overflowing torques and a wrong joint count named in one line.
#include "simulation/trajectory_torques.hpp"

#include "dynamics/base_parameters.hpp"
#include "model/model_builder.hpp"
#include "util/input_error.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace eb;

namespace {

constexpr double kMass = 2.5, kLength = 0.7, kIyy = 0.03, kG = 9.81;

// A bob on a hinge about y, its centre of mass kLength below the axis.
RobotModel swingingPendulum() {
  ModelBuilder b("pendulum");
  b.addLink({"base", std::nullopt, {}, {}});
  LinkInertial bob;
  bob.mass = kMass;
  bob.comFrame.translation() = Eigen::Vector3d(0, 0, -kLength);
  bob.inertia = Eigen::Vector3d(0.02, kIyy, 0.02).asDiagonal();
  b.addLink({"bob", bob, {}, {}});
  JointSpec j;
  j.name = "hinge";
  j.parent = "base";
  j.child = "bob";
  j.axis = Eigen::Vector3d::UnitY();
  b.addJoint(j);
  return b.build();
}

// q(t) = 0.8 sin(2 pi 0.7 t) sampled at 100 Hz for 2 s, with its exact derivatives.
TrajectorySamples pendulumSwing() {
  TrajectorySamples s;
  const int n = 201;
  const double w = 2.0 * M_PI * 0.7;
  s.t.resize(n);
  s.q.resize(n, 1);
  s.qd.resize(n, 1);
  s.qdd.resize(n, 1);
  for (int i = 0; i < n; ++i) {
    const double t = 0.01 * i;
    s.t[i] = t;
    s.q(i, 0) = 0.8 * std::sin(w * t);
    s.qd(i, 0) = 0.8 * w * std::cos(w * t);
    s.qdd(i, 0) = -0.8 * w * w * std::sin(w * t);
  }
  return s;
}

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no InputError";
}

}  // namespace

TEST(TrajectoryTorques, PendulumMatchesItsClosedForm) {
  const RobotModel model = swingingPendulum();
  const TrajectorySamples s = pendulumSwing();
  const Eigen::MatrixXd tau = trajectoryTorques(model, s, "swing.csv");
  ASSERT_EQ(tau.rows(), s.size());
  ASSERT_EQ(tau.cols(), 1);
  for (int i = 0; i < s.size(); ++i) {
    const double expected =
        (kIyy + kMass * kLength * kLength) * s.qdd(i, 0) + kMass * kG * kLength * std::sin(s.q(i, 0));
    EXPECT_NEAR(tau(i, 0), expected, 1e-12) << "sample " << i;
  }
}

TEST(TrajectoryTorques, IdentifiedParametersAddTheirFrictionAndOffset) {
  const RobotModel model = swingingPendulum();
  const TrajectorySamples s = pendulumSwing();
  RegressorOptions options;
  options.viscous = options.coulomb = options.offset = true;
  const BaseParameters base = computeBaseParameters(model, options);
  const double fv = 0.4, fc = 1.3, fo = -0.25;
  const Eigen::VectorXd values =
      base.baseFromFull(regressorParameters(model, options, Eigen::VectorXd::Constant(1, fv),
                                            Eigen::VectorXd::Constant(1, fc), Eigen::VectorXd::Constant(1, fo)));
  const Eigen::MatrixXd tau = trajectoryTorques(model, base, values, s, "swing.csv");
  ASSERT_EQ(tau.rows(), s.size());
  for (int i = 0; i < s.size(); ++i) {
    const double qd = s.qd(i, 0);
    const double expected = (kIyy + kMass * kLength * kLength) * s.qdd(i, 0) +
                            kMass * kG * kLength * std::sin(s.q(i, 0)) + fv * qd + fc * ((qd > 0) - (qd < 0)) + fo;
    EXPECT_NEAR(tau(i, 0), expected, 1e-10) << "sample " << i;
  }
}

TEST(TrajectoryTorques, OverflowingTorquesNameTheSample) {
  const RobotModel model = swingingPendulum();
  TrajectorySamples s = pendulumSwing();
  s.qdd(2, 0) = 1.7e308;  // times the inertia about the hinge, 1.255 kg m^2: beyond the largest double
  const std::string timed =
      "traj.csv: sample 3 (t = 0.02 s): the joint torques are not finite (q, qd or qdd too "
      "large for the robot)";
  EXPECT_EQ(errorOf([&] { trajectoryTorques(model, s, "traj.csv"); }), timed);
  RegressorOptions options;
  options.viscous = true;
  const BaseParameters base = computeBaseParameters(model, options);
  const Eigen::VectorXd values = base.baseFromFull(regressorParameters(model, options, Eigen::VectorXd::Ones(1)));
  EXPECT_EQ(errorOf([&] { trajectoryTorques(model, base, values, s, "traj.csv"); }), timed);
  // States read without a time column have row numbers for t: no time is named; no file, no file either.
  s.timed = false;
  EXPECT_EQ(errorOf([&] { trajectoryTorques(model, s, ""); }),
            "sample 3: the joint torques are not finite (q, qd or qdd too large for the robot)");
}

TEST(TrajectoryTorques, AnotherJointCountIsRefused) {
  const RobotModel model = swingingPendulum();
  TrajectorySamples s = pendulumSwing();
  s.q = Eigen::MatrixXd::Zero(s.size(), 2);
  s.qd = s.qdd = s.q;
  EXPECT_EQ(errorOf([&] { trajectoryTorques(model, s, "traj.csv"); }),
            "traj.csv: has 2 joints (q1..q2), robot '" + model.name() + "' has 1");
}
