#include "identification/consistent_estimation.hpp"
#include "util/cancelled.hpp"

#include <ceres/ceres.h>
#include <glog/logging.h>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/QR>
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "dynamics/joint_torque_regressor.hpp"
#include "identification/plausibility.hpp"
#include "identification/plausibility_margins.hpp"
#include "model/inertial_parameters.hpp"
#include "model/model_error.hpp"

namespace eb {

namespace {

// Ceres reports through glog, which writes "Logging before InitGoogleLogging()" and line-search
// notes ("Failed to extract eigenvalues from companion matrix") to the user's terminal. They are
// the solver's own business: glog is initialised once, showing only fatal messages unless the
// user set GLOG_minloglevel (glog's own convention, kept).
void quietCeresLogging() {
  static const bool once = [] {
    if (!google::IsGoogleLoggingInitialized()) google::InitGoogleLogging("excitebench");
    if (!std::getenv("GLOG_minloglevel")) FLAGS_minloglevel = google::GLOG_FATAL;
    return true;
  }();
  (void)once;
}


// Ceres iteration callback that asks `keepGoing(iteration)` and aborts the solve when it says no.
class CancelCallback : public ceres::IterationCallback {
 public:
  explicit CancelCallback(std::function<bool(int)> keepGoing) : keepGoing_(std::move(keepGoing)) {}
  ceres::CallbackReturnType operator()(const ceres::IterationSummary& s) override {
    return keepGoing_(s.iteration) ? ceres::SOLVER_CONTINUE : ceres::SOLVER_ABORT;
  }

 private:
  std::function<bool(int)> keepGoing_;
};

constexpr int kBodyParameters = 10;

/// Upper-triangular U with P = U U^T (P positive definite): "reverse" Cholesky.
Eigen::Matrix4d upperCholesky(const Eigen::Matrix4d& P) {
  // Exchange matrix E: E P E = L L^T with L lower, so U = E L E is upper triangular.
  Eigen::Matrix4d E = Eigen::Matrix4d::Zero();
  for (int i = 0; i < 4; ++i) E(i, 3 - i) = 1.0;
  const Eigen::LLT<Eigen::Matrix4d> llt(E * P * E);
  const Eigen::Matrix4d L = llt.matrixL();
  return E * L * E;
}

/// r(delta) with r^2 = e^(2 delta) - 1 - 2 delta (>= 0) and the sign of delta: smooth, r ~ sqrt(2) delta near 0.
template <typename T>
T entropicDiagonal(const T& delta) {
  using std::exp;
  using std::sqrt;
  T h;  // (e^(2d) - 1 - 2d) / d^2
  if (delta < 1e-3 && delta > -1e-3)
    h = T(2.0) + delta * (T(4.0 / 3.0) + delta * (T(2.0 / 3.0) + delta * T(4.0 / 15.0)));
  else
    h = (exp(T(2.0) * delta) - T(1.0) - T(2.0) * delta) / (delta * delta);
  return delta * sqrt(h);
}

/// Barrier residual of a plausibility margin at x = g / g0 (g0 its value at the start):
/// r^2 = x - 1 - log x, the Bregman divergence of -log, zero at the start and infinite at
/// the bound x = 0, signed like x - 1; smooth through x = 1 (series there).
template <typename T>
T marginBarrier(const T& x) {
  using std::log;
  using std::sqrt;
  const T u = x - T(1.0);
  if (u < 1e-3 && u > -1e-3) return u * sqrt(T(0.5) + u * (T(-1.0 / 3.0) + u * (T(0.25) + u * T(-0.2))));
  const T f = u - log(x);
  return u > 0.0 ? sqrt(f) : -sqrt(f);
}

/// The residual of the consistent estimate as a function of every body's
/// relative log-Cholesky numbers phi_b and the extras x:
///   [ R K theta(phi, x) - R^-T c ;                       data (r rows)
///     s * entropic residuals of each body (10 per body) ; prior, bodies
///     s * (x - x0) / scale ]                              prior, extras
/// with s = sqrt(lambda), changed between the continuation stages.
struct ConsistentResidual {
  Eigen::MatrixXd RK;               // r x p
  Eigen::VectorXd d;                // r
  std::vector<Eigen::Matrix4d> L0;  // per body: J0 - mu I = L0 L0^T, L0 upper triangular
  std::vector<double> margin;       // mu_b per body
  Eigen::VectorXd extraPrior;       // x0
  Eigen::VectorXd extraScale;       // per extra
  double priorScale = 0.0;          // sqrt(lambda)
  int bodies = 0;
  int extras = 0;
  // Plausibility barriers (plausibility_margins.hpp): per body its limits, which margins are
  // enforced, their values at the start, and the first residual row of the body's barriers.
  std::vector<BodyLimits> limits;
  std::vector<std::array<bool, kPlausibilityMargins>> active;
  std::vector<std::array<double, kPlausibilityMargins>> start;
  std::vector<int> barrierRow;
  int barriers = 0;

  int residualCount() const { return static_cast<int>(d.size()) + kBodyParameters * bodies + extras + barriers; }

  /// Standard parameters of one body: J = L0 W W^T L0^T + mu I with
  /// W = [[e^d1, w01, w02, w03], [0, e^d2, w12, w13], [0, 0, e^d3, w23], [0, 0, 0, e^d4]],
  /// phi = [d1, d2, d3, d4, w01, w02, w03, w12, w13, w23].
  template <typename T>
  static void bodyParameters(const T* phi, const Eigen::Matrix4d& L0, double mu, T* theta) {
    using std::exp;
    const T z(0.0);
    const T W[4][4] = {{exp(phi[0]), phi[4], phi[5], phi[6]},
                       {z, exp(phi[1]), phi[7], phi[8]},
                       {z, z, exp(phi[2]), phi[9]},
                       {z, z, z, exp(phi[3])}};
    T U[4][4];
    for (int i = 0; i < 4; ++i)
      for (int k = 0; k < 4; ++k) {
        T acc(0.0);
        for (int l = i; l <= k; ++l) acc += L0(i, l) * W[l][k];
        U[i][k] = acc;  // upper triangular (zero below the diagonal)
      }
    T J[4][4];
    for (int i = 0; i < 4; ++i)
      for (int k = i; k < 4; ++k) {
        T acc(0.0);
        for (int l = k; l < 4; ++l) acc += U[i][l] * U[k][l];
        J[i][k] = acc;
      }
    for (int i = 0; i < 4; ++i) J[i][i] += T(mu);
    // theta from J = [[Sigma, h], [h^T, m]], I = tr(Sigma) 1 - Sigma.
    const T tr = J[0][0] + J[1][1] + J[2][2];
    theta[0] = J[3][3];
    theta[1] = J[0][3];
    theta[2] = J[1][3];
    theta[3] = J[2][3];
    theta[4] = tr - J[0][0];
    theta[5] = -J[0][1];
    theta[6] = tr - J[1][1];
    theta[7] = -J[0][2];
    theta[8] = -J[1][2];
    theta[9] = tr - J[2][2];
  }
};

/// Ceres cost of the consistent estimate. Each body's map phi_b -> theta_b (and
/// its prior residuals) is differentiated automatically with fixed-size jets
/// (10 directions); the data rows are linear in theta, so their Jacobian is
/// RK[:, body columns] times that 10 x 10 derivative: O(r p) per evaluation
/// instead of the O(r p^2 / 10) of a DynamicAutoDiffCostFunction.
class ConsistentCost final : public ceres::CostFunction {
 public:
  explicit ConsistentCost(ConsistentResidual& f) : f_(f) {
    for (int b = 0; b < f_.bodies; ++b) mutable_parameter_block_sizes()->push_back(kBodyParameters);
    if (f_.extras > 0) mutable_parameter_block_sizes()->push_back(f_.extras);
    set_num_residuals(f_.residualCount());
  }

  bool Evaluate(double const* const* blocks, double* residuals, double** jacobians) const override {
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

 private:
  ConsistentResidual& f_;
};

double smallestEigenvalue(const Eigen::Matrix4d& J) {
  return Eigen::SelfAdjointEigenSolver<Eigen::Matrix4d>(J, Eigen::EigenvaluesOnly).eigenvalues()[0];
}

std::string formatNumber(double v, int digits = 4) {
  std::ostringstream s;
  s << std::setprecision(digits) << v;
  return s.str();
}

/// Extras layout: joint by joint, the enabled columns in the order fv, fc, fo, Ia.
enum class ExtraKind { Viscous, Coulomb, Offset, Armature };

std::vector<std::pair<int, ExtraKind>> extraColumns(const RobotModel& model, const RegressorOptions& o) {
  std::vector<std::pair<int, ExtraKind>> out;
  for (int j = 0; j < model.dof(); ++j) {
    if (o.viscous) out.emplace_back(j, ExtraKind::Viscous);
    if (o.coulomb) out.emplace_back(j, ExtraKind::Coulomb);
    if (o.offset) out.emplace_back(j, ExtraKind::Offset);
    if (o.armature) out.emplace_back(j, ExtraKind::Armature);
  }
  return out;
}

Eigen::VectorXd defaultJointWeights(const NormalEquations& eq) {
  const int n = eq.dof;
  Eigen::VectorXd ones = Eigen::VectorXd::Ones(n);
  Eigen::MatrixXd A;
  Eigen::VectorXd c;
  eq.weightedTotals(ones, A, c);
  BaseEstimate ols;
  ols.values = A.ldlt().solve(c);
  if (!ols.values.allFinite()) return ones;
  computeEstimateStatistics(eq, ones, ols);
  // sigma_j^2 floored at 1e-6 of the largest and at (1e-6 RMS tau_j)^2: round-off is no information.
  Eigen::VectorXd s2 = ols.noiseStd.cwiseAbs2();
  const double top = s2.maxCoeff();
  if (!std::isfinite(top)) return ones;
  for (int j = 0; j < n; ++j) {
    const double tauRms = std::sqrt(std::max(0.0, eq.tauSquares[j]) / std::max<double>(1.0, double(eq.samples)));
    s2[j] = std::max({s2[j], 1e-6 * top, 1e-12 * tauRms * tauRms});
  }
  if (!(s2.minCoeff() > 0.0)) return ones;
  Eigen::VectorXd w = s2.cwiseInverse();
  return w / w.mean();
}

}  // namespace

BaseEstimate chooseConsistentPriorWeight(const RobotModel& model, const NormalEquations& training,
                                         const NormalEquations& heldOut, const BaseParameters& base,
                                         const ConsistentOptions& options, double tolerance) {
  constexpr double kHeldOutStartWeight = 1.0;
  const Eigen::MatrixXd K = base.projection();
  // Scored as the fit is weighted: each joint's held-out RSS over its noise variance, so a
  // joint the model fits to 1 % counts as much as one it fits to 50 %.
  const Eigen::VectorXd w = options.jointWeights.size() > 0 ? options.jointWeights
                            : options.noiseWeighting       ? defaultJointWeights(training)
                                                           : Eigen::VectorXd::Ones(training.dof);
  std::vector<std::pair<double, double>> curve;
  ConsistentOptions first = options;
  // The path starts where the prior dominates, so a log that sees little can keep most of it.
  first.priorStartWeight = std::max(options.priorStartWeight, kHeldOutStartWeight);
  first.onStage = [&](double weight, const Eigen::VectorXd& theta) {
    const Eigen::VectorXd values = K * theta;
    double score = 0.0;
    for (int j = 0; j < heldOut.dof; ++j) score += w[j] * heldOut.residualSquares(j, values);
    curve.emplace_back(weight, score / std::max(1L, heldOut.samples));
  };
  if (options.progress) first.progress = [&](double f) { return options.progress(0.6 * f); };
  (void)estimateConsistentParameters(model, training, base, first);
  if (curve.empty()) throw std::logic_error("consistent estimate: no continuation stage reported");

  double best = curve.front().second;
  for (const auto& [weight, score] : curve) best = std::min(best, score);
  double chosen = curve.back().first;
  for (const auto& [weight, score] : curve)  // stages run from the largest weight down
    if (score <= best * (1.0 + tolerance)) {
      chosen = weight;
      break;
    }

  NormalEquations all = training;
  all.merge(heldOut);
  ConsistentOptions second = options;
  second.priorWeight = chosen;
  second.priorStartWeight = std::max(options.priorStartWeight, chosen);
  if (options.progress) second.progress = [&](double f) { return options.progress(0.6 + 0.4 * f); };
  BaseEstimate e = estimateConsistentParameters(model, all, base, second);
  e.priorWeightCurve = curve;
  std::ostringstream note;
  note << "consistent: prior weight " << formatNumber(chosen, 3) << " chosen on held-out samples ("
       << heldOut.samples << " of " << all.samples << "): the largest of " << curve.size()
       << " weights whose held-out error is within " << formatNumber(100.0 * tolerance, 3) << " % of the best;"
       << " held-out score (weighted mean squared residual) by weight:";
  for (const auto& [weight, score] : curve) note << " " << formatNumber(weight, 2) << " " << formatNumber(score, 4);
  e.notes.push_back(note.str());
  return e;
}

Eigen::VectorXd smallestPseudoInertiaEigenvalues(const RobotModel& model, const Eigen::VectorXd& theta) {
  const int nb = model.bodyCount();
  if (theta.size() < kBodyParameters * nb)
    throw std::invalid_argument("smallestPseudoInertiaEigenvalues: parameter vector too short");
  Eigen::VectorXd out(nb);
  for (int b = 0; b < nb; ++b)
    out[b] = smallestEigenvalue(pseudoInertia(theta.segment<kBodyParameters>(kBodyParameters * b)));
  return out;
}

namespace {

const char* const kMarginNames[kPlausibilityMargins] = {
    "COM x (lower)", "COM y (lower)", "COM z (lower)", "COM x (upper)",      "COM y (upper)",
    "COM z (upper)", "mass spread (ellipsoid)", "mass (density)", "inertia about the COM (density)"};

// Barrier rows for every body's plausibility margins that hold strictly at the start.
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

// Margins the estimate ends against (within 1 % of zero, relative to the start): the data
// pull that body beyond its plausible set.
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

}  // namespace

BaseEstimate estimateConsistentParameters(const RobotModel& model, const NormalEquations& eq,
                                          const BaseParameters& base, const ConsistentOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const int n = eq.dof, r = eq.columns;
  const int nb = model.bodyCount();
  const int p = base.columnCount;
  if (n != model.dof() || r != base.rank || p != regressorColumnCount(model, base.options) ||
      static_cast<int>(eq.A.size()) != n)
    throw InputError("consistent estimate: the normal equations (" + std::to_string(n) + " joints, " +
                     std::to_string(r) + " base columns) do not match the robot '" + model.name() + "' (" +
                     std::to_string(model.dof()) + " joints, " + std::to_string(base.rank) + " base parameters)");
  if (eq.samples * n < 2L * r)
    throw InputError("too few samples for identification: " + std::to_string(eq.samples) + " samples x " +
                     std::to_string(n) + " joints for " + std::to_string(r) + " base parameters");
  if (options.iterationsPerStage < 1 || !(options.priorWeight > 0.0) || !(options.priorStartWeight > 0.0) ||
      !(options.definitenessMargin >= 0.0))
    throw std::invalid_argument(
        "consistent estimate: iterationsPerStage >= 1, prior weights > 0 and margin >= 0 required");

  // Joint weights.
  Eigen::VectorXd w;
  if (options.jointWeights.size() > 0) {
    if (options.jointWeights.size() != n || !(options.jointWeights.minCoeff() > 0.0) ||
        !options.jointWeights.allFinite())
      throw std::invalid_argument("consistent estimate: jointWeights needs " + std::to_string(n) +
                                  " positive finite entries");
    w = options.jointWeights;
  } else {
    w = options.noiseWeighting ? defaultJointWeights(eq) : Eigen::VectorXd::Ones(n);
  }

  // Data term: || R K theta - R^-T c ||^2 with A = R^T R.
  Eigen::MatrixXd A;
  Eigen::VectorXd c;
  eq.weightedTotals(w, A, c);
  const double condition = checkConditioning(A, base, options.maxCondition);
  const Eigen::LLT<Eigen::MatrixXd> llt(A);
  if (llt.info() != Eigen::Success)
    throw InputError("consistent estimate: the weighted normal matrix is not positive definite");
  const Eigen::MatrixXd Rt = llt.matrixL();  // R^T
  const Eigen::MatrixXd K = base.projection();
  const Eigen::MatrixXd RK = Rt.transpose() * K;
  const Eigen::VectorXd d = Rt.triangularView<Eigen::Lower>().solve(c);

  // Prior: the model's bodies J0 (a massless one: a tiny sphere) and the joints'
  // URDF damping/friction for the extras; per-parameter scales S.
  const Eigen::VectorXd modelTheta = model.standardParameters();
  double massSum = 0.0;
  int massive = 0;
  for (int b = 0; b < nb; ++b)
    if (modelTheta[kBodyParameters * b] > 0.0) {
      massSum += modelTheta[kBodyParameters * b];
      ++massive;
    }
  const double meanMass = massive > 0 ? massSum / massive : 1.0;
  Eigen::VectorXd scale(p);
  for (int b = 0; b < nb; ++b) {
    const Vector10d tb = modelTheta.segment<kBodyParameters>(kBodyParameters * b);
    const double ms = std::max({tb[0], 1e-2 * meanMass, 1e-3});
    const double ls = std::max(0.1, tb[0] > 0.0 ? centreOfMass(tb).norm() : 0.0);
    scale.segment<kBodyParameters>(kBodyParameters * b) << ms, ms * ls, ms * ls, ms * ls, ms * ls * ls, ms * ls * ls,
        ms * ls * ls, ms * ls * ls, ms * ls * ls, ms * ls * ls;
  }
  const auto extraCols = extraColumns(model, base.options);
  const int ne = static_cast<int>(extraCols.size());
  if (kBodyParameters * nb + ne != p) throw std::logic_error("consistent estimate: regressor layout mismatch");
  auto fit = std::make_unique<ConsistentResidual>();
  fit->extraPrior.resize(ne);
  fit->extraScale.resize(ne);
  for (int k = 0; k < ne; ++k) {
    const int j = extraCols[static_cast<size_t>(k)].first;
    const ExtraKind kind = extraCols[static_cast<size_t>(k)].second;
    const double tauRms = std::sqrt(std::max(0.0, eq.tauSquares[j]) / std::max<double>(1.0, double(eq.samples)));
    scale[kBodyParameters * nb + k] = std::max(0.1 * tauRms, 1e-3);
    fit->extraScale[k] = scale[kBodyParameters * nb + k];
    fit->extraPrior[k] = kind == ExtraKind::Viscous   ? std::max(0.0, model.joint(j).damping)
                         : kind == ExtraKind::Coulomb ? std::max(0.0, model.joint(j).friction)
                                                      : 0.0;
  }
  // lambda = weight x the mean eigenvalue of the data term in scaled coordinates.
  const Eigen::MatrixXd Ks = K * scale.asDiagonal();
  const double dataCurvature = std::max((Ks.transpose() * A * Ks).trace() / std::max(1, r), 1e-300);
  fit->RK = RK;
  fit->d = d;
  fit->bodies = nb;
  fit->extras = ne;

  // Starting point: the prior (W = I), extras from the unconstrained fit, clamped at their bounds.
  std::vector<Vector10d> phi(static_cast<size_t>(nb));
  // A model inertia outside its own geometry's bounds is moved inside first: the plausible
  // set must contain the prior for the barriers to start.
  std::vector<std::string> barrierNotes;
  if (options.plausible) fit->limits = bodyLimits(bodyGeometryBounds(model), options.plausibility);
  for (int b = 0; b < nb; ++b) {
    Vector10d tb = modelTheta.segment<kBodyParameters>(kBodyParameters * b);
    if (!(tb[0] > 0.0) || !tb.allFinite()) {
      const double m = 1e-3 * meanMass, rad = 0.05;
      tb = standardParametersFromCom(m, Eigen::Vector3d::Zero(), (0.4 * m * rad * rad) * Eigen::Matrix3d::Identity());
    }
    if (options.plausible) {
      std::string what;
      tb = plausibleStart(tb, fit->limits[static_cast<size_t>(b)], options.plausibility.minTestedMass, &what);
      if (!what.empty()) barrierNotes.push_back("plausible: prior of " + model.body(b).name + ": " + what);
    }
    Eigen::Matrix4d J = pseudoInertia(tb);
    const double mu = options.definitenessMargin * J.trace();
    const double lmin = smallestEigenvalue(J);
    if (lmin < 2.0 * mu || lmin <= 0.0) J.diagonal().array() += 2.0 * mu - std::min(lmin, 0.0) + 1e-9 * J.trace();
    fit->margin.push_back(mu);
    fit->L0.push_back(upperCholesky(J - mu * Eigen::Matrix4d::Identity()));
    phi[static_cast<size_t>(b)].setZero();
  }
  if (options.plausible) setUpPlausibilityBarriers(model, options.plausibility, phi, *fit, barrierNotes);
  std::vector<double> extras(static_cast<size_t>(ne));
  if (ne > 0) {
    // Least squares over the extras alone, the bodies at the prior.
    Eigen::VectorXd theta0(p);
    for (int b = 0; b < nb; ++b)
      ConsistentResidual::bodyParameters(phi[static_cast<size_t>(b)].data(), fit->L0[static_cast<size_t>(b)],
                                         fit->margin[static_cast<size_t>(b)], theta0.data() + kBodyParameters * b);
    const Eigen::MatrixXd Rx = RK.rightCols(ne);
    const Eigen::VectorXd rhs = d - RK.leftCols(kBodyParameters * nb) * theta0.head(kBodyParameters * nb);
    Eigen::MatrixXd M(r + ne, ne);
    Eigen::VectorXd v(r + ne);
    const double s0 = std::sqrt(options.priorStartWeight * dataCurvature);
    M.topRows(r) = Rx;
    v.head(r) = rhs;
    M.bottomRows(ne) = (s0 * fit->extraScale.cwiseInverse()).asDiagonal();
    v.tail(ne) = s0 * fit->extraPrior.cwiseQuotient(fit->extraScale);
    const Eigen::VectorXd x = M.colPivHouseholderQr().solve(v);
    for (int k = 0; k < ne; ++k) {
      double value = std::isfinite(x[k]) ? x[k] : 0.0;
      if (extraCols[static_cast<size_t>(k)].second != ExtraKind::Offset) value = std::max(value, 0.0);
      extras[static_cast<size_t>(k)] = value;
    }
  }

  // Ceres problem: one residual block over all parameter blocks.
  ConsistentResidual* residual = fit.get();
  auto* cost = new ConsistentCost(*residual);  // owned by the problem; *fit outlives it
  std::vector<double*> blocks;
  for (int b = 0; b < nb; ++b) blocks.push_back(phi[static_cast<size_t>(b)].data());
  if (ne > 0) blocks.push_back(extras.data());
  ceres::Problem problem;
  problem.AddResidualBlock(cost, nullptr, blocks);
  for (int k = 0; k < ne; ++k)
    if (extraCols[static_cast<size_t>(k)].second != ExtraKind::Offset)
      problem.SetParameterLowerBound(extras.data(), k, 0.0);

  ceres::Solver::Options so;
  so.minimizer_type = ceres::TRUST_REGION;
  so.trust_region_strategy_type = ceres::LEVENBERG_MARQUARDT;
  so.linear_solver_type = ceres::DENSE_QR;
  so.max_num_iterations = options.iterationsPerStage;
  so.function_tolerance = 1e-10;
  so.gradient_tolerance = 1e-16;
  so.parameter_tolerance = 1e-12;
  so.num_threads = 1;
  quietCeresLogging();
  so.logging_type = ceres::SILENT;
  so.minimizer_progress_to_stdout = false;

  // Continuation (an interior-point path): the prior weight starts large, where the
  // problem is well conditioned and the bodies stay well inside the cone, and is
  // divided by 10 per stage down to priorWeight, each stage warm-started.
  ceres::Solver::Summary summary;
  int iterations = 0, stages = 0;
  bool converged = true;
  double firstCost = -1.0;
  const double finalWeight = options.priorWeight;
  const double startWeight = std::max(options.priorStartWeight, finalWeight);
  const int plannedStages = 1 + static_cast<int>(std::ceil(std::log10(startWeight / finalWeight) - 1e-9));
  // Progress and cancel between iterations: the fraction counts stages, and iterations within one.
  CancelCallback cancel([&](int iteration) {
    const double f = (stages + std::min(1.0, iteration / static_cast<double>(std::max(1, so.max_num_iterations)))) /
                     plannedStages;
    return !options.progress || options.progress(std::min(f, 1.0));
  });
  if (options.progress) so.callbacks.push_back(&cancel);
  for (double weight = startWeight;; weight = std::max(0.1 * weight, finalWeight)) {
    residual->priorScale = std::sqrt(weight * dataCurvature);
    ceres::Solve(so, &problem, &summary);
    if (summary.termination_type == ceres::USER_FAILURE) throw Cancelled("consistent estimate");
    if (firstCost < 0.0) firstCost = summary.initial_cost;
    iterations += std::max(0, static_cast<int>(summary.iterations.size()) - 1);
    ++stages;
    if (!summary.IsSolutionUsable()) throw InputError("consistent estimate: the optimizer failed: " + summary.message);
    if (options.onStage) {
      Eigen::VectorXd stageTheta(p);
      for (int b = 0; b < nb; ++b)
        ConsistentResidual::bodyParameters(phi[static_cast<size_t>(b)].data(), residual->L0[static_cast<size_t>(b)],
                                           residual->margin[static_cast<size_t>(b)],
                                           stageTheta.data() + kBodyParameters * b);
      for (int k = 0; k < ne; ++k) stageTheta[kBodyParameters * nb + k] = extras[static_cast<size_t>(k)];
      options.onStage(weight, stageTheta);
    }
    if (weight <= finalWeight * (1.0 + 1e-9)) {  // 0.1 x 1e-12 may round just above 1e-13
      converged = summary.termination_type == ceres::CONVERGENCE;
      break;
    }
  }

  // Result.
  Eigen::VectorXd theta(p);
  for (int b = 0; b < nb; ++b)
    ConsistentResidual::bodyParameters(phi[static_cast<size_t>(b)].data(), residual->L0[static_cast<size_t>(b)],
                                       residual->margin[static_cast<size_t>(b)], theta.data() + kBodyParameters * b);
  for (int k = 0; k < ne; ++k) theta[kBodyParameters * nb + k] = extras[static_cast<size_t>(k)];
  if (!theta.allFinite()) throw InputError("consistent estimate: the optimizer produced non-finite parameters");

  BaseEstimate e;
  e.method = EstimationMethod::Consistent;
  e.values = K * theta;
  computeEstimateStatistics(eq, w, e);
  e.condition = condition;
  e.fullParameters = theta;
  e.priorWeight = options.priorWeight;
  {
    // The prior's curvature is taken as lambda per scaled parameter (the divergence's
    // Hessian at the prior is of that order in these coordinates).
    const Eigen::MatrixXd F = Ks.transpose() * A * Ks;
    Eigen::MatrixXd regularized = F;
    regularized.diagonal().array() += options.priorWeight * dataCurvature;
    const Eigen::VectorXd share = regularized.ldlt().solve(F).diagonal();
    e.dataShare = share.cwiseMax(0.0).cwiseMin(1.0);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  e.notes.push_back(
      "consistent: log-Cholesky parametrization, Ceres Levenberg-Marquardt, " + std::to_string(stages) + " stages, " +
      std::to_string(iterations) + " iterations, last stage " +
      (converged ? "converged" : "stopped at " + std::to_string(options.iterationsPerStage) + " iterations") + ", " +
      formatNumber(seconds, 3) + " s");
  e.notes.push_back("consistent: cost (weighted RSS above least squares, plus prior) " +
                    formatNumber(2.0 * summary.final_cost, 6) + " (N m)^2, from " + formatNumber(2.0 * firstCost, 6));
  e.notes.push_back(
      "consistent: prior (log-det divergence from the model's inertias, friction toward the URDF) "
      "weight " +
      formatNumber(options.priorWeight, 3) + " of the data term; margin " +
      formatNumber(options.definitenessMargin, 3) + " x trace(J)");
  if (options.plausible) {
    e.notes.push_back("plausible: " + std::to_string(residual->barriers) +
                      " bounds enforced (geometry of the links, density <= " +
                      formatNumber(options.plausibility.maxDensity, 3) + " kg/m^3)");
    e.notes.insert(e.notes.end(), barrierNotes.begin(), barrierNotes.end());
    const std::vector<std::string> atBounds = marginsAtBounds(model, *residual, theta);
    e.notes.insert(e.notes.end(), atBounds.begin(), atBounds.end());
  }
  const Eigen::VectorXd lmin = smallestPseudoInertiaEigenvalues(model, theta);
  std::ostringstream eig;
  eig << "consistent: smallest pseudo-inertia eigenvalue per body:";
  for (int b = 0; b < nb; ++b) eig << (b ? ", " : " ") << model.body(b).name << " " << formatNumber(lmin[b], 3);
  e.notes.push_back(eig.str());
  return e;
}

}  // namespace eb
