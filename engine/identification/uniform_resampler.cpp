#include "identification/uniform_resampler.hpp"

#include <cmath>
#include <stdexcept>

namespace eb {

namespace {
// A grid point this close to a sample [fraction of the step] takes the sample as it is.
constexpr double kOnSample = 1e-6;
}  // namespace

UniformResampler::UniformResampler(int channels, double step)
    : channels_(channels), step_(step), x_(static_cast<std::size_t>(4 * channels)), out_(static_cast<std::size_t>(channels)) {
  if (channels < 1) throw std::invalid_argument("UniformResampler: at least one channel");
  if (!(step > 0.0) || !std::isfinite(step)) throw std::invalid_argument("UniformResampler: the step must be positive");
}

void UniformResampler::startSegment() {
  pushed_ = 0;
  next_ = 0;
}

void UniformResampler::push(double t, const double* values, const Emit& emit) {
  const std::size_t slot = pushed_ % 4;
  t_[slot] = t;
  std::copy(values, values + channels_, x_.begin() + static_cast<std::ptrdiff_t>(slot * static_cast<std::size_t>(channels_)));
  if (pushed_ == 0) t0_ = t;
  ++pushed_;
  // With samples m-3..m, the grid points before t[m-1] have the stencil centred on their interval
  // (the first interval's are off-centre, the only stencil there is).
  if (pushed_ >= 4) emitUntil(t_[(pushed_ - 2) % 4], false, 4, emit);
}

void UniformResampler::finishSegment(const Emit& emit) {
  if (pushed_ == 0) return;
  const int count = static_cast<int>(std::min<std::size_t>(pushed_, 4));
  emitUntil(t_[(pushed_ - 1) % 4], true, count, emit);
  pushed_ = 0;
  next_ = 0;
}

void UniformResampler::emitUntil(double until, bool inclusive, int count, const Emit& emit) {
  std::array<std::size_t, 4> slots{};
  for (int i = 0; i < count; ++i) slots[static_cast<std::size_t>(i)] = (pushed_ - static_cast<std::size_t>(count) + static_cast<std::size_t>(i)) % 4;
  const double tolerance = kOnSample * step_;
  for (;;) {
    const double tau = t0_ + static_cast<double>(next_) * step_;
    if (inclusive ? tau > until + tolerance : tau >= until - tolerance) break;
    // On a sample: take it (a uniform log passes through unchanged).
    int on = -1;
    for (int i = 0; i < count && on < 0; ++i)
      if (std::abs(tau - t_[slots[static_cast<std::size_t>(i)]]) <= tolerance) on = i;
    if (on >= 0) {
      const double* x = &x_[slots[static_cast<std::size_t>(on)] * static_cast<std::size_t>(channels_)];
      emit(t_[slots[static_cast<std::size_t>(on)]], x);  // the sample's own stamp: a uniform log passes bit for bit
      ++exact_;
    } else {
      std::array<double, 4> w{};
      for (int j = 0; j < count; ++j) {
        const double tj = t_[slots[static_cast<std::size_t>(j)]];
        double wj = 1.0;
        for (int m = 0; m < count; ++m)
          if (m != j) {
            const double tm = t_[slots[static_cast<std::size_t>(m)]];
            wj *= (tau - tm) / (tj - tm);
          }
        w[static_cast<std::size_t>(j)] = wj;
      }
      for (int c = 0; c < channels_; ++c) {
        double v = 0.0;
        for (int j = 0; j < count; ++j)
          v += w[static_cast<std::size_t>(j)] * x_[slots[static_cast<std::size_t>(j)] * static_cast<std::size_t>(channels_) + static_cast<std::size_t>(c)];
        out_[static_cast<std::size_t>(c)] = v;
      }
      emit(tau, out_.data());
      ++interpolated_;
    }
    ++next_;
  }
}

}  // namespace eb
