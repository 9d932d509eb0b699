#pragma once
// The excitation optimizer's loop, written once for every trajectory family:
// multi-start, SLSQP on the criterion with exact gradients and the peak
// constraints, repair of iterates just outside, time limit, cancel, final
// dense-grid check (schedule and rationale in the .cpp). A family
// (ExcitationFamily) says what x is: its basis, box bounds, first and random
// starts, how to scale the motion into the limits and what trajectory x is.
// Fourier: excitation_optimizer.cpp; multi-sine: multisine_optimizer.cpp.

#include "excitation/excitation_optimizer.hpp"
#include "excitation/excitation_run.hpp"
#include "excitation/optimizer_trajectory_basis.hpp"
#include "excitation/trajectory.hpp"

#include <Eigen/Core>

#include <chrono>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace eb {

/// A trajectory family as the optimizer loop sees it (see the file comment).
class ExcitationFamily {
 public:
  virtual ~ExcitationFamily() = default;
  /// x -> motion, with exact derivatives.
  virtual const TrajectoryBasis& basis() const = 0;
  /// Criterion sample rate [Hz] when the settings leave it automatic.
  virtual double automaticRate() const = 0;
  /// Box bounds of x (basis().size() each).
  virtual const Eigen::VectorXd& lowerBounds() const = 0;
  virtual const Eigen::VectorXd& upperBounds() const = 0;
  /// The first start (the user's trajectory, or a known good one), if any.
  virtual std::optional<Eigen::VectorXd> firstStart() const = 0;
  /// A random x whose analytic bounds fit the kinematic limits; deterministic for a generator state.
  virtual Eigen::VectorXd randomStart(std::mt19937_64& rng) const = 0;
  /// Scales the motion of x about its offsets by factor (in place): velocities and
  /// accelerations scale by it exactly, position deviations too.
  virtual void scaleMotion(Eigen::VectorXd& x, double factor) const = 0;
  /// The trajectory of x.
  virtual Trajectory trajectory(const Eigen::VectorXd& x) const = 0;
  /// trajectory with its motion about the offsets scaled by factor (the final repair).
  virtual Trajectory scaledTrajectory(const Trajectory& trajectory, double factor) const = 0;
};

/// A run as a family's result (OptimizerResult, MultisineOptimizerResult: the same fields with
/// the family's trajectory type); the trajectory must be of that type.
template <class Result>
Result familyResult(ExcitationRun run) {
  Result result;
  result.trajectory = std::get<decltype(result.trajectory)>(std::move(run.trajectory));
  result.metrics = std::move(run.metrics);
  result.sampleRate = run.sampleRate;
  result.constraints = std::move(run.constraints);
  result.criterionValue = run.criterionValue;
  result.feasible = run.feasible;
  result.cancelled = run.cancelled;
  result.evaluations = run.evaluations;
  result.elapsed = run.elapsed;
  result.history = std::move(run.history);
  result.stopReason = std::move(run.stopReason);
  return result;
}

/// Throws std::invalid_argument for settings no family can run with (no joint, starts < 1, ...).
void validateOptimizerSettings(const RobotModel& model, const OptimizerSettings& settings);

/// Joint limits (dof) as the optimization sees them: the settings' limitScale, then tightened by settings.tighten.
std::vector<JointLimits> optimizationLimits(const RobotModel& model, const OptimizerSettings& settings);

/// Runs the optimizer loop on `family`; the family's basis must drive model.dof() joints.
/// The run starts its clock at `started` (the caller's construction time counts).
ExcitationRun runExcitationOptimization(const RobotModel& model, const ExcitationFamily& family,
                                        const OptimizerSettings& settings, const OptimizerCallback& progress,
                                        std::chrono::steady_clock::time_point started);

/// Dense-grid check of a trajectory of either family (see checkExcitationConstraints).
ConstraintReport checkTrajectoryConstraints(const RobotModel& model, const Trajectory& trajectory,
                                            const OptimizerSettings& settings, double rateHz);

}  // namespace eb
