#pragma once
// Estimates of the base parameters from accumulated normal equations:
// ordinary least squares, weighted least squares (per-joint noise variance
// from the OLS residuals, two steps), ridge; each with the parameter
// covariance sigma^2 (Phi^T W Phi)^-1, standard deviations and relative
// standard deviations, and the residual per joint. Ill-conditioned problems
// are refused with the condition number and the parameters involved.

#include "dynamics/base_parameters.hpp"
#include "identification/identification_setting_specs.hpp"
#include "identification/normal_equations.hpp"

#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

namespace eb {

/// Auto: OLS and the consistent estimate are both fitted on the training part of the logs and
/// the one that predicts the held-out part better is kept (the consistent one when they tie
/// within 1 %, or when there are too few held-out samples to tell).
enum class EstimationMethod { Ols, Wls, Ridge, Consistent, Auto };

/// What the consistent estimate's friction (viscous, Coulomb) is pulled toward by its prior.
/// Data: the logs' own least-squares friction (the prior only regularizes); Description: the
/// description's <dynamics damping friction> (often simulator placeholders: only on request);
/// Zero: no friction.
enum class FrictionPrior { Data, Description, Zero };

/// "data", "urdf", "zero".
const char* frictionPriorName(FrictionPrior prior);
/// Parses a friction prior name (user input); throws InputError naming the accepted values.
FrictionPrior parseFrictionPrior(const std::string& name);

/// "ols", "wls", "ridge", "consistent", "auto".
const char* estimationMethodName(EstimationMethod method);
/// Parses a method name (user input); throws InputError naming the accepted values.
EstimationMethod parseEstimationMethod(const std::string& name);

struct EstimationOptions {
  /// Auto by default: a user who gives no option gets the estimate that predicts held-out data
  /// best (on the real KUKA LWR4 logs the consistent one: better than the description on every
  /// joint of another trajectory, where OLS was worse on two; docs/conventions.md).
  EstimationMethod method = EstimationMethod::Auto;
  /// Ridge weight lambda relative to the diagonal: (A + lambda diag(A)) theta = c.
  double ridgeLambda = kRidgeLambdaSpec.defaultValue;
  /// Refuse when cond(Phi_b) (weighted) exceeds this: the trajectory does not excite all base parameters.
  double maxCondition = 1e8;
  /// Consistent estimate: weight of the prior toward the model's parameters, relative to
  /// the data term; 0 chooses it on held-out samples when the caller has them
  /// (consistent_estimation.hpp, chooseConsistentPriorWeight), else ConsistentOptions' default.
  double priorWeight = 0.0;
  /// Consistent estimate: what the friction's prior is centred on.
  FrictionPrior frictionPrior = FrictionPrior::Data;
  bool operator==(const EstimationOptions& o) const {
    return method == o.method && ridgeLambda == o.ridgeLambda && maxCondition == o.maxCondition &&
           priorWeight == o.priorWeight && frictionPrior == o.frictionPrior;
  }
};

struct BaseEstimate {
  EstimationMethod method = EstimationMethod::Ols;
  Eigen::VectorXd values;          ///< base parameters (r), SI
  Eigen::MatrixXd covariance;      ///< r x r
  Eigen::VectorXd stddev;          ///< r
  Eigen::VectorXd relativeStddev;  ///< r, percent of |value| (infinite for a zero value)
  Eigen::VectorXd residualRms;     ///< per joint [N m]
  Eigen::VectorXd noiseStd;        ///< per joint estimated noise sigma_j [N m] (= residual with dof correction)
  Eigen::VectorXd jointWeights;    ///< weights used per joint (1 for OLS)
  double condition = 0.0;          ///< cond(W^1/2 Phi_b)
  long samples = 0;
  /// Consistent estimate only: the full regressor parameters (10 per body + extras).
  std::optional<Eigen::VectorXd> fullParameters;
  /// Consistent estimate only: the prior's weight used, and when it was chosen on held-out
  /// samples, (weight, held-out score) of every weight tried (score: the held-out residual
  /// sum of squares weighted per joint as the fit is, over the held-out samples).
  double priorWeight = 0.0;
  std::vector<std::pair<double, double>> priorWeightCurve;
  /// Consistent estimate only: per full parameter, the share the data determine (0: the
  /// prior's, 1: the data's), the diagonal of the resolution matrix (F + lambda I)^-1 F in
  /// per-parameter scaled coordinates, F the data's information, lambda the prior's weight.
  std::optional<Eigen::VectorXd> dataShare;
  std::vector<std::string> notes;
};

/// Estimates from normal equations (OLS, WLS or ridge; Consistent is in
/// consistent_estimation.hpp). Throws InputError for too few samples or a
/// rank-deficient / ill-conditioned regression (message names cond and the weakest parameters).
BaseEstimate estimateBaseParameters(const NormalEquations& eq, const BaseParameters& base,
                                    const EstimationOptions& options);

/// Fills covariance, stddev, relative stddev, residuals for `values` with joint weights w.
void computeEstimateStatistics(const NormalEquations& eq, const Eigen::VectorXd& weights, BaseEstimate& estimate);

/// cond of the weighted regression and, if too large, throws InputError naming the weakest base parameters.
double checkConditioning(const Eigen::MatrixXd& A, const BaseParameters& base, double maxCondition);

}  // namespace eb
