#pragma once
// Resampling one segment of a log, sampled at its true (jittered) time stamps,
// onto the uniform grid t0 + k h that the zero-phase filter and the
// differentiators assume. Each grid value is the cubic through the four
// nearest samples (Lagrange, the stencil centred on the grid point's interval;
// off-centre in the first and last interval).
//
// Why cubic: the signals of interest lie far below the sample rate (a 5 Hz
// cutoff at 200 Hz to 1 kHz), where the interpolation error is ~(w h)^4 / 100:
// 1e-6 of the amplitude at 5 Hz and 200 Hz, far below sensor noise, and the
// error of q'' stays that small too. Linear interpolation biases the
// resampled signal by -h^2 q'' / 12 on average — a systematic error in the
// accelerations — and a spline is global (no bounded streaming). Grid points
// on a sample (a log that is uniform already) take that sample exactly.
// docs/time-base.md gives the measurements.

#include <Eigen/Core>

#include <array>
#include <cstddef>
#include <functional>
#include <vector>

namespace eb {

class UniformResampler {
 public:
  /// Receives each grid point: its time [s] and `channels` values.
  using Emit = std::function<void(double t, const double* values)>;

  /// `channels` signals per sample, grid step `step` [s] > 0.
  UniformResampler(int channels, double step);

  /// Starts a new segment: forgets the samples pushed so far; its grid starts at its first stamp.
  void startSegment();
  /// Adds the segment's next sample (t [s] increasing, `values` of `channels`) and emits the grid
  /// points that became computable.
  void push(double t, const double* values, const Emit& emit);
  /// Emits the segment's remaining grid points (up to its last stamp).
  void finishSegment(const Emit& emit);

  /// Grid points emitted by interpolation / taken from a sample exactly, since construction.
  std::size_t interpolatedPoints() const { return interpolated_; }
  std::size_t exactPoints() const { return exact_; }
  double step() const { return step_; }

 private:
  // Emits grid points up to (excluding, or including when `inclusive`) time `until` from the
  // stencil of the last `count` samples.
  void emitUntil(double until, bool inclusive, int count, const Emit& emit);

  int channels_;
  double step_;
  std::array<double, 4> t_{};
  std::vector<double> x_;          // 4 x channels ring, slot s at [s * channels, (s + 1) * channels)
  std::vector<double> out_;
  std::size_t pushed_ = 0;         // samples in the current segment
  std::size_t next_ = 0;           // index k of the next grid point
  double t0_ = 0.0;
  std::size_t interpolated_ = 0, exact_ = 0;
};

}  // namespace eb
