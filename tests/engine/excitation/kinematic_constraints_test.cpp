// Constraint check: analytic bounds dominate the dense-grid maxima; planted
// violations (position, velocity, acceleration, torque, keep-out) are found
// with the right joint, quantity and time; scale factors; margins.

#include "excitation/kinematic_constraints.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace eb {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

FourierTrajectory restFourier(int dof, int H, double period, unsigned seed) {
  const FourierRestParametrization p(dof, H);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-0.5, 0.5);
  Eigen::VectorXd x(p.size());
  for (int j = 0; j < x.size(); ++j) x[j] = u(rng);
  return p.toTrajectory(x, period);
}

// Reference extremum of one quantity of one joint by a scan much finer than the checker's grid.
struct Extremum {
  double time = 0.0, value = 0.0;
};
Extremum fineMax(const Trajectory& tr, int joint, int which, double duration, bool signedMax, double sign = 1.0) {
  Extremum best{0.0, -kInf};
  Eigen::VectorXd q, qd, qdd;
  const int n = 200000;
  for (int j = 0; j <= n; ++j) {
    const double t = duration * j / n;
    evaluateTrajectory(tr, t, q, qd, qdd);
    const double v = which == 0 ? q[joint] : which == 1 ? qd[joint] : qdd[joint];
    const double score = signedMax ? sign * v : std::abs(v);
    if (score > best.value) best = {t, score};
  }
  return best;
}

double gridMaxAbs(const TrajectorySamples& s, const Eigen::MatrixXd& m, int joint) {
  (void)s;
  return m.col(joint).cwiseAbs().maxCoeff();
}

TEST(AnalyticBounds, DominateDenseGridMaximaForFourier) {
  for (unsigned seed = 1; seed <= 8; ++seed) {
    const FourierTrajectory f = restFourier(4, 5, 6.0, seed);
    const AmplitudeBounds b = analyticBounds(f);
    const TrajectorySamples s = sampleTrajectory(Trajectory(f), 5000.0);
    for (int i = 0; i < 4; ++i) {
      const double qDev = (s.q.col(i).array() - f.offsets()[i]).abs().maxCoeff();
      EXPECT_GE(b.position[i], qDev - 1e-12);
      EXPECT_GE(b.velocity[i], gridMaxAbs(s, s.qd, i) - 1e-12);
      EXPECT_GE(b.acceleration[i], gridMaxAbs(s, s.qdd, i) - 1e-12);
    }
  }
}

TEST(AnalyticBounds, DominateDenseGridMaximaForMultisineWithEnvelope) {
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> amp(-0.4, 0.4), freq(0.1, 2.0), ph(-3, 3);
  std::vector<std::vector<SineTerm>> terms(3);
  for (auto& list : terms)
    for (int j = 0; j < 4; ++j) list.push_back({amp(rng), freq(rng), ph(rng)});
  const MultisineTrajectory m(8.0, 0.7, Eigen::Vector3d(0.1, 0.2, 0.3), terms);
  const AmplitudeBounds b = analyticBounds(m);
  const TrajectorySamples s = sampleTrajectory(Trajectory(m), 5000.0);
  for (int i = 0; i < 3; ++i) {
    EXPECT_GE(b.position[i], (s.q.col(i).array() - m.offsets()[i]).abs().maxCoeff() - 1e-12);
    EXPECT_GE(b.velocity[i], gridMaxAbs(s, s.qd, i) - 1e-12);
    EXPECT_GE(b.acceleration[i], gridMaxAbs(s, s.qdd, i) - 1e-12);
  }
}

std::vector<JointLimits> generous(int dof) {
  std::vector<JointLimits> l(static_cast<size_t>(dof));
  for (JointLimits& j : l) {
    j.lower = -10.0;
    j.upper = 10.0;
    j.velocity = 50.0;
    j.acceleration = 500.0;
    j.effort = 1000.0;
  }
  return l;
}

const std::vector<std::string> kNames = {"base", "shoulder", "elbow"};

TEST(KinematicConstraints, GenerousLimitsAreProvablyFeasible) {
  const Trajectory tr = restFourier(3, 5, 10.0, 2);
  const ConstraintReport r = checkConstraints(tr, generous(3), kNames);
  EXPECT_TRUE(r.feasible());
  EXPECT_TRUE(r.provablyFeasible()) << r.summary();
  EXPECT_EQ(r.summary(), "");
  ASSERT_EQ(r.margins.size(), 9u);
  for (const ConstraintMargin& m : r.margins) {
    EXPECT_GT(m.usage, 0.0);
    EXPECT_LT(m.usage, 1.0);
    EXPECT_GT(m.margin, 0.0);
  }
  EXPECT_DOUBLE_EQ(r.gridStep, 1e-3);
}

TEST(KinematicConstraints, PlantedViolationsAreFoundWithJointQuantityAndTime) {
  const FourierTrajectory f = restFourier(3, 5, 10.0, 3);
  const Trajectory tr = f;
  const double T = f.period();
  std::vector<JointLimits> limits = generous(3);
  // Joint 1: upper position limit just below its highest point.
  const Extremum qTop = fineMax(tr, 0, 0, T, true);
  limits[0].upper = qTop.value - 0.01;
  // Joint 2: velocity limit at 90 % of its peak speed.
  const Extremum vPeak = fineMax(tr, 1, 1, T, false);
  limits[1].velocity = 0.9 * vPeak.value;
  // Joint 3: acceleration limit at 95 % of its peak.
  const Extremum aPeak = fineMax(tr, 2, 2, T, false);
  limits[2].acceleration = 0.95 * aPeak.value;

  ConstraintCheckOptions opt;
  opt.rateHz = 1000.0;
  opt.analyticBounds = false;
  const ConstraintReport r = checkConstraints(tr, limits, kNames, opt);
  ASSERT_FALSE(r.feasible());
  const double step = 1.0 / opt.rateHz;

  // Each planted channel has at least one violation; the worst one sits at the true peak.
  const auto worst = [&](int joint, LimitQuantity quantity) {
    const ConstraintViolation* w = nullptr;
    for (const ConstraintViolation& v : r.violations) {
      EXPECT_FALSE(v.analytic);
      if (v.joint == joint && v.quantity == quantity && (!w || v.excess > w->excess)) w = &v;
    }
    return w;
  };
  for (const ConstraintViolation& v : r.violations) {
    const bool planted = (v.joint == 0 && v.quantity == LimitQuantity::Position) ||
                         (v.joint == 1 && v.quantity == LimitQuantity::Velocity) ||
                         (v.joint == 2 && v.quantity == LimitQuantity::Acceleration);
    EXPECT_TRUE(planted) << v.message();
    EXPECT_LE(v.start, v.time);
    EXPECT_LE(v.time, v.end);
    EXPECT_GT(v.excess, 0.0);
  }
  const ConstraintViolation* p = worst(0, LimitQuantity::Position);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->jointName, "base");
  EXPECT_NEAR(p->time, qTop.time, step);
  EXPECT_EQ(p->limit, limits[0].upper);
  EXPECT_NEAR(p->excess, 0.01, 1e-5);
  EXPECT_NEAR(p->value, qTop.value, 1e-5);
  const ConstraintViolation* v = worst(1, LimitQuantity::Velocity);
  ASSERT_NE(v, nullptr);
  EXPECT_NEAR(v->time, vPeak.time, step);
  EXPECT_NEAR(std::abs(v->value), vPeak.value, 1e-4 * vPeak.value);
  EXPECT_EQ(std::abs(v->limit), limits[1].velocity);
  EXPECT_EQ(v->message().rfind("joint 2 (shoulder): velocity ", 0), 0u) << v->message();
  const ConstraintViolation* a = worst(2, LimitQuantity::Acceleration);
  ASSERT_NE(a, nullptr);
  EXPECT_NEAR(a->time, aPeak.time, step);
  EXPECT_EQ(a->unit, "rad/s^2");

  // Margins: the violated channels use more than their limit, the others less.
  EXPECT_GT(r.margin(0, LimitQuantity::Position)->usage, 1.0);
  EXPECT_LT(r.margin(0, LimitQuantity::Position)->margin, 0.0);
  EXPECT_NEAR(r.margin(1, LimitQuantity::Velocity)->usage, 1.0 / 0.9, 1e-4);
  EXPECT_NEAR(r.margin(1, LimitQuantity::Velocity)->time, vPeak.time, step);
  EXPECT_GT(r.margin(2, LimitQuantity::Acceleration)->usage, 1.0);
  EXPECT_LT(r.margin(1, LimitQuantity::Position)->usage, 1.0);
  EXPECT_EQ(r.margin(0, LimitQuantity::Torque), nullptr);
}

TEST(KinematicConstraints, TorqueAndKeepOutCallbacksReportTheSameWay) {
  const FourierTrajectory f = restFourier(2, 4, 5.0, 5);
  const Trajectory tr = f;
  std::vector<JointLimits> limits = generous(2);
  // A toy "dynamics": tau = 2 qdd + 0.5 qd; limit joint 2's effort below its peak.
  double peakTau = 0.0, peakTime = 0.0, lowest = kInf, lowestTime = 0.0;
  Eigen::VectorXd q, qd, qdd;
  for (int j = 0; j <= 100000; ++j) {
    const double t = f.period() * j / 100000;
    f.evaluate(t, q, qd, qdd);
    const double tau = 2.0 * qdd[1] + 0.5 * qd[1];
    if (std::abs(tau) > peakTau) peakTau = std::abs(tau), peakTime = t;
    const double h = 0.4 + 0.1 * q[0];
    if (h < lowest) lowest = h, lowestTime = t;
  }
  limits[1].effort = 0.8 * peakTau;
  ConstraintCheckOptions opt;
  opt.torque = [](const Eigen::VectorXd& q_, const Eigen::VectorXd& qd_, const Eigen::VectorXd& qdd_,
                  Eigen::VectorXd& tau) {
    (void)q_;
    tau = 2.0 * qdd_ + 0.5 * qd_;
  };
  opt.keepOut = [](const Eigen::VectorXd& q_) { return 0.4 + 0.1 * q_[0]; };
  opt.keepOutMinHeight = lowest + 0.002;
  const ConstraintReport r = checkConstraints(tr, limits, {"j1", "j2"}, opt);
  const ConstraintViolation* torque = nullptr;
  const ConstraintViolation* keepOut = nullptr;
  for (const ConstraintViolation& v : r.violations) {
    if (v.quantity == LimitQuantity::Torque && (!torque || v.excess > torque->excess)) torque = &v;
    if (v.quantity == LimitQuantity::KeepOut) keepOut = &v;
    EXPECT_TRUE(v.quantity == LimitQuantity::Torque || v.quantity == LimitQuantity::KeepOut) << v.message();
  }
  ASSERT_NE(torque, nullptr);
  EXPECT_EQ(torque->joint, 1);
  EXPECT_EQ(torque->unit, "N m");
  EXPECT_NEAR(torque->time, peakTime, 1e-3);
  ASSERT_NE(keepOut, nullptr);
  EXPECT_EQ(keepOut->joint, -1);
  EXPECT_NEAR(keepOut->time, lowestTime, 1e-3);
  EXPECT_NEAR(keepOut->excess, 0.002, 1e-5);
  EXPECT_EQ(keepOut->message().rfind("keep-out: lowest point ", 0), 0u) << keepOut->message();
  // Margins: 4 per joint with torque, then keep-out.
  ASSERT_EQ(r.margins.size(), 9u);
  EXPECT_EQ(r.margins.back().quantity, LimitQuantity::KeepOut);
  EXPECT_TRUE(std::isnan(r.margins.back().usage));
  EXPECT_NEAR(r.margins.back().margin, -0.002, 1e-5);
  EXPECT_NEAR(r.margin(1, LimitQuantity::Torque)->usage, 1.0 / 0.8, 1e-4);
}

TEST(KinematicConstraints, PrecomputedTorquesReportAsTheCallbackDoes) {
  const FourierTrajectory f = restFourier(2, 4, 5.0, 5);
  std::vector<JointLimits> limits = generous(2);
  limits[0].effort = 0.7;
  const TrajectorySamples s = sampleTrajectory(Trajectory(f), 200.0);
  const Eigen::MatrixXd tau = 2.0 * s.qdd + 0.5 * s.qd;
  limits[1].effort = 0.6 * tau.col(1).cwiseAbs().maxCoeff();
  ConstraintCheckOptions withCallback;
  withCallback.torque = [](const Eigen::VectorXd&, const Eigen::VectorXd& qd, const Eigen::VectorXd& qdd,
                           Eigen::VectorXd& out) { out = 2.0 * qdd + 0.5 * qd; };
  const ConstraintReport byCallback = checkConstraints(s, limits, {"j1", "j2"}, withCallback);
  const ConstraintReport byMatrix = checkConstraints(s, tau, limits, {"j1", "j2"}, ConstraintCheckOptions{});
  ASSERT_EQ(byMatrix.margins.size(), 8u);
  ASSERT_EQ(byMatrix.violations.size(), byCallback.violations.size());
  ASSERT_FALSE(byMatrix.violations.empty());
  for (size_t k = 0; k < byMatrix.violations.size(); ++k) EXPECT_EQ(byMatrix.violations[k].message(), byCallback.violations[k].message());
  EXPECT_NEAR(byMatrix.margin(1, LimitQuantity::Torque)->usage, 1.0 / 0.6, 1e-12);
  EXPECT_DOUBLE_EQ(byMatrix.margin(0, LimitQuantity::Torque)->usage, byCallback.margin(0, LimitQuantity::Torque)->usage);
  EXPECT_THROW(checkConstraints(s, Eigen::MatrixXd(tau.topRows(3)), limits, {"j1", "j2"}), std::invalid_argument);
}

TEST(KinematicConstraints, PositionScaleShrinksTheRangeAboutItsMiddle) {
  // q = 0.6 sin(w t)-like motion about 0 in a [-1, 1] range.
  const MultisineTrajectory m(4.0, 1.0, Eigen::VectorXd::Zero(1), {{{0.6, 0.5, 0.0}}});
  std::vector<JointLimits> limits(1);
  limits[0].lower = -1.0;
  limits[0].upper = 1.0;
  ConstraintCheckOptions opt;
  EXPECT_TRUE(checkConstraints(Trajectory(m), limits, {}, opt).provablyFeasible());
  opt.scale.position = 0.5;
  const ConstraintReport r = checkConstraints(Trajectory(m), limits, {}, opt);
  ASSERT_FALSE(r.feasible());
  EXPECT_EQ(r.violations[0].jointName, "joint1");
  EXPECT_DOUBLE_EQ(std::abs(r.violations[0].limit), 0.5);
  const std::vector<JointLimits> s = scaleLimits({JointLimits{0.0, 2.0, 3.0, 4.0, 5.0}}, {0.9, 0.5, 0.5, 0.5});
  EXPECT_DOUBLE_EQ(s[0].lower, 0.1);
  EXPECT_DOUBLE_EQ(s[0].upper, 1.9);
  EXPECT_DOUBLE_EQ(s[0].velocity, 1.5);
  EXPECT_DOUBLE_EQ(s[0].effort, 2.5);
}

TEST(KinematicConstraints, AnalyticBoundCanFailWhileTheGridPasses) {
  const FourierTrajectory f = restFourier(1, 5, 10.0, 8);
  const AmplitudeBounds b = analyticBounds(f);
  const Extremum vPeak = fineMax(Trajectory(f), 0, 1, f.period(), false);
  ASSERT_LT(vPeak.value, b.velocity[0] * 0.999);  // the triangle inequality is not tight here
  std::vector<JointLimits> limits = generous(1);
  limits[0].velocity = 0.5 * (vPeak.value + b.velocity[0]);
  const ConstraintReport r = checkConstraints(Trajectory(f), limits, {"j"});
  EXPECT_TRUE(r.feasible());
  EXPECT_FALSE(r.provablyFeasible());
  ASSERT_EQ(r.analyticViolations.size(), 1u);
  const ConstraintViolation& v = r.analyticViolations[0];
  EXPECT_TRUE(v.analytic);
  EXPECT_EQ(v.quantity, LimitQuantity::Velocity);
  EXPECT_DOUBLE_EQ(v.value, b.velocity[0]);
  EXPECT_TRUE(std::isnan(v.time));
  EXPECT_NE(v.message().find("analytic bound of velocity"), std::string::npos);
}

TEST(KinematicConstraints, UnlimitedChannelsReportTheirPeak) {
  const FourierTrajectory f = restFourier(1, 3, 2.0, 1);
  const ConstraintReport r = checkConstraints(Trajectory(f), {JointLimits{}}, {});
  EXPECT_TRUE(r.provablyFeasible());
  const ConstraintMargin* m = r.margin(0, LimitQuantity::Velocity);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->usage, 0.0);
  EXPECT_EQ(m->margin, kInf);
  EXPECT_NEAR(std::abs(m->value), fineMax(Trajectory(f), 0, 1, 2.0, false).value, 1e-4);
}

TEST(KinematicConstraints, SizeMismatchThrows) {
  const Trajectory tr = restFourier(2, 3, 2.0, 1);
  EXPECT_THROW(checkConstraints(tr, generous(3), {}), std::invalid_argument);
  EXPECT_THROW(checkConstraints(tr, generous(2), {"a"}), std::invalid_argument);
}

}  // namespace
}  // namespace eb
