#include "excitation/trajectory_sampling.hpp"

#include "util/math_constants.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace eb {
namespace {

constexpr int kAnchorEvery = 32;  // exact sin/cos every 32 samples: rotation round-off stays ~1e-14

// A multi-sine on the uniform grid t_j = j / rate. Each term's (sin, cos) is turned by the
// rotation exp(i w / rate) from one sample to the next instead of calling sin and cos for
// every term at every sample (the Fourier series shares one pair per harmonic across joints;
// a multi-sine has one pair per term per joint, which made it ~2x slower to evaluate live),
// and re-anchored with exact values every kAnchorEvery samples. Same formulas as
// MultisineTrajectory::evaluateJoint; rows agree with evaluate() to ~1e-14 relative.
TrajectorySamples sampleMultisineUniform(const MultisineTrajectory& m, int n, double rateHz) {
  const int dof = m.dof();
  TrajectorySamples s;
  s.t.resize(n);
  s.q.resize(n, dof);
  s.qd.resize(n, dof);
  s.qdd.resize(n, dof);
  struct Term {
    double amplitude, w, phase, rotCos, rotSin, sn, cs;
  };
  std::vector<std::vector<Term>> terms(static_cast<size_t>(dof));
  for (int i = 0; i < dof; ++i)
    for (const SineTerm& t : m.terms(i)) {
      const double w = kTwoPi * t.frequency;
      terms[static_cast<size_t>(i)].push_back({t.amplitude, w, t.phase, std::cos(w / rateHz), std::sin(w / rateHz), 0, 0});
    }
  for (int j = 0; j < n; ++j) {
    const double t = j / rateHz;
    s.t[j] = t;
    const Envelope env = restEnvelope(t, m.duration(), m.rampTime());
    const bool anchor = j % kAnchorEvery == 0;
    for (int i = 0; i < dof; ++i) {
      double d = 0.0, dd = 0.0, ddd = 0.0;
      for (Term& term : terms[static_cast<size_t>(i)]) {
        if (anchor) {
          term.sn = std::sin(term.w * t + term.phase);
          term.cs = std::cos(term.w * t + term.phase);
        } else {
          const double sn = term.sn * term.rotCos + term.cs * term.rotSin;
          term.cs = term.cs * term.rotCos - term.sn * term.rotSin;
          term.sn = sn;
        }
        d += term.amplitude * term.sn;
        dd += term.amplitude * term.w * term.cs;
        ddd -= term.amplitude * term.w * term.w * term.sn;
      }
      s.q(j, i) = m.offsets()[i] + env.e * d;
      s.qd(j, i) = env.de * d + env.e * dd;
      s.qdd(j, i) = env.dde * d + 2.0 * env.de * dd + env.e * ddd;
    }
  }
  return s;
}

}  // namespace

int uniformSampleCount(double duration, double rateHz) {
  if (!(rateHz > 0.0) || !std::isfinite(rateHz))
    throw std::invalid_argument("sample rate must be a positive number of Hz, got " + std::to_string(rateHz));
  if (!(duration >= 0.0) || !std::isfinite(duration))
    throw std::invalid_argument("duration must be a finite number of seconds >= 0, got " + std::to_string(duration));
  // A relative tolerance so that 10 s at 500 Hz gives 5001 samples even when
  // duration * rate rounds to 4999.999...; the last sample is then at
  // 5000 / 500 = 10 s exactly, never past the end by more than round-off.
  const double steps = duration * rateHz;
  const double n = std::floor(steps + 1e-9 * std::max(1.0, steps));
  if (n >= 2.0e9) throw std::invalid_argument("too many samples: " + std::to_string(n));
  return static_cast<int>(n) + 1;
}

TrajectorySamples sampleTrajectoryAt(const Trajectory& trajectory, const Eigen::VectorXd& times) {
  const int n = static_cast<int>(times.size());
  const int dof = trajectoryDof(trajectory);
  TrajectorySamples s;
  s.t = times;
  s.q.resize(n, dof);
  s.qd.resize(n, dof);
  s.qdd.resize(n, dof);
  Eigen::VectorXd q(dof), qd(dof), qdd(dof);
  for (int j = 0; j < n; ++j) {
    evaluateTrajectory(trajectory, times[j], q, qd, qdd);
    s.q.row(j) = q.transpose();
    s.qd.row(j) = qd.transpose();
    s.qdd.row(j) = qdd.transpose();
  }
  return s;
}

TrajectorySamples sampleTrajectory(const Trajectory& trajectory, double rateHz) {
  const int n = uniformSampleCount(trajectoryDuration(trajectory), rateHz);
  if (const auto* m = std::get_if<MultisineTrajectory>(&trajectory)) return sampleMultisineUniform(*m, n, rateHz);
  Eigen::VectorXd times(n);
  // j / rate rather than accumulating dt: no drift, and exact end points.
  for (int j = 0; j < n; ++j) times[j] = j / rateHz;
  return sampleTrajectoryAt(trajectory, times);
}

}  // namespace eb
