#include "identification/butterworth_filter.hpp"
#include "identification/identification_setting_specs.hpp"

#include <Eigen/Cholesky>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace eb {

namespace {

constexpr int kMaxOrder = kFilterOrderSpec.maximum;  // the setting's range is the design's
constexpr std::size_t kMaxSections = (kMaxOrder + 1) / 2;

// Runs the cascade over e[0..n) in place, forwards or backwards, starting in the steady state
// of the first sample it meets (scipy: zi * x0), so a constant signal passes without transient.
template <bool Backward>
void runCascade(const ButterworthLowpass& filter, double* e, std::size_t n) {
  const std::size_t m = filter.sections.size();
  double s1[kMaxSections], s2[kMaxSections];
  const double x0 = Backward ? e[n - 1] : e[0];
  for (std::size_t k = 0; k < m; ++k) {
    s1[k] = filter.stepState[k](0) * x0;
    s2[k] = filter.stepState[k](1) * x0;
  }
  const BiquadSection* sec = filter.sections.data();
  for (std::size_t i = 0; i < n; ++i) {
    double& v = Backward ? e[n - 1 - i] : e[i];
    double u = v;
    for (std::size_t k = 0; k < m; ++k) {
      const double out = sec[k].b0 * u + s1[k];
      s1[k] = sec[k].b1 * u - sec[k].a1 * out + s2[k];
      s2[k] = sec[k].b2 * u - sec[k].a2 * out;
      u = out;
    }
    v = u;
  }
}

// Overwrites the p padding samples before one end of the signal with the odd extension of the
// residual of a cubic fitted to the w end samples, plus the cubic extrapolated. `at(k)` is the
// sample k steps inward from the end, `pad(k)` the padding sample k steps outward (k = 1..p).
template <class At, class Pad>
void cubicExtension(At at, Pad pad, std::size_t p, std::size_t w) {
  // Normal equations in the scaled abscissa s = k / w in [0, 1) (well conditioned for a cubic).
  Eigen::Matrix4d gram = Eigen::Matrix4d::Zero();
  Eigen::Vector4d rhs = Eigen::Vector4d::Zero();
  for (std::size_t k = 0; k < w; ++k) {
    const double s = static_cast<double>(k) / static_cast<double>(w);
    const Eigen::Vector4d basis(1.0, s, s * s, s * s * s);
    gram.noalias() += basis * basis.transpose();
    rhs += basis * at(k);
  }
  const Eigen::Vector4d c = gram.ldlt().solve(rhs);
  auto cubic = [&](double k) {
    const double s = k / static_cast<double>(w);
    return c(0) + s * (c(1) + s * (c(2) + s * c(3)));
  };
  const double r0 = at(0) - cubic(0.0);
  for (std::size_t k = 1; k <= p; ++k) {
    const double kk = static_cast<double>(k);
    pad(k, cubic(-kk) + 2.0 * r0 - (at(k) - cubic(kk)));
  }
}

}  // namespace

ButterworthLowpass designButterworthLowpass(int order, double cutoffHz, double sampleRateHz) {
  if (order < 1 || order > kMaxOrder)
    throw std::invalid_argument("Butterworth order must be 1.." + std::to_string(kMaxOrder) + ", got " +
                                std::to_string(order));
  if (!(sampleRateHz > 0.0) || !(cutoffHz > 0.0) || !(cutoffHz < 0.5 * sampleRateHz))
    throw std::invalid_argument("Butterworth cutoff " + std::to_string(cutoffHz) + " Hz must lie in (0, " +
                                std::to_string(0.5 * sampleRateHz) + ") Hz for a sample rate of " +
                                std::to_string(sampleRateHz) + " Hz");
  ButterworthLowpass f;
  f.order = order;
  f.cutoffHz = cutoffHz;
  f.sampleRateHz = sampleRateHz;

  // Prewarp so the digital -3 dB point lands exactly on cutoffHz after the bilinear transform.
  const double twoFs = 2.0 * sampleRateHz;
  const double wc = twoFs * std::tan(M_PI * cutoffHz / sampleRateHz);
  using C = std::complex<double>;
  std::vector<BiquadSection> sections;
  for (int k = 0; k < order / 2; ++k) {
    // Analog pole in the upper-left quadrant, paired with its conjugate.
    const C p = wc * std::exp(C(0.0, M_PI * (2.0 * k + order + 1.0) / (2.0 * order)));
    const C z = (twoFs + p) / (twoFs - p);
    BiquadSection s;
    s.a1 = -2.0 * z.real();
    s.a2 = std::norm(z);
    const double g = (1.0 + s.a1 + s.a2) / 4.0;  // zeros at z = -1: numerator g (1 + z^-1)^2, unit DC gain
    s.b0 = g;
    s.b1 = 2.0 * g;
    s.b2 = g;
    sections.push_back(s);
  }
  if (order % 2 == 1) {
    const double z = (twoFs - wc) / (twoFs + wc);  // the real pole -wc
    BiquadSection s;
    s.a1 = -z;
    const double g = (1.0 - z) / 2.0;
    s.b0 = g;
    s.b1 = g;
    sections.push_back(s);
  }
  // Poles nearest the unit circle last (least damped section sees the already smoothed signal).
  std::stable_sort(sections.begin(), sections.end(), [](const BiquadSection& a, const BiquadSection& b) {
    const double ra = a.a2 != 0.0 ? std::sqrt(a.a2) : std::abs(a.a1);
    const double rb = b.a2 != 0.0 ? std::sqrt(b.a2) : std::abs(b.a1);
    return ra < rb;
  });
  f.sections = sections;
  std::size_t firstOrder = 0;
  for (const BiquadSection& s : f.sections) {
    // Steady state of the transposed direct form II for a unit input (output 1: unit DC gain).
    const double s2 = s.b2 - s.a2;
    const double s1 = s.b1 - s.a1 + s2;
    f.stepState.emplace_back(s1, s2);
    if (s.b2 == 0.0 && s.a2 == 0.0) ++firstOrder;
  }
  f.padLength = 3 * (2 * f.sections.size() + 1 - firstOrder);
  return f;
}

std::complex<double> frequencyResponse(const ButterworthLowpass& filter, double frequencyHz) {
  const std::complex<double> zinv = std::exp(std::complex<double>(0.0, -2.0 * M_PI * frequencyHz / filter.sampleRateHz));
  std::complex<double> h = 1.0;
  for (const BiquadSection& s : filter.sections)
    h *= (s.b0 + zinv * (s.b1 + zinv * s.b2)) / (1.0 + zinv * (s.a1 + zinv * s.a2));
  return h;
}

double butterworthMagnitude(int order, double cutoffHz, double sampleRateHz, double frequencyHz) {
  const double ratio = std::tan(M_PI * frequencyHz / sampleRateHz) / std::tan(M_PI * cutoffHz / sampleRateHz);
  return 1.0 / std::sqrt(1.0 + std::pow(ratio, 2.0 * order));
}

std::size_t settlingSamples(const ButterworthLowpass& filter, double tolerance) {
  // Free response from a unit state in every section; stop once the whole state is 100x below
  // tolerance of its peak (the factor covers the oscillation of the state norm within a period).
  const std::size_t m = filter.sections.size();
  std::vector<double> s1(m, 1.0), s2(m, 1.0);
  double peak = 0.0;
  const std::size_t limit = 100000000;
  for (std::size_t n = 0; n < limit; ++n) {
    double u = 0.0, size = 0.0;
    for (std::size_t k = 0; k < m; ++k) {
      const BiquadSection& s = filter.sections[k];
      const double out = s.b0 * u + s1[k];
      s1[k] = s.b1 * u - s.a1 * out + s2[k];
      s2[k] = s.b2 * u - s.a2 * out;
      u = out;
      size += std::abs(s1[k]) + std::abs(s2[k]);
    }
    peak = std::max(peak, size);
    if (size < 0.01 * tolerance * peak) return n + 1;
  }
  return limit;
}

void filtfilt(const ButterworthLowpass& filter, const double* x, std::size_t n, double* y,
              FiltfiltWorkspace& workspace) {
  if (n < 2) throw std::invalid_argument("filtfilt needs at least 2 samples, got " + std::to_string(n));
  if (filter.sections.empty()) throw std::invalid_argument("filtfilt: the filter is not designed");
  const std::size_t p = std::min(filter.padLength, n - 1);
  const std::size_t total = n + 2 * p;
  if (workspace.extended.size() < total) workspace.extended.resize(total);
  double* e = workspace.extended.data();
  // Odd extension: reflect the signal through its end points, so the padded signal continues
  // with the same slope and the initial states meet no step.
  for (std::size_t i = 0; i < p; ++i) e[i] = 2.0 * x[0] - x[p - i];
  std::copy(x, x + n, e + p);
  for (std::size_t i = 0; i < p; ++i) e[p + n + i] = 2.0 * x[n - 1] - x[n - 2 - i];
  const std::size_t w = std::min(filter.fitLength, n);
  if (filter.extension == EdgeExtension::OddCubic && w >= 8 && p > 0) {
    cubicExtension([&](std::size_t k) { return x[k]; }, [&](std::size_t k, double v) { e[p - k] = v; }, p, w);
    cubicExtension([&](std::size_t k) { return x[n - 1 - k]; }, [&](std::size_t k, double v) { e[p + n - 1 + k] = v; },
                   p, w);
  }
  runCascade<false>(filter, e, total);
  runCascade<true>(filter, e, total);
  std::copy(e + p, e + p + n, y);
}

Eigen::VectorXd filtfilt(const ButterworthLowpass& filter, const Eigen::Ref<const Eigen::VectorXd>& x) {
  Eigen::VectorXd y(x.size());
  FiltfiltWorkspace workspace;
  filtfilt(filter, x.data(), static_cast<std::size_t>(x.size()), y.data(), workspace);
  return y;
}

void filtfiltColumns(const ButterworthLowpass& filter, const Eigen::Ref<const Eigen::MatrixXd>& x,
                     Eigen::Ref<Eigen::MatrixXd> y, FiltfiltWorkspace& workspace) {
  if (x.rows() != y.rows() || x.cols() != y.cols()) throw std::invalid_argument("filtfiltColumns: size mismatch");
  for (Eigen::Index j = 0; j < x.cols(); ++j)
    filtfilt(filter, x.col(j).data(), static_cast<std::size_t>(x.rows()), y.col(j).data(), workspace);
}

double defaultCutoffHz(double highestFrequencyHz, double sampleRateHz, double factor) {
  if (!(highestFrequencyHz > 0.0) || !(sampleRateHz > 0.0) || !(factor > 0.0))
    throw std::invalid_argument("defaultCutoffHz: frequencies and factor must be positive");
  return std::min(factor * highestFrequencyHz, 0.25 * sampleRateHz);
}

ButterworthLowpass designDecimationFilter(int factor, double sampleRateHz, int order) {
  if (factor < 1) throw std::invalid_argument("decimation factor must be >= 1, got " + std::to_string(factor));
  return designButterworthLowpass(order, 0.8 * 0.5 * sampleRateHz / factor, sampleRateHz);
}

Eigen::MatrixXd decimate(const Eigen::Ref<const Eigen::MatrixXd>& x, int factor, const ButterworthLowpass& antiAlias) {
  if (factor < 1) throw std::invalid_argument("decimation factor must be >= 1, got " + std::to_string(factor));
  Eigen::MatrixXd filtered(x.rows(), x.cols());
  FiltfiltWorkspace workspace;
  filtfiltColumns(antiAlias, x, filtered, workspace);
  const Eigen::Index kept = (x.rows() + factor - 1) / factor;
  Eigen::MatrixXd out(kept, x.cols());
  for (Eigen::Index i = 0; i < kept; ++i) out.row(i) = filtered.row(i * factor);
  return out;
}

}  // namespace eb
