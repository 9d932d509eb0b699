#pragma once
// The optimizer's objective phi(x) (optimizer_criterion.hpp) of the free vector
// x of a trajectory family (optimizer_trajectory_basis.hpp), with its exact
// gradient.
//
// Two passes over the samples t_s:
//   1. Y_b,s for every sample (kept, r x dof each) and F = sum Y_b,s^T Y_b,s;
//   2. G = d phi / dF, then per sample W_s = Y_b,s G and the sensitivities
//      d phi / dz = 2 <W_s, dY_b,s / dz> for z = q_i, qd_i, qdd_i
//      (optimizer_regressor_sensitivity.hpp), chained exactly to x through
//      the family's SampleTable (Fourier: optimizer_sample_basis.hpp).
// Samples are split into a fixed number of chunks whose partial sums are added
// in chunk order, so the result is bit-identical for any thread count.
// Nothing is allocated per sample.

#include "excitation/excitation_optimizer.hpp"
#include "excitation/optimizer_criterion.hpp"
#include "excitation/optimizer_regressor_sensitivity.hpp"
#include "excitation/optimizer_trajectory_basis.hpp"

#include <memory>
#include <vector>

namespace eb {

class ThreadPool;

class ExcitationObjective {
 public:
  /// Any family: `basis` maps x to the motion; `times` [s] are the criterion samples.
  /// `pool` may be null (single thread); it must outlive the objective.
  ExcitationObjective(const RobotModel& model, const BaseParameters& base, ExcitationCriterion criterion,
                      const TrajectoryBasis& basis, const Eigen::VectorXd& times, ThreadPool* pool);
  /// Fourier series: `trajectory` fixes period, harmonics and the offsets not in x.
  ExcitationObjective(const RobotModel& model, const BaseParameters& base, ExcitationCriterion criterion,
                      const FourierRestParametrization& parametrization, const FourierTrajectory& trajectory,
                      const Eigen::VectorXd& times, ThreadPool* pool);
  ~ExcitationObjective();

  /// phi(x) and, if grad is not null, d phi / dx (x.size() entries).
  CriterionValue evaluate(const Eigen::VectorXd& x, double* grad);

  /// F (r x r) of the last evaluation.
  const Eigen::MatrixXd& informationMatrix() const { return F_; }
  int samples() const { return table_->size(); }

 private:
  struct Lane;
  template <class Fn>
  void forChunks(const Fn& fn);

  SensitivityModel shared_;
  ExcitationCriterion criterion_;
  std::unique_ptr<SampleTable> table_;
  ThreadPool* pool_;
  int chunks_;
  std::vector<std::unique_ptr<Lane>> lanes_;
  Eigen::MatrixXd Q_, QD_, QDD_;   // samples x dof
  Eigen::MatrixXd YbT_;            // r x (dof * samples): Y_b,s^T side by side
  std::vector<Eigen::MatrixXd> chunkF_;
  Eigen::MatrixXd F_, G_;
  Eigen::MatrixXd gq_, gqd_, gqdd_;  // samples x dof sensitivities
};

}  // namespace eb
