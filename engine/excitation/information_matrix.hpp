#pragma once
// Information matrix of a sampled trajectory and the excitation criteria.
//
//   F = Phi_b^T Phi_b = sum_s Y_b(q_s, qd_s, qdd_s)^T Y_b(...)
//
// summed over the joints from the base regressor's Gram sums (the accumulation the
// normal equations of identification use too: identification/base_regressor_gram.hpp;
// no N x p matrix is stored, chunks of samples run in parallel, the result does not
// depend on which thread did what).
//
// Units and scaling. Phi_b's columns are in SI units and differ by orders of
// magnitude (a mass column is ~g, an inertia column ~qdd), so every criterion
// is reported twice:
//   * unscaled (SI): cond = sqrt(lambda_max / lambda_min) of F, the number the
//     literature quotes and the optimizer minimizes by default;
//   * column-scaled: Phi_b with each column divided by its norm (F_s = D F D,
//     D = diag(F_ii^-1/2)), which removes the unit choice; condScaled tells
//     whether a large cond comes from units or from a truly weak direction.
// logdet = log det F, aopt = trace F^-1, eopt = lambda_min F, all unscaled.

#include "excitation/trajectory_sampling.hpp"
#include "dynamics/base_parameters.hpp"
#include "identification/base_regressor_gram.hpp"
#include "model/robot_model.hpp"

#include <Eigen/Core>
#include <memory>
#include <vector>

namespace eb {

class ThreadPool;

struct InformationMetrics {
  int samples = 0;
  int columns = 0;                 ///< base columns r
  bool fullRank = false;           ///< lambda_min > 1e-12 lambda_max
  double cond = 0.0;               ///< cond(Phi_b) = sqrt(cond F), unscaled SI
  double condScaled = 0.0;         ///< cond of the column-scaled Phi_b
  double logdet = 0.0;             ///< log det F (the D criterion minimizes -logdet)
  double aopt = 0.0;               ///< trace F^-1 (A criterion)
  double eopt = 0.0;               ///< lambda_min F (E criterion maximizes it)
  double lambdaMax = 0.0;          ///< lambda_max F
  Eigen::VectorXd eigenvalues;     ///< eigenvalues of F, ascending
  Eigen::VectorXd scaledEigenvalues;  ///< eigenvalues of the column-scaled F, ascending
  /// Persistent excitation: lambda_min of F over consecutive windows (empty unless asked).
  std::vector<double> windowLambdaMin;
  double windowSeconds = 0.0;
};

/// Criteria (cond, logdet, aopt, eopt...) of an information matrix F (r x r, symmetric).
InformationMetrics computeInformationMetrics(const Eigen::MatrixXd& F);

/// Accumulates F for one robot and base-parameter set; reusable across calls (the
/// GUI and the optimizer keep one), buffers sized once.
class InformationMatrixAccumulator {
 public:
  /// `pool` may be null (single thread) or shared; it must outlive the accumulator.
  InformationMatrixAccumulator(const RobotModel& model, const BaseParameters& base, ThreadPool* pool = nullptr);
  ~InformationMatrixAccumulator();

  /// F (r x r, both triangles) of the samples; throws std::invalid_argument on a dof mismatch.
  const Eigen::MatrixXd& accumulate(const TrajectorySamples& samples);

  /// accumulate() plus the criteria; with windowSeconds > 0 also lambda_min over
  /// consecutive windows of that length (persistent excitation).
  InformationMetrics computeMetrics(const TrajectorySamples& samples, double windowSeconds = 0.0);

  const RobotModel& model() const { return gram_.model(); }
  const BaseParameters& base() const { return gram_.base(); }
  const Eigen::MatrixXd& informationMatrix() const { return F_; }

 private:
  BaseRegressorGram gram_;  // holds the robot and its base parameters
  Eigen::MatrixXd F_;
};

}  // namespace eb
