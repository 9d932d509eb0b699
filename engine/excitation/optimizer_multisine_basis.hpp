#pragma once
// The multi-sine with its rest-to-rest envelope (multisine_trajectory.hpp) as a
// TrajectoryBasis for the optimizer. Free vector x, in this order:
//   [q0 (dof), only if offsets are free;
//    joint 0: A_01..A_0K0 [rad], phi_01..phi_0K0 [rad], f_01..f_0K0 [Hz] (only if
//    frequencies are free); joint 1: ...]
// Terms not in x (frequencies when fixed, offsets when fixed) are kept from the
// template trajectory. The envelope already makes every x start and end at
// rest, so x needs no constraint for that (unlike the Fourier series).
// With u = 2 pi f t + phi, per term A sin u gives, by the product rule with
// the envelope e(t):
//   dq/dA   = e sin u                dq/dphi   = e A cos u
//   dqd/dA  = e' sin u + e w cos u   dqd/dphi  = e' A cos u - e A w sin u
//   dqdd/dA = e'' sin u + 2 e' w cos u - e w^2 sin u, and so on (the .cpp),
// and for the frequency the same with du/df = 2 pi t. All derivatives are
// analytic, so the criterion and constraint gradients are exact.

#include "excitation/multisine_trajectory.hpp"
#include "excitation/optimizer_trajectory_basis.hpp"

#include <vector>

namespace eb {

class MultisineTrajectoryBasis : public TrajectoryBasis {
 public:
  /// `trajectory` fixes duration, ramp, the number of terms per joint and what x does not hold.
  MultisineTrajectoryBasis(const MultisineTrajectory& trajectory, bool includeOffsets, bool includeFrequencies);

  std::unique_ptr<TrajectoryBasis> clone() const override;
  int dof() const override { return static_cast<int>(offsets_.size()); }
  int size() const override { return size_; }
  double horizon() const override { return duration_; }
  bool periodic() const override { return false; }
  /// max(200, 100 f_max T, 40 T / Tr): 100 points per period of the top frequency, 40 per ramp.
  int detectionGridPoints() const override;
  void apply(const Eigen::VectorXd& x) override;
  void evaluate(double t, Eigen::VectorXd& q, Eigen::VectorXd& qd, Eigen::VectorXd& qdd) const override;
  void evaluateJoint(int i, double t, double& q, double& qd, double& qdd) const override;
  void addJointGradientAt(double t, int joint, double wq, double wqd, double wqdd, double* grad) const override;
  std::unique_ptr<SampleTable> sampleTable(const Eigen::VectorXd& times) const override;

  bool includesOffsets() const { return includeOffsets_; }
  bool includesFrequencies() const { return includeFrequencies_; }
  /// Number of terms of joint i.
  int terms(int i) const { return first_[static_cast<size_t>(i) + 1] - first_[static_cast<size_t>(i)]; }
  /// Index in x of amplitude / phase / frequency of term k (0-based) of joint i; frequency -1 when fixed.
  int amplitudeIndex(int i, int k) const;
  int phaseIndex(int i, int k) const;
  int frequencyIndex(int i, int k) const;

  /// Free vector of a trajectory with the template's shape (term counts per joint); throws std::invalid_argument.
  Eigen::VectorXd fromTrajectory(const MultisineTrajectory& trajectory) const;
  /// The trajectory of x (duration, ramp and fixed parts from the template).
  MultisineTrajectory toTrajectory(const Eigen::VectorXd& x) const;

 private:
  friend class MultisineSampleTable;
  double duration_, rampTime_;
  bool includeOffsets_, includeFrequencies_;
  int size_ = 0;
  std::vector<int> first_;  // first term of joint i in the flat term arrays (dof + 1 entries)
  // Current parameters, flat over (joint, term).
  Eigen::VectorXd offsets_, amplitude_, phase_, frequency_;
};

}  // namespace eb
