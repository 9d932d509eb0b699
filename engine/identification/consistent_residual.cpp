#include "identification/consistent_residual.hpp"

#include <Eigen/Cholesky>

namespace eb::consistent {

Eigen::Matrix4d upperCholesky(const Eigen::Matrix4d& P) {
  // Exchange matrix E: E P E = L L^T with L lower, so U = E L E is upper triangular.
  Eigen::Matrix4d E = Eigen::Matrix4d::Zero();
  for (int i = 0; i < 4; ++i) E(i, 3 - i) = 1.0;
  const Eigen::LLT<Eigen::Matrix4d> llt(E * P * E);
  const Eigen::Matrix4d L = llt.matrixL();
  return E * L * E;
}

ConsistentCost::ConsistentCost(ConsistentResidual& f) : f_(f) {
  for (int b = 0; b < f_.bodies; ++b) mutable_parameter_block_sizes()->push_back(kBodyParameters);
  if (f_.extras > 0) mutable_parameter_block_sizes()->push_back(f_.extras);
  set_num_residuals(f_.residualCount());
}

bool ConsistentCost::Evaluate(double const* const* blocks, double* residuals, double** jacobians) const {
  using Jet = ceres::Jet<double, kBodyParameters>;
  const int nb = f_.bodies, ne = f_.extras;
  const int p = static_cast<int>(f_.RK.cols());
  const int r = static_cast<int>(f_.RK.rows());
  const int rows = f_.residualCount();
  Eigen::VectorXd theta(p);
  Eigen::Matrix<double, kBodyParameters, kBodyParameters> D;  // d theta_b / d phi_b
  double* out = residuals + r;                                // prior rows
  for (int b = 0; b < nb; ++b) {
    Jet phi[kBodyParameters], th[kBodyParameters];
    for (int i = 0; i < kBodyParameters; ++i) phi[i] = Jet(blocks[b][i], i);
    ConsistentResidual::bodyParameters(phi, f_.L0[static_cast<size_t>(b)], f_.margin[static_cast<size_t>(b)], th);
    for (int i = 0; i < kBodyParameters; ++i) theta[kBodyParameters * b + i] = th[i].a;
    Jet prior[kBodyParameters];
    for (int i = 0; i < 4; ++i) prior[i] = f_.priorScale * entropicDiagonal(phi[i]);
    for (int i = 4; i < kBodyParameters; ++i) prior[i] = f_.priorScale * phi[i];
    for (int i = 0; i < kBodyParameters; ++i) out[i] = prior[i].a;
    if (jacobians && jacobians[b]) {
      Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, kBodyParameters, Eigen::RowMajor>> Jb(jacobians[b], rows,
                                                                                             kBodyParameters);
      for (int i = 0; i < kBodyParameters; ++i) D.row(i) = th[i].v.transpose();
      Jb.topRows(r).noalias() = f_.RK.middleCols(kBodyParameters * b, kBodyParameters) * D;
      Jb.bottomRows(rows - r).setZero();
      for (int i = 0; i < kBodyParameters; ++i) Jb.row(r + kBodyParameters * b + i) = prior[i].v.transpose();
    }
    out += kBodyParameters;
    if (!f_.barrierRow.empty() && f_.barrierRow[static_cast<size_t>(b)] >= 0) {
      const size_t k = static_cast<size_t>(b);
      Jet g[kPlausibilityMargins];
      plausibilityMargins(th, f_.limits[k], g);
      int row = f_.barrierRow[k];
      for (int i = 0; i < kPlausibilityMargins; ++i) {
        if (!f_.active[k][static_cast<size_t>(i)]) continue;
        const Jet x = g[i] * (1.0 / f_.start[k][static_cast<size_t>(i)]);
        if (!(x.a > 0.0)) return false;  // across a bound: Ceres shrinks the trust region
        const Jet barrier = f_.priorScale * marginBarrier(x);
        residuals[row] = barrier.a;
        if (jacobians && jacobians[b]) {
          Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, kBodyParameters, Eigen::RowMajor>> Jb(jacobians[b], rows,
                                                                                                 kBodyParameters);
          Jb.row(row) = barrier.v.transpose();
        }
        ++row;
      }
    }
  }
  for (int k = 0; k < ne; ++k) {
    theta[kBodyParameters * nb + k] = blocks[nb][k];
    out[k] = f_.priorScale * (blocks[nb][k] - f_.extraPrior[k]) / f_.extraScale[k];
  }
  Eigen::Map<Eigen::VectorXd>(residuals, r).noalias() = f_.RK * theta - f_.d;
  if (ne > 0 && jacobians && jacobians[nb]) {
    Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> Jx(jacobians[nb], rows, ne);
    Jx.topRows(r) = f_.RK.rightCols(ne);
    Jx.bottomRows(rows - r).setZero();
    for (int k = 0; k < ne; ++k) Jx(r + kBodyParameters * nb + k, k) = f_.priorScale / f_.extraScale[k];
  }
  // A trial step too far (exp overflow): report failure, Ceres shrinks the trust region.
  if (!Eigen::Map<const Eigen::VectorXd>(residuals, rows).allFinite()) return false;
  if (jacobians)
    for (int b = 0; b < nb + (ne > 0 ? 1 : 0); ++b)
      if (jacobians[b] &&
          !Eigen::Map<const Eigen::VectorXd>(jacobians[b], rows * (b < nb ? kBodyParameters : ne)).allFinite())
        return false;
  return true;
}

Eigen::VectorXd fullParameters(const ConsistentResidual& fit, const std::vector<Vector10d>& phi,
                               const std::vector<double>& extras) {
  const int nb = fit.bodies, ne = fit.extras;
  Eigen::VectorXd theta(kBodyParameters * nb + ne);
  for (int b = 0; b < nb; ++b)
    ConsistentResidual::bodyParameters(phi[static_cast<size_t>(b)].data(), fit.L0[static_cast<size_t>(b)],
                                       fit.margin[static_cast<size_t>(b)], theta.data() + kBodyParameters * b);
  for (int k = 0; k < ne; ++k) theta[kBodyParameters * nb + k] = extras[static_cast<size_t>(k)];
  return theta;
}

namespace {

const char* const kMarginNames[kPlausibilityMargins] = {
    "COM x (lower)", "COM y (lower)", "COM z (lower)", "COM x (upper)",      "COM y (upper)",
    "COM z (upper)", "mass spread (ellipsoid)", "mass (density)", "inertia about the COM (density)"};

}  // namespace

void setUpPlausibilityBarriers(const RobotModel& model, const PlausibilityLimits& limits,
                               const std::vector<Vector10d>& phi, ConsistentResidual& fit,
                               std::vector<std::string>& notes) {
  const int nb = model.bodyCount();
  fit.active.assign(static_cast<size_t>(nb), {});
  fit.start.assign(static_cast<size_t>(nb), {});
  fit.barrierRow.assign(static_cast<size_t>(nb), -1);
  int row = static_cast<int>(fit.d.size()) + kBodyParameters * nb + fit.extras;
  for (int b = 0; b < nb; ++b) {
    const size_t k = static_cast<size_t>(b);
    double theta[kBodyParameters], g[kPlausibilityMargins];
    ConsistentResidual::bodyParameters(phi[k].data(), fit.L0[k], fit.margin[k], theta);
    plausibilityMargins(theta, fit.limits[k], g);
    int count = 0;
    for (int i = 0; i < kPlausibilityMargins; ++i) {
      const bool applies = (i == kPlausibilityMargins - 1 || fit.limits[k].box) && theta[0] >= limits.minTestedMass;
      fit.active[k][static_cast<size_t>(i)] = applies && g[i] > 0.0;
      fit.start[k][static_cast<size_t>(i)] = g[i];
      if (applies && !(g[i] > 0.0))
        notes.push_back("plausible: " + model.body(b).name + ": the model's own inertia violates its bound on " +
                        kMarginNames[i] + "; not enforced");
      count += fit.active[k][static_cast<size_t>(i)] ? 1 : 0;
    }
    if (count > 0) fit.barrierRow[k] = row;
    row += count;
    fit.barriers += count;
  }
}

std::vector<std::string> marginsAtBounds(const RobotModel& model, const ConsistentResidual& fit,
                                         const Eigen::VectorXd& theta) {
  std::vector<std::string> out;
  for (int b = 0; b < model.bodyCount() && static_cast<size_t>(b) < fit.barrierRow.size(); ++b) {
    const size_t k = static_cast<size_t>(b);
    double g[kPlausibilityMargins];
    plausibilityMargins(theta.data() + kBodyParameters * b, fit.limits[k], g);
    std::string list;
    for (int i = 0; i < kPlausibilityMargins; ++i)
      if (fit.active[k][static_cast<size_t>(i)] && g[i] < 0.01 * fit.start[k][static_cast<size_t>(i)])
        list += (list.empty() ? "" : ", ") + std::string(kMarginNames[i]);
    if (!list.empty())
      out.push_back("plausible: " + model.body(b).name + " ends at its bound on " + list +
                    ": the data pull it outside its geometry (a tool or load the model lacks, or an error the "
                    "model cannot represent)");
  }
  return out;
}

}  // namespace eb::consistent
