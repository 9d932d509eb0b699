#include "excitation/information_matrix.hpp"

#include <Eigen/Eigenvalues>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace eb {

InformationMetrics computeInformationMetrics(const Eigen::MatrixXd& F) {
  InformationMetrics m;
  m.columns = static_cast<int>(F.rows());
  if (F.rows() == 0) return m;
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(F, Eigen::EigenvaluesOnly);
  m.eigenvalues = eig.eigenvalues();
  const double lmin = m.eigenvalues[0];
  const double lmax = m.eigenvalues[m.eigenvalues.size() - 1];
  m.lambdaMax = lmax;
  m.eopt = lmin;
  m.fullRank = lmax > 0.0 && lmin > 1e-12 * lmax;
  const double inf = std::numeric_limits<double>::infinity();
  m.cond = m.fullRank ? std::sqrt(lmax / lmin) : inf;
  if (m.fullRank) {
    m.logdet = m.eigenvalues.array().log().sum();
    m.aopt = m.eigenvalues.cwiseInverse().sum();
  } else {
    m.logdet = -inf;
    m.aopt = inf;
  }
  const Eigen::VectorXd d = F.diagonal().cwiseMax(1e-300).cwiseSqrt().cwiseInverse();
  const Eigen::MatrixXd Fs = d.asDiagonal() * F * d.asDiagonal();
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigs(Fs, Eigen::EigenvaluesOnly);
  m.scaledEigenvalues = eigs.eigenvalues();
  const double smin = m.scaledEigenvalues[0], smax = m.scaledEigenvalues[m.scaledEigenvalues.size() - 1];
  m.condScaled = smin > 1e-12 * smax ? std::sqrt(smax / smin) : inf;
  return m;
}

InformationMatrixAccumulator::InformationMatrixAccumulator(const RobotModel& model, const BaseParameters& base,
                                                           ThreadPool* pool)
    : gram_(model, base, pool, false) {
  F_.setZero(base.rank, base.rank);
}

InformationMatrixAccumulator::~InformationMatrixAccumulator() = default;

const Eigen::MatrixXd& InformationMatrixAccumulator::accumulate(const TrajectorySamples& samples) {
  if (samples.dof() != gram_.dof())
    throw std::invalid_argument("information matrix: trajectory has " + std::to_string(samples.dof()) +
                                " joints, robot has " + std::to_string(gram_.dof()));
  gram_.compute(samples.q, samples.qd, samples.qdd);
  gram_.informationMatrix(F_);
  return F_;
}

InformationMetrics InformationMatrixAccumulator::computeMetrics(const TrajectorySamples& samples,
                                                                double windowSeconds) {
  accumulate(samples);
  InformationMetrics m = computeInformationMetrics(F_);
  m.samples = samples.size();
  if (windowSeconds > 0.0 && samples.size() > 1) {
    m.windowSeconds = windowSeconds;
    int begin = 0;
    Eigen::MatrixXd Fw(gram_.rank(), gram_.rank());
    while (begin < samples.size()) {
      int end = begin;
      while (end < samples.size() && samples.t[end] < samples.t[begin] + windowSeconds) ++end;
      gram_.compute(samples.q.middleRows(begin, end - begin), samples.qd.middleRows(begin, end - begin),
                    samples.qdd.middleRows(begin, end - begin));
      gram_.informationMatrix(Fw);
      const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(Fw, Eigen::EigenvaluesOnly);
      m.windowLambdaMin.push_back(eig.eigenvalues()[0]);
      begin = end;
    }
  }
  return m;
}

}  // namespace eb
