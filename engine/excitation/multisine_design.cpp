#include "excitation/multisine_design.hpp"

#include "util/math_constants.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace eb {

void validateMultisineDesign(const MultisineDesign& d) {
  const auto fail = [](const std::string& what) { throw std::invalid_argument("multi-sine design: " + what); };
  if (d.components < 1) fail("components must be >= 1, got " + std::to_string(d.components));
  if (!(d.duration > 0.0) || !std::isfinite(d.duration)) fail("duration must be a positive number of seconds");
  if (!(d.rampTime >= 0.0) || !(2.0 * d.rampTime <= d.duration))
    fail("ramp time must be between 0 and half the duration (" + std::to_string(d.duration / 2.0) + " s), got " +
         std::to_string(d.rampTime));
  if (!(d.minFrequency > 0.0) || !std::isfinite(d.maxFrequency) || !(d.maxFrequency >= d.minFrequency))
    fail("the band must be 0 < minimum frequency <= maximum frequency [Hz], got " + std::to_string(d.minFrequency) +
         " to " + std::to_string(d.maxFrequency));
  if (!(d.periodGrid >= 0.0) || !std::isfinite(d.periodGrid)) fail("the period grid must be >= 0 s");
  if (d.periodGrid > 0.0 && d.optimizeFrequencies)
    fail("frequencies on a period grid are fixed; optimizing them needs a free grid (period grid 0)");
  if (d.periodGrid > 0.0) {
    const size_t lines = gridFrequencies(d).size();
    if (lines < static_cast<size_t>(d.components))
      fail("the band " + std::to_string(d.minFrequency) + " to " + std::to_string(d.maxFrequency) + " Hz holds " +
           std::to_string(lines) + " multiples of 1/" + std::to_string(d.periodGrid) + " s, fewer than the " +
           std::to_string(d.components) + " components");
  }
}

std::vector<double> gridFrequencies(const MultisineDesign& d) {
  std::vector<double> f;
  if (!(d.periodGrid > 0.0)) return f;
  // A relative tolerance so that a band edge on the grid (0.1 Hz for T = 10 s) is inside.
  const long first = static_cast<long>(std::ceil(d.minFrequency * d.periodGrid - 1e-9));
  const long last = static_cast<long>(std::floor(d.maxFrequency * d.periodGrid + 1e-9));
  for (long m = std::max(first, 1L); m <= last; ++m) f.push_back(static_cast<double>(m) / d.periodGrid);
  return f;
}

MultisineTrajectory scaleMultisineIntoLimits(const MultisineTrajectory& trajectory,
                                             const std::vector<JointLimits>& limits) {
  const int n = trajectory.dof();
  if (static_cast<int>(limits.size()) != n)
    throw std::invalid_argument("scaleMultisineIntoLimits: " + std::to_string(limits.size()) + " limits for " +
                                std::to_string(n) + " joints");
  const AmplitudeBounds b = analyticBounds(trajectory);
  std::vector<std::vector<SineTerm>> terms = trajectory.terms();
  for (int i = 0; i < n; ++i) {
    const JointLimits& l = limits[static_cast<size_t>(i)];
    const double q0 = trajectory.offsets()[i];
    const double room = l.hasPositionLimits() ? std::max(0.0, std::min(l.upper - q0, q0 - l.lower)) : kInf;
    double factor = kInf;
    // Each bound is linear in the amplitudes, so one ratio per limit.
    if (b.position[i] > 0.0) factor = std::min(factor, room / b.position[i]);
    if (b.velocity[i] > 0.0) factor = std::min(factor, l.velocity / b.velocity[i]);
    if (b.acceleration[i] > 0.0) factor = std::min(factor, l.acceleration / b.acceleration[i]);
    if (!std::isfinite(factor)) continue;  // an unlimited joint keeps its amplitudes
    for (SineTerm& t : terms[static_cast<size_t>(i)]) t.amplitude *= factor;
  }
  return MultisineTrajectory(trajectory.duration(), trajectory.rampTime(), trajectory.offsets(), std::move(terms));
}

MultisineTrajectory schroederMultisine(const MultisineDesign& design, const Eigen::VectorXd& offsets,
                                       const std::vector<JointLimits>& limits, const LimitScale& scale) {
  validateMultisineDesign(design);
  const int n = static_cast<int>(offsets.size()), K = design.components;
  if (static_cast<int>(limits.size()) != n)
    throw std::invalid_argument("schroederMultisine: " + std::to_string(limits.size()) + " limits for " +
                                std::to_string(n) + " offsets");
  const std::vector<double> lines = gridFrequencies(design);
  const double band = design.maxFrequency - design.minFrequency;
  const double period = design.periodGrid > 0.0 ? design.periodGrid : design.duration;
  std::vector<std::vector<SineTerm>> terms(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const double share = static_cast<double>(i) / n;  // joint i's place between two of its lines
    const double tau = share * period;                // and its time shift [s]
    for (int k = 0; k < K; ++k) {
      double f;
      if (!lines.empty()) {
        // Line floor((k + i/n) L / K): distinct for the K terms of a joint since L >= K.
        const double L = static_cast<double>(lines.size());
        const size_t idx = std::min(lines.size() - 1, static_cast<size_t>(std::floor((k + share) * L / K)));
        f = lines[idx];
      } else {
        // The n K frequencies of all joints evenly over the band, both ends included.
        const double slots = K - 1.0 / n;
        f = slots > 0.0 ? design.minFrequency + band * (k + share) / slots
                        : 0.5 * (design.minFrequency + design.maxFrequency);
      }
      const double schroeder = -kPi * (k + 1) * k / K;  // phi_k = -pi k (k - 1) / K, k = 1..K
      terms[static_cast<size_t>(i)].push_back({1.0, f, wrapPhase(schroeder + kTwoPi * f * tau)});
    }
  }
  const MultisineTrajectory unit(design.duration, design.rampTime, offsets, std::move(terms));
  return scaleMultisineIntoLimits(unit, scaleLimits(limits, scale));
}

}  // namespace eb
