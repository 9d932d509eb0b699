// Fourier <-> multi-sine conversion: q, qd, qdd identical on a grid (1e-12), the rest
// conditions carried over, the way back exact on the period grid, and the reasons
// when it is refused.

#include "excitation/trajectory_conversion.hpp"

#include "random_fourier.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace eb {
namespace {

// A random series for the conversions (coefficients within 0.6), at rest at both ends when asked.
FourierTrajectory randomFourier(int dof, int H, double period, unsigned seed, bool rest) {
  FourierTrajectory f = test::randomFourier(dof, H, period, seed, 0.6);
  if (rest) enforceRestConditions(f);
  return f;
}

// Largest difference of q, qd, qdd over a 1 ms grid of [0, duration].
double maxDifference(const FourierTrajectory& f, const MultisineTrajectory& m) {
  Eigen::VectorXd q1, qd1, qdd1, q2, qd2, qdd2;
  double worst = 0.0;
  const int n = static_cast<int>(std::round(f.duration() * 1000));
  for (int j = 0; j <= n; ++j) {
    const double t = j * 1e-3;
    f.evaluate(t, q1, qd1, qdd1);
    m.evaluate(t, q2, qd2, qdd2);
    worst = std::max({worst, (q1 - q2).cwiseAbs().maxCoeff(), (qd1 - qd2).cwiseAbs().maxCoeff(),
                      (qdd1 - qdd2).cwiseAbs().maxCoeff()});
  }
  return worst;
}

TEST(TrajectoryConversion, FourierToMultisineIsExactOnAGrid) {
  for (unsigned seed = 1; seed <= 4; ++seed) {
    FourierTrajectory f = randomFourier(3, 5, 4.0 + seed, seed, seed % 2 == 0);
    f.setCycles(1 + static_cast<int>(seed % 3));
    const MultisineTrajectory m = multisineFromFourier(f);
    EXPECT_EQ(m.rampTime(), 0.0);
    EXPECT_EQ(m.duration(), f.duration());
    ASSERT_EQ(m.terms(1).size(), 5u);
    EXPECT_DOUBLE_EQ(m.terms(1)[2].frequency, 3.0 / f.period());  // harmonic 3: 3/T Hz
    EXPECT_EQ(m.offsets(), f.offsets());
    EXPECT_LE(maxDifference(f, m), 1e-12) << "seed " << seed;
  }
}

TEST(TrajectoryConversion, AmplitudeAndPhaseOfOneHarmonic) {
  // a = 0, b = 1 rad/s at k = 2, T = 2 pi: q = q0 - (1/2) cos(2t) = q0 + 0.5 sin(2t - pi/2).
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(1, 2), b = Eigen::MatrixXd::Zero(1, 2);
  b(0, 1) = 1.0;
  const FourierTrajectory f(2.0 * M_PI, Eigen::VectorXd::Constant(1, 0.3), a, b);
  const SineTerm s = multisineFromFourier(f).terms(0)[1];
  EXPECT_NEAR(s.amplitude, 0.5, 1e-15);
  EXPECT_NEAR(s.frequency, 1.0 / M_PI, 1e-15);
  EXPECT_NEAR(s.phase, -M_PI / 2, 1e-15);
}

TEST(TrajectoryConversion, RestToRestFourierStaysAtRestAsMultisine) {
  const FourierTrajectory f = randomFourier(4, 6, 8.0, 11, true);
  const MultisineTrajectory m = multisineFromFourier(f);
  Eigen::VectorXd q, qd, qdd;
  for (double t : {0.0, 8.0}) {
    m.evaluate(t, q, qd, qdd);
    EXPECT_LE(qd.cwiseAbs().maxCoeff(), 1e-13);
    EXPECT_LE(qdd.cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LE((q - f.startPosition()).cwiseAbs().maxCoeff(), 1e-14);  // not the offset: as the Fourier series
  }
}

TEST(TrajectoryConversion, RoundTripGivesTheSameCoefficients) {
  FourierTrajectory f = randomFourier(2, 4, 6.0, 5, true);
  f.setCycles(2);
  const FourierConversion back = fourierFromMultisine(multisineFromFourier(f), f.period());
  ASSERT_TRUE(back.trajectory) << back.reason;
  EXPECT_EQ(back.trajectory->harmonics(), 4);
  EXPECT_EQ(back.trajectory->cycles(), 2);
  EXPECT_EQ(back.trajectory->period(), 6.0);
  EXPECT_LE((back.trajectory->a() - f.a()).cwiseAbs().maxCoeff(), 1e-14);
  EXPECT_LE((back.trajectory->b() - f.b()).cwiseAbs().maxCoeff(), 1e-14);
}

TEST(TrajectoryConversion, GridMultisineConvertsBackExactly) {
  // Components at 0.2, 0.6 and again 0.2 Hz (added as phasors), a 0 Hz constant, a silent
  // off-grid one; T = 5 s, two periods.
  std::vector<std::vector<SineTerm>> terms = {
      {{0.3, 0.2, 0.4}, {0.1, 0.6, -1.0}, {0.05, 0.2, 2.0}, {0.02, 0.0, 0.7}, {0.0, 0.137, 1.0}},
      {{0.2, 0.8, 0.0}}};
  const MultisineTrajectory m(10.0, 0.0, Eigen::Vector2d(0.1, -0.2), terms);
  const FourierConversion c = fourierFromMultisine(m, 5.0);
  ASSERT_TRUE(c.trajectory) << c.reason;
  EXPECT_EQ(c.trajectory->harmonics(), 4);  // 0.8 Hz = 4 / 5 s
  EXPECT_EQ(c.trajectory->cycles(), 2);
  EXPECT_NEAR(c.trajectory->offsets()[0], 0.1 + 0.02 * std::sin(0.7), 1e-16);
  EXPECT_LE(maxDifference(*c.trajectory, m), 1e-12);
}

TEST(TrajectoryConversion, RefusalsNameTheObstacle) {
  const MultisineTrajectory offGrid(10.0, 0.0, Eigen::Vector2d::Zero(),
                                    {{{0.1, 0.2, 0.0}}, {{0.1, 0.4, 0.0}, {0.1, 0.6, 0.0}, {0.2, 0.137, 0.0}}});
  FourierConversion c = fourierFromMultisine(offGrid, 5.0);
  EXPECT_FALSE(c.trajectory);
  EXPECT_EQ(c.reason, "component 3 of joint 2 at 0.137 Hz is not a multiple of 1/T = 0.2 Hz");

  const MultisineTrajectory ramped(10.0, 1.5, Eigen::VectorXd::Zero(1), {{{0.1, 0.2, 0.0}}});
  c = fourierFromMultisine(ramped, 5.0);
  EXPECT_FALSE(c.trajectory);
  EXPECT_EQ(c.reason, "the envelope ramps (1.5 s at each end) are not part of a Fourier series: set the ramp time "
                      "to 0 first");

  const MultisineTrajectory odd(12.0, 0.0, Eigen::VectorXd::Zero(1), {{{0.1, 0.2, 0.0}}});
  c = fourierFromMultisine(odd, 5.0);
  EXPECT_FALSE(c.trajectory);
  EXPECT_EQ(c.reason, "the duration 12 s is not a whole number of periods T = 5 s");
  // Without a grid the duration is the period: 0.2 Hz is not a multiple of 1/12 Hz.
  EXPECT_EQ(fourierFromMultisine(odd, 0.0).reason,
            "component 1 of joint 1 at 0.2 Hz is not a multiple of 1/T = 0.08333 Hz");
}

}  // namespace
}  // namespace eb
