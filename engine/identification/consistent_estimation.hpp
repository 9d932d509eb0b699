#pragma once
// Physically consistent estimate of the full regressor parameters.
//
// Unknowns: theta, the full regressor parameters (10 standard parameters per
// body, then the per-joint extras of base.options, regressor layout), such that
//   * every body's 4x4 pseudo-inertia J_b is positive definite (Wensing, Kim,
//     Slotine, "Linear matrix inequalities for physically consistent inertial
//     parameter identification", RA-L 2017), with a margin: J_b >= mu_b I4;
//   * viscous and Coulomb friction and armature are >= 0 (offsets are free).
//
// Objective: the weighted least-squares torque fit. With A_w = sum_j w_j A_j,
// c_w = sum_j w_j c_j (normal_equations.hpp) and A_w = R^T R (Cholesky), the
// weighted residual sum of squares is
//     || R K theta - R^-T c_w ||^2 + const,        theta_base = K theta,
// a least-squares residual of r rows.
//
// Prior. K has a null space (what the torques cannot see), so a prior toward
// the model's own (URDF) parameters closes it:
//     lambda [ sum_b D(J_b || J0_b) + sum_k ((x_k - x0_k) / s_k)^2 ],
// D the log-det (entropic, Bregman) divergence of a body's pseudo-inertia from
// the URDF's, tr(J0^-1 J) - log det(J0^-1 J) - 4 (Lee, Wensing & Park 2020):
// scale-free, zero at J0, infinite on the boundary of the consistent set, and
// a plain sum of squares in the coordinates below; x the extras with x0 the
// data's own least-squares fit of the extras (frictionPrior Data, the default), the
// URDF's <dynamics damping/friction> (Description: many published URDFs carry
// simulator placeholders there, so only on request) or 0, and s_k a tenth of the
// joint's RMS torque per unit signal. lambda = weight x the mean eigenvalue of
// the data term in per-parameter scaled coordinates (S K^T A_w K S; a body's
// mass scale m_s and length scale L_s give m_s, m_s L_s, m_s L_s^2), so the
// weight is relative to the data. The prior is not confined to the null space
// (a null-space-only quadratic prior leaves the optimum on the boundary of the
// cone whenever the URDF's unseen part does not fit the data's seen part, and
// Levenberg-Marquardt then crawls there for thousands of iterations), so it
// biases the base parameters in proportion to its weight: the final weight is
// 1e-13 by default, which leaves the base part to the data (measured on
// noise-free panda data with a 15-30 % wrong URDF: 2e-5 relative on the
// weakest base parameter; 2e-4 at 1e-12, 0.01 at 1e-10, ~1 at 1e-6).
//
// Continuation. The fit starts with weight priorStartWeight (1e-4), where the
// problem is well conditioned and the bodies stay well inside the cone, and
// the weight is divided by 10 per stage down to priorWeight, each stage
// warm-started from the last (an interior-point path: the divergence acts as
// the barrier), at most iterationsPerStage Levenberg-Marquardt iterations each.
//
// Parametrization: log-Cholesky (Rucker & Wensing, "Smooth parameterization
// of rigid-body inertia", RA-L 2022) relative to the prior: J0_b - mu_b I =
// L0 L0^T with L0 upper triangular, and
//     J_b = L0 W W^T L0^T + mu_b I4,
//     W = [[e^d1, w01, w02, w03], [0, e^d2, w12, w13], [0, 0, e^d3, w23], [0, 0, 0, e^d4]],
// 10 unconstrained numbers per body, so every value is consistent (with the
// margin J_b >= mu_b I4); with L0 = I it is Rucker & Wensing's (alpha = d4).
// In these coordinates D(J||J0) = sum_i (e^(2 d_i) - 1 - 2 d_i) + sum w_ik^2,
// so its residuals are sign(d) sqrt(e^(2d) - 1 - 2d) and w_ik. Friction and
// armature are bounded below by 0 with Ceres box bounds rather than squares
// or exp(): a square has zero gradient at 0 and exp() never reaches 0, while
// a true zero (no armature) is common; offsets are free. Solved by Ceres
// (Levenberg-Marquardt, dense QR) with automatic differentiation: each body's
// map phi_b -> theta_b and prior residuals through fixed-size ceres::Jet (10
// directions), chained with the constant data matrix R K.
//
// Start: every body at the prior (W = I), the model's parameters lifted to
// J >= 2 mu_b if needed (a massless body: a sphere of 1e-3 of the mean body
// mass, radius 5 cm); the extras from the least-squares fit of the rest,
// clamped at their bounds.

#include <Eigen/Core>
#include <functional>

#include "identification/base_estimation.hpp"
#include "dynamics/base_parameters.hpp"
#include "identification/normal_equations.hpp"
#include "identification/plausibility.hpp"
#include "model/robot_model.hpp"

namespace eb {

struct ConsistentOptions {
  /// Per-joint weights w_j of the torque fit (dof entries, > 0). Empty: the
  /// weighted-LS two-step weights 1/sigma_j^2 from an OLS fit's residuals,
  /// normalised to mean 1 (sigma_j floored at 1e-3 of the largest and at 1e-6
  /// of the joint's RMS torque, so round-off on noise-free data is no
  /// information); or all ones when noiseWeighting is false.
  Eigen::VectorXd jointWeights;
  bool noiseWeighting = true;
  /// Final weight of the prior toward the model's parameters, relative to the mean
  /// eigenvalue of the (scaled) data term (see the file comment).
  double priorWeight = 1e-13;
  /// Weight of the first continuation stage; divided by 10 per stage down to priorWeight.
  double priorStartWeight = 1e-4;
  /// Levenberg-Marquardt iterations per continuation stage.
  int iterationsPerStage = 50;
  /// Positive-definiteness margin: J_b >= mu_b I4 with mu_b = margin * trace of
  /// the body's starting pseudo-inertia (kg, kg m, kg m^2 mixed; SI).
  double definitenessMargin = 1e-8;
  /// Keep every body physically plausible, not only consistent (plausibility.hpp): its mass
  /// and second moments inside its geometry's bounds and no denser than the limit, by a
  /// barrier on each margin (x - 1 - log x of the margin relative to its value at the prior,
  /// weighted as the prior and following its continuation). A margin the model's own
  /// inertia already violates is not enforced (a note says which).
  bool plausible = true;
  PlausibilityLimits plausibility;
  /// Refuse (InputError) when cond(W^1/2 Phi_b) exceeds this, as the other estimators.
  double maxCondition = 1e8;
  /// Called after every solver iteration with the fraction done (stages and iterations);
  /// returning false stops the solver and throws Cancelled.
  std::function<bool(double)> progress;
  /// What the friction's prior is centred on (base_estimation.hpp): by default the data's own
  /// least-squares friction, so that a description's placeholder <dynamics> pull nothing.
  FrictionPrior frictionPrior = FrictionPrior::Data;
  /// Called after each continuation stage with its weight and the full parameters theta.
  std::function<void(double weight, const Eigen::VectorXd& theta)> onStage;
};

/// Physically consistent estimate (see the file comment). Returns a BaseEstimate with
/// method Consistent, values = K theta, fullParameters = theta (10 per body, then the
/// extras), statistics from computeEstimateStatistics with the joint weights used, and
/// notes (stages, iterations, cost, prior, smallest pseudo-inertia eigenvalue per body).
/// Throws InputError for too few samples, mismatched shapes or an ill-conditioned regression.
BaseEstimate estimateConsistentParameters(const RobotModel& model, const NormalEquations& eq,
                                          const BaseParameters& base, const ConsistentOptions& options = {});

/// Consistent estimate whose prior weight is chosen on held-out samples: the continuation
/// runs on `training` from 1 down to options.priorWeight, each stage is scored on
/// `heldOut` (sum over joints of w_j RSS_j / N, with the fit's joint weights), and the largest weight
/// scoring within `tolerance` (relative) of the best is kept: as much prior as the data
/// allow, so what the data cannot see stays at the model's values. The estimate is then
/// computed on both parts at that weight. BaseEstimate::priorWeight and priorWeightCurve
/// report the choice.
BaseEstimate chooseConsistentPriorWeight(const RobotModel& model, const NormalEquations& training,
                                         const NormalEquations& heldOut, const BaseParameters& base,
                                         const ConsistentOptions& options = {}, double tolerance = 0.01);

/// Smallest eigenvalue of each body's pseudo-inertia for full parameters theta
/// (10 * bodyCount() leading entries used): > 0 for a physically consistent body.
Eigen::VectorXd smallestPseudoInertiaEigenvalues(const RobotModel& model, const Eigen::VectorXd& theta);

}  // namespace eb
