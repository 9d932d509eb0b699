#include "excitation/trajectory_conversion.hpp"

#include "util/math_constants.hpp"
#include "util/text_format.hpp"

#include <cmath>

namespace eb {
MultisineTrajectory multisineFromFourier(const FourierTrajectory& fourier) {
  const int dof = fourier.dof(), H = fourier.harmonics();
  const double wf = fourier.baseFrequency();
  std::vector<std::vector<SineTerm>> terms(static_cast<size_t>(dof));
  for (int i = 0; i < dof; ++i)
    for (int k = 1; k <= H; ++k) {
      const double a = fourier.a()(i, k - 1), b = fourier.b()(i, k - 1);
      terms[static_cast<size_t>(i)].push_back({std::hypot(a, b) / (wf * k), k / fourier.period(), std::atan2(-b, a)});
    }
  return MultisineTrajectory(fourier.duration(), 0.0, fourier.offsets(), std::move(terms));
}

FourierConversion fourierFromMultisine(const MultisineTrajectory& multisine, double period, double tolerance) {
  FourierConversion out;
  const double T = period > 0.0 ? period : multisine.duration();
  if (multisine.rampTime() > 0.0) {
    out.reason = "the envelope ramps (" + formatSignificant(multisine.rampTime(), 4) +
                 " s at each end) are not part of a Fourier series: set the ramp time to 0 first";
    return out;
  }
  const double cycles = multisine.duration() / T;
  const double wholeCycles = std::round(cycles);
  if (wholeCycles < 1.0 || std::abs(cycles - wholeCycles) > tolerance * std::max(1.0, cycles)) {
    out.reason = "the duration " + formatSignificant(multisine.duration(), 4) +
                 " s is not a whole number of periods T = " + formatSignificant(T, 4) + " s";
    return out;
  }
  // Harmonic numbers first: the count H is the highest one used.
  const int dof = multisine.dof();
  int H = 1;
  for (int i = 0; i < dof; ++i) {
    const std::vector<SineTerm>& terms = multisine.terms(i);
    for (size_t j = 0; j < terms.size(); ++j) {
      const double fT = terms[j].frequency * T, k = std::round(fT);
      if (std::abs(fT - k) <= tolerance) {
        H = std::max(H, static_cast<int>(k));
      } else if (terms[j].amplitude != 0.0) {  // a silent component is no obstacle
        out.reason = "component " + std::to_string(j + 1) + " of joint " + std::to_string(i + 1) + " at " +
                     formatSignificant(terms[j].frequency, 4) + " Hz is not a multiple of 1/T = " +
                     formatSignificant(1.0 / T, 4) + " Hz";
        return out;
      }
    }
  }
  // A sin(w t + phi) = A cos(phi) sin(w t) + A sin(phi) cos(w t); the Fourier terms are
  // a/(w_f k) sin - b/(w_f k) cos, so a = A w_f k cos(phi) and b = -A w_f k sin(phi).
  const double wf = kTwoPi / T;
  Eigen::VectorXd offsets = multisine.offsets();
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(dof, H), b = Eigen::MatrixXd::Zero(dof, H);
  for (int i = 0; i < dof; ++i)
    for (const SineTerm& s : multisine.terms(i)) {
      const double k = std::round(s.frequency * T);
      if (std::abs(s.frequency * T - k) > tolerance) continue;  // silent, off the grid
      if (k == 0.0) {
        offsets[i] += s.amplitude * std::sin(s.phase);  // 0 Hz: a constant
        continue;
      }
      const int kk = static_cast<int>(k);
      a(i, kk - 1) += s.amplitude * wf * k * std::cos(s.phase);
      b(i, kk - 1) -= s.amplitude * wf * k * std::sin(s.phase);
    }
  FourierTrajectory f(T, offsets, a, b);
  f.setCycles(static_cast<int>(wholeCycles));
  out.trajectory = std::move(f);
  return out;
}

}  // namespace eb
