#include "excitation/trajectory_sampling.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace eb {

int uniformSampleCount(double duration, double rateHz) {
  if (!(rateHz > 0.0) || !std::isfinite(rateHz))
    throw std::invalid_argument("sample rate must be a positive number of Hz, got " + std::to_string(rateHz));
  if (!(duration >= 0.0) || !std::isfinite(duration))
    throw std::invalid_argument("duration must be a finite number of seconds >= 0, got " + std::to_string(duration));
  // A relative tolerance so that 10 s at 500 Hz gives 5001 samples even when
  // duration * rate rounds to 4999.999...; the last sample is then at
  // 5000 / 500 = 10 s exactly, never past the end by more than round-off.
  const double steps = duration * rateHz;
  const double n = std::floor(steps + 1e-9 * std::max(1.0, steps));
  if (n >= 2.0e9) throw std::invalid_argument("too many samples: " + std::to_string(n));
  return static_cast<int>(n) + 1;
}

TrajectorySamples sampleTrajectoryAt(const Trajectory& trajectory, const Eigen::VectorXd& times) {
  const int n = static_cast<int>(times.size());
  const int dof = trajectoryDof(trajectory);
  TrajectorySamples s;
  s.t = times;
  s.q.resize(n, dof);
  s.qd.resize(n, dof);
  s.qdd.resize(n, dof);
  Eigen::VectorXd q(dof), qd(dof), qdd(dof);
  for (int j = 0; j < n; ++j) {
    evaluateTrajectory(trajectory, times[j], q, qd, qdd);
    s.q.row(j) = q.transpose();
    s.qd.row(j) = qd.transpose();
    s.qdd.row(j) = qdd.transpose();
  }
  return s;
}

TrajectorySamples sampleTrajectory(const Trajectory& trajectory, double rateHz) {
  const int n = uniformSampleCount(trajectoryDuration(trajectory), rateHz);
  Eigen::VectorXd times(n);
  // j / rate rather than accumulating dt: no drift, and exact end points.
  for (int j = 0; j < n; ++j) times[j] = j / rateHz;
  return sampleTrajectoryAt(trajectory, times);
}

}  // namespace eb
