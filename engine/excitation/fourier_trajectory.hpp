#pragma once
// Finite Fourier series excitation trajectory (Swevers et al. 1997), per joint i:
//
//   q_i(t) = q_i0 + sum_{k=1..H} a_ik/(w_f k) sin(k w_f t) - b_ik/(w_f k) cos(k w_f t)
//   w_f = 2 pi / T
//
// Units: t and T in s, w_f in rad/s, q_i0 in rad (m for prismatic joints),
// a_ik and b_ik in rad/s (they are the velocity amplitudes: qd_i is
// sum a_ik cos + b_ik sin). Everything here is exact and analytic; q, qd, qdd
// and all their coefficient derivatives are linear in (q0, a, b).
//
// Start and end at rest. The series is periodic, so qd(0) = qd(T) and
// qdd(0) = qdd(T), and both vanish iff, per joint,
//   sum_k a_ik = 0          (qd(0)  = sum_k a_ik)
//   sum_k k b_ik = 0        (qdd(0) = w_f sum_k k b_ik)
// We impose these as linear constraints on the coefficients
// (FourierRestParametrization) instead of splicing a blend segment at the
// ends because (1) the whole trajectory stays a pure Fourier series, so every
// second of it is exciting and its spectrum is exactly H known lines, (2) it
// stays periodic, so the experiment can run several periods back to back and
// average them to cut measurement noise, and (3) the constraints are linear,
// so the optimizer works on an unconstrained free vector with an exact,
// constant Jacobian. Note q(0) = q0 - sum_k b_k/(w_f k) is not q0 in general:
// the robot must be brought to startPosition() before the run.

#include <Eigen/Core>

namespace eb {

/// Derivatives of (q, qd, qdd) of one joint with respect to its coefficients
/// a_ik and b_ik of harmonic k at time t. They do not depend on the joint or
/// on the coefficients (the series is linear in them). Units: q_a [s] (rad per
/// rad/s), qd_a [1], qdd_a [1/s]; the same for b.
struct FourierBasis {
  double q_a = 0.0, qd_a = 0.0, qdd_a = 0.0;
  double q_b = 0.0, qd_b = 0.0, qdd_b = 0.0;
};

/// Basis of harmonic k (1-based) at time t [s] for base frequency wf [rad/s]; no allocation.
void fourierBasis(double wf, double t, int k, FourierBasis& out);

class FourierTrajectory {
 public:
  /// Empty trajectory: 0 joints, 0 harmonics, period 1 s.
  FourierTrajectory() = default;
  /// All coefficients zero: holds `offsets` [rad] for `period` [s]; throws std::invalid_argument.
  FourierTrajectory(double period, int harmonics, Eigen::VectorXd offsets);
  /// Offsets (dof) [rad], a and b (dof x H) [rad/s], column k-1 is harmonic k; throws std::invalid_argument.
  FourierTrajectory(double period, Eigen::VectorXd offsets, Eigen::MatrixXd a, Eigen::MatrixXd b);

  /// Number of joints.
  int dof() const { return static_cast<int>(offsets_.size()); }
  /// Number of harmonics H.
  int harmonics() const { return static_cast<int>(a_.cols()); }
  /// Period T [s].
  double period() const { return period_; }
  /// Base angular frequency w_f = 2 pi / T [rad/s].
  double baseFrequency() const { return wf_; }
  /// Number of periods the experiment runs back to back (>= 1).
  int cycles() const { return cycles_; }
  /// Sets the number of periods to run (>= 1); throws std::invalid_argument.
  void setCycles(int cycles);
  /// Total duration cycles * T [s].
  double duration() const { return cycles_ * period_; }

  /// Offsets q_i0 (dof) [rad].
  const Eigen::VectorXd& offsets() const { return offsets_; }
  /// Coefficients a (dof x H) [rad/s]; a(i, k-1) = a_ik.
  const Eigen::MatrixXd& a() const { return a_; }
  /// Coefficients b (dof x H) [rad/s]; b(i, k-1) = b_ik.
  const Eigen::MatrixXd& b() const { return b_; }
  /// Replaces the offsets (same size) [rad]; throws std::invalid_argument.
  void setOffsets(const Eigen::VectorXd& offsets);
  /// Replaces a and b (same sizes) [rad/s]; throws std::invalid_argument.
  void setCoefficients(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b);
  /// Coefficients a for in-place edits by optimizers (no checks, no allocation; keep the size) [rad/s].
  Eigen::MatrixXd& mutableA() { return a_; }
  /// Coefficients b for in-place edits (as mutableA) [rad/s].
  Eigen::MatrixXd& mutableB() { return b_; }
  /// Offsets for in-place edits (as mutableA) [rad].
  Eigen::VectorXd& mutableOffsets() { return offsets_; }

  /// q [rad], qd [rad/s], qdd [rad/s^2] of all joints at t [s]; resizes only if the sizes differ.
  void evaluate(double t, Eigen::VectorXd& q, Eigen::VectorXd& qd, Eigen::VectorXd& qdd) const;
  /// q [rad], qd [rad/s], qdd [rad/s^2] of joint i (0-based) at t [s].
  void evaluateJoint(int i, double t, double& q, double& qd, double& qdd) const;
  /// Coefficient derivatives of harmonic k (1..H) at t [s] (see FourierBasis); no allocation.
  void basis(double t, int k, FourierBasis& out) const { fourierBasis(wf_, t, k, out); }
  /// Coefficient derivatives of all harmonics at t [s] into out[0..H-1]; no allocation.
  void basisAll(double t, FourierBasis* out) const;

  /// Position at t = 0 (where the robot must wait before the run) [rad].
  Eigen::VectorXd startPosition() const;
  /// Largest rest-condition residual over joints: max(|sum_k a_ik|, |sum_k k b_ik|) [rad/s].
  double restResidual() const;

  /// Size of the full coefficient vector: dof * (1 + 2H).
  int coefficientCount() const { return dof() * (1 + 2 * harmonics()); }
  /// Full coefficient vector c = [q0 (dof); joint 0: a_01..a_0H, b_01..b_0H; joint 1: ...].
  Eigen::VectorXd coefficients() const;
  /// Sets everything from a full coefficient vector (layout of coefficients()); throws std::invalid_argument.
  void setCoefficients(const Eigen::VectorXd& c);
  /// Index of q_i0 in the full vector (i 0-based).
  int offsetIndex(int i) const { return i; }
  /// Index of a_ik in the full vector (i 0-based, k 1-based).
  int aIndex(int i, int k) const { return dof() + i * 2 * harmonics() + (k - 1); }
  /// Index of b_ik in the full vector (i 0-based, k 1-based).
  int bIndex(int i, int k) const { return dof() + i * 2 * harmonics() + harmonics() + (k - 1); }

 private:
  double period_ = 1.0;
  double wf_ = 6.283185307179586;
  int cycles_ = 1;
  Eigen::VectorXd offsets_;
  Eigen::MatrixXd a_;
  Eigen::MatrixXd b_;
};

/// Recomputes a_i1 and b_i1 from the harmonics k >= 2 so that the trajectory starts
/// and ends at rest exactly (a_i1 = -sum_{k>=2} a_ik, b_i1 = -sum_{k>=2} k b_ik).
void enforceRestConditions(FourierTrajectory& trajectory);

/// The free-vector parametrization of rest-to-rest Fourier trajectories, for
/// optimizers. Free vector x, in this order:
///   [q0 (dof), only if includeOffsets;
///    joint 0: a_02..a_0H, b_02..b_0H; joint 1: ...]
/// Full coefficients follow linearly: a_ik = x_a(i,k), b_ik = x_b(i,k) for
/// k >= 2, a_i1 = -sum_{k>=2} a_ik, b_i1 = -sum_{k>=2} k b_ik, so every x
/// gives qd = qdd = 0 at t = 0 and t = T exactly. Offsets not in x are kept
/// from the trajectory (a constant term of the affine map).
/// Gradients: d(anything)/dx = d(anything)/dc * jacobian(), with c the full
/// vector of FourierTrajectory::coefficients(). Equivalently, per joint,
/// d/dx_a(i,k) = (basis(k) - basis(1)) on the a-terms and
/// d/dx_b(i,k) = (basis(k) - k basis(1)) on the b-terms.
class FourierRestParametrization {
 public:
  /// dof joints, H >= 1 harmonics (H = 1 leaves no free coefficient); throws std::invalid_argument.
  FourierRestParametrization(int dof, int harmonics, bool includeOffsets = true);

  /// Number of joints.
  int dof() const { return dof_; }
  /// Number of harmonics H.
  int harmonics() const { return harmonics_; }
  /// Whether the offsets q_i0 lead the free vector.
  bool includesOffsets() const { return includeOffsets_; }
  /// Length of the free vector: (includeOffsets ? dof : 0) + dof * 2 (H - 1).
  int size() const;
  /// Index in x of the free a_ik (i 0-based, k = 2..H).
  int aIndex(int i, int k) const;
  /// Index in x of the free b_ik (i 0-based, k = 2..H).
  int bIndex(int i, int k) const;

  /// Writes x into an existing trajectory of matching dof and H (no allocation); throws std::invalid_argument on size mismatch.
  void apply(const Eigen::VectorXd& x, FourierTrajectory& trajectory) const;
  /// New trajectory of period [s] from x; offsets [rad] are used when x has none (default zero).
  FourierTrajectory toTrajectory(const Eigen::VectorXd& x, double period,
                                 const Eigen::VectorXd& offsets = Eigen::VectorXd()) const;
  /// Free vector of a trajectory (reads the k >= 2 coefficients; a_i1, b_i1 are implied).
  Eigen::VectorXd fromTrajectory(const FourierTrajectory& trajectory) const;
  /// Constant Jacobian d c / d x of the full coefficient vector, (dof (1 + 2H)) x size().
  Eigen::MatrixXd jacobian() const;

 private:
  int dof_;
  int harmonics_;
  bool includeOffsets_;
};

}  // namespace eb
