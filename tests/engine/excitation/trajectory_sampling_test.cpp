// Uniform sampling: grid size and end points, and rows equal to evaluate().

#include "excitation/trajectory_sampling.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace eb {
namespace {

TEST(TrajectorySampling, UniformGridIncludesBothEnds) {
  EXPECT_EQ(uniformSampleCount(10.0, 500.0), 5001);
  EXPECT_EQ(uniformSampleCount(0.3, 10.0), 4);  // 0.3 * 10 = 2.9999999999999996
  EXPECT_EQ(uniformSampleCount(0.35, 10.0), 4);
  EXPECT_EQ(uniformSampleCount(0.0, 10.0), 1);
  EXPECT_THROW(uniformSampleCount(1.0, 0.0), std::invalid_argument);
  EXPECT_THROW(uniformSampleCount(-1.0, 10.0), std::invalid_argument);
}

TEST(TrajectorySampling, RowsEqualEvaluate) {
  Eigen::MatrixXd a(2, 3), b(2, 3);
  a << 0.1, -0.2, 0.3, 0.4, 0.5, -0.6;
  b << -0.3, 0.2, 0.1, 0.0, 0.7, 0.2;
  FourierTrajectory f(2.0, Eigen::Vector2d(0.1, -0.1), a, b);
  f.setCycles(2);
  const Trajectory tr = f;
  const TrajectorySamples s = sampleTrajectory(tr, 100.0);
  ASSERT_EQ(s.size(), 401);
  ASSERT_EQ(s.dof(), 2);
  EXPECT_EQ(s.t[0], 0.0);
  EXPECT_EQ(s.t[400], 4.0);
  Eigen::VectorXd q, qd, qdd;
  for (int j : {0, 17, 250, 400}) {
    EXPECT_EQ(s.t[j], j / 100.0);
    f.evaluate(s.t[j], q, qd, qdd);
    EXPECT_EQ(Eigen::VectorXd(s.q.row(j).transpose()), q);
    EXPECT_EQ(Eigen::VectorXd(s.qd.row(j).transpose()), qd);
    EXPECT_EQ(Eigen::VectorXd(s.qdd.row(j).transpose()), qdd);
  }
}

TEST(TrajectorySampling, MultisineRowsMatchEvaluate) {
  // Free frequencies, ramps, 3 joints, 20 s at 500 Hz: the rotated phasors stay within 1e-13 of evaluate(),
  // relative to each quantity's largest value (qdd reaches ~30 rad/s^2 here; evaluate() itself is only good
  // to ~1e-14 of that: sin(w t + phi) at w t ~ 240 rad).
  const MultisineTrajectory m(20.0, 2.5, Eigen::Vector3d(0.1, -0.3, 0.0),
                              {{{0.4, 0.137, 0.3}, {0.2, 1.91, -2.0}, {0.05, 0.0, 1.0}},
                               {{0.3, 0.55, 3.0}},
                               {}});
  const TrajectorySamples s = sampleTrajectory(Trajectory(m), 500.0);
  ASSERT_EQ(s.size(), 10001);
  Eigen::VectorXd q, qd, qdd;
  Eigen::Array3d worst = Eigen::Array3d::Zero();
  const Eigen::Array3d scale(s.q.cwiseAbs().maxCoeff(), s.qd.cwiseAbs().maxCoeff(), s.qdd.cwiseAbs().maxCoeff());
  for (int j = 0; j < s.size(); ++j) {
    EXPECT_EQ(s.t[j], j / 500.0);
    m.evaluate(s.t[j], q, qd, qdd);
    worst = worst.max(Eigen::Array3d((s.q.row(j).transpose() - q).cwiseAbs().maxCoeff(),
                                     (s.qd.row(j).transpose() - qd).cwiseAbs().maxCoeff(),
                                     (s.qdd.row(j).transpose() - qdd).cwiseAbs().maxCoeff()));
  }
  const double relative = (worst / scale).maxCoeff();
  EXPECT_LE(relative, 1e-13);
  EXPECT_GT(relative, 0.0);  // (the fast path is taken: exact equality would mean plain evaluate calls)
}

TEST(TrajectorySampling, CommonInterfaceDispatchesToEitherFamily) {
  const Trajectory m = MultisineTrajectory(3.0, 1.0, Eigen::Vector2d(0.5, 0.25), {{{0.1, 1.0, 0.0}}, {}});
  EXPECT_EQ(trajectoryDof(m), 2);
  EXPECT_EQ(trajectoryDuration(m), 3.0);
  EXPECT_STREQ(trajectoryTypeName(m), "multisine");
  EXPECT_EQ(trajectoryOffsets(m)[1], 0.25);
  const Trajectory f = FourierTrajectory(4.0, 3, Eigen::Vector2d(0.0, 1.0));
  EXPECT_STREQ(trajectoryTypeName(f), "fourier");
  EXPECT_EQ(trajectoryDuration(f), 4.0);
  Eigen::VectorXd q(2), qd(2), qdd(2);
  evaluateTrajectory(f, 1.0, q, qd, qdd);
  EXPECT_EQ(q, Eigen::Vector2d(0.0, 1.0));
}

}  // namespace
}  // namespace eb
