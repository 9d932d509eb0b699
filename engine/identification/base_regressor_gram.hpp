#pragma once
// BaseRegressorGram: the one accumulation of the base regressor's Gram sums that
// both the information matrix of a trajectory (excitation/information_matrix.hpp)
// and the normal equations of a log (normal_equations.hpp) are made of:
//
//   per joint j over the samples s, on the base columns row j can touch (regressor_sparsity.hpp):
//     G_j = sum Y_b,j^T Y_b,j
//   and with torques also  g_j = sum Y_b,j^T tau_j,  sum Y_b,j,  sum tau_j^2,  sum tau_j.
//
// The information matrix is F = sum_j G_j; the normal equations keep each joint's own.
// Rows stream through a BlockedGram, so no N x r matrix is stored. Samples are split into
// chunks of whole blocks, a few per lane of the pool, taken by whichever lane is free (a lane
// that the OS preempts, the GUI and the 3D view share the cores, no longer holds up the
// others). Chunk boundaries depend only on the sample count and the lane count, and the
// chunks' sums are added in chunk order, so the sums are the same bit for bit whichever lane
// did what.

#include "dynamics/base_parameters.hpp"
#include "identification/blocked_gram.hpp"
#include "model/robot_model.hpp"

#include <Eigen/Core>

#include <memory>
#include <vector>

namespace eb {

class ThreadPool;

class BaseRegressorGram {
 public:
  using Block = Eigen::Ref<const Eigen::MatrixXd>;

  /// `withTorques`: also the sums with the joint torques (compute() then needs them). `pool` may
  /// be null (one thread) or shared; it must outlive this object. Buffers are sized once.
  BaseRegressorGram(const RobotModel& model, const BaseParameters& base, ThreadPool* pool, bool withTorques);
  ~BaseRegressorGram();

  /// Replaces the sums by those of the samples, the rows of q [rad], qd [rad/s], qdd [rad/s^2]
  /// and, with torques, tau [N m] (all N x dof; tau null without torques). Throws
  /// std::invalid_argument on a shape mismatch.
  void compute(const Block& q, const Block& qd, const Block& qdd, const Block* tau = nullptr);

  const RobotModel& model() const { return model_; }
  const BaseParameters& base() const { return base_; }
  int dof() const { return static_cast<int>(support_.size()); }
  /// r, the number of base columns.
  int rank() const { return base_.rank; }
  /// N of the last compute().
  long samples() const { return samples_; }
  /// The base columns (ascending, in 0..r-1) that row `joint` can touch: what the sums below run over.
  const std::vector<int>& support(int joint) const { return support_[static_cast<std::size_t>(joint)]; }
  /// G_j on joint j's support, lower triangle only.
  const Eigen::MatrixXd& lowerGram(int joint) const { return total_.gram[static_cast<std::size_t>(joint)]; }
  /// With torques: sum Y_b,j^T tau_j and sum Y_b,j on joint j's support.
  const Eigen::VectorXd& torqueCrossSum(int joint) const { return total_.cross[static_cast<std::size_t>(joint)]; }
  const Eigen::VectorXd& rowSum(int joint) const { return total_.columns[static_cast<std::size_t>(joint)]; }
  /// With torques: per joint sum tau_j^2 [(N m)^2] and sum tau_j [N m].
  const Eigen::VectorXd& torqueSquares() const { return total_.targetSquares; }
  const Eigen::VectorXd& torqueSums() const { return total_.targetSums; }

  /// F = sum_j G_j on the r base columns, both triangles (r x r).
  void informationMatrix(Eigen::MatrixXd& F) const;

 private:
  struct Lane;
  void accumulateRange(Lane& lane, const Block& q, const Block& qd, const Block& qdd, const Block* tau, long begin,
                       long end) const;

  RobotModel model_;
  BaseParameters base_;
  ThreadPool* pool_;
  bool withTorques_;
  std::vector<std::vector<int>> support_;
  // Per joint: where each support entry's value sits in the regressor matrix (column-major
  // dof x columns), so that the per-sample gather is a load and a store.
  std::vector<std::vector<Eigen::Index>> regressorOffsets_;
  std::vector<std::unique_ptr<Lane>> lanes_;
  std::vector<BlockedGram::Sums> chunkSums_;  // per chunk of samples, added in chunk order
  BlockedGram::Sums total_;
  long samples_ = 0;
};

}  // namespace eb
