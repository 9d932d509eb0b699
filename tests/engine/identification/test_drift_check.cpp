// The drift check on residuals whose drift is known: a ramp is found with its size, a
// constant offset and plain noise are not drift.
#include "identification/drift_check.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

using namespace eb;

namespace {

TEST(DriftCheck, ARampIsDriftAnOffsetAndNoiseAreNot) {
  const int N = 12001;  // 120 s at 100 Hz
  Eigen::VectorXd t(N);
  Eigen::MatrixXd residual(N, 3);
  std::mt19937 rng(7);
  std::normal_distribution<double> noise(0.0, 0.05);
  for (int s = 0; s < N; ++s) {
    t[s] = 0.01 * s;
    residual(s, 0) = noise(rng);
    residual(s, 1) = 0.3 * t[s] / 120.0 + noise(rng);  // friction drifting by 0.3 N m as the joint warms
    residual(s, 2) = 0.2 + noise(rng);                  // an offset: constant, not drift
  }
  const DriftReport r = checkDrift(t, residual, 10.0);
  ASSERT_EQ(r.windows.size(), 13u);  // 12 full windows and the last sample
  EXPECT_EQ(r.windows[0].samples, 1000);
  EXPECT_NEAR(r.duration, 120.0, 1e-9);
  EXPECT_FALSE(r.drifted[0]);
  EXPECT_TRUE(r.drifted[1]);
  EXPECT_FALSE(r.drifted[2]);
  EXPECT_NEAR(r.change[1], 0.3, 0.03);
  EXPECT_NEAR(r.slope[1], 0.0025, 0.00025);
  EXPECT_LT(std::abs(r.change[2]), 0.03);
  EXPECT_NEAR(r.windows[5].mean[2], 0.2, 0.01);
  EXPECT_NEAR(r.windows[5].rms[0], 0.05, 0.005);
  EXPECT_NEAR(r.residualRms[2], std::sqrt(0.2 * 0.2 + 0.05 * 0.05), 0.005);
}

TEST(DriftCheck, TooFewWindowsAndBadInputAreRefused) {
  Eigen::VectorXd t = Eigen::VectorXd::LinSpaced(1501, 0.0, 15.0);
  Eigen::MatrixXd residual = Eigen::MatrixXd::Zero(1501, 2);
  try {
    checkDrift(t, residual, 10.0);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("2 windows of 10 s in a 15 s log"), std::string::npos) << e.what();
  }
  EXPECT_EQ(driftWindowProblem(t, 10.0), "2 windows of 10 s in a 15 s log; a trend needs 3 or more");
  EXPECT_EQ(driftWindowProblem(t, 5.0), "");
  EXPECT_EQ(driftWindowProblem(t, -1.0), "the window must be positive");
  EXPECT_EQ(driftWindowProblem(Eigen::VectorXd(), 5.0), "no samples");
  // A window without samples does not count: three cover this log, the middle one empty.
  Eigen::VectorXd gap(6);
  gap << 0.0, 1.0, 2.0, 13.0, 14.0, 14.5;
  EXPECT_EQ(driftWindowProblem(gap, 5.0), "2 windows of 5 s in a 14.5 s log; a trend needs 3 or more");
  EXPECT_NO_THROW(checkDrift(t, residual, 5.0));
  // A window below the sample step (1e-12 s over 15 s: 1.5e13 windows) is refused before any
  // allocation; so are times that run backwards.
  EXPECT_EQ(driftWindowProblem(t, 1e-12), "a window of 1e-12 s is shorter than the sample step (1501 samples in 15 s)");
  EXPECT_THROW(checkDrift(t, residual, 1e-12), std::invalid_argument);
  EXPECT_EQ(driftWindowProblem(Eigen::VectorXd(t.reverse()), 5.0), "the times do not increase");
  EXPECT_THROW(checkDrift(t, residual, 0.0), std::invalid_argument);
  EXPECT_THROW(checkDrift(t, Eigen::MatrixXd::Zero(10, 2), 5.0), std::invalid_argument);
}

}  // namespace
