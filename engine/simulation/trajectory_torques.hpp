#pragma once
// Joint torques along a sampled trajectory, as `excitebench-cli torques` writes them and
// the workbench plots them against the effort limits: rigid-body inverse dynamics with the
// robot description's own parameters, or the prediction of identified base parameters.
// States too large for the robot overflow the torques: that is the input's fault, and an
// InputError names the sample instead of a table of inf and NaN.

#include "dynamics/base_parameters.hpp"
#include "excitation/trajectory_sampling.hpp"
#include "model/robot_model.hpp"

#include <Eigen/Core>

#include <string>

namespace eb {

/// Joint torques (N x dof) [N m or N] along `samples`, row i for sample i: inverse dynamics
/// M(q) qdd + C(q, qd) qd + g(q) with the model's own inertial parameters (no friction, offset
/// or armature). Throws InputError naming `where` (the trajectory's file; empty: none) when
/// the samples' joint count is not the model's, and naming the first sample (and its t when
/// timed) whose torques are not finite.
Eigen::MatrixXd trajectoryTorques(const RobotModel& model, const TrajectorySamples& samples, const std::string& where);

/// The same predicted with identified base parameters `values` of `base` (Y_b(q, qd, qdd)
/// values: friction, offset and armature as identified).
Eigen::MatrixXd trajectoryTorques(const RobotModel& model, const BaseParameters& base, const Eigen::VectorXd& values,
                                  const TrajectorySamples& samples, const std::string& where);

}  // namespace eb
