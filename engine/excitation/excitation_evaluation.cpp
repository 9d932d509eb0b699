// One evaluation of an excitation (excitation_evaluation.hpp): criterion rate,
// criteria, dense-grid limit check.
#include "excitation/excitation_evaluation.hpp"

#include "dynamics/dynamics_workspace.hpp"
#include "dynamics/forward_kinematics.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "dynamics/jacobians.hpp"
#include "excitation/optimizer_peak_constraints.hpp"
#include "excitation/trajectory_sampling.hpp"
#include "util/thread_pool.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace eb {

bool ExcitationEvaluationSettings::operator==(const ExcitationEvaluationSettings& o) const {
  return sampleRate == o.sampleRate && checkRate == o.checkRate && limitScale.position == o.limitScale.position &&
         limitScale.velocity == o.limitScale.velocity && limitScale.acceleration == o.limitScale.acceleration &&
         limitScale.torque == o.limitScale.torque && torqueLimits == o.torqueLimits &&
         keepOutHeight == o.keepOutHeight && regressor == o.regressor;
}

double automaticSampleRate(double period, int harmonics) {
  // 50 samples per period of the highest harmonic (250 for T = 10 s, H = 5): the
  // criterion then differs from a 1 kHz evaluation by well under 1 % (see the tests).
  return 50.0 * std::max(harmonics, 1) / period;
}

double criterionSampleRate(const Trajectory& trajectory, const ExcitationEvaluationSettings& settings) {
  if (settings.sampleRate > 0.0) return settings.sampleRate;
  if (const auto* f = std::get_if<FourierTrajectory>(&trajectory)) return automaticSampleRate(f->period(), f->harmonics());
  // Multi-sine: the same 50 samples per period of the fastest component as the multi-sine
  // optimizer's automatic rate, read from the components actually present (the optimizer reads
  // its design's band top, which a designed trajectory's components may stay below).
  const auto& ms = std::get<MultisineTrajectory>(trajectory);
  double top = 0.0;
  for (int i = 0; i < ms.dof(); ++i)
    for (const SineTerm& t : ms.terms(i)) top = std::max(top, std::abs(t.frequency));
  // A motion without components still gets a grid: at least 50 samples over the run.
  return std::max(50.0 * top, ms.duration() > 0.0 ? 50.0 / ms.duration() : 50.0);
}

ConstraintReport checkExcitationLimits(const RobotModel& model, const Trajectory& trajectory,
                                       const ExcitationEvaluationSettings& settings) {
  std::vector<JointLimits> limits;
  std::vector<std::string> names;
  ConstraintCheckOptions options;
  for (const Joint& j : model.joints()) {
    limits.push_back(j.limits);
    names.push_back(j.name);
    options.jointTypes.push_back(j.type);
  }
  options.rateHz = settings.checkRate;
  options.scale = settings.limitScale;
  // The optimized motion uses the limits fully, so the conservative amplitude bounds
  // fail by design; feasibility is the grid check.
  options.analyticBounds = false;
  // Callbacks are called sequentially by checkConstraints; one workspace serves both.
  auto ws = std::make_shared<DynamicsWorkspace>(model);
  if (settings.torqueLimits)
    options.torque = [&model, ws](const Eigen::VectorXd& q, const Eigen::VectorXd& qd, const Eigen::VectorXd& qdd,
                                  Eigen::VectorXd& tau) { tau = inverseDynamics(model, *ws, q, qd, qdd); };
  if (settings.keepOutHeight) {
    auto points = std::make_shared<std::vector<KeepOutPoint>>(keepOutPoints(model));
    options.keepOut = [&model, ws, points](const Eigen::VectorXd& q) {
      computeForwardKinematics(model, *ws, q);
      double lowest = std::numeric_limits<double>::infinity();
      for (const KeepOutPoint& p : *points) lowest = std::min(lowest, pointPosition(*ws, p.body, p.position).z());
      return lowest;
    };
    options.keepOutMinHeight = *settings.keepOutHeight;
  }
  return checkConstraints(trajectory, limits, names, options);
}

ExcitationEvaluator::ExcitationEvaluator(const RobotModel& model, const RegressorOptions& regressor, ThreadPool* pool)
    : model_(model),
      regressor_(regressor),
      base_(std::make_shared<const BaseParameters>(computeBaseParameters(model, regressor))) {
  accumulator_ = std::make_unique<InformationMatrixAccumulator>(model_, *base_, pool ? pool : &sharedThreadPool());
}

ExcitationEvaluator::~ExcitationEvaluator() = default;

InformationMetrics ExcitationEvaluator::metrics(const Trajectory& trajectory,
                                                const ExcitationEvaluationSettings& settings, double* rateUsed) {
  // The base parameters were computed for one column set; another would need another evaluator.
  if (!(settings.regressor == regressor_))
    throw std::invalid_argument("excitation evaluation: the settings' regressor columns are not the evaluator's");
  const double rate = criterionSampleRate(trajectory, settings);
  if (rateUsed) *rateUsed = rate;
  return accumulator_->computeMetrics(sampleTrajectory(trajectory, rate));
}

ExcitationEvaluation ExcitationEvaluator::evaluate(const Trajectory& trajectory,
                                                   const ExcitationEvaluationSettings& settings,
                                                   const std::function<bool(const InformationMetrics&)>& metricsReady) {
  ExcitationEvaluation e;
  e.metrics = metrics(trajectory, settings, &e.sampleRate);
  if (metricsReady && !metricsReady(e.metrics)) return e;
  e.constraints = checkExcitationLimits(model_, trajectory, settings);
  e.checked = true;
  return e;
}

}  // namespace eb
