#include "identification/differentiation.hpp"

#include <Eigen/QR>

#include <cmath>
#include <stdexcept>
#include <string>

namespace eb {

SavitzkyGolayFilter designSavitzkyGolay(int window, int polyOrder, int derivative, double step) {
  if (window < 3 || window % 2 == 0)
    throw std::invalid_argument("Savitzky-Golay window must be odd and >= 3, got " + std::to_string(window));
  if (polyOrder < 0 || polyOrder >= window)
    throw std::invalid_argument("Savitzky-Golay polynomial order must be in [0, window), got " +
                                std::to_string(polyOrder));
  if (derivative < 0 || derivative > polyOrder)
    throw std::invalid_argument("Savitzky-Golay derivative order must be in [0, polyOrder], got " +
                                std::to_string(derivative));
  if (!(step > 0.0)) throw std::invalid_argument("Savitzky-Golay sample step must be positive");
  SavitzkyGolayFilter f;
  f.window = window;
  f.polyOrder = polyOrder;
  f.derivative = derivative;
  f.step = step;

  // Least squares in the scaled abscissa u = (k - m) / m in [-1, 1] (keeps the Vandermonde
  // matrix well conditioned for long windows): coefficients c = P x with P = pinv(A).
  const int m = window / 2;
  Eigen::MatrixXd A(window, polyOrder + 1);
  for (int k = 0; k < window; ++k) {
    const double u = static_cast<double>(k - m) / m;
    double power = 1.0;
    for (int j = 0; j <= polyOrder; ++j, power *= u) A(k, j) = power;
  }
  const Eigen::MatrixXd P = A.colPivHouseholderQr().solve(Eigen::MatrixXd::Identity(window, window));

  // d-th derivative of sum_j c_j u^j at u_r, then du/dt = 1 / (m step).
  const double scale = std::pow(1.0 / (m * step), derivative);
  f.weights.setZero(window, window);
  for (int r = 0; r < window; ++r) {
    const double u = static_cast<double>(r - m) / m;
    for (int j = derivative; j <= polyOrder; ++j) {
      double factor = 1.0;  // j! / (j - d)!
      for (int i = 0; i < derivative; ++i) factor *= (j - i);
      f.weights.row(r) += factor * std::pow(u, j - derivative) * P.row(j);
    }
  }
  f.weights *= scale;
  return f;
}

void applySavitzkyGolay(const SavitzkyGolayFilter& filter, const double* x, std::size_t n, double* y) {
  const auto w = static_cast<std::size_t>(filter.window);
  if (n < w)
    throw std::invalid_argument("Savitzky-Golay window " + std::to_string(w) + " is longer than the signal (" +
                                std::to_string(n) + " samples)");
  const std::size_t m = w / 2;
  const Eigen::MatrixXd& W = filter.weights;
  using ConstMap = Eigen::Map<const Eigen::VectorXd>;
  for (std::size_t r = 0; r < m; ++r) {
    y[r] = W.row(static_cast<Eigen::Index>(r)).dot(ConstMap(x, static_cast<Eigen::Index>(w)));
    y[n - w + m + 1 + r] = W.row(static_cast<Eigen::Index>(m + 1 + r)).dot(ConstMap(x + n - w, static_cast<Eigen::Index>(w)));
  }
  const Eigen::VectorXd center = W.row(static_cast<Eigen::Index>(m)).transpose();
  const double* c = center.data();
  for (std::size_t i = m; i + m < n; ++i) {
    const double* xi = x + i - m;
    double sum = 0.0;
    for (std::size_t k = 0; k < w; ++k) sum += c[k] * xi[k];
    y[i] = sum;
  }
}

void centralDerivative(const double* t, const double* x, std::size_t n, double* dxdt) {
  if (n < 3) throw std::invalid_argument("centralDerivative needs at least 3 samples");
  for (std::size_t i = 1; i + 1 < n; ++i) {
    const double h1 = t[i] - t[i - 1], h2 = t[i + 1] - t[i];
    // Derivative of the parabola through the three samples, at the middle one.
    dxdt[i] = (h1 * h1 * x[i + 1] - h2 * h2 * x[i - 1] + (h2 * h2 - h1 * h1) * x[i]) / (h1 * h2 * (h1 + h2));
  }
  {
    const double h1 = t[1] - t[0], h2 = t[2] - t[1];
    dxdt[0] = -(2 * h1 + h2) / (h1 * (h1 + h2)) * x[0] + (h1 + h2) / (h1 * h2) * x[1] - h1 / (h2 * (h1 + h2)) * x[2];
  }
  {
    const double h1 = t[n - 2] - t[n - 3], h2 = t[n - 1] - t[n - 2];
    dxdt[n - 1] = h2 / (h1 * (h1 + h2)) * x[n - 3] - (h1 + h2) / (h1 * h2) * x[n - 2] +
                  (h1 + 2 * h2) / (h2 * (h1 + h2)) * x[n - 1];
  }
}

void centralSecondDerivative(const double* t, const double* x, std::size_t n, double* d2x) {
  if (n < 3) throw std::invalid_argument("centralSecondDerivative needs at least 3 samples");
  for (std::size_t i = 1; i + 1 < n; ++i) {
    const double h1 = t[i] - t[i - 1], h2 = t[i + 1] - t[i];
    d2x[i] = 2.0 * (h1 * x[i + 1] - (h1 + h2) * x[i] + h2 * x[i - 1]) / (h1 * h2 * (h1 + h2));
  }
  d2x[0] = d2x[1];
  d2x[n - 1] = d2x[n - 2];
}

Eigen::MatrixXd centralDerivative(const Eigen::Ref<const Eigen::VectorXd>& t, const Eigen::Ref<const Eigen::MatrixXd>& x) {
  Eigen::MatrixXd out(x.rows(), x.cols());
  for (Eigen::Index j = 0; j < x.cols(); ++j)
    centralDerivative(t.data(), x.col(j).data(), static_cast<std::size_t>(x.rows()), out.col(j).data());
  return out;
}

Eigen::MatrixXd centralSecondDerivative(const Eigen::Ref<const Eigen::VectorXd>& t,
                                        const Eigen::Ref<const Eigen::MatrixXd>& x) {
  Eigen::MatrixXd out(x.rows(), x.cols());
  for (Eigen::Index j = 0; j < x.cols(); ++j)
    centralSecondDerivative(t.data(), x.col(j).data(), static_cast<std::size_t>(x.rows()), out.col(j).data());
  return out;
}

}  // namespace eb
