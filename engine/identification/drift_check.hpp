#pragma once
// Drift check of a long log: does the torque residual (measured - predicted with the
// identified parameters) stay put over time, or does it wander as friction changes when
// the joints warm up? The log's samples are cut into windows of equal duration; per joint,
// each window's residual mean and RMS, and a least-squares line through the window means
// against time. Its slope, with the standard deviation the scatter of the means about the
// line gives, says whether the residual drifted: the change over the log (slope x duration)
// must be above 3 standard deviations and above a tenth of the residual's RMS, so that
// noise and a drift too small to matter are not called drift.

#include <Eigen/Core>

#include <string>
#include <vector>

namespace eb {

struct DriftWindow {
  double start = 0.0, end = 0.0;  ///< [s]
  long samples = 0;
  Eigen::VectorXd mean;           ///< per joint residual mean [N m]
  Eigen::VectorXd rms;            ///< per joint residual RMS [N m]
};

struct DriftReport {
  std::vector<DriftWindow> windows;
  double duration = 0.0;          ///< [s] first to last sample
  Eigen::VectorXd slope;          ///< per joint trend of the window means [N m/s]
  Eigen::VectorXd slopeStd;       ///< its standard deviation [N m/s]
  Eigen::VectorXd change;         ///< slope x duration [N m]
  Eigen::VectorXd residualRms;    ///< over the whole log [N m]
  std::vector<bool> drifted;      ///< per joint, by the rule of the file comment
};

/// Why windows of `window` seconds cannot give a trend over times t (N, increasing, [s]), as a
/// shell shows it after its own place ("2 windows of 20 s in a 15 s log; a trend needs 3 or
/// more", "the window must be positive", "no samples"); empty when they can.
std::string driftWindowProblem(const Eigen::VectorXd& t, double window);

/// Windows of `window` seconds over times t (N, increasing, [s]) and residuals (N x dof, [N m]).
/// Throws std::invalid_argument for mismatched sizes and, prefixed "drift check: ", for a
/// driftWindowProblem.
DriftReport checkDrift(const Eigen::VectorXd& t, const Eigen::MatrixXd& residual, double window);

}  // namespace eb
