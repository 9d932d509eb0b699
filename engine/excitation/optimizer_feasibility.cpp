// checkExcitationConstraints (excitation_optimizer.hpp, multisine_optimizer.hpp)
// and checkTrajectoryConstraints (optimizer_session.hpp): the dense-grid check
// the optimizer's result must pass, which is checkExcitationLimits
// (excitation_evaluation.hpp), the check `design`, `evaluate` and the workbench report.
#include "excitation/excitation_optimizer.hpp"
#include "excitation/multisine_optimizer.hpp"
#include "excitation/optimizer_session.hpp"

#include "excitation/excitation_evaluation.hpp"

namespace eb {

ConstraintReport checkTrajectoryConstraints(const RobotModel& model, const Trajectory& trajectory,
                                            const OptimizerSettings& settings, double rateHz) {
  // The one limit check (excitation_evaluation.hpp), on the grid the caller asks for.
  ExcitationEvaluationSettings check = settings;
  check.checkRate = rateHz;
  return checkExcitationLimits(model, trajectory, check);
}

ConstraintReport checkExcitationConstraints(const RobotModel& model, const FourierTrajectory& trajectory,
                                            const OptimizerSettings& settings, double rateHz) {
  return checkTrajectoryConstraints(model, Trajectory(trajectory), settings, rateHz);
}

ConstraintReport checkExcitationConstraints(const RobotModel& model, const MultisineTrajectory& trajectory,
                                            const OptimizerSettings& settings, double rateHz) {
  return checkTrajectoryConstraints(model, Trajectory(trajectory), settings, rateHz);
}

}  // namespace eb
