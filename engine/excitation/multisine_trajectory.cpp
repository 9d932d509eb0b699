#include "excitation/multisine_trajectory.hpp"

#include "util/math_constants.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace eb {

namespace {

// Quintic smoothstep s(u) = 10u^3 - 15u^4 + 6u^5 and its u-derivatives, u in [0, 1].
void smoothstep(double u, double& s, double& ds, double& dds) {
  const double u2 = u * u;
  const double v = 1.0 - u;
  s = u2 * u * (10.0 - 15.0 * u + 6.0 * u2);
  ds = 30.0 * u2 * v * v;
  dds = 60.0 * u * v * (1.0 - 2.0 * u);
}

}  // namespace

Envelope restEnvelope(double t, double duration, double rampTime) {
  Envelope env;
  if (t < 0.0 || t > duration) return env;
  env.e = 1.0;
  if (!(rampTime > 0.0)) return env;
  double s, ds, dds;
  if (t < rampTime) {
    smoothstep(t / rampTime, s, ds, dds);
    env = {s, ds / rampTime, dds / (rampTime * rampTime)};
  } else if (t > duration - rampTime) {
    // Mirror image: u runs backwards in time, so the first derivative flips sign.
    smoothstep((duration - t) / rampTime, s, ds, dds);
    env = {s, -ds / rampTime, dds / (rampTime * rampTime)};
  }
  return env;
}

double envelopeMaxRate(double rampTime) { return rampTime > 0.0 ? 15.0 / (8.0 * rampTime) : 0.0; }

double envelopeMaxCurvature(double rampTime) {
  return rampTime > 0.0 ? 10.0 / (std::sqrt(3.0) * rampTime * rampTime) : 0.0;
}

MultisineTrajectory::MultisineTrajectory(double duration, double rampTime, Eigen::VectorXd offsets,
                                         std::vector<std::vector<SineTerm>> terms)
    : offsets_(std::move(offsets)), terms_(std::move(terms)) {
  if (!(duration > 0.0) || !std::isfinite(duration))
    throw std::invalid_argument("multi-sine trajectory: duration must be a positive number of seconds, got " +
                                std::to_string(duration));
  if (!(rampTime >= 0.0) || !(2.0 * rampTime <= duration))
    throw std::invalid_argument("multi-sine trajectory: ramp time must be between 0 and half the duration (" +
                                std::to_string(duration / 2.0) + " s), got " + std::to_string(rampTime));
  if (static_cast<Eigen::Index>(terms_.size()) != offsets_.size())
    throw std::invalid_argument("multi-sine trajectory: " + std::to_string(offsets_.size()) + " offsets but " +
                                std::to_string(terms_.size()) + " term lists");
  if (!offsets_.allFinite()) throw std::invalid_argument("multi-sine trajectory: offsets must be finite");
  for (size_t i = 0; i < terms_.size(); ++i)
    for (size_t j = 0; j < terms_[i].size(); ++j) {
      const SineTerm& s = terms_[i][j];
      const std::string where = "multi-sine trajectory: joint " + std::to_string(i + 1) + " term " +
                                std::to_string(j + 1) + ": ";
      if (!std::isfinite(s.amplitude) || !std::isfinite(s.phase))
        throw std::invalid_argument(where + "amplitude and phase must be finite");
      if (!std::isfinite(s.frequency) || s.frequency < 0.0)
        throw std::invalid_argument(where + "frequency must be a finite number >= 0 Hz");
    }
  duration_ = duration;
  rampTime_ = rampTime;
}

void MultisineTrajectory::evaluateJoint(int i, double t, const Envelope& env, double& q, double& qd,
                                        double& qdd) const {
  // Deviation d and its derivatives, then the product rule with the envelope.
  double d = 0.0, dd = 0.0, ddd = 0.0;
  for (const SineTerm& s : terms_[static_cast<size_t>(i)]) {
    const double w = kTwoPi * s.frequency;
    const double sn = std::sin(w * t + s.phase);
    const double cs = std::cos(w * t + s.phase);
    d += s.amplitude * sn;
    dd += s.amplitude * w * cs;
    ddd -= s.amplitude * w * w * sn;
  }
  q = offsets_[i] + env.e * d;
  qd = env.de * d + env.e * dd;
  qdd = env.dde * d + 2.0 * env.de * dd + env.e * ddd;
}

void MultisineTrajectory::evaluateJoint(int i, double t, double& q, double& qd, double& qdd) const {
  evaluateJoint(i, t, restEnvelope(t, duration_, rampTime_), q, qd, qdd);
}

void MultisineTrajectory::evaluate(double t, Eigen::VectorXd& q, Eigen::VectorXd& qd, Eigen::VectorXd& qdd) const {
  const Eigen::Index n = offsets_.size();
  q.resize(n);
  qd.resize(n);
  qdd.resize(n);
  const Envelope env = restEnvelope(t, duration_, rampTime_);
  for (Eigen::Index i = 0; i < n; ++i) evaluateJoint(static_cast<int>(i), t, env, q[i], qd[i], qdd[i]);
}

}  // namespace eb
