#include "identification/uniform_resampler.hpp"

#include <stdexcept>

namespace eb {

UniformResampler::UniformResampler(int channels, double step)
    : channels_(channels), step_(step), x_(static_cast<std::size_t>(4 * channels)), out_(static_cast<std::size_t>(channels)) {
  if (channels < 1) throw std::invalid_argument("UniformResampler: at least one channel");
  if (!(step > 0.0) || !std::isfinite(step)) throw std::invalid_argument("UniformResampler: the step must be positive");
}

void UniformResampler::startSegment() {
  pushed_ = 0;
  next_ = 0;
}

void UniformResampler::interpolate(double tau, const std::array<std::size_t, 4>& stencil, int count) {
  std::array<double, 4> w{};
  for (int j = 0; j < count; ++j) {
    const double tj = t_[stencil[static_cast<std::size_t>(j)]];
    double wj = 1.0;
    for (int m = 0; m < count; ++m)
      if (m != j) {
        const double tm = t_[stencil[static_cast<std::size_t>(m)]];
        wj *= (tau - tm) / (tj - tm);
      }
    w[static_cast<std::size_t>(j)] = wj;
  }
  for (int c = 0; c < channels_; ++c) {
    double v = 0.0;
    for (int j = 0; j < count; ++j) v += w[static_cast<std::size_t>(j)] * sample(stencil[static_cast<std::size_t>(j)])[c];
    out_[static_cast<std::size_t>(c)] = v;
  }
}

}  // namespace eb
