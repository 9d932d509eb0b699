// Butterworth design and zero-phase filtering, checked against closed forms and scipy 1.10
// (signal.butter(..., output="sos"), signal.sosfiltfilt with its default odd padding).

#include "identification/butterworth_filter.hpp"

#include <Eigen/QR>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace eb;

namespace {

Eigen::VectorXd sine(double frequencyHz, double sampleRateHz, Eigen::Index n, double phase = 0.0) {
  Eigen::VectorXd x(n);
  for (Eigen::Index i = 0; i < n; ++i) x(i) = std::sin(2.0 * M_PI * frequencyHz * i / sampleRateHz + phase);
  return x;
}

// Least-squares amplitude and phase of y ~ A sin(w t + phi) on rows [from, to).
std::pair<double, double> fitSine(const Eigen::VectorXd& y, double frequencyHz, double sampleRateHz, Eigen::Index from,
                                  Eigen::Index to) {
  Eigen::MatrixXd basis(to - from, 2);
  for (Eigen::Index i = from; i < to; ++i) {
    const double w = 2.0 * M_PI * frequencyHz * i / sampleRateHz;
    basis(i - from, 0) = std::sin(w);
    basis(i - from, 1) = std::cos(w);
  }
  const Eigen::Vector2d c = basis.colPivHouseholderQr().solve(y.segment(from, to - from));
  return {std::hypot(c(0), c(1)), std::atan2(c(1), c(0))};
}

}  // namespace

TEST(SignalButterworth, SectionsMatchScipy) {
  const ButterworthLowpass f4 = designButterworthLowpass(4, 5.0, 1000.0);
  ASSERT_EQ(f4.sections.size(), 2u);
  EXPECT_NEAR(f4.sections[0].a1, -1.9426382305401135, 1e-12);
  EXPECT_NEAR(f4.sections[0].a2, 0.9435972784703671, 1e-12);
  EXPECT_NEAR(f4.sections[1].a1, -1.975269634851873, 1e-12);
  EXPECT_NEAR(f4.sections[1].a2, 0.9762447923594398, 1e-12);
  EXPECT_EQ(f4.padLength, 15u);

  const ButterworthLowpass f5 = designButterworthLowpass(5, 20.0, 500.0);
  ASSERT_EQ(f5.sections.size(), 3u);
  EXPECT_NEAR(f5.sections[0].a1, -0.7756795110496131, 1e-12);  // the first-order section
  EXPECT_EQ(f5.sections[0].a2, 0.0);
  EXPECT_NEAR(f5.sections[1].a1, -1.6127001681678703, 1e-12);
  EXPECT_NEAR(f5.sections[2].a2, 0.8572699184143814, 1e-12);
  EXPECT_EQ(f5.padLength, 18u);
  for (const BiquadSection& s : f5.sections)  // unit DC gain per section
    EXPECT_NEAR((s.b0 + s.b1 + s.b2) / (1.0 + s.a1 + s.a2), 1.0, 1e-12);
}

TEST(SignalButterworth, MagnitudeFollowsTheClosedForm) {
  for (int order : {1, 2, 3, 4, 6, 8}) {
    const ButterworthLowpass f = designButterworthLowpass(order, 12.0, 500.0);
    EXPECT_NEAR(std::abs(frequencyResponse(f, 0.0)), 1.0, 1e-12);
    EXPECT_NEAR(std::abs(frequencyResponse(f, 12.0)), 1.0 / std::sqrt(2.0), 1e-12);  // -3 dB at the cutoff
    for (double hz : {1.0, 6.0, 20.0, 50.0, 120.0, 240.0})
      EXPECT_NEAR(std::abs(frequencyResponse(f, hz)), butterworthMagnitude(order, 12.0, 500.0, hz), 1e-12)
          << "order " << order << " at " << hz << " Hz";
  }
}

TEST(SignalButterworth, FiltfiltMatchesScipy) {
  const Eigen::Index n = 300;
  Eigen::VectorXd x(n);
  for (Eigen::Index i = 0; i < n; ++i)
    x(i) = std::sin(2 * M_PI * 3 * i / 1000.0) + 0.5 * std::cos(2 * M_PI * 40 * i / 1000.0) + 0.001 * i;
  const Eigen::VectorXd y = filtfilt(designButterworthLowpass(4, 10.0, 1000.0), x);
  const std::pair<Eigen::Index, double> expected[] = {{0, 0.6061013530093694},   {1, 0.5933074562523557},
                                                      {7, 0.5281037837156001},   {50, 0.7666615135572912},
                                                      {150, 0.4536816686691566}, {298, -0.6379135746674551},
                                                      {299, -0.6377187836019557}};
  for (const auto& [i, v] : expected) EXPECT_NEAR(y(i), v, 1e-10) << "sample " << i;
  const Eigen::VectorXd y5 = filtfilt(designButterworthLowpass(5, 20.0, 500.0), x);
  EXPECT_NEAR(y5(0), 0.4912541603885013, 1e-10);
  EXPECT_NEAR(y5(3), 0.21361603878517071, 1e-10);
  EXPECT_NEAR(y5(100), 1.3011829548132459, 1e-10);
  EXPECT_NEAR(y5(299), 0.1579209703077853, 1e-10);
}

TEST(SignalButterworth, PassbandSineKeepsPhaseAndGain) {
  const double fs = 1000.0, fc = 10.0;
  const ButterworthLowpass f = designButterworthLowpass(4, fc, fs);
  for (double hz : {0.5, 1.0, 3.0}) {
    const Eigen::VectorXd x = sine(hz, fs, 20000, 0.3);
    const Eigen::VectorXd y = filtfilt(f, x);
    const auto [gain, phase] = fitSine(y, hz, fs, 2000, 18000);
    EXPECT_NEAR(gain, 1.0, 1e-3) << hz << " Hz";
    EXPECT_NEAR(phase, 0.3, 1e-6) << hz << " Hz";  // zero phase: the input's own phase
    EXPECT_LT((y - x).segment(2000, 16000).cwiseAbs().maxCoeff(), 1e-3);
  }
}

TEST(SignalButterworth, StopbandIsAttenuatedAsTheFormulaSays) {
  const double fs = 1000.0, fc = 10.0;
  const ButterworthLowpass f = designButterworthLowpass(4, fc, fs);
  for (double hz : {10.0, 15.0, 25.0, 60.0}) {
    const Eigen::VectorXd y = filtfilt(f, sine(hz, fs, 20000, 0.3));
    const auto [gain, phase] = fitSine(y, hz, fs, 4000, 16000);
    const double expected = std::pow(butterworthMagnitude(4, fc, fs, hz), 2);  // forward x backward
    EXPECT_NEAR(gain / expected, 1.0, 1e-4) << hz << " Hz";
    EXPECT_NEAR(phase, 0.3, 1e-5) << hz << " Hz";
  }
}

TEST(SignalButterworth, ForwardBackwardHasZeroDelay) {
  // A smooth pulse: filtfilt leaves its peak and centre of mass in place; one pass delays it.
  const double fs = 1000.0;
  const Eigen::Index n = 4000, centre = 2000;
  Eigen::VectorXd x(n);
  for (Eigen::Index i = 0; i < n; ++i) x(i) = std::exp(-std::pow((i - centre) / 60.0, 2));
  const ButterworthLowpass f = designButterworthLowpass(4, 5.0, fs);
  const Eigen::VectorXd y = filtfilt(f, x);
  Eigen::Index peak = 0;
  y.maxCoeff(&peak);
  EXPECT_EQ(peak, centre);
  const Eigen::VectorXd index = Eigen::VectorXd::LinSpaced(n, 0, n - 1);
  EXPECT_NEAR(index.dot(y) / y.sum(), static_cast<double>(centre), 1e-6);
  // Symmetric input, zero-phase filter: symmetric output.
  for (Eigen::Index k = 1; k < 1500; k += 37) EXPECT_NEAR(y(centre - k), y(centre + k), 1e-12);
  // Contrast: the group delay of a single pass at DC, d(-phase)/dw, is tens of samples.
  const double dw = 1e-4;
  const double delay = -std::arg(frequencyResponse(f, dw * fs / (2 * M_PI))) / dw;
  EXPECT_GT(delay, 30.0);
}

TEST(SignalButterworth, ConstantsPassWithoutTransient) {
  const ButterworthLowpass f = designButterworthLowpass(6, 3.0, 1000.0);
  const Eigen::VectorXd y = filtfilt(f, Eigen::VectorXd::Constant(5000, 2.5));
  EXPECT_LT((y.array() - 2.5).abs().maxCoeff(), 1e-11);  // round-off of poles near z = 1
  // Very short signals shrink the padding instead of failing.
  const Eigen::VectorXd tiny = filtfilt(f, Eigen::Vector3d(1.0, 1.0, 1.0));
  EXPECT_NEAR(tiny(1), 1.0, 1e-12);
}

TEST(SignalButterworth, CubicEndExtensionKeepsTheCurvature) {
  // x = 3 t^2 + t: a zero-phase unit-DC low-pass shifts a parabola by a constant, so the filtered
  // second derivative is 6 everywhere; plain odd extension flips the curvature at the ends.
  const double fs = 1000.0;
  const Eigen::Index n = 6000;
  Eigen::VectorXd x(n);
  for (Eigen::Index i = 0; i < n; ++i) x(i) = 3.0 * std::pow(i / fs, 2) + i / fs;
  ButterworthLowpass f = designButterworthLowpass(4, 5.0, fs);
  f.padLength = settlingSamples(f);
  auto curvature = [&](const Eigen::VectorXd& y, Eigen::Index i) { return (y(i + 1) - 2 * y(i) + y(i - 1)) * fs * fs; };
  const Eigen::VectorXd odd = filtfilt(f, x);
  EXPECT_LT(std::abs(curvature(odd, 1)), 1.0);  // pulled towards 0
  f.extension = EdgeExtension::OddCubic;
  f.fitLength = 200;
  const Eigen::VectorXd cubic = filtfilt(f, x);
  for (Eigen::Index i : {Eigen::Index(1), Eigen::Index(100), n / 2, n - 101, n - 2})
    EXPECT_NEAR(curvature(cubic, i), 6.0, 1e-3) << i;
}

TEST(SignalButterworth, SettlingSamplesBoundTheTransient) {
  const ButterworthLowpass f = designButterworthLowpass(4, 5.0, 1000.0);
  const std::size_t m = settlingSamples(f, 1e-12);
  // Slowest pole: decay rate 2 pi fc sin(pi/8) per second -> about 2300 samples to 1e-12.
  EXPECT_GT(m, 2000u);
  EXPECT_LT(m, 4000u);
  // A wrong initial state (zero instead of steady state) is gone after m samples.
  Eigen::VectorXd x = Eigen::VectorXd::Constant(3 * static_cast<Eigen::Index>(m), 1.0);
  Eigen::VectorXd e = x;
  double s1[2] = {0, 0}, s2[2] = {0, 0};
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    double u = x(i);
    for (int k = 0; k < 2; ++k) {
      const BiquadSection& s = f.sections[static_cast<std::size_t>(k)];
      const double out = s.b0 * u + s1[k];
      s1[k] = s.b1 * u - s.a1 * out + s2[k];
      s2[k] = s.b2 * u - s.a2 * out;
      u = out;
    }
    e(i) = u;
  }
  EXPECT_LT(std::abs(e(static_cast<Eigen::Index>(m)) - 1.0), 1e-12);
}

TEST(SignalButterworth, DecimationKeepsTheBandAndDropsAliases) {
  const double fs = 1000.0;
  const Eigen::Index n = 20000;
  Eigen::MatrixXd x(n, 2);
  x.col(0) = sine(2.0, fs, n);
  x.col(1) = sine(2.0, fs, n) + 0.5 * sine(95.0, fs, n);  // 95 Hz would alias to 5 Hz at 100 Hz
  const ButterworthLowpass antiAlias = designDecimationFilter(10, fs);
  EXPECT_NEAR(antiAlias.cutoffHz, 40.0, 1e-12);
  const Eigen::MatrixXd y = decimate(x, 10, antiAlias);
  ASSERT_EQ(y.rows(), 2000);
  for (Eigen::Index i = 200; i < 1800; ++i) {
    const double expected = std::sin(2.0 * M_PI * 2.0 * (10 * i) / fs);
    EXPECT_NEAR(y(i, 0), expected, 1e-3);
    EXPECT_NEAR(y(i, 1), expected, 2e-3);
  }
}

TEST(SignalButterworth, DefaultCutoffAndBadArguments) {
  EXPECT_DOUBLE_EQ(defaultCutoffHz(0.5, 1000.0), 5.0);          // 10 x the 5th harmonic of 0.1 Hz
  EXPECT_DOUBLE_EQ(defaultCutoffHz(0.5, 1000.0, 5.0), 2.5);
  EXPECT_DOUBLE_EQ(defaultCutoffHz(20.0, 125.0), 31.25);         // capped at Nyquist / 2
  EXPECT_THROW(defaultCutoffHz(0.0, 1000.0), std::invalid_argument);
  EXPECT_THROW(designButterworthLowpass(0, 5.0, 1000.0), std::invalid_argument);
  EXPECT_THROW(designButterworthLowpass(4, 500.0, 1000.0), std::invalid_argument);
  EXPECT_THROW(designButterworthLowpass(4, -1.0, 1000.0), std::invalid_argument);
  EXPECT_THROW(filtfilt(designButterworthLowpass(2, 5.0, 100.0), Eigen::VectorXd::Ones(1)), std::invalid_argument);
}
