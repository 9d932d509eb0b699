#include "excitation/optimizer_sample_basis.hpp"

#include "util/math_constants.hpp"

#include <stdexcept>
#include <utility>

namespace eb {

FourierSampleBasis::FourierSampleBasis(double period, int harmonics, Eigen::VectorXd times)
    : times_(std::move(times)) {
  if (!(period > 0.0) || harmonics < 1)
    throw std::invalid_argument("Fourier sample basis: needs a positive period and at least one harmonic");
  const Eigen::Index n = times_.size();
  for (Eigen::MatrixXd* m : {&qa_, &qb_, &qda_, &qdb_, &qdda_, &qddb_}) m->resize(n, harmonics);
  const double wf = kTwoPi / period;
  for (Eigen::Index s = 0; s < n; ++s)
    for (int k = 1; k <= harmonics; ++k) {
      FourierBasis B;
      fourierBasis(wf, times_[s], k, B);
      qa_(s, k - 1) = B.q_a;
      qb_(s, k - 1) = B.q_b;
      qda_(s, k - 1) = B.qd_a;
      qdb_(s, k - 1) = B.qd_b;
      qdda_(s, k - 1) = B.qdd_a;
      qddb_(s, k - 1) = B.qdd_b;
    }
}

void FourierSampleBasis::evaluate(const FourierTrajectory& tr, Eigen::MatrixXd& q, Eigen::MatrixXd& qd,
                                  Eigen::MatrixXd& qdd) const {
  if (tr.harmonics() != harmonics()) throw std::invalid_argument("Fourier sample basis: harmonics differ");
  q.noalias() = qa_ * tr.a().transpose();
  q.noalias() += qb_ * tr.b().transpose();
  q.rowwise() += tr.offsets().transpose();
  qd.noalias() = qda_ * tr.a().transpose();
  qd.noalias() += qdb_ * tr.b().transpose();
  qdd.noalias() = qdda_ * tr.a().transpose();
  qdd.noalias() += qddb_ * tr.b().transpose();
}

void FourierSampleBasis::chainToFree(const FourierRestParametrization& p, const Eigen::MatrixXd& gq,
                                     const Eigen::MatrixXd& gqd, const Eigen::MatrixXd& gqdd, double* grad) const {
  const int n = p.dof(), H = p.harmonics();
  // Gradient with respect to the full coefficients a, b (dof x H) first ...
  Eigen::MatrixXd dA = gq.transpose() * qa_;
  dA.noalias() += gqd.transpose() * qda_;
  dA.noalias() += gqdd.transpose() * qdda_;
  Eigen::MatrixXd dB = gq.transpose() * qb_;
  dB.noalias() += gqd.transpose() * qdb_;
  dB.noalias() += gqdd.transpose() * qddb_;
  // ... then through the rest map a_i1 = -sum a_ik, b_i1 = -sum k b_ik.
  for (int i = 0; i < n; ++i) {
    if (p.includesOffsets()) grad[i] = gq.col(i).sum();
    for (int k = 2; k <= H; ++k) {
      grad[p.aIndex(i, k)] = dA(i, k - 1) - dA(i, 0);
      grad[p.bIndex(i, k)] = dB(i, k - 1) - k * dB(i, 0);
    }
  }
}

void addJointGradientAt(const FourierRestParametrization& p, double wf, double t, int joint, double wq, double wqd,
                        double wqdd, double* grad) {
  if (p.includesOffsets()) grad[joint] += wq;
  FourierBasis B1;
  fourierBasis(wf, t, 1, B1);
  const double a1 = wq * B1.q_a + wqd * B1.qd_a + wqdd * B1.qdd_a;
  const double b1 = wq * B1.q_b + wqd * B1.qd_b + wqdd * B1.qdd_b;
  for (int k = 2; k <= p.harmonics(); ++k) {
    FourierBasis B;
    fourierBasis(wf, t, k, B);
    grad[p.aIndex(joint, k)] += wq * B.q_a + wqd * B.qd_a + wqdd * B.qdd_a - a1;
    grad[p.bIndex(joint, k)] += wq * B.q_b + wqd * B.qd_b + wqdd * B.qdd_b - k * b1;
  }
}

}  // namespace eb
