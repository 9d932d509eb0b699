#pragma once
// Householder QR that takes columns in their natural order, each one only when
// its residual against the columns already taken exceeds a tolerance (the
// "first acceptable column" pivot rule that gives Gautier/Khalil's readable
// regrouping, see base_parameters.hpp). Columns judged dependent get no
// reflector, so round-off never becomes a direction.
//
// The stacked regressor is a skyline matrix: with rows grouped by joint, a
// body's columns are zero below the rows of the deepest joint that moves it.
// Reflectors then stay inside that support and the work on an n-link chain
// is about a quarter of a dense QR's; columns are brought up to date in
// groups (left-looking), so each reflector is read once per group rather
// than once per column.

#include <Eigen/Core>

#include <vector>

namespace eb {

struct NaturalOrderQr {
  std::vector<int> taken;       ///< columns accepted, ascending
  std::vector<int> dependent;   ///< the other columns, ascending
  /// Rows 0..taken-1 of Q^T A. Column taken[k] is (R_0k .. R_kk, 0 ...); a dependent
  /// column holds its coordinates on the reflectors taken before it, zero below.
  Eigen::MatrixXd top;
  Eigen::VectorXd residual;     ///< per column: norm of its part orthogonal to the columns taken before it
};

/// Factorizes A (columns already scaled as the caller wants them judged). Column c
/// must be zero in rows >= supportEnd[c]; supportEnd must be non-decreasing and at most
/// A.rows(). A column joins when its residual exceeds `tolerance`.
NaturalOrderQr naturalOrderQr(const Eigen::MatrixXd& A, const std::vector<Eigen::Index>& supportEnd,
                              double tolerance);

/// Coefficients beta (taken x dependent) with A[:, dependent] = A[:, taken] beta, from
/// the triangular factor: a dependent column uses only the columns taken before it.
Eigen::MatrixXd dependentCoefficients(const NaturalOrderQr& qr);

}  // namespace eb
