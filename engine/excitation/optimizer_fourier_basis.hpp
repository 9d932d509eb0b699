#pragma once
// The rest-to-rest Fourier series as a TrajectoryBasis: x is the free vector of
// FourierRestParametrization (offsets, then a_ik, b_ik for k >= 2), motion and
// gradients are the series' analytic basis (optimizer_sample_basis.hpp).
// q, qd, qdd are linear in x, so every derivative here is exact.

#include "excitation/fourier_trajectory.hpp"
#include "excitation/optimizer_trajectory_basis.hpp"

namespace eb {

class FourierTrajectoryBasis : public TrajectoryBasis {
 public:
  /// `trajectory` fixes period, harmonics and the offsets not in x; throws std::invalid_argument on size mismatch.
  FourierTrajectoryBasis(const FourierRestParametrization& parametrization, const FourierTrajectory& trajectory);

  std::unique_ptr<TrajectoryBasis> clone() const override;
  int dof() const override { return param_.dof(); }
  int size() const override { return param_.size(); }
  double horizon() const override { return trajectory_.period(); }
  bool periodic() const override { return true; }
  /// max(200, 100 H): 100 points per period of the top harmonic.
  int detectionGridPoints() const override;
  void apply(const Eigen::VectorXd& x) override { param_.apply(x, trajectory_); }
  void evaluate(double t, Eigen::VectorXd& q, Eigen::VectorXd& qd, Eigen::VectorXd& qdd) const override {
    trajectory_.evaluate(t, q, qd, qdd);
  }
  void evaluateJoint(int i, double t, double& q, double& qd, double& qdd) const override {
    trajectory_.evaluateJoint(i, t, q, qd, qdd);
  }
  void addJointGradientAt(double t, int joint, double wq, double wqd, double wqdd, double* grad) const override;
  std::unique_ptr<SampleTable> sampleTable(const Eigen::VectorXd& times) const override;

  const FourierRestParametrization& parametrization() const { return param_; }
  /// The trajectory of the current x.
  const FourierTrajectory& trajectory() const { return trajectory_; }

 private:
  FourierRestParametrization param_;
  FourierTrajectory trajectory_;
};

}  // namespace eb
