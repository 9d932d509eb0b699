#include "dynamics/base_parameters.hpp"

#include <Eigen/QR>

#include <cmath>
#include <iomanip>
#include <random>
#include <sstream>

namespace eb {
namespace {

// Stacks the regressor on random samples inside the joint limits.
Eigen::MatrixXd randomRegressorStack(const RobotModel& model, const RegressorOptions& options, int samples,
                                     unsigned seed) {
  const int n = model.dof();
  const int cols = regressorColumnCount(model, options);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  DynamicsWorkspace ws(model);
  Eigen::MatrixXd Phi(static_cast<Eigen::Index>(samples) * n, cols);
  Eigen::VectorXd q(n), qd(n), qdd(n);
  for (int s = 0; s < samples; ++s) {
    for (int j = 0; j < n; ++j) {
      const JointLimits& l = model.joint(j).limits;
      const double lo = std::isfinite(l.lower) ? l.lower : -M_PI;
      const double hi = std::isfinite(l.upper) ? l.upper : M_PI;
      q[j] = 0.5 * (lo + hi) + 0.5 * (hi - lo) * unit(rng);
      qd[j] = unit(rng);
      qdd[j] = unit(rng);
    }
    Phi.middleRows(static_cast<Eigen::Index>(s) * n, n) = computeJointTorqueRegressor(model, ws, options, q, qd, qdd);
  }
  return Phi;
}

std::string formatNumber(double v, int digits) {
  std::ostringstream s;
  s << std::setprecision(digits) << v;
  return s.str();
}

}  // namespace

std::vector<int> BaseParameters::permutation() const {
  std::vector<int> p = independent;
  p.insert(p.end(), dependent.begin(), dependent.end());
  return p;
}

Eigen::VectorXd BaseParameters::baseFromFull(const Eigen::VectorXd& theta) const {
  Eigen::VectorXd b(rank);
  for (int k = 0; k < rank; ++k) {
    double v = theta[independent[static_cast<size_t>(k)]];
    for (size_t j = 0; j < dependent.size(); ++j) v += beta(k, static_cast<Eigen::Index>(j)) * theta[dependent[j]];
    b[k] = v;
  }
  return b;
}

Eigen::MatrixXd BaseParameters::projection() const {
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(rank, columnCount);
  for (int k = 0; k < rank; ++k) {
    K(k, independent[static_cast<size_t>(k)]) = 1.0;
    for (size_t j = 0; j < dependent.size(); ++j) K(k, dependent[j]) = beta(k, static_cast<Eigen::Index>(j));
  }
  return K;
}

void BaseParameters::selectBaseColumns(const Eigen::MatrixXd& Y, Eigen::MatrixXd& Yb) const {
  if (Yb.rows() != Y.rows() || Yb.cols() != rank) Yb.resize(Y.rows(), rank);
  for (int k = 0; k < rank; ++k) Yb.col(k) = Y.col(independent[static_cast<size_t>(k)]);
}

std::string BaseParameters::name(int k) const {
  const std::string& lead = columnNames[static_cast<size_t>(independent[static_cast<size_t>(k)])];
  for (Eigen::Index j = 0; j < beta.cols(); ++j)
    if (beta(k, j) != 0.0) return lead + "R";
  return lead;
}

std::string BaseParameters::expression(int k, int digits) const {
  std::string out = columnNames[static_cast<size_t>(independent[static_cast<size_t>(k)])];
  for (size_t j = 0; j < dependent.size(); ++j) {
    const double c = beta(k, static_cast<Eigen::Index>(j));
    if (c == 0.0) continue;
    const std::string& n = columnNames[static_cast<size_t>(dependent[j])];
    out += c < 0.0 ? " - " : " + ";
    const double a = std::abs(c);
    if (std::abs(a - 1.0) > 1e-12) out += formatNumber(a, digits) + "*";
    out += n;
  }
  return out;
}

bool BaseParameters::isExtra(int k, const RobotModel& model) const {
  return independent[static_cast<size_t>(k)] >= 10 * model.bodyCount();
}

BaseParameters computeBaseParameters(const RobotModel& model, const RegressorOptions& options,
                                     const BaseParameterOptions& settings) {
  BaseParameters bp;
  bp.options = options;
  bp.columnCount = regressorColumnCount(model, options);
  bp.columnNames = regressorColumnNames(model, options);
  bp.rankTolerance = settings.rankTolerance;
  const int cols = bp.columnCount;
  const int samples =
      settings.samples > 0 ? settings.samples : std::max(20, (3 * cols + model.dof() - 1) / model.dof());
  const Eigen::MatrixXd raw = randomRegressorStack(model, options, samples, settings.seed);
  Eigen::MatrixXd A = raw;

  // Round-off columns are zero; the rest are scaled to unit norm so the rank
  // decision does not depend on units.
  Eigen::VectorXd norms = A.colwise().norm().transpose();
  const double maxNorm = norms.maxCoeff();
  std::vector<bool> zero(static_cast<size_t>(cols), false);
  for (int c = 0; c < cols; ++c) {
    if (norms[c] <= 1e-10 * maxNorm) {
      zero[static_cast<size_t>(c)] = true;
      A.col(c).setZero();
      norms[c] = 0.0;
    } else {
      A.col(c) /= norms[c];
    }
  }

  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> pivoted(A);
  const Eigen::Index diag = std::min(A.rows(), A.cols());
  bp.pivotedRDiagonal = pivoted.matrixQR().diagonal().head(diag).cwiseAbs();
  for (Eigen::Index i = 0; i < diag; ++i) bp.pivotColumns.push_back(pivoted.colsPermutation().indices()[i]);
  const double r0 = bp.pivotedRDiagonal.size() ? bp.pivotedRDiagonal[0] : 0.0;
  int rank = 0;
  for (Eigen::Index i = 0; i < diag; ++i)
    if (bp.pivotedRDiagonal[i] > settings.rankTolerance * r0) ++rank;

  // Householder QR taking columns in natural order when their residual is above the tolerance.
  const Eigen::Index m = A.rows();
  std::vector<int> taken, rest;
  Eigen::VectorXd hv;
  for (int c = 0; c < cols; ++c) {
    const Eigen::Index k = static_cast<Eigen::Index>(taken.size());
    if (zero[static_cast<size_t>(c)] || k >= m) {
      rest.push_back(c);
      continue;
    }
    const double residual = A.col(c).tail(m - k).norm();
    if (residual <= settings.rankTolerance * r0 * 10.0 || static_cast<int>(taken.size()) >= rank) {
      rest.push_back(c);
      continue;
    }
    // Reflect rows k.. so that column c becomes (r, 0, ..., 0); apply to columns c.. .
    hv = A.col(c).tail(m - k);
    const double alpha = hv[0] >= 0.0 ? -residual : residual;
    hv[0] -= alpha;
    const double hn2 = hv.squaredNorm();
    if (hn2 > 0.0) {
      for (int cc = c; cc < cols; ++cc) {
        auto col = A.col(cc).tail(m - k);
        col -= (2.0 * hv.dot(col) / hn2) * hv;
      }
    }
    taken.push_back(c);
  }
  if (static_cast<int>(taken.size()) != rank) {
    // Natural-order selection disagreed with the pivoted rank (a near-tie):
    // fall back to the pivoted QR's own choice.
    taken.clear();
    rest.clear();
    std::vector<bool> isTaken(static_cast<size_t>(cols), false);
    for (int i = 0; i < rank; ++i) isTaken[static_cast<size_t>(pivoted.colsPermutation().indices()[i])] = true;
    for (int c = 0; c < cols; ++c) (isTaken[static_cast<size_t>(c)] ? taken : rest).push_back(c);
  }

  // beta from a least-squares fit of the dependent (unscaled) columns on the independent ones.
  bp.rank = rank;
  bp.independent = taken;
  bp.dependent = rest;
  Eigen::MatrixXd Phi1(m, rank), Phi2(m, static_cast<Eigen::Index>(rest.size()));
  for (int k = 0; k < rank; ++k) Phi1.col(k) = raw.col(taken[static_cast<size_t>(k)]);
  for (size_t j = 0; j < rest.size(); ++j)
    Phi2.col(static_cast<Eigen::Index>(j)) = zero[static_cast<size_t>(rest[j])] ? Eigen::VectorXd::Zero(m) : Eigen::VectorXd(raw.col(rest[j]));
  Eigen::MatrixXd beta = Phi1.colPivHouseholderQr().solve(Phi2);
  // Clean round-off: coefficients negligible against the column scales are exactly zero.
  for (Eigen::Index k = 0; k < beta.rows(); ++k)
    for (Eigen::Index j = 0; j < beta.cols(); ++j) {
      const double ni = Phi1.col(k).norm();
      const double nj = Phi2.col(j).norm();
      if (nj == 0.0 || std::abs(beta(k, j)) * ni <= 1e-9 * nj) beta(k, j) = 0.0;
    }
  bp.beta = beta;
  return bp;
}

}  // namespace eb
