#include "identification/base_estimation.hpp"

#include "util/input_error.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <iomanip>
#include <sstream>
#include <stdexcept>

namespace eb {

const char* estimationMethodName(EstimationMethod m) {
  switch (m) {
    case EstimationMethod::Ols: return "ols";
    case EstimationMethod::Wls: return "wls";
    case EstimationMethod::Ridge: return "ridge";
    case EstimationMethod::Consistent: return "consistent";
    case EstimationMethod::Auto: return "auto";
  }
  return "?";
}

const char* frictionPriorName(FrictionPrior prior) {
  switch (prior) {
    case FrictionPrior::Data: return "data";
    case FrictionPrior::Description: return "urdf";
    case FrictionPrior::Zero: return "zero";
  }
  return "?";
}

FrictionPrior parseFrictionPrior(const std::string& name) {
  if (name == "data") return FrictionPrior::Data;
  if (name == "urdf") return FrictionPrior::Description;
  if (name == "zero") return FrictionPrior::Zero;
  throw InputError("unknown friction prior '" + name + "' (use data, urdf or zero)");
}

EstimationMethod parseEstimationMethod(const std::string& name) {
  if (name == "ols") return EstimationMethod::Ols;
  if (name == "wls") return EstimationMethod::Wls;
  if (name == "ridge") return EstimationMethod::Ridge;
  if (name == "consistent") return EstimationMethod::Consistent;
  if (name == "auto") return EstimationMethod::Auto;
  // The name is user input (--method, a project file): an input error, placed by the caller
  // (the CLI names the flag's value, the project reader its JSON path).
  throw InputError("unknown estimation method '" + name + "' (use auto, ols, wls, ridge or consistent)");
}

double checkConditioning(const Eigen::MatrixXd& A, const BaseParameters& base, double maxCondition) {
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(A);
  const Eigen::VectorXd l = eig.eigenvalues();
  const double lmax = l[l.size() - 1];
  const double lmin = l[0];
  const double cond = lmin > 0.0 ? std::sqrt(lmax / lmin) : std::numeric_limits<double>::infinity();
  if (cond <= maxCondition) return cond;
  // Name the parameters with the largest weight in the weakest direction.
  const Eigen::VectorXd v = eig.eigenvectors().col(0);
  std::vector<int> order(static_cast<size_t>(v.size()));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return std::abs(v[a]) > std::abs(v[b]); });
  std::ostringstream msg;
  msg << "regression is rank deficient or ill-conditioned: cond(Phi_b) = ";
  if (std::isfinite(cond)) msg << std::setprecision(3) << cond; else msg << "inf";
  msg << " (limit " << maxCondition << "); the trajectory does not excite";
  for (size_t i = 0; i < std::min<size_t>(3, order.size()); ++i)
    msg << (i ? ", " : " ") << base.name(order[i]) << " (" << base.expression(order[i], 4) << ")";
  throw InputError(msg.str());
}

void computeEstimateStatistics(const NormalEquations& eq, const Eigen::VectorXd& w, BaseEstimate& e) {
  const int n = eq.dof, r = eq.columns;
  const double N = static_cast<double>(eq.samples);
  e.samples = eq.samples;
  e.jointWeights = w;
  e.residualRms.resize(n);
  e.noiseStd.resize(n);
  double weightedRss = 0.0;
  for (int j = 0; j < n; ++j) {
    const double rss = eq.residualSquares(j, e.values);
    e.residualRms[j] = std::sqrt(rss / N);
    // Each joint carries about r/n of the fitted parameters.
    e.noiseStd[j] = std::sqrt(rss / std::max(1.0, N - static_cast<double>(r) / n));
    weightedRss += w[j] * rss;
  }
  Eigen::MatrixXd A;
  Eigen::VectorXd c;
  eq.weightedTotals(w, A, c);
  const double sigma2 = weightedRss / std::max(1.0, N * n - r);
  const Eigen::MatrixXd Ainv = A.ldlt().solve(Eigen::MatrixXd::Identity(r, r));
  e.covariance = sigma2 * Ainv;
  e.stddev = e.covariance.diagonal().cwiseMax(0.0).cwiseSqrt();
  e.relativeStddev.resize(r);
  for (int k = 0; k < r; ++k)
    e.relativeStddev[k] =
        e.values[k] != 0.0 ? 100.0 * e.stddev[k] / std::abs(e.values[k]) : std::numeric_limits<double>::infinity();
}

BaseEstimate estimateBaseParameters(const NormalEquations& eq, const BaseParameters& base,
                                    const EstimationOptions& options) {
  const int n = eq.dof, r = eq.columns;
  if (eq.samples * n < 2L * r)
    throw InputError("too few samples for identification: " + std::to_string(eq.samples) + " samples x " +
                     std::to_string(n) + " joints for " + std::to_string(r) + " base parameters");
  if (options.method == EstimationMethod::Consistent)
    throw std::invalid_argument("estimateBaseParameters: use estimateConsistentParameters for 'consistent'");
  BaseEstimate e;
  e.method = options.method;
  Eigen::VectorXd w = Eigen::VectorXd::Ones(n);
  Eigen::MatrixXd A;
  Eigen::VectorXd c;
  eq.weightedTotals(w, A, c);
  e.condition = checkConditioning(A, base, options.maxCondition);
  if (options.method == EstimationMethod::Ridge) {
    Eigen::MatrixXd Ar = A;
    Ar.diagonal() += options.ridgeLambda * A.diagonal();
    e.values = Ar.ldlt().solve(c);
    e.notes.push_back("ridge: lambda = " + std::to_string(options.ridgeLambda) + " x diag(Phi^T Phi)");
  } else {
    e.values = A.ldlt().solve(c);
  }
  if (options.method == EstimationMethod::Wls) {
    // Second step: weights 1/sigma_j^2 from the OLS residuals of each joint.
    computeEstimateStatistics(eq, w, e);
    for (int j = 0; j < n; ++j) {
      const double s = e.noiseStd[j];
      w[j] = s > 0.0 ? 1.0 / (s * s) : 1.0;
    }
    // Normalize so the weights' mean is 1 (keeps sigma^2 of the weighted fit near 1).
    w /= w.mean();
    eq.weightedTotals(w, A, c);
    e.condition = checkConditioning(A, base, options.maxCondition);
    e.values = A.ldlt().solve(c);
  }
  computeEstimateStatistics(eq, w, e);
  if (!e.values.allFinite()) throw InputError("identification produced non-finite parameters");
  return e;
}

}  // namespace eb
