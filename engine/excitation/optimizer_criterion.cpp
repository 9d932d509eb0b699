#include "excitation/optimizer_criterion.hpp"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>

namespace eb {

CriterionValue evaluateCriterion(ExcitationCriterion criterion, const Eigen::MatrixXd& F, Eigen::MatrixXd* G) {
  CriterionValue out;
  const Eigen::Index r = F.rows();
  if (r == 0) return out;
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(F, G ? Eigen::ComputeEigenvectors : Eigen::EigenvaluesOnly);
  const Eigen::VectorXd& l = eig.eigenvalues();
  const double lmax = std::max(l[r - 1], 1e-300);
  const double floor = 1e-14 * lmax;
  out.fullRank = l[0] > 1e-12 * lmax;
  // Clamped spectrum: keeps phi and G finite for rank-deficient F.
  const Eigen::VectorXd lc = l.cwiseMax(floor);
  const double lmin = lc[0];
  out.cond = out.fullRank ? std::sqrt(lmax / l[0]) : std::numeric_limits<double>::infinity();
  switch (criterion) {
    case ExcitationCriterion::Cond: {
      out.objective = 0.5 * std::log(lmax / lmin);
      out.criterion = out.cond;
      if (G) {
        const auto vmin = eig.eigenvectors().col(0);
        const auto vmax = eig.eigenvectors().col(r - 1);
        G->noalias() = (0.5 / lmax) * vmax * vmax.transpose();
        G->noalias() -= (0.5 / lmin) * vmin * vmin.transpose();
      }
      break;
    }
    case ExcitationCriterion::LogDet: {
      const double logdet = lc.array().log().sum();
      out.objective = -logdet / static_cast<double>(r);
      out.criterion = out.fullRank ? logdet : -std::numeric_limits<double>::infinity();
      if (G) {
        const Eigen::MatrixXd& V = eig.eigenvectors();
        G->noalias() = V * (lc.cwiseInverse() * (-1.0 / static_cast<double>(r))).asDiagonal() * V.transpose();
      }
      break;
    }
    case ExcitationCriterion::AOpt: {
      const double trace = lc.cwiseInverse().sum();
      out.objective = std::log(trace);
      out.criterion = out.fullRank ? trace : std::numeric_limits<double>::infinity();
      if (G) {
        const Eigen::MatrixXd& V = eig.eigenvectors();
        G->noalias() = V * (lc.array().square().inverse().matrix() * (-1.0 / trace)).asDiagonal() * V.transpose();
      }
      break;
    }
    case ExcitationCriterion::EOpt: {
      out.objective = -std::log(lmin);
      out.criterion = l[0];
      if (G) {
        const auto vmin = eig.eigenvectors().col(0);
        G->noalias() = (-1.0 / lmin) * vmin * vmin.transpose();
      }
      break;
    }
  }
  return out;
}

}  // namespace eb
