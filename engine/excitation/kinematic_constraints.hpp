#pragma once
// Feasibility of an excitation trajectory: joint position, velocity,
// acceleration limits on a dense time grid, the conservative analytic
// amplitude bounds of the literature, and two pluggable checks that need
// dynamics (joint torques, a Cartesian keep-out plane) supplied as callbacks,
// so this file stays free of dynamics and the checks report uniformly.
//
// The grid check is what decides feasibility (it sees the real peaks up to
// the grid step); the analytic bounds are sufficient, not necessary: when
// they pass, the trajectory is inside the limits at every instant, not only
// on the grid; when they fail it may still be feasible.

#include "excitation/trajectory.hpp"
#include "excitation/trajectory_sampling.hpp"
#include "model/robot_model.hpp"

#include <Eigen/Core>

#include <functional>
#include <string>
#include <vector>

namespace eb {

/// What a limit bounds.
enum class LimitQuantity { Position, Velocity, Acceleration, Torque, KeepOut };

/// Lower-case name: "position", "velocity", "acceleration", "torque", "keep-out".
const char* limitQuantityName(LimitQuantity quantity);

/// Conservative per-joint bounds valid at every instant (each dof long):
/// |q - q0| <= position [rad], |qd| <= velocity [rad/s], |qdd| <= acceleration [rad/s^2].
struct AmplitudeBounds {
  Eigen::VectorXd position, velocity, acceleration;
};

/// Fourier: position sum_k c_k/(w_f k), velocity sum_k c_k, acceleration sum_k w_f k c_k, c_k = sqrt(a_k^2 + b_k^2).
AmplitudeBounds analyticBounds(const FourierTrajectory& trajectory);
/// Multi-sine with envelope e: with S0 = sum|A|, S1 = sum|A|w, S2 = sum|A|w^2 (w = 2 pi f),
/// position S0, velocity max|e'| S0 + S1, acceleration max|e''| S0 + 2 max|e'| S1 + S2.
AmplitudeBounds analyticBounds(const MultisineTrajectory& trajectory);
/// Either family.
AmplitudeBounds analyticBounds(const Trajectory& trajectory);

/// Fractions of each limit a trajectory may use (1 = the full limit).
struct LimitScale {
  double position = 1.0;      ///< of each position range, kept centred on the range midpoint
  double velocity = 1.0;
  double acceleration = 1.0;
  double torque = 1.0;        ///< of JointLimits::effort
};

/// Limits shrunk by the scale factors: position range centred, others multiplied; infinite limits stay infinite.
std::vector<JointLimits> scaleLimits(const std::vector<JointLimits>& limits, const LimitScale& scale);

/// Joint torques [N m or N] (dof) at q [rad], qd [rad/s], qdd [rad/s^2]; tau arrives sized dof.
using TorqueFunction = std::function<void(const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                                          const Eigen::VectorXd& qdd, Eigen::VectorXd& tau)>;
/// Minimum height [m] (base-frame z, or any signed distance to the plane) over the checked robot points at q [rad].
using KeepOutFunction = std::function<double(const Eigen::VectorXd& q)>;

struct ConstraintCheckOptions {
  double rateHz = 1000.0;       ///< dense grid rate [Hz]; the end time is always checked too
  LimitScale scale;             ///< fraction of each limit the trajectory may use
  bool analyticBounds = true;   ///< also check the analytic bounds (trajectory overload only)
  TorqueFunction torque;        ///< optional: checked against scale.torque * effort
  KeepOutFunction keepOut;      ///< optional: its value must stay >= keepOutMinHeight
  double keepOutMinHeight = 0.0;  ///< lowest allowed value of keepOut [m]
  /// Optional (dof or empty): for units in messages (prismatic joints in m, N).
  std::vector<JointType> jointTypes;
};

/// One violation: a maximal run of consecutive grid samples beyond one limit, or
/// an analytic bound beyond a limit. Values are signed and in the quantity's unit
/// (rad, rad/s, rad/s^2, N m; m for prismatic joints and keep-out).
struct ConstraintViolation {
  int joint = -1;             ///< 0-based joint index, -1 for keep-out
  std::string jointName;      ///< "keep-out" for the keep-out plane
  LimitQuantity quantity = LimitQuantity::Position;
  bool analytic = false;      ///< from an analytic bound (times are NaN)
  double time = 0.0;          ///< worst grid point [s]
  double start = 0.0;         ///< first grid time beyond the limit [s]
  double end = 0.0;           ///< last grid time beyond the limit [s]
  double value = 0.0;         ///< value at the worst point (analytic: the bound, q0 +- bound for position)
  double limit = 0.0;         ///< the (scaled) limit crossed, with the sign of the side crossed
  double excess = 0.0;        ///< distance beyond the limit (> 0)
  std::string unit;           ///< unit of value, limit, excess
  /// One line, e.g. "joint 2 (elbow): velocity -3.2 rad/s beyond limit -2.5 rad/s by 0.7 rad/s at t = 1.234 s (1.2 s to 1.3 s)".
  std::string message() const;
};

/// Worst use of one limit over the grid.
struct ConstraintMargin {
  int joint = -1;             ///< 0-based joint index, -1 for keep-out
  std::string jointName;
  LimitQuantity quantity = LimitQuantity::Position;
  /// Largest fraction of the (scaled) limit used; > 1 means violated; 0 without a limit.
  /// Position: |q - mid| / half the scaled range. Keep-out: NaN (no natural scale; see margin).
  double usage = 0.0;
  double margin = 0.0;        ///< smallest distance to the limit (negative when violated), unit of the quantity
  double time = 0.0;          ///< where the worst point is [s]
  double value = 0.0;         ///< value there
  double limit = 0.0;         ///< the limit on the side of that value (infinite if none)
  std::string unit;
};

struct ConstraintReport {
  std::vector<ConstraintViolation> violations;          ///< grid violations, by joint, quantity, time; keep-out last
  std::vector<ConstraintViolation> analyticViolations;  ///< analytic bounds beyond limits (conservative)
  std::vector<ConstraintMargin> margins;  ///< per joint: position, velocity, acceleration[, torque]; then keep-out
  double gridStep = 0.0;                  ///< grid spacing used [s]

  /// True when no grid sample is beyond a limit.
  bool feasible() const { return violations.empty(); }
  /// True when the analytic bounds also pass: feasible at every instant, not only on the grid.
  bool provablyFeasible() const { return violations.empty() && analyticViolations.empty(); }
  /// Margin of a joint (-1: keep-out) and quantity, nullptr if not checked.
  const ConstraintMargin* margin(int joint, LimitQuantity quantity) const;
  /// One line per violation (grid first, then analytic); empty when there is none.
  std::string summary() const;
};

/// Checks sampled motion (any grid, e.g. a loaded CSV) against limits (dof) and
/// names (dof or empty: "joint i"); analytic bounds are not checked. Throws std::invalid_argument on size mismatch.
ConstraintReport checkConstraints(const TrajectorySamples& samples, const std::vector<JointLimits>& limits,
                                  const std::vector<std::string>& names, const ConstraintCheckOptions& options = {});

/// The same with the torques at the samples already computed (samples.size() x dof, N m,
/// e.g. for a plot): they are checked against scale.torque * effort and options.torque is not called.
ConstraintReport checkConstraints(const TrajectorySamples& samples, const Eigen::MatrixXd& torques,
                                  const std::vector<JointLimits>& limits, const std::vector<std::string>& names,
                                  const ConstraintCheckOptions& options = {});

/// Samples the trajectory at options.rateHz (plus its end time) and checks it; for a
/// Fourier series one period is checked, since the others repeat it. Adds the analytic bounds if asked.
ConstraintReport checkConstraints(const Trajectory& trajectory, const std::vector<JointLimits>& limits,
                                  const std::vector<std::string>& names, const ConstraintCheckOptions& options = {});

}  // namespace eb
