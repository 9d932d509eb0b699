#pragma once
// General multi-sine excitation trajectory with a rest-to-rest envelope, per joint i:
//
//   q_i(t) = q_i0 + e(t) d_i(t),   d_i(t) = sum_j A_ij sin(2 pi f_ij t + phi_ij)
//
// A [rad], f [Hz], phi [rad], t [s]. Unlike the Fourier series the
// frequencies are free (not multiples of one base frequency), so the
// trajectory is not periodic and the coefficient constraints that make a
// Fourier series start and stop at rest do not exist. Instead the deviation
// from the offset is multiplied by an envelope e(t) that rises from 0 to 1
// over the ramp time Tr with the quintic smoothstep s(u) = 10u^3 - 15u^4 + 6u^5
// (u = t/Tr), stays 1, and falls symmetrically over the last Tr seconds.
// Why this envelope: s, s', s'' are 0 at u = 0 and s = 1, s' = s'' = 0 at u = 1,
// so q = q0 and qd = qdd = 0 exactly at both ends whatever the terms are, and
// q, qd, qdd stay continuous (C2) at the ramp joins, so the commanded
// acceleration never jumps. It only scales the signal (derivatives by the
// product rule), leaving the terms' spectrum untouched in the middle. The
// price: the ramps excite less, and the ramps add e' d and e'' d terms to
// qd and qdd (the analytic bounds account for them).
// Outside [0, duration] the trajectory holds q0 at rest. rampTime = 0 turns
// the envelope off (e = 1 on [0, duration]); then the ends are not at rest.

#include <Eigen/Core>

#include <vector>

namespace eb {

/// One sine term: amplitude [rad], frequency [Hz], phase [rad].
struct SineTerm {
  double amplitude = 0.0;
  double frequency = 0.0;
  double phase = 0.0;
};

/// Envelope value e [1] and its time derivatives de [1/s], dde [1/s^2].
struct Envelope {
  double e = 0.0, de = 0.0, dde = 0.0;
};

/// Rest-to-rest quintic-smoothstep envelope at t [s] for a run of `duration` [s] with ramps of rampTime [s].
Envelope restEnvelope(double t, double duration, double rampTime);
/// max |de/dt| of the envelope [1/s]: 15 / (8 Tr) (0 without ramp).
double envelopeMaxRate(double rampTime);
/// max |d2e/dt2| of the envelope [1/s^2]: 10 / (sqrt(3) Tr^2) (0 without ramp).
double envelopeMaxCurvature(double rampTime);

class MultisineTrajectory {
 public:
  /// Empty trajectory: 0 joints, duration 1 s, no ramp.
  MultisineTrajectory() = default;
  /// duration [s] > 0, 0 <= rampTime [s] <= duration / 2, offsets (dof) [rad], terms per joint
  /// (frequencies >= 0 Hz, all finite); throws std::invalid_argument.
  MultisineTrajectory(double duration, double rampTime, Eigen::VectorXd offsets,
                      std::vector<std::vector<SineTerm>> terms);

  /// Number of joints.
  int dof() const { return static_cast<int>(offsets_.size()); }
  /// Total duration [s].
  double duration() const { return duration_; }
  /// Ramp time at each end [s].
  double rampTime() const { return rampTime_; }
  /// Offsets q_i0 (dof) [rad]: the rest position at both ends.
  const Eigen::VectorXd& offsets() const { return offsets_; }
  /// Terms of every joint (dof lists).
  const std::vector<std::vector<SineTerm>>& terms() const { return terms_; }
  /// Terms of joint i (0-based).
  const std::vector<SineTerm>& terms(int i) const { return terms_[static_cast<size_t>(i)]; }

  /// q [rad], qd [rad/s], qdd [rad/s^2] of all joints at t [s]; resizes only if the sizes differ.
  void evaluate(double t, Eigen::VectorXd& q, Eigen::VectorXd& qd, Eigen::VectorXd& qdd) const;
  /// q [rad], qd [rad/s], qdd [rad/s^2] of joint i (0-based) at t [s].
  void evaluateJoint(int i, double t, double& q, double& qd, double& qdd) const;

 private:
  void evaluateJoint(int i, double t, const Envelope& env, double& q, double& qd, double& qdd) const;

  double duration_ = 1.0;
  double rampTime_ = 0.0;
  Eigen::VectorXd offsets_;
  std::vector<std::vector<SineTerm>> terms_;
};

}  // namespace eb
