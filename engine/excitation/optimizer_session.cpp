// The excitation optimizer's loop (optimizer_session.hpp), for any family.
//
// Variables: the family's free vector x (Fourier: offsets and a_ik, b_ik for
// k >= 2 of FourierRestParametrization; multi-sine: offsets, amplitudes,
// phases and optionally frequencies), with the family's box bounds.
// Objective: a log transform of the criterion (optimizer_criterion.hpp) on
// the base regressor sampled at sampleRate, exact gradient
// (optimizer_objective.hpp). Constraints: one per local peak of each limited
// quantity (optimizer_peak_constraints.hpp), limits tightened by `tighten`.
//
// Schedule (all decisions by evaluation counts, never by the clock):
//   1. exploration: for each start, the best of `randomCandidates` random
//      trajectories scaled into the limits (the first start: the family's
//      first start, when it has one) is improved by SLSQP for
//      `evaluationsPerStart` evaluations;
//   2. polish: the start with the best feasible value so far is continued by
//      SLSQP until it converges, then the next best, until the budget ends.
// The best point whose peaks are inside the untightened limits is kept. SQP
// iterates approach the limits from outside, so an iterate that beats the best
// feasible value while slightly outside is also tried with its motion scaled
// down towards the offsets ("repair"); that keeps the best feasible value
// close to what SLSQP has reached at any moment (time-limited runs). The
// result is then checked on a dense grid (checkRate) and, if it sits just
// outside, its motion is scaled towards the offsets until it passes.
// The same settings and seed give the same result bit for bit (the criterion
// sums in a fixed order for any thread count); only the time limit and
// cancellation can cut a run short, and where that happens depends on timing.

#include "excitation/optimizer_session.hpp"

#include "excitation/optimizer_criterion.hpp"
#include "excitation/optimizer_objective.hpp"
#include "excitation/optimizer_peak_constraints.hpp"
#include "excitation/trajectory_sampling.hpp"
#include "util/math_constants.hpp"
#include "util/thread_pool.hpp"

#include <nlopt.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>

namespace eb {

namespace {

using Clock = std::chrono::steady_clock;

double criterionOf(ExcitationCriterion c, const InformationMetrics& m) {
  switch (c) {
    case ExcitationCriterion::Cond: return m.cond;
    case ExcitationCriterion::LogDet: return m.logdet;
    case ExcitationCriterion::AOpt: return m.aopt;
    case ExcitationCriterion::EOpt: return m.eopt;
  }
  return m.cond;
}

// One optimization: owns the objective, the constraints and the bookkeeping the
// NLopt callbacks update (best feasible point, counters, history, stop flags).
class Session {
 public:
  Session(const RobotModel& model, const ExcitationFamily& family, const OptimizerSettings& s,
          const OptimizerCallback& progress, Clock::time_point started);
  ExcitationRun run();

 private:
  struct Endpoint {
    Eigen::VectorXd x;
    double objective = kInf;  // best feasible objective of the start (inf: none feasible)
    double violation = kInf;  // least violation when none is feasible
  };

  static double objectiveThunk(unsigned n, const double* x, double* grad, void* data);
  static void constraintThunk(unsigned m, double* c, unsigned n, const double* x, double* grad, void* data);
  double objective(const double* x, double* grad);
  void constraints(double* c, const double* x, double* grad);
  void record(const Eigen::VectorXd& x, const CriterionValue& v, double violation);
  void repair(const Eigen::VectorXd& x, const CriterionValue& v, double violation);
  bool shouldStop();
  bool report();
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }
  Eigen::VectorXd startPoint(int start);
  void clampToBounds(Eigen::VectorXd& x) const;
  void runSlsqp(Endpoint& endpoint, int budget, double ftolRel);
  ExcitationRun finish();

  const RobotModel& model_;
  const ExcitationFamily& family_;
  OptimizerSettings settings_;
  OptimizerCallback progress_;
  Clock::time_point started_;
  BaseParameters base_;
  int size_ = 0;  // length of x
  double rate_;
  std::unique_ptr<ExcitationObjective> objective_;
  std::unique_ptr<PeakConstraints> constraints_;
  Eigen::VectorXd lb_, ub_;
  nlopt_opt opt_ = nullptr;

  int evaluations_ = 0;
  int start_ = 0;
  bool polishing_ = false;
  Eigen::VectorXd lastX_;
  CriterionValue lastValue_;
  bool lastValid_ = false;
  bool haveFeasible_ = false;
  Eigen::VectorXd bestX_;
  CriterionValue bestValue_;
  Eigen::VectorXd leastBadX_;
  double leastBad_ = kInf;
  Endpoint* current_ = nullptr;
  Eigen::VectorXd repairX_, repairC_;
  std::vector<std::pair<double, double>> history_;
  bool cancelled_ = false;
  std::string stopReason_;
  std::exception_ptr error_;
};

Session::Session(const RobotModel& model, const ExcitationFamily& family, const OptimizerSettings& s,
                 const OptimizerCallback& progress, Clock::time_point started)
    : model_(model), family_(family), settings_(s), progress_(progress), started_(started) {
  validateOptimizerSettings(model, s);
  const TrajectoryBasis& basis = family.basis();
  if (basis.dof() != model.dof())
    throw std::invalid_argument("excitation optimizer: the trajectory family drives " + std::to_string(basis.dof()) +
                                " joints, the robot has " + std::to_string(model.dof()));
  size_ = basis.size();
  base_ = computeBaseParameters(model, s.regressor);

  rate_ = s.sampleRate > 0.0 ? s.sampleRate : family.automaticRate();
  const int N = uniformSampleCount(basis.horizon(), rate_);
  Eigen::VectorXd times(N);
  for (int j = 0; j < N; ++j) times[j] = j / rate_;  // the grid sampleTrajectory uses
  ThreadPool* pool = s.pool ? s.pool : &sharedThreadPool();
  objective_ = std::make_unique<ExcitationObjective>(model, base_, s.criterion, basis, times, pool);

  PeakConstraintSettings pcs;
  pcs.scale = s.limitScale;
  pcs.torque = s.torqueLimits;
  pcs.keepOutHeight = s.keepOutHeight;
  pcs.peaksPerChannel = s.peaksPerChannel;
  pcs.tighten = s.tighten;
  constraints_ = std::make_unique<PeakConstraints>(model, basis, pcs);
  lb_ = family.lowerBounds();
  ub_ = family.upperBounds();
}

// Exceptions must not unwind through NLopt's C frames: park them, stop, rethrow after.
double Session::objectiveThunk(unsigned, const double* x, double* grad, void* data) {
  Session* self = static_cast<Session*>(data);
  try {
    return self->objective(x, grad);
  } catch (...) {
    self->error_ = std::current_exception();
    nlopt_force_stop(self->opt_);
    return HUGE_VAL;
  }
}

void Session::constraintThunk(unsigned, double* c, unsigned, const double* x, double* grad, void* data) {
  Session* self = static_cast<Session*>(data);
  try {
    self->constraints(c, x, grad);
  } catch (...) {
    self->error_ = std::current_exception();
    nlopt_force_stop(self->opt_);
  }
}

bool Session::shouldStop() {
  if (cancelled_) return true;
  if (settings_.timeLimit > 0.0 && elapsed() >= settings_.timeLimit) {
    if (stopReason_.empty()) stopReason_ = "time limit";
    return true;
  }
  if (settings_.maxEvaluations > 0 && evaluations_ >= settings_.maxEvaluations) {
    if (stopReason_.empty()) stopReason_ = "evaluation limit";
    return true;
  }
  return false;
}

bool Session::report() {
  if (!progress_) return true;
  OptimizerProgress p;
  p.start = start_;
  p.starts = settings_.starts;
  p.evaluations = evaluations_;
  p.elapsed = elapsed();
  p.feasible = haveFeasible_;
  p.polishing = polishing_;
  if (haveFeasible_) {
    p.bestValue = bestValue_.criterion;
    p.bestCond = bestValue_.cond;
  }
  if (!progress_(p)) {
    cancelled_ = true;
    stopReason_ = "cancelled";
    return false;
  }
  return true;
}

double Session::objective(const double* x, double* grad) {
  if (shouldStop()) {
    nlopt_force_stop(opt_);
    return kInf;
  }
  const Eigen::Map<const Eigen::VectorXd> xv(x, size_);
  lastX_ = xv;
  lastValue_ = objective_->evaluate(lastX_, grad);
  lastValid_ = std::isfinite(lastValue_.objective);
  ++evaluations_;
  return lastValid_ ? lastValue_.objective : HUGE_VAL;
}

void Session::constraints(double* c, const double* x, double* grad) {
  const Eigen::Map<const Eigen::VectorXd> xv(x, size_);
  constraints_->evaluate(xv, c, grad);
  // NLopt evaluates the objective first, then the constraints at the same x.
  if (lastValid_ && xv == lastX_) {
    const double violation = constraints_->trueViolation();
    record(lastX_, lastValue_, violation);
    if (violation > 0.0) repair(lastX_, lastValue_, violation);
  }
  lastValid_ = false;
  if (!report() || shouldStop()) nlopt_force_stop(opt_);
}

void Session::record(const Eigen::VectorXd& x, const CriterionValue& v, double violation) {
  if (violation <= 0.0) {
    if (!haveFeasible_ || v.objective < bestValue_.objective) {
      haveFeasible_ = true;
      bestX_ = x;
      bestValue_ = v;
      history_.emplace_back(elapsed(), v.cond);
    }
    if (current_ && v.objective < current_->objective) {
      current_->objective = v.objective;
      current_->x = x;
    }
  } else {
    if (violation < leastBad_) {
      leastBad_ = violation;
      leastBadX_ = x;
    }
    if (current_ && !std::isfinite(current_->objective) && violation < current_->violation) {
      current_->violation = violation;
      current_->x = x;
    }
  }
}

void Session::repair(const Eigen::VectorXd& x, const CriterionValue& v, double violation) {
  // Only promising iterates that sit just outside are worth two extra evaluations.
  if (violation > 0.05 || (haveFeasible_ && v.objective >= bestValue_.objective)) return;
  repairC_.resize(constraints_->count());
  for (int attempt = 0; attempt < 3; ++attempt) {
    // Velocity and acceleration peaks scale exactly with the coefficients; positions
    // about the offset; torques roughly: aim just inside, then back off further.
    const double factor = 1.0 / (1.0 + (violation + 0.5 * settings_.tighten) * (1 << attempt));
    repairX_ = x;
    family_.scaleMotion(repairX_, factor);
    constraints_->evaluate(repairX_, repairC_.data(), nullptr);
    if (constraints_->trueViolation() > 0.0) continue;
    const CriterionValue repaired = objective_->evaluate(repairX_, nullptr);
    ++evaluations_;
    if (std::isfinite(repaired.objective)) record(repairX_, repaired, constraints_->trueViolation());
    return;
  }
}

void Session::clampToBounds(Eigen::VectorXd& x) const { x = x.cwiseMax(lb_).cwiseMin(ub_); }

Eigen::VectorXd Session::startPoint(int start) {
  if (start == 0)
    if (std::optional<Eigen::VectorXd> first = family_.firstStart()) return *first;
  // A generator per start: start s is the same whatever happened in the others.
  std::seed_seq seq{settings_.seed, static_cast<unsigned>(start), 0x45bu};
  std::mt19937_64 rng(seq);
  // Candidates are inside the kinematic limits by construction (analytic bounds), not
  // necessarily inside the torque and keep-out limits: prefer feasible ones, then the
  // least violation, then the criterion.
  Eigen::VectorXd best;
  double bestObjective = kInf, bestViolation = kInf;
  const int candidates = std::max(1, settings_.randomCandidates);
  repairC_.resize(constraints_->count());
  for (int c = 0; c < candidates; ++c) {
    if (c > 0 && (shouldStop() || (c % 8 == 0 && !report()))) break;
    Eigen::VectorXd x = family_.randomStart(rng);
    clampToBounds(x);
    const CriterionValue value = objective_->evaluate(x, nullptr);
    constraints_->evaluate(x, repairC_.data(), nullptr);
    const double violation = std::max(0.0, constraints_->trueViolation());
    if (violation == 0.0 && std::isfinite(value.objective)) record(x, value, 0.0);
    if (best.size() == 0 || violation < bestViolation ||
        (violation == bestViolation && value.objective < bestObjective)) {
      bestObjective = value.objective;
      bestViolation = violation;
      best = x;
    }
  }
  return best;
}

void Session::runSlsqp(Endpoint& endpoint, int budget, double ftolRel) {
  const unsigned n = static_cast<unsigned>(size_);
  const unsigned m = static_cast<unsigned>(constraints_->count());
  opt_ = nlopt_create(NLOPT_LD_SLSQP, n);
  nlopt_set_lower_bounds(opt_, lb_.data());
  nlopt_set_upper_bounds(opt_, ub_.data());
  nlopt_set_min_objective(opt_, &Session::objectiveThunk, this);
  // NLopt's own feasibility test (which gates its convergence tests) uses the untightened limits.
  const std::vector<double> tol(m, settings_.tighten);
  if (m > 0) nlopt_add_inequality_mconstraint(opt_, m, &Session::constraintThunk, this, tol.data());
  nlopt_set_ftol_rel(opt_, ftolRel);
  nlopt_set_xtol_rel(opt_, 1e-10);
  int evals = budget;
  if (settings_.maxEvaluations > 0) evals = std::min(evals, settings_.maxEvaluations - evaluations_);
  if (evals <= 0) {
    nlopt_destroy(opt_);
    opt_ = nullptr;
    return;
  }
  nlopt_set_maxeval(opt_, evals);
  Eigen::VectorXd x = endpoint.x;
  clampToBounds(x);
  current_ = &endpoint;
  double minf = 0.0;
  nlopt_optimize(opt_, x.data(), &minf);  // our own bookkeeping keeps the best point
  current_ = nullptr;
  nlopt_destroy(opt_);
  opt_ = nullptr;
  if (error_) std::rethrow_exception(error_);
}

ExcitationRun Session::run() {
  std::vector<Endpoint> ends(static_cast<size_t>(settings_.starts));
  const int explore = settings_.evaluationsPerStart > 0 ? settings_.evaluationsPerStart : 150;

  // 1. Exploration.
  for (start_ = 0; start_ < settings_.starts && !shouldStop(); ++start_) {
    Endpoint& e = ends[static_cast<size_t>(start_)];
    e.x = startPoint(start_);
    if (shouldStop() || !report()) break;
    runSlsqp(e, explore, 1e-6);
  }
  // 2. Polish the most promising start, then the next, until the budget ends.
  polishing_ = true;
  std::vector<int> order;
  for (int s = 0; s < settings_.starts; ++s)
    if (ends[static_cast<size_t>(s)].x.size() > 0) order.push_back(s);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const Endpoint &ea = ends[static_cast<size_t>(a)], &eb = ends[static_cast<size_t>(b)];
    if (std::isfinite(ea.objective) != std::isfinite(eb.objective)) return std::isfinite(ea.objective);
    return std::isfinite(ea.objective) ? ea.objective < eb.objective : ea.violation < eb.violation;
  });
  for (int s : order) {
    if (shouldStop()) break;
    start_ = s;
    Endpoint& e = ends[static_cast<size_t>(s)];
    runSlsqp(e, std::numeric_limits<int>::max(), 1e-10);
  }
  if (stopReason_.empty()) stopReason_ = "converged";
  return finish();
}

ExcitationRun Session::finish() {
  ExcitationRun result;
  const Eigen::VectorXd x = haveFeasible_ ? bestX_ : (leastBadX_.size() ? leastBadX_ : startPoint(0));
  Trajectory tr = family_.trajectory(x);
  result.constraints = checkTrajectoryConstraints(model_, tr, settings_, settings_.checkRate);
  // Peaks are refined between grid points, so a dense-grid failure is a sliver
  // beyond the limits: scale the motion about the offsets until it passes.
  if (!result.constraints.feasible()) {
    const Trajectory original = tr;
    for (int j = 0; j < 10; ++j) {
      const double factor = 1.0 - 0.001 * std::pow(2.0, j);
      tr = family_.scaledTrajectory(original, factor);
      ConstraintReport check = checkTrajectoryConstraints(model_, tr, settings_, settings_.checkRate);
      if (check.feasible()) {
        result.constraints = std::move(check);
        break;
      }
      if (j == 9) tr = original;
    }
  }
  InformationMatrixAccumulator accumulator(model_, base_, settings_.pool ? settings_.pool : &sharedThreadPool());
  result.metrics = accumulator.computeMetrics(sampleTrajectory(tr, rate_));
  result.sampleRate = rate_;
  result.criterionValue = criterionOf(settings_.criterion, result.metrics);
  result.feasible = result.constraints.feasible();
  result.trajectory = std::move(tr);
  result.cancelled = cancelled_;
  result.evaluations = evaluations_;
  result.history = std::move(history_);
  result.stopReason = stopReason_;
  result.elapsed = elapsed();
  return result;
}

}  // namespace

void validateOptimizerSettings(const RobotModel& model, const OptimizerSettings& s) {
  if (model.dof() < 1) throw std::invalid_argument("excitation optimizer: the robot has no moving joint");
  if (s.starts < 1) throw std::invalid_argument("excitation optimizer: starts must be >= 1");
  if (s.sampleRate < 0.0) throw std::invalid_argument("excitation optimizer: sample rate must be >= 0");
  if (!(s.limitScale.position > 0.0 && s.limitScale.position <= 1.0))
    throw std::invalid_argument("excitation optimizer: the position fraction must be in (0, 1]");
}

std::vector<JointLimits> optimizationLimits(const RobotModel& model, const OptimizerSettings& s) {
  std::vector<JointLimits> limits;
  for (const Joint& j : model.joints()) limits.push_back(j.limits);
  limits = scaleLimits(limits, s.limitScale);
  const double keep = 1.0 - s.tighten;
  return scaleLimits(limits, LimitScale{keep, keep, keep, keep});
}

ExcitationRun runExcitationOptimization(const RobotModel& model, const ExcitationFamily& family,
                                        const OptimizerSettings& settings, const OptimizerCallback& progress,
                                        std::chrono::steady_clock::time_point started) {
  Session session(model, family, settings, progress, started);
  return session.run();
}

}  // namespace eb
