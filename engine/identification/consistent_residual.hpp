#pragma once
// Internal to the consistent estimate (consistent_estimation.hpp has the design note):
// the residual it minimises, as a Ceres cost, in the relative log-Cholesky coordinates,
// with the plausibility barriers, and the helpers the estimate and the prior-weight choice
// share. Not part of the engine's API.

#include <ceres/ceres.h>

#include <Eigen/Core>
#include <algorithm>
#include <array>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include "identification/normal_equations.hpp"
#include "identification/plausibility.hpp"
#include "identification/plausibility_margins.hpp"
#include "model/inertial_parameters.hpp"
#include "model/robot_model.hpp"

namespace eb::consistent {

inline constexpr int kBodyParameters = 10;

/// Upper-triangular U with P = U U^T (P 4 x 4 positive definite): "reverse" Cholesky.
Eigen::Matrix4d upperCholesky(const Eigen::Matrix4d& P);

/// Standard parameters [m, hx, hy, hz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz] of a pseudo-inertia
/// J = [[Sigma, h], [h^T, m]] (I = tr(Sigma) 1 - Sigma), for doubles and Jets.
template <typename T>
void parametersOfPseudoInertia(const T (&J)[4][4], T* theta) {
  const T tr = J[0][0] + J[1][1] + J[2][2];
  theta[0] = J[3][3];
  theta[1] = J[0][3];
  theta[2] = J[1][3];
  theta[3] = J[2][3];
  theta[4] = tr - J[0][0];
  theta[5] = -J[0][1];
  theta[6] = tr - J[1][1];
  theta[7] = -J[0][2];
  theta[8] = -J[1][2];
  theta[9] = tr - J[2][2];
}

/// r(delta) with r^2 = e^(2 delta) - 1 - 2 delta (>= 0) and the sign of delta: smooth, r ~ sqrt(2) delta near 0.
template <typename T>
T entropicDiagonal(const T& delta) {
  using std::exp;
  using std::sqrt;
  T h;  // (e^(2d) - 1 - 2d) / d^2
  if (delta < 1e-3 && delta > -1e-3)
    h = T(2.0) + delta * (T(4.0 / 3.0) + delta * (T(2.0 / 3.0) + delta * T(4.0 / 15.0)));
  else
    h = (exp(T(2.0) * delta) - T(1.0) - T(2.0) * delta) / (delta * delta);
  return delta * sqrt(h);
}

/// Barrier residual of a plausibility margin at x = g / g0 (g0 its value at the start):
/// r^2 = x - 1 - log x, the Bregman divergence of -log, zero at the start and infinite at
/// the bound x = 0, signed like x - 1; smooth through x = 1 (series there).
template <typename T>
T marginBarrier(const T& x) {
  using std::log;
  using std::sqrt;
  const T u = x - T(1.0);
  if (u < 1e-3 && u > -1e-3) return u * sqrt(T(0.5) + u * (T(-1.0 / 3.0) + u * (T(0.25) + u * T(-0.2))));
  const T f = u - log(x);
  return u > 0.0 ? sqrt(f) : -sqrt(f);
}

/// The residual of the consistent estimate as a function of every body's
/// relative log-Cholesky numbers phi_b and the extras x:
///   [ R K theta(phi, x) - R^-T c ;                       data (r rows)
///     s * entropic residuals of each body (10 per body) ; prior, bodies
///     s * (x - x0) / scale ;                              prior, extras
///     s * marginBarrier(g / g0) per enforced margin ]     plausibility barriers
/// with s = sqrt(lambda), changed between the continuation stages.
struct ConsistentResidual {
  Eigen::MatrixXd RK;               // r x p
  Eigen::VectorXd d;                // r
  std::vector<Eigen::Matrix4d> L0;  // per body: J0 - mu I = L0 L0^T, L0 upper triangular
  std::vector<double> margin;       // mu_b per body
  Eigen::VectorXd extraPrior;       // x0
  Eigen::VectorXd extraScale;       // per extra
  double priorScale = 0.0;          // sqrt(lambda)
  int bodies = 0;
  int extras = 0;
  // Plausibility barriers (plausibility_margins.hpp): per body its limits, which margins are
  // enforced, their values at the start, and the first residual row of the body's barriers.
  std::vector<BodyLimits> limits;
  std::vector<std::array<bool, kPlausibilityMargins>> active;
  std::vector<std::array<double, kPlausibilityMargins>> start;
  std::vector<int> barrierRow;
  int barriers = 0;

  int residualCount() const { return static_cast<int>(d.size()) + kBodyParameters * bodies + extras + barriers; }

  /// Standard parameters of one body: J = L0 W W^T L0^T + mu I with
  /// W = [[e^d1, w01, w02, w03], [0, e^d2, w12, w13], [0, 0, e^d3, w23], [0, 0, 0, e^d4]],
  /// phi = [d1, d2, d3, d4, w01, w02, w03, w12, w13, w23].
  template <typename T>
  static void bodyParameters(const T* phi, const Eigen::Matrix4d& L0, double mu, T* theta) {
    using std::exp;
    const T z(0.0);
    const T W[4][4] = {{exp(phi[0]), phi[4], phi[5], phi[6]},
                       {z, exp(phi[1]), phi[7], phi[8]},
                       {z, z, exp(phi[2]), phi[9]},
                       {z, z, z, exp(phi[3])}};
    T U[4][4];
    for (int i = 0; i < 4; ++i)
      for (int k = 0; k < 4; ++k) {
        T acc(0.0);
        for (int l = i; l <= k; ++l) acc += L0(i, l) * W[l][k];
        U[i][k] = acc;  // upper triangular (zero below the diagonal)
      }
    T J[4][4];
    for (int i = 0; i < 4; ++i)
      for (int k = i; k < 4; ++k) {
        T acc(0.0);
        for (int l = k; l < 4; ++l) acc += U[i][l] * U[k][l];
        J[i][k] = acc;
      }
    for (int i = 0; i < 4; ++i) J[i][i] += T(mu);
    parametersOfPseudoInertia(J, theta);
  }
};

/// Ceres cost of the consistent estimate. Each body's map phi_b -> theta_b (and
/// its prior residuals) is differentiated automatically with fixed-size jets
/// (10 directions); the data rows are linear in theta, so their Jacobian is
/// RK[:, body columns] times that 10 x 10 derivative: O(r p) per evaluation
/// instead of the O(r p^2 / 10) of a DynamicAutoDiffCostFunction.
class ConsistentCost final : public ceres::CostFunction {
 public:
  /// Parameter blocks: one of 10 per body, then one of all the extras (if any). `f` must outlive the cost.
  explicit ConsistentCost(ConsistentResidual& f);

  bool Evaluate(double const* const* blocks, double* residuals, double** jacobians) const override;

 private:
  ConsistentResidual& f_;
};

/// Full parameters theta (10 per body, then the extras; regressor layout) at log-Cholesky
/// numbers phi (one per body) and extras x.
Eigen::VectorXd fullParameters(const ConsistentResidual& fit, const std::vector<Vector10d>& phi,
                               const std::vector<double>& extras);

/// Barrier rows for every body's plausibility margins that hold strictly at `phi` (the start):
/// fills fit.active, fit.start, fit.barrierRow and fit.barriers (fit.limits, L0, margin, d and
/// extras already set); a margin the start violates is left out, with a note.
void setUpPlausibilityBarriers(const RobotModel& model, const PlausibilityLimits& limits,
                               const std::vector<Vector10d>& phi, ConsistentResidual& fit,
                               std::vector<std::string>& notes);

/// Notes on the enforced margins full parameters theta end against (within 1 % of zero,
/// relative to the start): the data pull that body beyond its plausible set.
std::vector<std::string> marginsAtBounds(const RobotModel& model, const ConsistentResidual& fit,
                                         const Eigen::VectorXd& theta);

/// The two-step weighted-LS joint weights (ConsistentOptions::jointWeights), mean 1; ones
/// when the OLS fit fails.
Eigen::VectorXd defaultJointWeights(const NormalEquations& eq);

/// The held-out score of base parameters `values`: sum over joints of w_j RSS_j over the held-out
/// samples, as the prior weight is chosen (chooseConsistentPriorWeight) and the automatic method
/// compares the consistent estimate with OLS (estimateAuto).
inline double heldOutScore(const NormalEquations& heldOut, const Eigen::VectorXd& w, const Eigen::VectorXd& values) {
  double score = 0.0;
  for (int j = 0; j < heldOut.dof; ++j) score += w[j] * heldOut.residualSquares(j, values);
  return score / static_cast<double>(std::max(1L, heldOut.samples));
}

/// v with `digits` significant digits, for the notes.
inline std::string formatNumber(double v, int digits = 4) {
  std::ostringstream s;
  s << std::setprecision(digits) << v;
  return s.str();
}

}  // namespace eb::consistent
