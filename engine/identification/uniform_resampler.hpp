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

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

namespace eb {

class UniformResampler {
 public:
  /// `channels` signals per sample, grid step `step` [s] > 0.
  UniformResampler(int channels, double step);

  /// Starts a new segment: forgets the samples pushed so far; its grid starts at its first stamp.
  void startSegment();
  /// Adds the segment's next sample (t [s] increasing, `values` of `channels`) and calls
  /// out(double t, const double* values) for each grid point that became computable.
  template <class Emit>
  void push(double t, const double* values, Emit&& out);
  /// Emits the segment's remaining grid points (up to its last stamp).
  template <class Emit>
  void finishSegment(Emit&& out);

  /// Grid points emitted by interpolation / taken from a sample exactly, since construction.
  std::size_t interpolatedPoints() const { return interpolated_; }
  std::size_t exactPoints() const { return exact_; }
  double step() const { return step_; }

 private:
  // A grid point this close to a sample [fraction of the step] takes the sample as it is.
  static constexpr double kOnSample = 1e-6;
  // Emits grid points up to (excluding, or including when `inclusive`) time `until` from the
  // stencil of the last `count` samples.
  template <class Emit>
  void emitUntil(double until, bool inclusive, int count, Emit& out);
  // The cubic (Lagrange) through the stencil's samples at time tau, into out_.
  void interpolate(double tau, const std::array<std::size_t, 4>& stencil, int count);
  const double* sample(std::size_t slot) const { return &x_[slot * static_cast<std::size_t>(channels_)]; }

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

template <class Emit>
void UniformResampler::push(double t, const double* values, Emit&& out) {
  const std::size_t slot = pushed_ % 4;
  t_[slot] = t;
  std::copy(values, values + channels_, x_.begin() + static_cast<std::ptrdiff_t>(slot * static_cast<std::size_t>(channels_)));
  if (pushed_ == 0) t0_ = t;
  ++pushed_;
  // With samples m-3..m, the grid points before t[m-1] have the stencil centred on their interval
  // (the first interval's are off-centre, the only stencil there is).
  if (pushed_ >= 4) emitUntil(t_[(pushed_ - 2) % 4], false, 4, out);
}

template <class Emit>
void UniformResampler::finishSegment(Emit&& out) {
  if (pushed_ == 0) return;
  const int count = static_cast<int>(std::min<std::size_t>(pushed_, 4));
  emitUntil(t_[(pushed_ - 1) % 4], true, count, out);
  pushed_ = 0;
  next_ = 0;
}

template <class Emit>
void UniformResampler::emitUntil(double until, bool inclusive, int count, Emit& out) {
  std::array<std::size_t, 4> stencil{};
  for (int i = 0; i < count; ++i)
    stencil[static_cast<std::size_t>(i)] = (pushed_ - static_cast<std::size_t>(count) + static_cast<std::size_t>(i)) % 4;
  const double tolerance = kOnSample * step_;
  for (;;) {
    const double tau = t0_ + static_cast<double>(next_) * step_;
    if (inclusive ? tau > until + tolerance : tau >= until - tolerance) break;
    // On a sample: take it, with its own stamp (a uniform log passes through bit for bit).
    int on = -1;
    for (int i = 0; i < count && on < 0; ++i)
      if (std::abs(tau - t_[stencil[static_cast<std::size_t>(i)]]) <= tolerance) on = i;
    if (on >= 0) {
      const std::size_t s = stencil[static_cast<std::size_t>(on)];
      out(t_[s], sample(s));
      ++exact_;
    } else {
      interpolate(tau, stencil, count);
      out(tau, static_cast<const double*>(out_.data()));
      ++interpolated_;
    }
    ++next_;
  }
}

}  // namespace eb
