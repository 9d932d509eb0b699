#pragma once
// Normal equations of the base-parameter regression, accumulated while a log
// streams by, per joint, so that OLS, weighted LS, ridge, residuals per joint
// and parameter covariances all come from the same pass and no N x p matrix
// is ever stored (a one-hour 1 kHz log of a 7-joint arm is 25 M rows).
//
// For joint j over samples s:  A_j = sum Y_b,j^T Y_b,j   (r x r)
//                              c_j = sum Y_b,j^T tau_j   (r)
//                              s_j = sum tau_j^2,  also sum tau_j, sum Y_b,j and N.

#include "dynamics/base_parameters.hpp"
#include "identification/base_regressor_gram.hpp"
#include "model/robot_model.hpp"

#include <Eigen/Core>
#include <memory>
#include <vector>

namespace eb {

class ThreadPool;

struct NormalEquations {
  int dof = 0;
  int columns = 0;                 ///< r, base columns
  long samples = 0;                ///< N
  std::vector<Eigen::MatrixXd> A;  ///< per joint, r x r, both triangles
  std::vector<Eigen::VectorXd> c;  ///< per joint, r
  Eigen::VectorXd tauSquares;      ///< per joint sum tau^2 [(N m)^2]
  Eigen::VectorXd tauSums;         ///< per joint sum tau [N m]
  std::vector<Eigen::VectorXd> rowSums;  ///< per joint, r: sum of the base regressor rows (residual means)

  NormalEquations() = default;
  NormalEquations(int dof, int columns);
  /// Adds another accumulation (e.g. a second experiment file) of the same shape.
  void merge(const NormalEquations& other);
  /// Weighted totals: sum_j w_j A_j and sum_j w_j c_j.
  void weightedTotals(const Eigen::VectorXd& weights, Eigen::MatrixXd& A, Eigen::VectorXd& c) const;
  /// Residual sum of squares of joint j for base parameters theta (clamped at 0) [(N m)^2].
  double residualSquares(int joint, const Eigen::VectorXd& theta) const;
  /// Mean residual tau_j - Y_b,j theta of joint j over the samples [N m] (0 without samples).
  double residualMean(int joint, const Eigen::VectorXd& theta) const;
  /// NRMSE of joint j for base parameters theta over these samples [%]: the residual's RMS over
  /// the torque's RMS (NaN when the joint's torque is all zero).
  double nrmsePercent(int joint, const Eigen::VectorXd& theta) const;
};

/// Accumulates NormalEquations from blocks of samples (q, qd, qdd, tau: rows x dof), through the
/// base regressor's Gram sums (base_regressor_gram.hpp), in parallel over the pool's lanes.
/// Reusable; buffers sized once.
class RegressionAccumulator {
 public:
  RegressionAccumulator(const RobotModel& model, const BaseParameters& base, ThreadPool* pool = nullptr);
  ~RegressionAccumulator();

  /// Adds the samples of a block to the running normal equations.
  void add(const Eigen::Ref<const Eigen::MatrixXd>& q, const Eigen::Ref<const Eigen::MatrixXd>& qd,
           const Eigen::Ref<const Eigen::MatrixXd>& qdd, const Eigen::Ref<const Eigen::MatrixXd>& tau);
  /// The normal equations so far.
  const NormalEquations& equations() const { return total_; }
  /// Starts over.
  void reset();

 private:
  using Block = Eigen::Ref<const Eigen::MatrixXd>;
  BaseRegressorGram gram_;
  NormalEquations block_;  // the equations of the last block, merged into total_
  NormalEquations total_;
};

}  // namespace eb
