#pragma once
// Random feasible starting trajectories for the multi-start optimizer.

#include "excitation/fourier_trajectory.hpp"
#include "model/robot_model.hpp"

#include <random>

namespace eb {

/// A random rest-to-rest Fourier trajectory (period [s], H harmonics) whose analytic
/// bounds fit the joint limits of `limitsModel` (pass a model carrying the limits to
/// respect, already scaled): coefficients a, b ~ N(0, 1) scaled down with
/// scaleIntoLimits; offsets uniform in the middle half of each position range, or
/// `fixedOffsets` when not null. Deterministic for a given generator state.
FourierTrajectory randomScaledTrajectory(const RobotModel& limitsModel, double period, int harmonics,
                                         const Eigen::VectorXd* fixedOffsets, std::mt19937_64& rng);

}  // namespace eb
