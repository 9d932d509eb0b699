#pragma once
// Fourier basis tables at fixed sample times, for the optimizer: evaluates a
// trajectory at every sample with three small matrix products, and chains
// per-sample sensitivities (d phi / d q, qd, qdd of each joint at each sample)
// back to the free vector x of FourierRestParametrization. Because q, qd and
// qdd are linear in the coefficients, this chain rule is exact.

#include "excitation/fourier_trajectory.hpp"

#include <Eigen/Core>

namespace eb {

class FourierSampleBasis {
 public:
  /// Tables of harmonics 1..H of base frequency 2 pi / period [s] at `times` [s].
  FourierSampleBasis(double period, int harmonics, Eigen::VectorXd times);

  int size() const { return static_cast<int>(times_.size()); }
  int harmonics() const { return static_cast<int>(qa_.cols()); }
  const Eigen::VectorXd& times() const { return times_; }

  /// q [rad], qd [rad/s], qdd [rad/s^2] of all samples (size() x dof); resizes the outputs if needed.
  void evaluate(const FourierTrajectory& trajectory, Eigen::MatrixXd& q, Eigen::MatrixXd& qd,
                Eigen::MatrixXd& qdd) const;

  /// d phi / d x (p.size()) from per-sample sensitivities gq = d phi / d q [1/rad], gqd, gqdd
  /// (each size() x dof); writes grad.
  void chainToFree(const FourierRestParametrization& p, const Eigen::MatrixXd& gq, const Eigen::MatrixXd& gqd,
                   const Eigen::MatrixXd& gqdd, double* grad) const;

 private:
  Eigen::VectorXd times_;
  // size() x H: d(q, qd, qdd)/d(a_k, b_k) at each sample (FourierBasis fields).
  Eigen::MatrixXd qa_, qb_, qda_, qdb_, qdda_, qddb_;
};

/// Adds wq * dq_i/dx + wqd * dqd_i/dx + wqdd * dqdd_i/dx of joint i at time t [s] to grad
/// (p.size() entries); wf = 2 pi / T [rad/s]. No allocation.
void addJointGradientAt(const FourierRestParametrization& p, double wf, double t, int joint, double wq, double wqd,
                        double wqdd, double* grad);

}  // namespace eb
