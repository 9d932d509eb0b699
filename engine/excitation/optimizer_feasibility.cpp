// checkExcitationConstraints (excitation_optimizer.hpp, multisine_optimizer.hpp)
// and checkTrajectoryConstraints (optimizer_session.hpp): the dense-grid check
// the optimizer's result must pass, shared with the CLI summary and the GUI.
#include "excitation/excitation_optimizer.hpp"
#include "excitation/multisine_optimizer.hpp"
#include "excitation/optimizer_session.hpp"

#include "dynamics/forward_kinematics.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "dynamics/jacobians.hpp"
#include "excitation/optimizer_peak_constraints.hpp"

#include <limits>
#include <memory>

namespace eb {

ConstraintReport checkTrajectoryConstraints(const RobotModel& model, const Trajectory& trajectory,
                                            const OptimizerSettings& settings, double rateHz) {
  std::vector<JointLimits> limits;
  std::vector<std::string> names;
  ConstraintCheckOptions options;
  for (const Joint& j : model.joints()) {
    limits.push_back(j.limits);
    names.push_back(j.name);
    options.jointTypes.push_back(j.type);
  }
  options.rateHz = rateHz;
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

ConstraintReport checkExcitationConstraints(const RobotModel& model, const FourierTrajectory& trajectory,
                                            const OptimizerSettings& settings, double rateHz) {
  return checkTrajectoryConstraints(model, Trajectory(trajectory), settings, rateHz);
}

ConstraintReport checkExcitationConstraints(const RobotModel& model, const MultisineTrajectory& trajectory,
                                            const OptimizerSettings& settings, double rateHz) {
  return checkTrajectoryConstraints(model, Trajectory(trajectory), settings, rateHz);
}

}  // namespace eb
