#pragma once
// The optimizer's objective as a function of the information matrix F, and its
// derivative G = d phi / d F (so that d phi = tr(G dF)).
//
// phi is a monotone transform of each criterion, chosen so that all four have
// the same scale (order 1 changes, independent of the number of samples) and
// SLSQP's identity start Hessian is reasonable:
//   cond:   phi = log cond(Phi_b) = 0.5 log(l_max / l_min)
//           G   = 0.5 (v_max v_max^T / l_max - v_min v_min^T / l_min)
//   logdet: phi = -log det F / r                      G = -F^-1 / r
//   aopt:   phi = log trace F^-1                      G = -F^-2 / trace F^-1
//   eopt:   phi = -log l_min                          G = -v_min v_min^T / l_min
// When l_min or l_max is repeated the criterion is not differentiable; G then
// uses the eigenvector the solver returns (a subgradient), which SLSQP
// tolerates. A rank-deficient F is clamped at l_min = 1e-14 l_max so that phi
// stays finite and the gradient still points towards more excitation.

#include "excitation/excitation_optimizer.hpp"

#include <Eigen/Core>

namespace eb {

struct CriterionValue {
  double objective = 0.0;  ///< phi (minimized)
  double criterion = 0.0;  ///< the criterion in InformationMetrics units (cond, logdet, aopt, eopt)
  double cond = 0.0;       ///< cond(Phi_b), unscaled
  bool fullRank = false;
};

/// phi(F) for `criterion` and, if G is not null, G = d phi / d F (r x r, symmetric).
CriterionValue evaluateCriterion(ExcitationCriterion criterion, const Eigen::MatrixXd& F, Eigen::MatrixXd* G);

}  // namespace eb
