#pragma once
// Butterworth low-pass as second-order sections (bilinear transform with
// prewarping, each section normalised to unit DC gain) and zero-phase
// forward-backward filtering with steady-state initial conditions and odd
// padding at the ends, as scipy.signal.sosfiltfilt(padtype="odd") does.
//
// Zero phase: the forward pass delays, the time-reversed pass delays by the
// same amount the other way, so peaks stay in place; the magnitude is squared.

#include <Eigen/Core>

#include <complex>
#include <cstddef>
#include <vector>

namespace eb {

/// One section in transposed direct form II: H(z) = (b0 + b1 z^-1 + b2 z^-2) / (1 + a1 z^-1 + a2 z^-2).
/// A first-order section has b2 = a2 = 0.
struct BiquadSection {
  double b0 = 1, b1 = 0, b2 = 0, a1 = 0, a2 = 0;
};

/// How filtfilt extends a signal beyond its ends before filtering.
enum class EdgeExtension {
  /// 2 x(0) - x(-t), as scipy's padtype="odd": value and slope continue, but the curvature flips
  /// sign, so second derivatives of the filtered signal are pulled to 0 near the ends.
  Odd,
  /// Odd extension of the residual of a cubic least-squares fit over `fitLength` end samples,
  /// plus that cubic extrapolated: value, slope and curvature continue, so derivatives stay
  /// accurate up to the ends (qdd error near the ends drops about tenfold on smooth trajectories).
  OddCubic
};

/// A designed low-pass filter, ready to apply.
struct ButterworthLowpass {
  int order = 0;
  double cutoffHz = 0;       ///< -3 dB frequency of one pass [Hz] (-6 dB after filtfilt)
  double sampleRateHz = 0;   ///< [Hz]
  std::vector<BiquadSection> sections;  ///< ceil(order / 2) sections, poles nearest the unit circle last
  /// Per section, the state [s1, s2] in steady state for a unit step input (scipy sosfilt_zi);
  /// every section has unit DC gain, so all sections see the same input level.
  std::vector<Eigen::Vector2d> stepState;
  std::size_t padLength = 0;  ///< extension length at each end (designed: scipy's sosfiltfilt default)
  EdgeExtension extension = EdgeExtension::Odd;  ///< designed: Odd (scipy)
  std::size_t fitLength = 0;  ///< samples of the end fit for OddCubic (fewer than 8: plain odd)
};

/// Designs an order-N Butterworth low-pass with -3 dB at cutoffHz for samples at sampleRateHz.
/// Throws std::invalid_argument unless 1 <= order <= 20 and 0 < cutoffHz < sampleRateHz / 2.
ButterworthLowpass designButterworthLowpass(int order, double cutoffHz, double sampleRateHz);

/// Complex response of one (forward) pass at frequencyHz.
std::complex<double> frequencyResponse(const ButterworthLowpass& filter, double frequencyHz);

/// Magnitude of one pass at frequencyHz from the closed form of the prewarped digital Butterworth:
/// 1 / sqrt(1 + (tan(pi f / fs) / tan(pi fc / fs))^(2N)). filtfilt gives its square.
double butterworthMagnitude(int order, double cutoffHz, double sampleRateHz, double frequencyHz);

/// Samples after which a start-up transient (wrong initial state) has decayed below `tolerance`
/// relative to its start, for one pass; the margin the block processors keep on each side.
std::size_t settlingSamples(const ButterworthLowpass& filter, double tolerance = 1e-12);

/// Reusable buffer for filtfilt, so repeated calls do not allocate.
struct FiltfiltWorkspace {
  std::vector<double> extended;  ///< the odd-extended signal, filtered in place
};

/// Zero-phase filtering of n samples x[0..n) into y[0..n) (y may equal x): extend both ends by
/// filter.padLength samples (filter.extension), run the cascade forwards from the steady state of
/// the first sample, then backwards from the steady state of the last. n >= 2; the padding shrinks
/// to n - 1 for short signals. Allocates only when the workspace must grow.
void filtfilt(const ButterworthLowpass& filter, const double* x, std::size_t n, double* y, FiltfiltWorkspace& workspace);

/// Zero-phase filtering of a vector (convenience; allocates the result).
Eigen::VectorXd filtfilt(const ButterworthLowpass& filter, const Eigen::Ref<const Eigen::VectorXd>& x);

/// Zero-phase filtering of every column of x into the same column of y (y may alias x).
void filtfiltColumns(const ButterworthLowpass& filter, const Eigen::Ref<const Eigen::MatrixXd>& x,
                     Eigen::Ref<Eigen::MatrixXd> y, FiltfiltWorkspace& workspace);

/// Cutoff [Hz] for identification logs: `factor` times the highest frequency in the excitation
/// (e.g. the highest Fourier harmonic), at most a quarter of the sample rate (half the Nyquist
/// frequency). Throws std::invalid_argument for non-positive inputs.
double defaultCutoffHz(double highestFrequencyHz, double sampleRateHz, double factor = 10.0);

/// Anti-alias low-pass for keeping every factor-th sample: cutoff at 0.8 of the new Nyquist frequency.
ButterworthLowpass designDecimationFilter(int factor, double sampleRateHz, int order = 4);

/// Low-pass filters every column (zero phase) and keeps rows 0, factor, 2 factor, ...
Eigen::MatrixXd decimate(const Eigen::Ref<const Eigen::MatrixXd>& x, int factor, const ButterworthLowpass& antiAlias);

}  // namespace eb
