#pragma once
// Sampling a trajectory on a time grid into one matrix per quantity, the form
// the CSV/MAT writers, the constraint check and the regressor stacking read.

#include "excitation/trajectory.hpp"

#include <Eigen/Core>

namespace eb {

/// Samples of a trajectory: row j holds time t[j] [s] and q, qd, qdd of every
/// joint at that time [rad, rad/s, rad/s^2]. Sizes: t (N), q, qd, qdd (N x dof).
struct TrajectorySamples {
  Eigen::VectorXd t;           ///< (N) [s]; the sample index when `timed` is false
  Eigen::MatrixXd q, qd, qdd;  ///< (N x dof)
  bool timed = true;           ///< t holds times (false: states read without a time column)

  /// Number of samples N.
  int size() const { return static_cast<int>(t.size()); }
  /// Number of joints.
  int dof() const { return static_cast<int>(q.cols()); }
};

/// Number of uniform samples t_j = j / rateHz in [0, duration] (both ends when duration * rate is an integer).
int uniformSampleCount(double duration, double rateHz);

/// Samples on the uniform grid t_j = j / rateHz [s], j = 0..uniformSampleCount-1; throws std::invalid_argument for rate <= 0.
/// Fourier rows equal evaluate() exactly; multi-sine rows to ~1e-14 relative (phasor rotation between exact anchors).
TrajectorySamples sampleTrajectory(const Trajectory& trajectory, double rateHz);

/// Samples at the given times [s] (any order).
TrajectorySamples sampleTrajectoryAt(const Trajectory& trajectory, const Eigen::VectorXd& times);

}  // namespace eb
