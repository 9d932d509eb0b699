#include "excitation/fourier_trajectory.hpp"

#include "util/math_constants.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace eb {

namespace {

void requireFinite(const Eigen::MatrixXd& m, const char* what) {
  if (!m.allFinite()) throw std::invalid_argument(std::string("Fourier trajectory: ") + what + " must be finite");
}

}  // namespace

void fourierBasis(double wf, double t, int k, FourierBasis& out) {
  const double wk = wf * k;
  const double phase = wk * t;
  const double s = std::sin(phase);
  const double c = std::cos(phase);
  out.q_a = s / wk;
  out.qd_a = c;
  out.qdd_a = -wk * s;
  out.q_b = -c / wk;
  out.qd_b = s;
  out.qdd_b = wk * c;
}

FourierTrajectory::FourierTrajectory(double period, int harmonics, Eigen::VectorXd offsets)
    : FourierTrajectory(period, offsets, Eigen::MatrixXd::Zero(offsets.size(), harmonics < 0 ? 0 : harmonics),
                        Eigen::MatrixXd::Zero(offsets.size(), harmonics < 0 ? 0 : harmonics)) {
  if (harmonics < 0) throw std::invalid_argument("Fourier trajectory: harmonics must be >= 0");
}

FourierTrajectory::FourierTrajectory(double period, Eigen::VectorXd offsets, Eigen::MatrixXd a, Eigen::MatrixXd b)
    : offsets_(std::move(offsets)), a_(std::move(a)), b_(std::move(b)) {
  if (!(period > 0.0) || !std::isfinite(period))
    throw std::invalid_argument("Fourier trajectory: period must be a positive number of seconds, got " +
                                std::to_string(period));
  if (a_.rows() != offsets_.size() || b_.rows() != offsets_.size() || a_.cols() != b_.cols())
    throw std::invalid_argument("Fourier trajectory: a and b must both be dof x harmonics (" +
                                std::to_string(offsets_.size()) + " joints), got " + std::to_string(a_.rows()) +
                                "x" + std::to_string(a_.cols()) + " and " + std::to_string(b_.rows()) + "x" +
                                std::to_string(b_.cols()));
  requireFinite(offsets_, "offsets");
  requireFinite(a_, "coefficients a");
  requireFinite(b_, "coefficients b");
  period_ = period;
  wf_ = kTwoPi / period;
}

void FourierTrajectory::setCycles(int cycles) {
  if (cycles < 1) throw std::invalid_argument("Fourier trajectory: cycles must be >= 1, got " + std::to_string(cycles));
  cycles_ = cycles;
}

void FourierTrajectory::setOffsets(const Eigen::VectorXd& offsets) {
  if (offsets.size() != offsets_.size()) throw std::invalid_argument("Fourier trajectory: offsets size differs from dof");
  requireFinite(offsets, "offsets");
  offsets_ = offsets;
}

void FourierTrajectory::setCoefficients(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  if (a.rows() != a_.rows() || a.cols() != a_.cols() || b.rows() != b_.rows() || b.cols() != b_.cols())
    throw std::invalid_argument("Fourier trajectory: coefficient matrices must keep their dof x harmonics size");
  requireFinite(a, "coefficients a");
  requireFinite(b, "coefficients b");
  a_ = a;
  b_ = b;
}

void FourierTrajectory::evaluate(double t, Eigen::VectorXd& q, Eigen::VectorXd& qd, Eigen::VectorXd& qdd) const {
  const Eigen::Index n = offsets_.size();
  q.resize(n);
  qd.resize(n);
  qdd.resize(n);
  q = offsets_;
  qd.setZero();
  qdd.setZero();
  // Harmonic-major loop: one sin/cos pair per harmonic, shared by all joints.
  for (int k = 1; k <= harmonics(); ++k) {
    FourierBasis B;
    fourierBasis(wf_, t, k, B);
    for (Eigen::Index i = 0; i < n; ++i) {
      const double ak = a_(i, k - 1), bk = b_(i, k - 1);
      q[i] += ak * B.q_a + bk * B.q_b;
      qd[i] += ak * B.qd_a + bk * B.qd_b;
      qdd[i] += ak * B.qdd_a + bk * B.qdd_b;
    }
  }
}

void FourierTrajectory::evaluateJoint(int i, double t, double& q, double& qd, double& qdd) const {
  q = offsets_[i];
  qd = 0.0;
  qdd = 0.0;
  for (int k = 1; k <= harmonics(); ++k) {
    FourierBasis B;
    fourierBasis(wf_, t, k, B);
    const double ak = a_(i, k - 1), bk = b_(i, k - 1);
    q += ak * B.q_a + bk * B.q_b;
    qd += ak * B.qd_a + bk * B.qd_b;
    qdd += ak * B.qdd_a + bk * B.qdd_b;
  }
}

void FourierTrajectory::basisAll(double t, FourierBasis* out) const {
  for (int k = 1; k <= harmonics(); ++k) fourierBasis(wf_, t, k, out[k - 1]);
}

Eigen::VectorXd FourierTrajectory::startPosition() const {
  Eigen::VectorXd q0 = offsets_;
  for (int k = 1; k <= harmonics(); ++k) q0 -= b_.col(k - 1) / (wf_ * k);
  return q0;
}

double FourierTrajectory::restResidual() const {
  double worst = 0.0;
  for (Eigen::Index i = 0; i < a_.rows(); ++i) {
    double sa = 0.0, sb = 0.0;
    for (int k = 1; k <= harmonics(); ++k) {
      sa += a_(i, k - 1);
      sb += k * b_(i, k - 1);
    }
    worst = std::max(worst, std::max(std::abs(sa), std::abs(sb)));
  }
  return worst;
}

Eigen::VectorXd FourierTrajectory::coefficients() const {
  Eigen::VectorXd c(coefficientCount());
  c.head(dof()) = offsets_;
  for (int i = 0; i < dof(); ++i) {
    c.segment(aIndex(i, 1), harmonics()) = a_.row(i).transpose();
    c.segment(bIndex(i, 1), harmonics()) = b_.row(i).transpose();
  }
  return c;
}

void FourierTrajectory::setCoefficients(const Eigen::VectorXd& c) {
  if (c.size() != coefficientCount())
    throw std::invalid_argument("Fourier trajectory: coefficient vector must have " +
                                std::to_string(coefficientCount()) + " entries, got " + std::to_string(c.size()));
  requireFinite(c, "coefficients");
  offsets_ = c.head(dof());
  for (int i = 0; i < dof(); ++i) {
    a_.row(i) = c.segment(aIndex(i, 1), harmonics()).transpose();
    b_.row(i) = c.segment(bIndex(i, 1), harmonics()).transpose();
  }
}

void enforceRestConditions(FourierTrajectory& trajectory) {
  const int H = trajectory.harmonics();
  if (H < 1) return;
  Eigen::MatrixXd& a = trajectory.mutableA();
  Eigen::MatrixXd& b = trajectory.mutableB();
  for (int i = 0; i < trajectory.dof(); ++i) {
    double sa = 0.0, sb = 0.0;
    for (int k = 2; k <= H; ++k) {
      sa += a(i, k - 1);
      sb += k * b(i, k - 1);
    }
    a(i, 0) = -sa;
    b(i, 0) = -sb;
  }
}

// ---------------------------------------------------------------------------

FourierRestParametrization::FourierRestParametrization(int dof, int harmonics, bool includeOffsets)
    : dof_(dof), harmonics_(harmonics), includeOffsets_(includeOffsets) {
  if (dof < 0) throw std::invalid_argument("Fourier rest parametrization: dof must be >= 0");
  if (harmonics < 1) throw std::invalid_argument("Fourier rest parametrization: harmonics must be >= 1");
}

int FourierRestParametrization::size() const { return (includeOffsets_ ? dof_ : 0) + dof_ * 2 * (harmonics_ - 1); }

int FourierRestParametrization::aIndex(int i, int k) const {
  return (includeOffsets_ ? dof_ : 0) + i * 2 * (harmonics_ - 1) + (k - 2);
}

int FourierRestParametrization::bIndex(int i, int k) const {
  return (includeOffsets_ ? dof_ : 0) + i * 2 * (harmonics_ - 1) + (harmonics_ - 1) + (k - 2);
}

void FourierRestParametrization::apply(const Eigen::VectorXd& x, FourierTrajectory& trajectory) const {
  if (x.size() != size() || trajectory.dof() != dof_ || trajectory.harmonics() != harmonics_)
    throw std::invalid_argument("Fourier rest parametrization: expected a free vector of " + std::to_string(size()) +
                                " and a trajectory with " + std::to_string(dof_) + " joints and " +
                                std::to_string(harmonics_) + " harmonics");
  if (includeOffsets_) trajectory.mutableOffsets() = x.head(dof_);
  Eigen::MatrixXd& a = trajectory.mutableA();
  Eigen::MatrixXd& b = trajectory.mutableB();
  for (int i = 0; i < dof_; ++i) {
    double sa = 0.0, sb = 0.0;
    for (int k = 2; k <= harmonics_; ++k) {
      const double ak = x[aIndex(i, k)], bk = x[bIndex(i, k)];
      a(i, k - 1) = ak;
      b(i, k - 1) = bk;
      sa += ak;
      sb += k * bk;
    }
    a(i, 0) = -sa;
    b(i, 0) = -sb;
  }
}

FourierTrajectory FourierRestParametrization::toTrajectory(const Eigen::VectorXd& x, double period,
                                                           const Eigen::VectorXd& offsets) const {
  Eigen::VectorXd q0 = offsets.size() == 0 ? Eigen::VectorXd::Zero(dof_) : offsets;
  if (q0.size() != dof_) throw std::invalid_argument("Fourier rest parametrization: offsets size differs from dof");
  FourierTrajectory trajectory(period, harmonics_, q0);
  if (!x.allFinite()) throw std::invalid_argument("Fourier rest parametrization: free vector must be finite");
  apply(x, trajectory);
  return trajectory;
}

Eigen::VectorXd FourierRestParametrization::fromTrajectory(const FourierTrajectory& trajectory) const {
  if (trajectory.dof() != dof_ || trajectory.harmonics() != harmonics_)
    throw std::invalid_argument("Fourier rest parametrization: trajectory has " + std::to_string(trajectory.dof()) +
                                " joints and " + std::to_string(trajectory.harmonics()) + " harmonics, expected " +
                                std::to_string(dof_) + " and " + std::to_string(harmonics_));
  Eigen::VectorXd x(size());
  if (includeOffsets_) x.head(dof_) = trajectory.offsets();
  for (int i = 0; i < dof_; ++i)
    for (int k = 2; k <= harmonics_; ++k) {
      x[aIndex(i, k)] = trajectory.a()(i, k - 1);
      x[bIndex(i, k)] = trajectory.b()(i, k - 1);
    }
  return x;
}

Eigen::MatrixXd FourierRestParametrization::jacobian() const {
  const int H = harmonics_;
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(dof_ * (1 + 2 * H), size());
  // Same layout as FourierTrajectory::coefficients().
  const auto fullA = [&](int i, int k) { return dof_ + i * 2 * H + (k - 1); };
  const auto fullB = [&](int i, int k) { return dof_ + i * 2 * H + H + (k - 1); };
  for (int i = 0; i < dof_; ++i) {
    if (includeOffsets_) J(i, i) = 1.0;
    for (int k = 2; k <= H; ++k) {
      J(fullA(i, k), aIndex(i, k)) = 1.0;
      J(fullA(i, 1), aIndex(i, k)) = -1.0;
      J(fullB(i, k), bIndex(i, k)) = 1.0;
      J(fullB(i, 1), bIndex(i, k)) = -static_cast<double>(k);
    }
  }
  return J;
}

}  // namespace eb
