#include "identification/normal_equations.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace eb {
NormalEquations::NormalEquations(int n, int r) : dof(n), columns(r) {
  A.assign(static_cast<size_t>(n), Eigen::MatrixXd::Zero(r, r));
  c.assign(static_cast<size_t>(n), Eigen::VectorXd::Zero(r));
  rowSums.assign(static_cast<size_t>(n), Eigen::VectorXd::Zero(r));
  tauSquares = Eigen::VectorXd::Zero(n);
  tauSums = Eigen::VectorXd::Zero(n);
}

void NormalEquations::merge(const NormalEquations& o) {
  if (o.dof != dof || o.columns != columns)
    throw std::invalid_argument("normal equations: cannot merge different shapes");
  for (int j = 0; j < dof; ++j) {
    A[static_cast<size_t>(j)] += o.A[static_cast<size_t>(j)];
    c[static_cast<size_t>(j)] += o.c[static_cast<size_t>(j)];
    rowSums[static_cast<size_t>(j)] += o.rowSums[static_cast<size_t>(j)];
  }
  tauSquares += o.tauSquares;
  tauSums += o.tauSums;
  samples += o.samples;
}

void NormalEquations::weightedTotals(const Eigen::VectorXd& w, Eigen::MatrixXd& At, Eigen::VectorXd& ct) const {
  At = Eigen::MatrixXd::Zero(columns, columns);
  ct = Eigen::VectorXd::Zero(columns);
  for (int j = 0; j < dof; ++j) {
    At += w[j] * A[static_cast<size_t>(j)];
    ct += w[j] * c[static_cast<size_t>(j)];
  }
}

double NormalEquations::residualSquares(int j, const Eigen::VectorXd& theta) const {
  const size_t k = static_cast<size_t>(j);
  const double r = tauSquares[j] - 2.0 * theta.dot(c[k]) + theta.dot(A[k] * theta);
  return std::max(0.0, r);
}

double NormalEquations::residualMean(int j, const Eigen::VectorXd& theta) const {
  if (samples <= 0) return 0.0;
  return (tauSums[j] - rowSums[static_cast<size_t>(j)].dot(theta)) / static_cast<double>(samples);
}

double NormalEquations::nrmsePercent(int j, const Eigen::VectorXd& theta) const {
  if (!(tauSquares[j] > 0.0)) return std::numeric_limits<double>::quiet_NaN();
  return 100.0 * std::sqrt(residualSquares(j, theta) / tauSquares[j]);
}

RegressionAccumulator::RegressionAccumulator(const RobotModel& model, const BaseParameters& base, ThreadPool* pool)
    : gram_(model, base, pool, true), block_(model.dof(), base.rank), total_(model.dof(), base.rank) {}

RegressionAccumulator::~RegressionAccumulator() = default;

void RegressionAccumulator::reset() { total_ = NormalEquations(gram_.dof(), gram_.rank()); }

void RegressionAccumulator::add(const Block& q, const Block& qd, const Block& qdd, const Block& tau) {
  gram_.compute(q, qd, qdd, &tau);
  // Expand the compact per-joint sums into full r x r normal equations.
  block_.samples = gram_.samples();
  block_.tauSquares = gram_.torqueSquares();
  block_.tauSums = gram_.torqueSums();
  for (int j = 0; j < gram_.dof(); ++j) {
    const std::size_t k = static_cast<std::size_t>(j);
    const std::vector<int>& sj = gram_.support(j);
    const Eigen::MatrixXd& G = gram_.lowerGram(j);
    Eigen::MatrixXd& A = block_.A[k];
    for (std::size_t b = 0; b < sj.size(); ++b) {
      const Eigen::Index bi = static_cast<Eigen::Index>(b);
      block_.c[k][sj[b]] = gram_.torqueCrossSum(j)[bi];
      block_.rowSums[k][sj[b]] = gram_.rowSum(j)[bi];
      for (std::size_t a = b; a < sj.size(); ++a)
        A(sj[a], sj[b]) = A(sj[b], sj[a]) = G(static_cast<Eigen::Index>(a), bi);
    }
  }
  total_.merge(block_);
}

}  // namespace eb
