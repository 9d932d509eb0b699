#pragma once
// Numerical derivatives of sampled signals that do not blow up measurement noise:
// Savitzky-Golay derivative filters (local least-squares polynomials) and
// central differences meant to be applied after a low-pass (butterworth_filter.hpp).

#include <Eigen/Core>

#include <cstddef>

namespace eb {

/// Savitzky-Golay filter: y[i] = d-th derivative at sample i of the least-squares polynomial of
/// order polyOrder through the `window` samples around i (window odd). At the ends the first/last
/// window's polynomial is evaluated off-centre (scipy savgol_filter mode="interp").
struct SavitzkyGolayFilter {
  int window = 0, polyOrder = 0, derivative = 0;
  double step = 1.0;  ///< sample spacing [s]
  /// (window x window): row r holds the weights of the window's samples for the derivative at
  /// window position r; row window/2 is the central (convolution) filter.
  Eigen::MatrixXd weights;
};

/// Designs a Savitzky-Golay derivative filter for samples `step` seconds apart. Output units are
/// input units per second^derivative. Throws std::invalid_argument unless window is odd and >= 3,
/// polyOrder < window and derivative <= polyOrder.
SavitzkyGolayFilter designSavitzkyGolay(int window, int polyOrder, int derivative, double step);

/// Applies the filter to n >= window samples x[0..n) into y[0..n) (y must not alias x).
void applySavitzkyGolay(const SavitzkyGolayFilter& filter, const double* x, std::size_t n, double* y);

/// First derivative dx/dt by central differences on a possibly non-uniform grid t (second-order
/// accurate; one-sided three-point formulas at the ends). n >= 3; dxdt must not alias x.
void centralDerivative(const double* t, const double* x, std::size_t n, double* dxdt);

/// Second derivative d2x/dt2 by the three-point formula on a possibly non-uniform grid; the end
/// samples take their neighbour's value. n >= 3; d2x must not alias x.
void centralSecondDerivative(const double* t, const double* x, std::size_t n, double* d2x);

/// Column-wise versions for (N x dof) matrices with time t (N).
Eigen::MatrixXd centralDerivative(const Eigen::Ref<const Eigen::VectorXd>& t, const Eigen::Ref<const Eigen::MatrixXd>& x);
Eigen::MatrixXd centralSecondDerivative(const Eigen::Ref<const Eigen::VectorXd>& t,
                                        const Eigen::Ref<const Eigen::MatrixXd>& x);

}  // namespace eb
