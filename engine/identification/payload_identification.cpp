#include "identification/payload_identification.hpp"

#include "dynamics/joint_torque_regressor.hpp"
#include "identification/validation.hpp"
#include "model/inertial_check.hpp"
#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"
#include "util/cancelled.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace eb {
namespace {

// Information an unknown must keep after the ones taken before it (relative to its own):
// 1e-10 is a condition number of 1e5 of the column-scaled regression.
constexpr double kIdentifiedShare = 1e-10;

}  // namespace

PayloadRegression::PayloadRegression(const RobotModel& model, const BaseParameters& base, const PayloadMount& mount,
                                     const PayloadProblem& problem)
    : model_(model), base_(base), mount_(mount), problem_(problem), ws_(model) {
  const int n = model.dof();
  columns_ = problem.estimateRobot ? base.rank : 0;
  if (problem.estimatePayload) {
    payloadColumn_ = columns_;
    columns_ += 10;
  }
  if (problem.estimateGains) {
    gainColumn_ = columns_;
    columns_ += n;
  }
  if (problem.offsets) {
    offsetColumn_ = columns_;
    columns_ += n;
  }
  if (!problem.estimateRobot && problem.robotBase.size() != base.rank)
    throw std::invalid_argument("payload regression: the known robot needs " + std::to_string(base.rank) +
                                " base parameters");
  eq_ = NormalEquations(n, columns_);
  gram_ = BlockedGram(std::vector<Eigen::Index>(static_cast<std::size_t>(n), columns_));
  if (!problem.estimateGains) effortCross_.assign(static_cast<std::size_t>(n), Eigen::VectorXd::Zero(columns_));
}

std::vector<std::string> PayloadRegression::columnNames() const {
  std::vector<std::string> names;
  if (problem_.estimateRobot)
    for (int k = 0; k < base_.rank; ++k) names.push_back(base_.name(k));
  if (problem_.estimatePayload)
    for (int k = 0; k < 10; ++k) names.push_back(std::string("payload ") + payloadParameterName(k));
  if (problem_.estimateGains)
    for (int j = 0; j < model_.dof(); ++j) names.push_back("k" + std::to_string(j + 1));
  if (problem_.offsets)
    for (int j = 0; j < model_.dof(); ++j) names.push_back("fo" + std::to_string(j + 1));
  return names;
}

void PayloadRegression::add(bool loaded, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd,
                            const Eigen::MatrixXd& qdd, const Eigen::MatrixXd& effort) {
  const int n = model_.dof();
  const Eigen::Index N = q.rows();
  if (q.cols() != n || qd.cols() != n || qdd.cols() != n || effort.cols() != n || qd.rows() != N ||
      qdd.rows() != N || effort.rows() != N)
    throw std::invalid_argument("payload regression: q, qd, qdd and effort must all be N x " + std::to_string(n));
  const bool payloadTerm = loaded && (problem_.estimatePayload || problem_.payload.any());
  for (Eigen::Index s = 0; s < N; ++s) {
    const Eigen::VectorXd qs = q.row(s).transpose(), qds = qd.row(s).transpose(), qdds = qdd.row(s).transpose();
    const Eigen::MatrixXd& Y = computeJointTorqueRegressor(model_, ws_, base_.options, qs, qds, qdds);
    base_.selectBaseColumns(Y, Yb_);
    if (payloadTerm) payloadRegressor(Y, mount_, Yp_);
    for (int j = 0; j < n; ++j) {
      auto row = gram_.column(j);
      row.setZero();
      double rhs = problem_.estimateGains ? 0.0 : effort(s, j);
      if (problem_.estimateRobot) row.head(base_.rank) = Yb_.row(j).transpose();
      else rhs -= Yb_.row(j).dot(problem_.robotBase);
      if (payloadTerm) {
        if (problem_.estimatePayload) row.segment<10>(payloadColumn_) = Yp_.row(j).transpose();
        else rhs -= Yp_.row(j).dot(problem_.payload);
      }
      if (problem_.estimateGains) row[gainColumn_ + j] = -effort(s, j);
      if (problem_.offsets) row[offsetColumn_ + j] = 1.0;
      if (!problem_.estimateGains) effortCross_[static_cast<std::size_t>(j)] += effort(s, j) * row;
      gram_.setTarget(j, rhs);
    }
    gram_.commit();
  }
  gram_.flush();
  // The sums so far over every log added, both triangles once (NormalEquations keeps both).
  for (int j = 0; j < n; ++j) {
    const std::size_t k = static_cast<std::size_t>(j);
    eq_.A[k] = gram_.gram(j);
    eq_.c[k] = gram_.crossSum(j);
    eq_.rowSums[k] = gram_.columnSum(j);
  }
  eq_.tauSquares = gram_.targetSquares();
  eq_.tauSums = gram_.targetSums();
  eq_.samples += N;
  (loaded ? loadedSamples_ : unloadedSamples_) += N;
}

namespace {

// The fit of `eq` with per-joint weights `w` into fit.values, covariance, identified and
// condition; returns how many unknowns were identified. Greedy pivoted Cholesky on the
// column-scaled matrix decides which unknowns the data determine (the first `priorityColumns`
// before the rest), then the identified ones are solved together.
int fitIdentifiedUnknowns(const NormalEquations& eq, const Eigen::VectorXd& w, int priorityColumns, LinearFit& fit) {
  const int p = eq.columns;
  Eigen::MatrixXd A;
  Eigen::VectorXd c;
  eq.weightedTotals(w, A, c);
  Eigen::VectorXd scale(p);
  for (int k = 0; k < p; ++k) scale[k] = A(k, k) > 0.0 ? 1.0 / std::sqrt(A(k, k)) : 0.0;
  const Eigen::MatrixXd M = scale.asDiagonal() * A * scale.asDiagonal();
  Eigen::MatrixXd L = Eigen::MatrixXd::Zero(p, p);
  Eigen::VectorXd remaining = M.diagonal();
  std::vector<int> picked;
  std::vector<bool> decided(static_cast<std::size_t>(p), false);
  for (int group = 0; group < 2; ++group) {
    const int begin = group == 0 ? 0 : priorityColumns, end = group == 0 ? priorityColumns : p;
    for (;;) {
      int best = -1;
      for (int k = begin; k < end; ++k)
        if (!decided[static_cast<std::size_t>(k)] && (best < 0 || remaining[k] > remaining[best])) best = k;
      if (best < 0 || !(remaining[best] > kIdentifiedShare)) break;
      const int step = static_cast<int>(picked.size());
      const double pivot = std::sqrt(remaining[best]);
      for (int i = 0; i < p; ++i) {
        if (decided[static_cast<std::size_t>(i)] || i == best) continue;
        const double v = (M(i, best) - L.row(i).head(step).dot(L.row(best).head(step))) / pivot;
        L(i, step) = v;
        remaining[i] -= v * v;
      }
      L(best, step) = pivot;
      decided[static_cast<std::size_t>(best)] = true;
      picked.push_back(best);
    }
  }
  std::sort(picked.begin(), picked.end());
  const int m = static_cast<int>(picked.size());
  Eigen::MatrixXd As(m, m);
  Eigen::VectorXd cs(m);
  for (int a = 0; a < m; ++a) {
    cs[a] = c[picked[static_cast<std::size_t>(a)]] * scale[picked[static_cast<std::size_t>(a)]];
    for (int b = 0; b < m; ++b)
      As(a, b) = M(picked[static_cast<std::size_t>(a)], picked[static_cast<std::size_t>(b)]);
  }
  const Eigen::LLT<Eigen::MatrixXd> llt(As);
  const Eigen::VectorXd y = llt.solve(cs);
  const Eigen::MatrixXd inv = llt.solve(Eigen::MatrixXd::Identity(m, m));
  fit.values = Eigen::VectorXd::Zero(p);
  fit.covariance = Eigen::MatrixXd::Zero(p, p);
  fit.identified.assign(static_cast<std::size_t>(p), false);
  for (int a = 0; a < m; ++a) {
    const int ka = picked[static_cast<std::size_t>(a)];
    fit.identified[static_cast<std::size_t>(ka)] = true;
    fit.values[ka] = y[a] * scale[ka];
    for (int b = 0; b < m; ++b) {
      const int kb = picked[static_cast<std::size_t>(b)];
      fit.covariance(ka, kb) = inv(a, b) * scale[ka] * scale[kb];
    }
  }
  const Eigen::VectorXd ev = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(As, Eigen::EigenvaluesOnly).eigenvalues();
  fit.condition = m > 0 && ev[0] > 0.0 ? std::sqrt(ev[m - 1] / ev[0]) : std::numeric_limits<double>::infinity();
  return m;
}

}  // namespace

LinearFit solvePayloadRegression(const NormalEquations& eq, int priorityColumns) {
  const int n = eq.dof;
  LinearFit fit;
  fit.samples = eq.samples;
  fit.rhsRms = Eigen::VectorXd::Zero(n);
  for (int j = 0; j < n; ++j)
    fit.rhsRms[j] = eq.samples > 0 ? std::sqrt(eq.tauSquares[j] / static_cast<double>(eq.samples)) : 0.0;

  const int m = fitIdentifiedUnknowns(eq, Eigen::VectorXd::Ones(n), priorityColumns, fit);
  const double rows = static_cast<double>(eq.samples) * n;
  if (rows < 2.0 * std::max(1, m))
    throw InputError("payload: " + std::to_string(eq.samples) + " samples are too few for " + std::to_string(m) +
                     " unknowns");
  // Per-joint noise from the first fit, then the weighted fit (as base_estimation.cpp's WLS).
  fit.noiseStd.resize(n);
  Eigen::VectorXd weights(n);
  const double N = static_cast<double>(eq.samples);
  for (int j = 0; j < n; ++j) {
    const double rss = eq.residualSquares(j, fit.values);
    const double floor = 1e-24 + 1e-20 * eq.tauSquares[j] / N;
    const double var = std::max(rss / std::max(1.0, N - static_cast<double>(m) / n), floor);
    weights[j] = 1.0 / var;
  }
  fitIdentifiedUnknowns(eq, weights, priorityColumns, fit);
  fit.residualRms.resize(n);
  for (int j = 0; j < n; ++j) {
    const double rss = eq.residualSquares(j, fit.values);
    fit.residualRms[j] = std::sqrt(rss / N);
    fit.noiseStd[j] = std::sqrt(rss / std::max(1.0, N - static_cast<double>(m) / n));
  }
  // The covariance of a weighted fit with weights 1/sigma_j^2 is (Phi^T W Phi)^-1 as it stands,
  // with the sigmas of the first fit; rescale to the final residuals' sigmas.
  const double ratio = [&] {
    double num = 0.0, den = 0.0;
    for (int j = 0; j < n; ++j) {
      num += fit.noiseStd[j] * fit.noiseStd[j] * weights[j];
      den += 1.0;
    }
    return den > 0.0 ? num / den : 1.0;
  }();
  fit.weightedInverse = fit.covariance;
  fit.covariance *= ratio;
  fit.stddev = fit.covariance.diagonal().cwiseMax(0.0).cwiseSqrt();
  fit.weights = weights;
  return fit;
}

namespace {

// Mass, COM (3) and inertia about the COM (ixx ixy ixz iyy iyz izz) of standard parameters.
Eigen::Matrix<double, 10, 1> derivedQuantities(const Vector10d& phi) {
  Eigen::Matrix<double, 10, 1> g;
  const Eigen::Vector3d c = centreOfMass(phi);
  const Eigen::Matrix3d I = inertiaAboutCom(phi);
  g << phi[0], c.x(), c.y(), c.z(), I(0, 0), I(0, 1), I(0, 2), I(1, 1), I(1, 2), I(2, 2);
  return g;
}

}  // namespace

PayloadEstimate payloadEstimateFrom(const LinearFit& fit, int payloadColumn, const PayloadMount& mount) {
  PayloadEstimate e = payloadEstimateOf(fit.values.segment<10>(payloadColumn),
                                        fit.covariance.block<10, 10>(payloadColumn, payloadColumn), mount);
  for (int k = 0; k < 10; ++k)
    if (!fit.identified[static_cast<std::size_t>(payloadColumn + k)]) e.unidentified.push_back(k);
  return e;
}

PayloadEstimate payloadEstimateOf(const Vector10d& parameters, const Eigen::Matrix<double, 10, 10>& covariance,
                                  const PayloadMount& mount) {
  PayloadEstimate e;
  e.mount = mount;
  e.parameters = parameters;
  e.covariance = covariance;
  e.stddev = covariance.diagonal().cwiseMax(0.0).cwiseSqrt();
  const Eigen::Matrix<double, 10, 1> g = derivedQuantities(e.parameters);
  e.mass = g[0];
  e.com = g.segment<3>(1);
  e.inertiaCom = inertiaAboutCom(e.parameters);
  // First-order propagation: central differences of the (smooth, m > 0) map.
  Eigen::Matrix<double, 10, 10> J = Eigen::Matrix<double, 10, 10>::Zero();
  if (e.mass > 0.0) {
    for (int k = 0; k < 10; ++k) {
      const double h = 1e-6 * std::max({std::abs(e.parameters[k]), e.stddev[k], 1e-6});
      Vector10d up = e.parameters, down = e.parameters;
      up[k] += h;
      down[k] -= h;
      J.col(k) = (derivedQuantities(up) - derivedQuantities(down)) / (2.0 * h);
    }
  } else {
    J(0, 0) = 1.0;
  }
  const Eigen::Matrix<double, 10, 1> sd = (J * e.covariance * J.transpose()).diagonal().cwiseMax(0.0).cwiseSqrt();
  e.massStd = sd[0];
  e.comStd = sd.segment<3>(1);
  e.inertiaComStd = sd.segment<6>(4);
  if (!(e.mass > 0.0)) {
    e.consistency = "mass " + std::to_string(e.mass) + " kg is not positive";
  } else {
    e.consistency = massProblem(e.mass);
    if (e.consistency.empty()) e.consistency = inertiaProblem(e.mass, e.inertiaCom);
  }
  return e;
}

namespace {

void readInto(const RobotModel& model, const PayloadExperiment& logs, const IdentificationSettings& settings,
              PayloadRegression& reg, PayloadRun& run, const IdentificationProgress& progress, const char* what) {
  std::vector<std::pair<std::string, bool>> all;
  for (const std::string& path : logs.loaded) all.emplace_back(path, true);
  for (const std::string& path : logs.unloaded) all.emplace_back(path, false);
  for (std::size_t f = 0; f < all.size(); ++f) {
    const bool loaded = all[f].second;
    const LogSummary summary = preprocessLogInto(
        model, all[f].first, settings,
        [&](const Eigen::VectorXd&, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
            const Eigen::MatrixXd& tau) { reg.add(loaded, q, qd, qdd, tau); },
        run.warnings, [&](double local, const std::string& doing) {
          if (progress && !progress((static_cast<double>(f) + local) / static_cast<double>(all.size()), doing))
            throw Cancelled(what);
        });
    run.notes.push_back(all[f].first + (loaded ? " (with payload): " : " (without payload): ") + summary.text());
  }
  run.loadedSamples = reg.loadedSamples();
  run.unloadedSamples = reg.unloadedSamples();
}

std::string fileList(const PayloadExperiment& logs) {
  std::string out;
  for (const auto* list : {&logs.loaded, &logs.unloaded})
    for (const std::string& path : *list) out += (out.empty() ? "" : ", ") + path;
  return out;
}

PayloadRun finish(PayloadRun run, const PayloadRegression& reg, int priority, const PayloadExperiment& logs) {
  try {
    run.fit = solvePayloadRegression(reg.equations(), priority);
  } catch (const InputError& e) {
    throw inFile(e, fileList(logs));
  }
  run.columnNames = reg.columnNames();
  run.robotEstimated = reg.robotColumn() == 0;
  run.payloadColumn = reg.payloadColumn();
  run.gainColumn = reg.gainColumn();
  run.offsetColumn = reg.offsetColumn();
  std::string missing;
  for (int k = 0; k < priority; ++k)
    if (!run.fit.identified[static_cast<std::size_t>(k)]) missing += (missing.empty() ? "" : ", ") + run.columnNames[static_cast<std::size_t>(k)];
  if (!missing.empty())
    run.notes.push_back("robot parameters the logs do not excite, left at 0: " + missing);
  return run;
}

}  // namespace

namespace {

// Moves the fit to the constrained payload: the payload block to `cp`, every other identified
// unknown to its conditional mean given it (payload_consistency.hpp), the residuals recomputed.
void applyConstrainedPayload(PayloadRun& run, const NormalEquations& eq, const ConstrainedPayload& cp) {
  LinearFit& fit = run.fit;
  const int p0 = run.payloadColumn, p = static_cast<int>(fit.values.size());
  const Eigen::Matrix<double, 10, 10> C = fit.covariance.block<10, 10>(p0, p0);
  const Eigen::Matrix<double, 10, 10> Cpinv =
      Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd>(Eigen::MatrixXd(C)).pseudoInverse();
  const Vector10d delta = cp.parameters - fit.values.segment<10>(p0);
  for (int k = 0; k < p; ++k) {
    if (k >= p0 && k < p0 + 10) continue;
    if (!fit.identified[static_cast<std::size_t>(k)]) continue;
    fit.values[k] += fit.covariance.block<1, 10>(k, p0) * Cpinv * delta;
  }
  fit.values.segment<10>(p0) = cp.parameters;
  fit.covariance.block<10, 10>(p0, p0) = cp.covariance;
  fit.stddev = fit.covariance.diagonal().cwiseMax(0.0).cwiseSqrt();
  for (int j = 0; j < eq.dof; ++j)
    fit.residualRms[j] =
        std::sqrt(eq.residualSquares(j, fit.values) / static_cast<double>(std::max<long>(1, eq.samples)));
}

// The payload estimate's first-order change with each joint's torque constant: the fit is
// x = (sum_j w_j A_j)^-1 sum_j w_j c_j, and a relative error d_j of joint j's constant scales
// its effort, so c_j moves by d_j sum(row_j effort_j) (effortCross). With the constants'
// deviations known, the payload's covariance from them, sum_j s_j s_j^T (std_j / k_j)^2, is
// returned and the run says so; without, zero, and the run says the deviations leave them out.
Eigen::Matrix<double, 10, 10> gainUncertaintyOf(PayloadRun& run, const PayloadRegression& reg,
                                                const IdentificationSettings& settings, const PayloadExperiment& logs) {
  Eigen::Matrix<double, 10, 10> C = Eigen::Matrix<double, 10, 10>::Zero();
  const std::vector<double>& k = settings.import.torqueConstants;
  const int n = static_cast<int>(reg.effortCross().size());
  if (k.empty() || run.payloadColumn < 0 || n == 0) return C;
  const LinearFit& fit = run.fit;
  const Eigen::MatrixXd& inverse = fit.weightedInverse;
  Eigen::Matrix<double, 10, Eigen::Dynamic> S(10, n);  // d payload / d (relative error of k_j)
  for (int j = 0; j < n; ++j)
    S.col(j) = (inverse * (fit.weights[j] * reg.effortCross()[static_cast<std::size_t>(j)])).segment<10>(run.payloadColumn);
  run.massPerPercentGain = 0.01 * S.row(0).sum();
  char line[240];
  const std::vector<double>& sd = logs.torqueConstantStd;
  if (sd.size() == static_cast<std::size_t>(n) && k.size() == static_cast<std::size_t>(n)) {
    for (int j = 0; j < n; ++j) {
      const double relative = sd[static_cast<std::size_t>(j)] / k[static_cast<std::size_t>(j)];
      C += (S.col(j) * relative) * (S.col(j) * relative).transpose();
    }
    run.gainShare = payloadEstimateOf(fit.values.segment<10>(run.payloadColumn), C, run.mount);
    std::snprintf(line, sizeof line,
                  "the standard deviations include the torque constants' (their share: mass %.3g kg, com %.3g %.3g "
                  "%.3g m)",
                  run.gainShare.massStd, run.gainShare.comStd.x(), run.gainShare.comStd.y(), run.gainShare.comStd.z());
  } else {
    std::snprintf(line, sizeof line,
                  "the standard deviations leave out the torque constants' uncertainty (given without one); "
                  "+1 %% on every constant moves the mass by %.3g kg",
                  run.massPerPercentGain);
  }
  run.gainUncertainty = line;
  run.notes.push_back(line);
  return C;
}

PayloadEstimate withGainCovariance(const PayloadEstimate& e, const Eigen::Matrix<double, 10, 10>& gainCovariance) {
  if (gainCovariance.isZero(0.0)) return e;
  PayloadEstimate out = payloadEstimateOf(e.parameters, e.covariance + gainCovariance, e.mount);
  out.unidentified = e.unidentified;
  return out;
}

}  // namespace

PayloadRun identifyPayload(const RobotModel& model, const PayloadExperiment& logs, const std::string& link,
                           const KnownRobot* robot, const IdentificationSettings& settings,
                           const IdentificationProgress& progress, const PayloadConstraints& constraints) {
  if (logs.loaded.empty()) throw InputError("identify-payload: no log with the payload given");
  const auto dof = static_cast<std::size_t>(model.dof());
  if (!logs.torqueConstantStd.empty() &&
      (logs.torqueConstantStd.size() != dof || settings.import.torqueConstants.size() != dof))
    throw InputError("identify-payload: " + std::to_string(logs.torqueConstantStd.size()) +
                     " torque-constant deviations for " + std::to_string(settings.import.torqueConstants.size()) +
                     " torque constants and " + std::to_string(dof) + " joints");
  for (double sd : logs.torqueConstantStd)
    if (!(sd >= 0.0) || !std::isfinite(sd))
      throw InputError("identify-payload: a torque constant's standard deviation must be finite and >= 0");
  PayloadRun run;
  run.mount = payloadMount(model, link);
  PayloadProblem problem;
  problem.estimateRobot = !logs.unloaded.empty();
  if (problem.estimateRobot) {
    run.base = computeBaseParameters(model, settings.regressor);
  } else if (robot) {
    run.base = robot->base;
    problem.robotBase = robot->values;
    problem.offsets = settings.regressor.offset;
    run.notes.push_back("robot torques predicted from " + robot->source);
  } else {
    run.base = computeBaseParameters(model, RegressorOptions{});
    problem.robotBase = modelBaseParameters(model, run.base);
    problem.offsets = settings.regressor.offset;
    run.notes.push_back("robot torques predicted from the model's own inertias, without friction: give the "
                        "identified parameters or a log without the payload for an unbiased estimate");
  }
  PayloadRegression reg(model, run.base, run.mount, problem);
  readInto(model, logs, settings, reg, run, progress, "identify-payload");
  if (progress && !progress(1.0, "estimating")) throw Cancelled("identify-payload");
  const int priority = problem.estimateRobot ? run.base.rank : 0;
  run = finish(std::move(run), reg, priority, logs);
  const Eigen::Matrix<double, 10, 10> gainCovariance = gainUncertaintyOf(run, reg, settings, logs);
  run.unconstrained = payloadEstimateFrom(run.fit, run.payloadColumn, run.mount);
  run.unconstrained = withGainCovariance(run.unconstrained, gainCovariance);
  run.payload = run.unconstrained;
  if (constraints.model == PayloadModel::Unconstrained) return run;
  PayloadConstraints c = constraints;
  const bool inertiaUnexcited = std::any_of(run.unconstrained.unidentified.begin(),
                                            run.unconstrained.unidentified.end(), [](int k) { return k >= 4; });
  if (c.model == PayloadModel::Consistent && inertiaUnexcited) {
    c.model = PayloadModel::MassAndCom;
    run.notes.push_back("the logs do not excite all of the payload's inertia: mass and centre of mass only");
  }
  // The constraints weigh the data's covariance; the constants' is added after, once.
  const ConstrainedPayload cp = constrainPayload(
      run.unconstrained.parameters, run.fit.covariance.block<10, 10>(run.payloadColumn, run.payloadColumn), c);
  applyConstrainedPayload(run, reg.equations(), cp);
  run.payload = withGainCovariance(payloadEstimateOf(cp.parameters, cp.covariance, run.mount), gainCovariance);
  run.notes.insert(run.notes.end(), cp.notes.begin(), cp.notes.end());
  return run;
}

namespace {

// The linear drive-gain fit has the measured effort e_j in its regressor (the column of k_j),
// so its noise biases k_j toward zero, most on joints the payload loads little (errors in
// variables). Refit the same model with the noise where it is, in e_j:
//   e_j = g_j (Y_b,j theta + p_j),   g_j = 1 / k_j,  p_j = [loaded] Y_p,j phi,
// by Gauss-Newton from the linear fit. Every sum it needs is in the accumulated normal
// equations: per joint, the Gram matrix of [Y_b,j, -e_j] (A_j), their products with -p_j
// (c_j) and sum p_j^2 (tauSquares).
void refineDriveGains(const NormalEquations& eq, int r, int gainColumn, LinearFit& fit) {
  const int n = eq.dof;
  const double N = static_cast<double>(eq.samples);
  std::vector<int> free;  // identified robot columns
  for (int k = 0; k < r; ++k)
    if (fit.identified[static_cast<std::size_t>(k)]) free.push_back(k);
  const int m = static_cast<int>(free.size());
  struct Sums {
    Eigen::MatrixXd Ybb;
    Eigen::VectorXd Ybe, Ybp;
    double ee = 0, ep = 0, pp = 0;
  };
  std::vector<Sums> sums(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j) {
    Sums& S = sums[static_cast<std::size_t>(j)];
    const Eigen::MatrixXd& A = eq.A[static_cast<std::size_t>(j)];
    const Eigen::VectorXd& c = eq.c[static_cast<std::size_t>(j)];
    S.Ybb.resize(m, m);
    S.Ybe.resize(m);
    S.Ybp.resize(m);
    for (int a = 0; a < m; ++a) {
      for (int b = 0; b < m; ++b) S.Ybb(a, b) = A(free[static_cast<std::size_t>(a)], free[static_cast<std::size_t>(b)]);
      S.Ybe[a] = -A(free[static_cast<std::size_t>(a)], gainColumn + j);
      S.Ybp[a] = -c[free[static_cast<std::size_t>(a)]];
    }
    S.ee = A(gainColumn + j, gainColumn + j);
    S.ep = c[gainColumn + j];
    S.pp = eq.tauSquares[j];
  }
  Eigen::VectorXd theta(m), g(n);
  for (int a = 0; a < m; ++a) theta[a] = fit.values[free[static_cast<std::size_t>(a)]];
  for (int j = 0; j < n; ++j) g[j] = 1.0 / fit.values[gainColumn + j];
  auto rss = [&](int j, const Eigen::VectorXd& th, double gj) {
    const Sums& S = sums[static_cast<std::size_t>(j)];
    const double eu = th.dot(S.Ybe) + S.ep, uu = th.dot(S.Ybb * th) + 2.0 * th.dot(S.Ybp) + S.pp;
    return std::max(0.0, S.ee - 2.0 * gj * eu + gj * gj * uu);
  };
  Eigen::VectorXd w(n);
  auto updateWeights = [&] {
    for (int j = 0; j < n; ++j) w[j] = 1.0 / std::max(rss(j, theta, g[j]) / N, 1e-30 + 1e-20 * sums[static_cast<std::size_t>(j)].ee / N);
  };
  updateWeights();
  Eigen::MatrixXd H(m + n, m + n);
  Eigen::VectorXd grad(m + n);
  auto normalMatrix = [&] {
    H.setZero();
    grad.setZero();
    for (int j = 0; j < n; ++j) {
      const Sums& S = sums[static_cast<std::size_t>(j)];
      const Eigen::VectorXd Ybu = S.Ybb * theta + S.Ybp;  // Y_b^T u
      const double uu = theta.dot(Ybu) + theta.dot(S.Ybp) + S.pp, eu = theta.dot(S.Ybe) + S.ep;
      H.topLeftCorner(m, m) += w[j] * g[j] * g[j] * S.Ybb;
      H.col(m + j).head(m) = w[j] * g[j] * Ybu;
      H.row(m + j).head(m) = H.col(m + j).head(m).transpose();
      H(m + j, m + j) = w[j] * uu;
      // -J^T W rho, rho = e - g u: its theta part g Y_b^T rho, its g part u^T rho.
      grad.head(m) += w[j] * g[j] * (S.Ybe - g[j] * Ybu);
      grad[m + j] = w[j] * (eu - g[j] * uu);
    }
  };
  for (int iteration = 0; iteration < 50; ++iteration) {
    normalMatrix();
    const Eigen::VectorXd step = H.ldlt().solve(grad);
    theta += step.head(m);
    g += step.tail(n);
    updateWeights();
    if (step.tail(n).cwiseAbs().maxCoeff() < 1e-12 * g.cwiseAbs().maxCoeff()) break;
  }
  normalMatrix();
  const Eigen::MatrixXd cov = H.ldlt().solve(Eigen::MatrixXd::Identity(m + n, m + n));
  // Back to the fit's unknowns: theta, k = 1 / g (dk = -dg / g^2); residuals as torques, k rho.
  Eigen::VectorXd d = Eigen::VectorXd::Ones(m + n);
  for (int j = 0; j < n; ++j) d[m + j] = -1.0 / (g[j] * g[j]);
  const Eigen::MatrixXd covK = d.asDiagonal() * cov * d.asDiagonal();
  std::vector<int> index = free;
  for (int j = 0; j < n; ++j) index.push_back(gainColumn + j);
  fit.covariance.setZero();
  for (int a = 0; a < m + n; ++a) {
    fit.values[index[static_cast<std::size_t>(a)]] = a < m ? theta[a] : 1.0 / g[a - m];
    for (int b = 0; b < m + n; ++b) fit.covariance(index[static_cast<std::size_t>(a)], index[static_cast<std::size_t>(b)]) = covK(a, b);
  }
  fit.stddev = fit.covariance.diagonal().cwiseMax(0.0).cwiseSqrt();
  for (int j = 0; j < n; ++j) {
    const double rmsEffort = std::sqrt(rss(j, theta, g[j]) / N);
    fit.residualRms[j] = rmsEffort / std::abs(g[j]);
    fit.noiseStd[j] = fit.residualRms[j] * std::sqrt(N / std::max(1.0, N - static_cast<double>(m + n) / n));
  }
}

}  // namespace

PayloadRun identifyDriveGains(const RobotModel& model, const PayloadExperiment& logs, const std::string& link,
                              const Vector10d& knownPayload, const IdentificationSettings& settings,
                              const IdentificationProgress& progress) {
  if (logs.loaded.empty()) throw InputError("identify-gains: no log with the known payload given");
  if (!(knownPayload[0] > 0.0))
    throw InputError("identify-gains: the known payload's mass must be positive (it sets the torque scale)");
  PayloadRun run;
  run.mount = payloadMount(model, link);
  run.base = computeBaseParameters(model, settings.regressor);
  PayloadProblem problem;
  problem.estimateRobot = true;
  problem.estimatePayload = false;
  problem.payload = knownPayload;
  problem.estimateGains = true;
  IdentificationSettings s = settings;
  // Current columns are read as they are: the gains are what is estimated.
  if (s.import.torqueConstants.empty()) s.import.torqueConstants.assign(static_cast<std::size_t>(model.dof()), 1.0);
  PayloadRegression reg(model, run.base, run.mount, problem);
  readInto(model, logs, s, reg, run, progress, "identify-gains");
  if (progress && !progress(1.0, "estimating")) throw Cancelled("identify-gains");
  const int priority = run.base.rank;
  run = finish(std::move(run), reg, priority, logs);
  for (int j = 0; j < model.dof(); ++j)
    if (!run.fit.identified[static_cast<std::size_t>(run.gainColumn + j)])
      throw inputErrorIn(fileList(logs), "the gain of joint " + std::to_string(j + 1) + " (" + model.joint(j).name +
                                             ") is not determined: the payload does not load that joint enough");
  refineDriveGains(reg.equations(), run.base.rank, run.gainColumn, run.fit);
  run.payload.mount = run.mount;
  run.payload.parameters = knownPayload;
  run.payload.mass = knownPayload[0];
  run.payload.com = centreOfMass(knownPayload);
  run.payload.inertiaCom = inertiaAboutCom(knownPayload);
  return run;
}

BaseEstimate robotEstimateOf(const PayloadRun& run) {
  const int r = run.base.rank;
  if (!run.robotEstimated || run.fit.values.size() < r)
    throw std::invalid_argument("robotEstimateOf: the run did not estimate the robot");
  BaseEstimate e;
  e.method = EstimationMethod::Wls;
  e.values = run.fit.values.head(r);
  e.covariance = run.fit.covariance.topLeftCorner(r, r);
  e.stddev = run.fit.stddev.head(r);
  e.relativeStddev.resize(r);
  for (int k = 0; k < r; ++k)
    e.relativeStddev[k] =
        e.values[k] != 0.0 ? 100.0 * e.stddev[k] / std::abs(e.values[k]) : std::numeric_limits<double>::infinity();
  e.residualRms = run.fit.residualRms;
  e.noiseStd = run.fit.noiseStd;
  e.jointWeights = Eigen::VectorXd::Ones(run.fit.noiseStd.size());
  e.condition = run.fit.condition;
  e.samples = run.fit.samples;
  for (int k = 0; k < r; ++k)
    if (!run.fit.identified[static_cast<std::size_t>(k)])
      e.notes.push_back(run.base.name(k) + " is not excited by these logs and was left at 0");
  return e;
}

}  // namespace eb
