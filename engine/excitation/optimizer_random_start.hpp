#pragma once
// Random feasible starting trajectories for the multi-start optimizer.

#include "excitation/fourier_trajectory.hpp"
#include "excitation/multisine_design.hpp"
#include "excitation/multisine_trajectory.hpp"
#include "model/robot_model.hpp"

#include <random>
#include <vector>

namespace eb {

/// A random rest-to-rest Fourier trajectory (period [s], H harmonics) whose analytic
/// bounds fit the joint limits of `limitsModel` (pass a model carrying the limits to
/// respect, already scaled): coefficients a, b ~ N(0, 1) scaled down with
/// scaleIntoLimits; offsets uniform in the middle half of each position range, or
/// `fixedOffsets` when not null. Deterministic for a given generator state.
FourierTrajectory randomScaledTrajectory(const RobotModel& limitsModel, double period, int harmonics,
                                         const Eigen::VectorXd* fixedOffsets, std::mt19937_64& rng);

/// A random rest-to-rest multi-sine with the shape of `shape` (duration, ramp, terms per
/// joint) whose analytic bounds fit `limits` (dof, already scaled) about its offsets:
/// amplitudes ~ N(0, 1) scaled per joint (scaleMultisineIntoLimits), phases uniform in
/// [-pi, pi), frequencies uniform in the design's band when `freeFrequencies` (else those of
/// `shape`), offsets uniform in the middle half of each position range when `freeOffsets`
/// (else those of `shape`). Deterministic for a given generator state.
MultisineTrajectory randomScaledMultisine(const std::vector<JointLimits>& limits, const MultisineTrajectory& shape,
                                          const MultisineDesign& design, bool freeOffsets, bool freeFrequencies,
                                          std::mt19937_64& rng);

/// Uniform in [0, 1) from the raw 64-bit output: the same numbers with every standard library.
double randomUniform01(std::mt19937_64& rng);
/// Standard normal (Box-Muller on randomUniform01), for the same reason.
double randomNormal(std::mt19937_64& rng);

}  // namespace eb
