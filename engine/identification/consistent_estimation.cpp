// The consistent estimate in named steps (the design note is consistent_estimation.hpp; the
// residual and its cost are consistent_residual.hpp).
#include "identification/consistent_estimation.hpp"

#include <ceres/ceres.h>
#include <glog/logging.h>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "dynamics/joint_torque_regressor.hpp"
#include "identification/consistent_residual.hpp"
#include "identification/plausibility.hpp"
#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"
#include "util/cancelled.hpp"

namespace eb {

using consistent::ConsistentCost;
using consistent::ConsistentResidual;
using consistent::kBodyParameters;

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

double smallestEigenvalue(const Eigen::Matrix4d& J) {
  return Eigen::SelfAdjointEigenSolver<Eigen::Matrix4d>(J, Eigen::EigenvaluesOnly).eigenvalues()[0];
}

/// Extras layout: joint by joint, the enabled columns in the order fv, fc (or fcp, fcn), fs, fo, Ia.
/// Every friction level is >= 0 (each opposes the motion, fcn's feature is negative); offsets are free.
enum class ExtraKind { Viscous, Coulomb, Stribeck, Offset, Armature };
using ExtraColumns = std::vector<std::pair<int, ExtraKind>>;

ExtraColumns extraColumns(const RobotModel& model, const RegressorOptions& o) {
  ExtraColumns out;
  for (int j = 0; j < model.dof(); ++j) {
    if (o.viscous) out.emplace_back(j, ExtraKind::Viscous);
    if (o.coulomb) out.emplace_back(j, ExtraKind::Coulomb);
    if (o.coulomb && o.asymmetricCoulomb) out.emplace_back(j, ExtraKind::Coulomb);
    if (o.stribeck) out.emplace_back(j, ExtraKind::Stribeck);
    if (o.offset) out.emplace_back(j, ExtraKind::Offset);
    if (o.armature) out.emplace_back(j, ExtraKind::Armature);
  }
  return out;
}

/// RMS of joint j's measured torque over the samples [N m or N].
double torqueRms(const NormalEquations& eq, int j) {
  return std::sqrt(std::max(0.0, eq.tauSquares[j]) / std::max<double>(1.0, double(eq.samples)));
}

// Throws InputError (std::invalid_argument for bad options) unless the normal equations, the
// base parameters and the options fit the model and the samples are enough.
void checkInputs(const RobotModel& model, const NormalEquations& eq, const BaseParameters& base,
                 const ConsistentOptions& options) {
  const int n = eq.dof, r = eq.columns;
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
}

// Joint weights w_j of the torque fit (dof entries): the caller's, checked, else the default.
Eigen::VectorXd jointWeights(const NormalEquations& eq, const ConsistentOptions& options) {
  const int n = eq.dof;
  if (options.jointWeights.size() > 0) {
    if (options.jointWeights.size() != n || !(options.jointWeights.minCoeff() > 0.0) ||
        !options.jointWeights.allFinite())
      throw std::invalid_argument("consistent estimate: jointWeights needs " + std::to_string(n) +
                                  " positive finite entries");
    return options.jointWeights;
  }
  return options.noiseWeighting ? consistent::defaultJointWeights(eq) : Eigen::VectorXd::Ones(n);
}

/// The data term || R K theta - R^-T c_w ||^2 with A_w = R^T R.
struct DataTerm {
  Eigen::MatrixXd A;       // A_w (r x r)
  Eigen::MatrixXd K;       // theta_base = K theta (r x p)
  Eigen::MatrixXd RK;      // R K (r x p)
  Eigen::VectorXd d;       // R^-T c_w (r)
  double condition = 0.0;  // of the weighted regression (checkConditioning)
};

// The data term of the fit with joint weights w; InputError when ill-conditioned.
DataTerm dataTerm(const NormalEquations& eq, const BaseParameters& base, const Eigen::VectorXd& w,
                  double maxCondition) {
  DataTerm t;
  Eigen::VectorXd c;
  eq.weightedTotals(w, t.A, c);
  t.condition = checkConditioning(t.A, base, maxCondition);
  const Eigen::LLT<Eigen::MatrixXd> llt(t.A);
  if (llt.info() != Eigen::Success)
    throw InputError("consistent estimate: the weighted normal matrix is not positive definite");
  const Eigen::MatrixXd Rt = llt.matrixL();  // R^T
  t.K = base.projection();
  t.RK = Rt.transpose() * t.K;
  t.d = Rt.triangularView<Eigen::Lower>().solve(c);
  return t;
}

/// The prior's model side and the per-parameter scales S (the file comment of the header).
struct PriorScales {
  Eigen::VectorXd modelTheta;  // the model's standard parameters (10 per body)
  double meanMass = 1.0;       // over the bodies with mass [kg]
  ExtraColumns extras;         // what each extra column is
  Eigen::MatrixXd Ks;          // K S
  double dataCurvature = 0.0;  // mean eigenvalue of S K^T A_w K S: lambda = weight x this
};

// Prior: the model's bodies J0 and, on request, the joints' URDF damping/friction for the extras, with the
// per-parameter scales S; fills the data, extras and size fields of `fit`.
PriorScales priorAndScales(const RobotModel& model, const NormalEquations& eq, const BaseParameters& base,
                           const DataTerm& data, FrictionPrior frictionPrior, ConsistentResidual& fit) {
  const int nb = model.bodyCount();
  const int r = eq.columns;
  const int p = base.columnCount;
  PriorScales s;
  s.modelTheta = model.standardParameters();
  double massSum = 0.0;
  int massive = 0;
  for (int b = 0; b < nb; ++b)
    if (s.modelTheta[kBodyParameters * b] > 0.0) {
      massSum += s.modelTheta[kBodyParameters * b];
      ++massive;
    }
  s.meanMass = massive > 0 ? massSum / massive : 1.0;
  Eigen::VectorXd scale(p);
  for (int b = 0; b < nb; ++b) {
    const Vector10d tb = s.modelTheta.segment<kBodyParameters>(kBodyParameters * b);
    const double ms = std::max({tb[0], 1e-2 * s.meanMass, 1e-3});
    const double ls = std::max(0.1, tb[0] > 0.0 ? centreOfMass(tb).norm() : 0.0);
    scale.segment<kBodyParameters>(kBodyParameters * b) << ms, ms * ls, ms * ls, ms * ls, ms * ls * ls, ms * ls * ls,
        ms * ls * ls, ms * ls * ls, ms * ls * ls, ms * ls * ls;
  }
  s.extras = extraColumns(model, base.options);
  const int ne = static_cast<int>(s.extras.size());
  if (kBodyParameters * nb + ne != p) throw std::logic_error("consistent estimate: regressor layout mismatch");
  fit.extraPrior.resize(ne);
  fit.extraScale.resize(ne);
  for (int k = 0; k < ne; ++k) {
    const int j = s.extras[static_cast<size_t>(k)].first;
    const ExtraKind kind = s.extras[static_cast<size_t>(k)].second;
    scale[kBodyParameters * nb + k] = std::max(0.1 * torqueRms(eq, j), 1e-3);
    fit.extraScale[k] = scale[kBodyParameters * nb + k];
    // The data's own friction replaces this 0 once the extras' least-squares start is known.
    const bool description = frictionPrior == FrictionPrior::Description;
    fit.extraPrior[k] = description && kind == ExtraKind::Viscous   ? std::max(0.0, model.joint(j).damping)
                        : description && kind == ExtraKind::Coulomb ? std::max(0.0, model.joint(j).friction)
                                                                    : 0.0;
  }
  s.Ks = data.K * scale.asDiagonal();
  s.dataCurvature = std::max((s.Ks.transpose() * data.A * s.Ks).trace() / std::max(1, r), 1e-300);
  fit.RK = data.RK;
  fit.d = data.d;
  fit.bodies = nb;
  fit.extras = ne;
  return s;
}

/// Where the solver starts, and the notes the start leaves.
struct Start {
  std::vector<Vector10d> phi;             // log-Cholesky numbers per body (zero: at the prior)
  std::vector<double> extras;             // friction, offset and armature (regressor layout)
  std::vector<std::string> barrierNotes;  // priors moved inside their bounds, margins not enforced
};

// Every body at its prior (W = I, phi = 0): a massless body becomes a tiny sphere, an implausible
// one is moved inside its bounds, J0 is lifted to J0 >= 2 mu if needed; sets up the barriers.
// Fills the bodies' fields of `fit` (L0, margin, limits, barriers).
void bodiesAtPrior(const RobotModel& model, const ConsistentOptions& options, const PriorScales& prior,
                   ConsistentResidual& fit, Start& start) {
  const int nb = model.bodyCount();
  start.phi.resize(static_cast<size_t>(nb));
  // A model inertia outside its own geometry's bounds is moved inside first: the plausible
  // set must contain the prior for the barriers to start.
  if (options.plausible) fit.limits = bodyLimits(bodyGeometryBounds(model), options.plausibility);
  for (int b = 0; b < nb; ++b) {
    Vector10d tb = prior.modelTheta.segment<kBodyParameters>(kBodyParameters * b);
    if (!(tb[0] > 0.0) || !tb.allFinite()) {
      const double m = 1e-3 * prior.meanMass, rad = 0.05;
      tb = standardParametersFromCom(m, Eigen::Vector3d::Zero(), (0.4 * m * rad * rad) * Eigen::Matrix3d::Identity());
    }
    if (options.plausible) {
      std::string what;
      tb = plausibleStart(tb, fit.limits[static_cast<size_t>(b)], options.plausibility.minTestedMass, &what);
      if (!what.empty()) start.barrierNotes.push_back("plausible: prior of " + model.body(b).name + ": " + what);
    }
    Eigen::Matrix4d J = pseudoInertia(tb);
    const double mu = options.definitenessMargin * J.trace();
    const double lmin = smallestEigenvalue(J);
    if (lmin < 2.0 * mu || lmin <= 0.0) J.diagonal().array() += 2.0 * mu - std::min(lmin, 0.0) + 1e-9 * J.trace();
    fit.margin.push_back(mu);
    fit.L0.push_back(consistent::upperCholesky(J - mu * Eigen::Matrix4d::Identity()));
    start.phi[static_cast<size_t>(b)].setZero();
  }
  if (options.plausible)
    consistent::setUpPlausibilityBarriers(model, options.plausibility, start.phi, fit, start.barrierNotes);
}

// The extras' start: least squares over the extras alone with the bodies at the start and the
// first stage's prior on the extras, clamped at their bounds (offsets are free).
void extrasAtFit(const ConsistentOptions& options, const PriorScales& prior, const ConsistentResidual& fit,
                 Start& start) {
  const int nb = fit.bodies, ne = fit.extras;
  const int r = static_cast<int>(fit.d.size());
  start.extras.assign(static_cast<size_t>(ne), 0.0);
  if (ne == 0) return;
  const Eigen::VectorXd theta0 = consistent::fullParameters(fit, start.phi, start.extras);
  const Eigen::MatrixXd Rx = fit.RK.rightCols(ne);
  const Eigen::VectorXd rhs = fit.d - fit.RK.leftCols(kBodyParameters * nb) * theta0.head(kBodyParameters * nb);
  Eigen::MatrixXd M(r + ne, ne);
  Eigen::VectorXd v(r + ne);
  const double s0 = std::sqrt(options.priorStartWeight * prior.dataCurvature);
  M.topRows(r) = Rx;
  v.head(r) = rhs;
  M.bottomRows(ne) = (s0 * fit.extraScale.cwiseInverse()).asDiagonal();
  v.tail(ne) = s0 * fit.extraPrior.cwiseQuotient(fit.extraScale);
  const Eigen::VectorXd x = M.colPivHouseholderQr().solve(v);
  for (int k = 0; k < ne; ++k) {
    double value = std::isfinite(x[k]) ? x[k] : 0.0;
    if (prior.extras[static_cast<size_t>(k)].second != ExtraKind::Offset) value = std::max(value, 0.0);
    start.extras[static_cast<size_t>(k)] = value;
  }
}

// Levenberg-Marquardt with dense QR, silent, single-threaded, at most `iterations` per stage.
ceres::Solver::Options solverOptions(int iterations) {
  ceres::Solver::Options so;
  so.minimizer_type = ceres::TRUST_REGION;
  so.trust_region_strategy_type = ceres::LEVENBERG_MARQUARDT;
  so.linear_solver_type = ceres::DENSE_QR;
  so.max_num_iterations = iterations;
  so.function_tolerance = 1e-10;
  so.gradient_tolerance = 1e-16;
  so.parameter_tolerance = 1e-12;
  so.num_threads = 1;
  quietCeresLogging();
  so.logging_type = ceres::SILENT;
  so.minimizer_progress_to_stdout = false;
  return so;
}

/// What the continuation did, for the notes.
struct SolveOutcome {
  int stages = 0, iterations = 0;
  bool converged = true;    // the last stage converged (else it stopped at its iteration limit)
  double firstCost = -1.0;  // Ceres cost (half the sum of squares) at the start of the first stage
  double finalCost = 0.0;   // and at the end of the last
};

// Continuation (an interior-point path): the prior weight starts large, where the problem is
// well conditioned and the bodies stay well inside the cone, and is divided by 10 per stage
// down to priorWeight, each stage warm-started from `start` (updated in place). Throws
// Cancelled when options.progress says stop, InputError when the optimizer fails.
SolveOutcome solveWithContinuation(const ConsistentOptions& options, const PriorScales& prior, ConsistentResidual& fit,
                                   Start& start) {
  const int nb = fit.bodies, ne = fit.extras;
  // One residual block over all parameter blocks.
  auto* cost = new ConsistentCost(fit);  // owned by the problem; fit outlives it
  std::vector<double*> blocks;
  for (int b = 0; b < nb; ++b) blocks.push_back(start.phi[static_cast<size_t>(b)].data());
  if (ne > 0) blocks.push_back(start.extras.data());
  ceres::Problem problem;
  problem.AddResidualBlock(cost, nullptr, blocks);
  for (int k = 0; k < ne; ++k)
    if (prior.extras[static_cast<size_t>(k)].second != ExtraKind::Offset)
      problem.SetParameterLowerBound(start.extras.data(), k, 0.0);
  ceres::Solver::Options so = solverOptions(options.iterationsPerStage);

  ceres::Solver::Summary summary;
  SolveOutcome out;
  const double finalWeight = options.priorWeight;
  const double startWeight = std::max(options.priorStartWeight, finalWeight);
  const int plannedStages = 1 + static_cast<int>(std::ceil(std::log10(startWeight / finalWeight) - 1e-9));
  // Progress and cancel between iterations: the fraction counts stages, and iterations within one.
  CancelCallback cancel([&](int iteration) {
    const double f = (out.stages + std::min(1.0, iteration / static_cast<double>(std::max(1, so.max_num_iterations)))) /
                     plannedStages;
    return !options.progress || options.progress(std::min(f, 1.0));
  });
  if (options.progress) so.callbacks.push_back(&cancel);
  for (double weight = startWeight;; weight = std::max(0.1 * weight, finalWeight)) {
    fit.priorScale = std::sqrt(weight * prior.dataCurvature);
    ceres::Solve(so, &problem, &summary);
    if (summary.termination_type == ceres::USER_FAILURE) throw Cancelled("consistent estimate");
    if (out.firstCost < 0.0) out.firstCost = summary.initial_cost;
    out.iterations += std::max(0, static_cast<int>(summary.iterations.size()) - 1);
    ++out.stages;
    if (!summary.IsSolutionUsable()) throw InputError("consistent estimate: the optimizer failed: " + summary.message);
    if (options.onStage) options.onStage(weight, consistent::fullParameters(fit, start.phi, start.extras));
    if (weight <= finalWeight * (1.0 + 1e-9)) {  // 0.1 x 1e-12 may round just above 1e-13
      out.converged = summary.termination_type == ceres::CONVERGENCE;
      break;
    }
  }
  out.finalCost = summary.final_cost;
  return out;
}

// The estimate at full parameters theta: base values, statistics with the joint weights w,
// and each scaled parameter's share of data against the final prior.
BaseEstimate estimateAt(const NormalEquations& eq, const ConsistentOptions& options, const Eigen::VectorXd& w,
                        const DataTerm& data, const PriorScales& prior, const Eigen::VectorXd& theta) {
  BaseEstimate e;
  e.method = EstimationMethod::Consistent;
  e.values = data.K * theta;
  computeEstimateStatistics(eq, w, e);
  e.condition = data.condition;
  e.fullParameters = theta;
  e.priorWeight = options.priorWeight;
  // The prior's curvature is taken as lambda per scaled parameter (the divergence's
  // Hessian at the prior is of that order in these coordinates).
  const Eigen::MatrixXd F = prior.Ks.transpose() * data.A * prior.Ks;
  Eigen::MatrixXd regularized = F;
  regularized.diagonal().array() += options.priorWeight * prior.dataCurvature;
  const Eigen::VectorXd share = regularized.ldlt().solve(F).diagonal();
  e.dataShare = share.cwiseMax(0.0).cwiseMin(1.0);
  return e;
}

// Notes on the solve (stages, iterations, cost, time), the prior, the plausibility bounds and
// each body's smallest pseudo-inertia eigenvalue at the estimate's full parameters theta.
void addNotes(BaseEstimate& e, const RobotModel& model, const ConsistentOptions& options, const ConsistentResidual& fit,
              const SolveOutcome& solve, const Start& start, const Eigen::VectorXd& theta) {
  e.notes.push_back(
      "consistent: log-Cholesky parametrization, Ceres Levenberg-Marquardt, " + std::to_string(solve.stages) +
      " stages, " + std::to_string(solve.iterations) + " iterations, last stage " +
      (solve.converged ? "converged" : "stopped at " + std::to_string(options.iterationsPerStage) + " iterations"));
  // No wall time in the notes: they go into params.json and the report, which the same data and
  // settings must reproduce byte for byte (the CLI's, the wizard's and the Python module's).
  e.notes.push_back("consistent: cost (weighted RSS above least squares, plus prior) " +
                    consistent::formatNumber(2.0 * solve.finalCost, 6) + " (N m)^2, from " +
                    consistent::formatNumber(2.0 * solve.firstCost, 6));
  e.notes.push_back(
      std::string("consistent: prior (log-det divergence from the model's inertias, friction toward ") +
      (options.frictionPrior == FrictionPrior::Description ? "the URDF's <dynamics>"
       : options.frictionPrior == FrictionPrior::Zero      ? "zero"
                                                           : "the data's own least-squares fit") +
      ") weight " +
      consistent::formatNumber(options.priorWeight, 3) + " of the data term; margin " +
      consistent::formatNumber(options.definitenessMargin, 3) + " x trace(J)");
  int withDynamics = 0;
  for (const Joint& j : model.joints()) withDynamics += j.damping > 0.0 || j.friction > 0.0;
  if (withDynamics > 0 && options.frictionPrior != FrictionPrior::Description)
    e.notes.push_back("consistent: the description's <dynamics damping friction> (" + std::to_string(withDynamics) +
                      " joints; often simulator placeholders) are not the friction prior: --friction-prior urdf "
                      "uses them");
  if (options.plausible) {
    e.notes.push_back("plausible: " + std::to_string(fit.barriers) +
                      " bounds enforced (each link's geometry, or its joint origins and CAD inertial without one; density <= " +
                      consistent::formatNumber(options.plausibility.maxDensity, 3) + " kg/m^3)");
    e.notes.insert(e.notes.end(), start.barrierNotes.begin(), start.barrierNotes.end());
    const std::vector<std::string> atBounds = consistent::marginsAtBounds(model, fit, theta);
    e.notes.insert(e.notes.end(), atBounds.begin(), atBounds.end());
  }
  const Eigen::VectorXd lmin = smallestPseudoInertiaEigenvalues(model, theta);
  std::ostringstream eig;
  eig << "consistent: smallest pseudo-inertia eigenvalue per body:";
  for (int b = 0; b < model.bodyCount(); ++b)
    eig << (b ? ", " : " ") << model.body(b).name << " " << consistent::formatNumber(lmin[b], 3);
  e.notes.push_back(eig.str());
}

}  // namespace

namespace consistent {

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
    const double tauRms = torqueRms(eq, j);
    s2[j] = std::max({s2[j], 1e-6 * top, 1e-12 * tauRms * tauRms});
  }
  if (!(s2.minCoeff() > 0.0)) return ones;
  Eigen::VectorXd w = s2.cwiseInverse();
  return w / w.mean();
}

}  // namespace consistent

BaseEstimate estimateConsistentParameters(const RobotModel& model, const NormalEquations& eq,
                                          const BaseParameters& base, const ConsistentOptions& options) {
  checkInputs(model, eq, base, options);
  const Eigen::VectorXd w = jointWeights(eq, options);
  const DataTerm data = dataTerm(eq, base, w, options.maxCondition);
  ConsistentResidual fit;  // the cost refers to it: it stays here, unmoved, until the solve ends
  const PriorScales prior = priorAndScales(model, eq, base, data, options.frictionPrior, fit);
  Start start;
  bodiesAtPrior(model, options, prior, fit, start);
  extrasAtFit(options, prior, fit, start);
  // The data's own fit of every extra (friction, Stribeck, armature, offset) is its prior's centre:
  // the prior then only regularizes them.
  if (options.frictionPrior == FrictionPrior::Data)
    for (int k = 0; k < fit.extras; ++k) fit.extraPrior[k] = start.extras[static_cast<size_t>(k)];
  const SolveOutcome solve = solveWithContinuation(options, prior, fit, start);

  const Eigen::VectorXd theta = consistent::fullParameters(fit, start.phi, start.extras);
  if (!theta.allFinite()) throw InputError("consistent estimate: the optimizer produced non-finite parameters");
  BaseEstimate e = estimateAt(eq, options, w, data, prior, theta);
  addNotes(e, model, options, fit, solve, start, theta);
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

}  // namespace eb
