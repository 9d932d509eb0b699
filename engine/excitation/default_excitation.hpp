#pragma once
// The excitation a new project starts with: a rest-to-rest Fourier series,
// 5 harmonics, 5 s period, centred in each joint's range, with a fixed,
// deterministic coefficient pattern scaled joint by joint so its analytic bounds
// use at most 40 % of that joint's position half-range and 50 % of its velocity
// and acceleration limits. Something moves and every base parameter is excited from the first
// second; the optimizer does better.

#include "excitation/excitation_defaults.hpp"
#include "excitation/fourier_trajectory.hpp"
#include "model/robot_model.hpp"

namespace eb {

/// Default excitation for `model` (period [s], harmonics) — see the file comment.
FourierTrajectory defaultExcitation(const RobotModel& model, double period = kDefaultFourierPeriod,
                                    int harmonics = kDefaultHarmonics);

/// Scales the coefficients a, b of `trajectory` (not the offsets) so that its analytic
/// bounds stay within the given fractions of the model's limits; returns the factor used.
double scaleIntoLimits(const RobotModel& model, FourierTrajectory& trajectory, double positionFraction,
                       double velocityFraction, double accelerationFraction);

/// scaleIntoLimits applied to each joint on its own (each joint's coefficients get their own
/// factor, so a joint with a small range does not freeze the others); returns the smallest factor.
double scaleJointsIntoLimits(const RobotModel& model, FourierTrajectory& trajectory, double positionFraction,
                             double velocityFraction, double accelerationFraction);

}  // namespace eb
