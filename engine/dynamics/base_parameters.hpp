#pragma once
// Base (identifiable) parameters of the regressor.
//
// Phi is the regressor stacked over random samples (q within the limits, random
// qd, qdd), rows grouped by joint. Columns whose norm is below 1e-10 of the
// largest are round-off (cos(pi/2) in URDF rotations) and are zeroed; the rest
// are scaled to unit norm. The independent set is chosen in natural column order
// (a column joins when its residual against the columns already taken exceeds
// the tolerance), which is Householder QR with a "first acceptable column" pivot
// rule (natural_order_qr.hpp): it regroups the parameters of outer links into
// those of inner links, the readable form (e.g. Izz1 + Iyy2 + 0.0841*m3), as
// Gautier/Khalil's regrouping does. A max-norm pivoted QR of its triangular
// factor gives the |R_ii| profile and the rank.
//
//   Phi P = Q [R1 R2],  beta = R1^-1 R2,  theta_base = theta[P1] + beta theta[P2],
//   Y_base = Y[:, P1]   so that  Y theta = Y_base theta_base.
//
// The work grows with the cube of the columns (0.3 s for 100 links, 10 s for
// 300, bench/bench_base_parameters.cpp); beyond kMaxBaseParameterColumns the model is
// refused rather than left to run for minutes and gigabytes.

#include "dynamics/joint_torque_regressor.hpp"
#include "model/robot_model.hpp"

#include <string>
#include <vector>

namespace eb {

struct BaseParameters {
  RegressorOptions options;
  int columnCount = 0;                 ///< regressor columns (standard + extras)
  int rank = 0;                        ///< number of base parameters
  std::vector<int> independent;        ///< P1: regressor columns kept (rank entries, ascending)
  std::vector<int> dependent;          ///< P2: the other columns (ascending)
  Eigen::MatrixXd beta;                ///< rank x dependent.size()
  Eigen::VectorXd pivotedRDiagonal;    ///< |R_ii| of max-norm pivoted QR on unit columns (descending)
  std::vector<int> pivotColumns;       ///< regressor column of each |R_ii| (the QR's pivot order)
  double rankTolerance = 1e-8;         ///< relative to |R_00|
  std::vector<std::string> columnNames;

  /// Permutation P as column indices: P1 then P2.
  std::vector<int> permutation() const;
  /// Base parameter values (rank) from full regressor parameters (columnCount).
  Eigen::VectorXd baseFromFull(const Eigen::VectorXd& theta) const;
  /// Matrix K (rank x columnCount) with theta_base = K theta.
  Eigen::MatrixXd projection() const;
  /// Base regressor columns Y[:, P1] of a full regressor (rows x columnCount) into Yb.
  void selectBaseColumns(const Eigen::MatrixXd& Y, Eigen::MatrixXd& Yb) const;
  /// Name of base parameter k: its leading column, suffixed "R" when others are regrouped in.
  std::string name(int k) const;
  /// Readable expression of base parameter k, e.g. "Izz1 + Iyy2 + 0.0841*m3".
  std::string expression(int k, int significantDigits = 6) const;
  /// Whether base parameter k involves only friction/offset/armature columns.
  bool isExtra(int k, const RobotModel& model) const;
};

struct BaseParameterOptions {
  int samples = 0;            ///< random samples; 0 picks enough rows (3x the columns)
  unsigned seed = 1;          ///< random generator seed (results are deterministic)
  double rankTolerance = 1e-8;
};

/// Largest regressor (columns: 10 per body plus the extras) whose base parameters are computed.
inline constexpr int kMaxBaseParameterColumns = 4000;

/// Throws InputError naming the model's file when its regressor has more than
/// kMaxBaseParameterColumns columns.
void checkBaseParameterSize(const RobotModel& model, const RegressorOptions& options);

/// Computes the base parameters of a model for the given regressor columns.
/// Throws InputError (checkBaseParameterSize) for a model beyond the size limit.
BaseParameters computeBaseParameters(const RobotModel& model, const RegressorOptions& options,
                                     const BaseParameterOptions& settings = {});

}  // namespace eb
