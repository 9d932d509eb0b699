#include "dynamics/base_parameters.hpp"

#include "dynamics/natural_order_qr.hpp"
#include "util/input_error.hpp"

#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <random>
#include <sstream>

namespace eb {
namespace {

// Stacks the regressor on random samples inside the joint limits, rows grouped by
// joint (row j * samples + s is joint j at sample s) so that each column is zero
// below the rows of the deepest joint it depends on (natural_order_qr.hpp).
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
    const Eigen::MatrixXd& Y = computeJointTorqueRegressor(model, ws, options, q, qd, qdd);
    for (int j = 0; j < n; ++j) Phi.row(static_cast<Eigen::Index>(j) * samples + s) = Y.row(j);
  }
  return Phi;
}

// First row below which each column of the joint-grouped stack is zero: a body's
// columns end with the rows of the deepest joint among those that move it, a joint's
// extra columns with its own rows. Made non-decreasing, as the QR requires.
std::vector<Eigen::Index> stackSupport(const RobotModel& model, const RegressorOptions& options, int samples) {
  std::vector<Eigen::Index> end;
  for (int b = 0; b < model.bodyCount(); ++b) {
    int deepest = 0;
    for (int a = b; a >= 0; a = model.body(a).parent) deepest = std::max(deepest, model.body(a).dof);
    end.insert(end.end(), 10, static_cast<Eigen::Index>(deepest + 1) * samples);
  }
  for (int j = 0; j < model.dof(); ++j)
    end.insert(end.end(), static_cast<size_t>(options.extrasPerJoint()), static_cast<Eigen::Index>(j + 1) * samples);
  for (size_t c = 1; c < end.size(); ++c) end[c] = std::max(end[c], end[c - 1]);
  return end;
}

std::string formatCoefficient(double v, int digits) {
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
    if (std::abs(a - 1.0) > 1e-12) out += formatCoefficient(a, digits) + "*";
    out += n;
  }
  return out;
}

bool BaseParameters::isExtra(int k, const RobotModel& model) const {
  return independent[static_cast<size_t>(k)] >= 10 * model.bodyCount();
}

void checkBaseParameterSize(const RobotModel& model, const RegressorOptions& options) {
  const int cols = regressorColumnCount(model, options);
  if (cols <= kMaxBaseParameterColumns) return;
  throw InputError(diagnosticAt(Severity::Error, model.source(), 0, "",
                                "base parameters of " + std::to_string(model.bodyCount()) +
                                    " moving bodies (" + std::to_string(cols) +
                                    " regressor columns) are beyond the limit of " +
                                    std::to_string(kMaxBaseParameterColumns) + " columns"));
}

BaseParameters computeBaseParameters(const RobotModel& model, const RegressorOptions& options,
                                     const BaseParameterOptions& settings) {
  checkBaseParameterSize(model, options);
  checkRegressorOptions(options, model.dof());
  BaseParameters bp;
  bp.options = options;
  bp.columnCount = regressorColumnCount(model, options);
  bp.columnNames = regressorColumnNames(model, options);
  bp.rankTolerance = settings.rankTolerance;
  const int cols = bp.columnCount;
  const int samples =
      settings.samples > 0 ? settings.samples : std::max(20, (3 * cols + model.dof() - 1) / model.dof());
  Eigen::MatrixXd A = randomRegressorStack(model, options, samples, settings.seed);
  const Eigen::Index m = A.rows();

  // Round-off columns are zero; the rest are scaled to unit norm so the rank
  // decision does not depend on units (and the largest column norm, |R_00| of a
  // max-norm pivoted QR, is 1).
  Eigen::VectorXd norms = A.colwise().norm().transpose();
  const double maxNorm = norms.maxCoeff();
  for (int c = 0; c < cols; ++c) {
    if (norms[c] <= 1e-10 * maxNorm) {
      A.col(c).setZero();
      norms[c] = 0.0;
    } else {
      A.col(c) /= norms[c];
    }
  }
  const double r0 = maxNorm > 0.0 ? 1.0 : 0.0;
  const NaturalOrderQr qr = naturalOrderQr(A, stackSupport(model, options, samples), settings.rankTolerance * r0 * 10.0);
  const int taken = static_cast<int>(qr.taken.size());

  // The |R_ii| profile of the max-norm pivoted QR: A = Q [top; residuals], so the
  // pivoted QR of `top` has the same leading pivots. The columns left after them lie
  // in the span up to round-off: the tail is their part outside `top` (a dependent
  // column's residual; a taken column has none), largest first.
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> pivoted;
  if (taken > 0) pivoted.compute(qr.top);
  const Eigen::Index diag = std::min(m, static_cast<Eigen::Index>(cols));
  bp.pivotedRDiagonal.resize(diag);
  std::vector<bool> isPivot(static_cast<size_t>(cols), false);
  for (Eigen::Index i = 0; i < std::min<Eigen::Index>(taken, diag); ++i) {
    bp.pivotedRDiagonal[i] = std::abs(pivoted.matrixQR()(i, i));
    bp.pivotColumns.push_back(pivoted.colsPermutation().indices()[i]);
    isPivot[static_cast<size_t>(bp.pivotColumns.back())] = true;
  }
  Eigen::VectorXd outside = Eigen::VectorXd::Zero(cols);
  for (int c : qr.dependent) outside[c] = qr.residual[c];
  std::vector<int> tail;
  for (int c = 0; c < cols; ++c)
    if (!isPivot[static_cast<size_t>(c)]) tail.push_back(c);
  std::stable_sort(tail.begin(), tail.end(), [&](int a, int b) { return outside[a] > outside[b]; });
  for (Eigen::Index i = taken; i < diag; ++i) {
    const int c = tail[static_cast<size_t>(i - taken)];
    bp.pivotedRDiagonal[i] = outside[c];
    bp.pivotColumns.push_back(c);
  }
  int rank = 0;
  for (Eigen::Index i = 0; i < diag; ++i)
    if (bp.pivotedRDiagonal[i] > settings.rankTolerance * r0) ++rank;

  std::vector<int> independent, dependent;
  Eigen::MatrixXd beta;
  if (taken == rank) {
    independent = qr.taken;
    dependent = qr.dependent;
    beta = dependentCoefficients(qr);
  } else {
    // A near-tie: the natural-order pass took more columns than the pivoted rank
    // (keep its first `rank`) or fewer (keep the pivoted QR's own choice); beta is
    // then a least-squares fit.
    std::vector<bool> isTaken(static_cast<size_t>(cols), false);
    for (int i = 0; i < rank; ++i)
      isTaken[static_cast<size_t>(taken > rank ? qr.taken[static_cast<size_t>(i)] : bp.pivotColumns[static_cast<size_t>(i)])] = true;
    for (int c = 0; c < cols; ++c) (isTaken[static_cast<size_t>(c)] ? independent : dependent).push_back(c);
    Eigen::MatrixXd A1(m, rank), A2(m, static_cast<Eigen::Index>(dependent.size()));
    for (int k = 0; k < rank; ++k) A1.col(k) = A.col(independent[static_cast<size_t>(k)]);
    for (size_t j = 0; j < dependent.size(); ++j) A2.col(static_cast<Eigen::Index>(j)) = A.col(dependent[j]);
    beta = A1.colPivHouseholderQr().solve(A2);
  }

  // Back to the columns' own units; coefficients negligible against the column
  // scales (round-off) are exactly zero.
  for (Eigen::Index k = 0; k < beta.rows(); ++k)
    for (Eigen::Index j = 0; j < beta.cols(); ++j) {
      const double ni = norms[independent[static_cast<size_t>(k)]];
      const double nj = norms[dependent[static_cast<size_t>(j)]];
      beta(k, j) = nj == 0.0 || std::abs(beta(k, j)) <= 1e-9 ? 0.0 : beta(k, j) * nj / ni;
    }
  bp.rank = rank;
  bp.independent = std::move(independent);
  bp.dependent = std::move(dependent);
  bp.beta = std::move(beta);
  return bp;
}

}  // namespace eb
