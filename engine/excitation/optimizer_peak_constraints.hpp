#pragma once
// Limits as smooth inequality constraints for SLSQP: one constraint per local
// peak, not one "max over the grid" per joint.
//
// A max over a grid jumps from one grid point to another as x moves, so its
// gradient is discontinuous and SLSQP zig-zags outside the limits. Instead,
// for every channel (joint i: q upper, q lower, |qd|, |qdd|, |tau|; keep-out:
// height of each link origin) we locate the K highest local maxima on a
// detection grid over the family's horizon (wrapping around for a periodic
// family, end points included for one that is not), refine each peak time by
// two parabola steps, and return c = (value at the peak - limit) / scale with
// its exact gradient (the trajectory basis at the peak time,
// optimizer_trajectory_basis.hpp; torque through d tau / d(q, qd, qdd) of
// RNEA; height through the hybrid Jacobian). At a true peak d value / dt = 0, so moving the
// peak time with x does not change the first-order gradient (envelope theorem).
// A channel with fewer than K local maxima is padded with the inactive dummy
// c = -1 (zero gradient), so NLopt sees a constant constraint count; a
// constant channel (no strict maximum) is constrained at one grid point.
//
// Limits are tightened by `tighten` (a fraction of each scale) so that SQP
// iterates that sit slightly outside the constraints are still inside the
// real limits; trueViolation() measures against the untightened limits.
// Units: every c is dimensionless, normalized by the half position range, the
// velocity, acceleration or effort limit, or keepOutScale.

#include "excitation/fourier_trajectory.hpp"
#include "excitation/kinematic_constraints.hpp"
#include "excitation/optimizer_trajectory_basis.hpp"
#include "dynamics/dynamics_workspace.hpp"
#include "model/robot_model.hpp"

#include <Eigen/Core>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace eb {

struct PeakConstraintSettings {
  LimitScale scale;                     ///< fraction of each limit used (as checkConstraints)
  bool torque = true;                   ///< |tau_i| <= scale.torque * effort where the effort is finite
  std::optional<double> keepOutHeight;  ///< base-frame z [m] every moving link origin stays above
  int peaksPerChannel = 4;              ///< K
  int gridPoints = 0;                   ///< detection grid over the horizon; 0: the basis' default (Fourier: max(200, 100 H))
  double tighten = 0.005;               ///< limits tightened by this fraction of their scale
  double keepOutScale = 0.1;            ///< [m] normalization of keep-out constraints
};

/// A point fixed on a body that must stay above the keep-out plane.
struct KeepOutPoint {
  int body = -1;
  Eigen::Vector3d position = Eigen::Vector3d::Zero();  ///< in the body frame [m]
  std::string name;                                      ///< URDF link
};

/// The keep-out points of a model: every link frame on a moving body (the tool included),
/// once per distinct point.
std::vector<KeepOutPoint> keepOutPoints(const RobotModel& model);

enum class PeakChannelKind { PositionUpper, PositionLower, Velocity, Acceleration, Torque, KeepOut };

class PeakConstraints {
 public:
  /// Any family: `basis` maps x to the motion (copied).
  PeakConstraints(const RobotModel& model, const TrajectoryBasis& basis, const PeakConstraintSettings& settings);
  /// Fourier series: `trajectory` fixes period, harmonics and offsets not in x.
  PeakConstraints(const RobotModel& model, const FourierRestParametrization& parametrization,
                  const FourierTrajectory& trajectory, const PeakConstraintSettings& settings);
  ~PeakConstraints();

  /// Number of constraints: channels * K.
  int count() const { return static_cast<int>(channels_.size()) * settings_.peaksPerChannel; }

  /// Constraint values c (count(), <= 0 inside the tightened limits) at x and, if grad is
  /// not null, their gradients (count() x x.size(), row-major, as NLopt expects).
  void evaluate(const Eigen::VectorXd& x, double* c, double* grad);

  /// Largest normalized excess over the untightened limits at the last evaluate (<= 0: feasible).
  double trueViolation() const { return maxC_ - settings_.tighten; }
  /// Peak time [s] of constraint k at the last evaluate (NaN for padding).
  double peakTime(int k) const { return times_[static_cast<size_t>(k)]; }
  /// "joint 3 velocity", "keep-out panda_hand", ... for constraint k.
  std::string describe(int k) const;

 private:
  struct Channel {
    PeakChannelKind kind;
    int index;     // joint, or keep-out point
    double limit;  // tightened limit on the channel value f (f <= limit)
    double scale;  // normalization
  };
  double channelValue(const Channel& ch, double t);
  double gridValue(const Channel& ch, int m) const;
  void peakGradient(const Channel& ch, double t, double* row);
  int previous(int m) const;  // grid neighbours, -1 past an end of a non-periodic horizon
  int next(int m) const;

  RobotModel model_;
  std::unique_ptr<TrajectoryBasis> basis_;
  PeakConstraintSettings settings_;
  std::vector<Channel> channels_;
  std::vector<KeepOutPoint> points_;
  bool needTorque_ = false;
  std::unique_ptr<SampleTable> grid_;
  int gridSize_ = 0;
  bool periodic_ = true;
  Eigen::MatrixXd gq_, gqd_, gqdd_, gtau_, gz_;  // grid values (gridPoints x dof / points)
  DynamicsWorkspace ws_;
  Eigen::VectorXd q_, qd_, qdd_, tmp_, tauP_, tauM_;
  std::vector<double> times_;
  std::vector<std::pair<double, int>> candidates_;
  double maxC_ = 0.0;
};

}  // namespace eb
