// Resampling jittered stamps onto a uniform grid: exact on a grid that is already
// uniform, fourth-order accurate between samples (the error falls 16x when the
// step halves), a segment's grid starts at its first stamp and ends at its last.
#include "identification/uniform_resampler.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

using namespace eb;

namespace {

struct Points {
  std::vector<double> t, x, v;
};

// Samples sin(w t) and cos(w t) at stamps k h + jitter and resamples them onto the grid of step h.
Points resample(double h, double jitter, double w, double duration, unsigned seed = 3) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-0.5 * jitter, 0.5 * jitter);
  UniformResampler r(2, h);
  Points out;
  const auto emit = [&](double t, const double* x) {
    out.t.push_back(t);
    out.x.push_back(x[0]);
    out.v.push_back(x[1]);
  };
  r.startSegment();
  const int n = static_cast<int>(std::round(duration / h));
  for (int k = 0; k <= n; ++k) {
    const double t = k * h + (k > 0 && k < n ? u(rng) * h : 0.0);
    const double x[2] = {std::sin(w * t), std::cos(w * t)};
    r.push(t, x, emit);
  }
  r.finishSegment(emit);
  return out;
}

double maxError(const Points& p, double w) {
  double e = 0.0;
  for (std::size_t i = 0; i < p.t.size(); ++i) e = std::max(e, std::abs(p.x[i] - std::sin(w * p.t[i])));
  return e;
}

}  // namespace

TEST(UniformResampler, AUniformLogPassesBitForBit) {
  UniformResampler r(1, 0.001);
  std::vector<double> t, x;
  r.startSegment();
  for (int k = 0; k < 100; ++k) {
    const double v = std::sin(0.1 * k);
    r.push(k / 1000.0, &v, [&](double time, const double* value) {
      t.push_back(time);
      x.push_back(*value);
    });
  }
  r.finishSegment([&](double time, const double* value) {
    t.push_back(time);
    x.push_back(*value);
  });
  ASSERT_EQ(t.size(), 100u);
  for (int k = 0; k < 100; ++k) {
    EXPECT_EQ(t[static_cast<std::size_t>(k)], k / 1000.0);
    EXPECT_EQ(x[static_cast<std::size_t>(k)], std::sin(0.1 * k));
  }
  EXPECT_EQ(r.interpolatedPoints(), 0u);
  EXPECT_EQ(r.exactPoints(), 100u);
}

TEST(UniformResampler, CubicBetweenJitteredSamples) {
  // 5 Hz (the default cutoff) sampled at 200 Hz with steps of 0.7 to 1.3 nominal steps.
  const double w = 2 * M_PI * 5.0;
  const Points coarse = resample(0.005, 0.6, w, 2.0);
  const Points fine = resample(0.0025, 0.6, w, 2.0);
  ASSERT_EQ(coarse.t.size(), 401u);
  EXPECT_NEAR(coarse.t.back(), 2.0, 1e-12);
  for (std::size_t i = 1; i < coarse.t.size(); ++i) EXPECT_NEAR(coarse.t[i] - coarse.t[i - 1], 0.005, 1e-12);
  const double e1 = maxError(coarse, w), e2 = maxError(fine, w);
  std::printf("[ resample ] 5 Hz at 200 Hz, jitter +-30 %%: max error %.2e; at 400 Hz %.2e (ratio %.1f)\n", e1, e2,
              e1 / e2);
  EXPECT_LT(e1, 2e-4);  // (w h)^4 / 100 of the amplitude
  EXPECT_GT(e1 / e2, 10.0);  // fourth order: 16x for half the step
}

TEST(UniformResampler, SegmentsHaveTheirOwnGrid) {
  UniformResampler r(1, 0.01);
  std::vector<double> t;
  const auto emit = [&](double time, const double*) { t.push_back(time); };
  const double x = 1.0;
  r.startSegment();
  for (int k = 0; k < 10; ++k) r.push(0.003 + k * 0.01, &x, emit);
  r.finishSegment(emit);
  r.startSegment();
  for (int k = 0; k < 3; ++k) r.push(1.0 + k * 0.0101, &x, emit);  // three samples: a quadratic
  r.finishSegment(emit);
  ASSERT_EQ(t.size(), 13u);
  EXPECT_DOUBLE_EQ(t[0], 0.003);
  EXPECT_NEAR(t[9], 0.093, 1e-12);
  EXPECT_DOUBLE_EQ(t[10], 1.0);
  EXPECT_NEAR(t[12], 1.02, 1e-12);  // the last grid point not after the last stamp (1.0202)
}
