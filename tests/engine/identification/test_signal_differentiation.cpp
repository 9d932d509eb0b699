// Savitzky-Golay and central-difference derivatives: scipy coefficients and exactness on polynomials.

#include "identification/differentiation.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace eb;

TEST(SignalDifferentiation, SavitzkyGolayCentralWeightsMatchScipy) {
  // scipy.signal.savgol_coeffs(7, 3, deriv=1, delta=0.01, use="dot")
  const SavitzkyGolayFilter d1 = designSavitzkyGolay(7, 3, 1, 0.01);
  const double expected1[] = {8.730158730158724, -26.58730158730157, -23.01587301587302, 0.0,
                              23.015873015873023, 26.587301587301592, -8.730158730158735};
  for (int k = 0; k < 7; ++k) EXPECT_NEAR(d1.weights(3, k), expected1[k], 1e-9) << k;
  // savgol_coeffs(9, 4, deriv=2, delta=0.002, use="dot")
  const SavitzkyGolayFilter d2 = designSavitzkyGolay(9, 4, 2, 0.002);
  const double expected2[] = {-18356.643356643923, 54050.116550116734, 21998.834498834254,
                              -30740.09324009383,  -53904.42890442977, -30740.093240093876,
                              21998.834498834334,  54050.1165501167,   -18356.64335664391};
  for (int k = 0; k < 9; ++k) EXPECT_NEAR(d2.weights(4, k) / expected2[k], 1.0, 1e-10) << k;
}

TEST(SignalDifferentiation, SavitzkyGolayEndsMatchScipyInterpMode) {
  // scipy.signal.savgol_filter(sin(linspace(0, 3, 40))**2, 7, 3, deriv=1, delta=0.1, mode="interp")
  Eigen::VectorXd x(40), y(40);
  for (int i = 0; i < 40; ++i) x(i) = std::pow(std::sin(3.0 * i / 39.0), 2);
  applySavitzkyGolay(designSavitzkyGolay(7, 3, 1, 0.1), x.data(), 40, y.data());
  const std::pair<int, double> expected[] = {{0, -0.00538948010698015}, {1, 0.11857655919039978},
                                             {2, 0.23454603064433108},  {3, 0.34251893425481394},
                                             {20, 0.04970541147478214}, {36, -0.5213002584199442},
                                             {37, -0.42983123483167823}, {38, -0.32619175155092345},
                                             {39, -0.2103818085776795}};
  for (const auto& [i, v] : expected) EXPECT_NEAR(y(i), v, 1e-12) << i;
}

TEST(SignalDifferentiation, SavitzkyGolayIsExactOnPolynomials) {
  const double dt = 0.004;
  const int n = 200;
  Eigen::VectorXd x(n), dx(n), ddx(n), y(n);
  for (int i = 0; i < n; ++i) {
    const double t = i * dt;
    x(i) = 1.0 - 2.0 * t + 0.5 * t * t + 3.0 * t * t * t;
    dx(i) = -2.0 + t + 9.0 * t * t;
    ddx(i) = 1.0 + 18.0 * t;
  }
  applySavitzkyGolay(designSavitzkyGolay(31, 3, 1, dt), x.data(), n, y.data());
  EXPECT_LT((y - dx).cwiseAbs().maxCoeff(), 1e-9);  // the ends too
  applySavitzkyGolay(designSavitzkyGolay(31, 4, 2, dt), x.data(), n, y.data());
  EXPECT_LT((y - ddx).cwiseAbs().maxCoeff(), 1e-6);
  applySavitzkyGolay(designSavitzkyGolay(5, 3, 0, dt), x.data(), n, y.data());
  EXPECT_LT((y - x).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_THROW(designSavitzkyGolay(6, 3, 1, dt), std::invalid_argument);
  EXPECT_THROW(designSavitzkyGolay(7, 3, 4, dt), std::invalid_argument);
  EXPECT_THROW(applySavitzkyGolay(designSavitzkyGolay(31, 3, 1, dt), x.data(), 20, y.data()), std::invalid_argument);
}

TEST(SignalDifferentiation, CentralDifferencesAreExactForParabolasOnAnyGrid) {
  // Non-uniform grid (a dropped sample and jitter): exact for quadratics, ends included.
  const double t[] = {0.0, 0.01, 0.02, 0.035, 0.04, 0.07, 0.0805, 0.09};
  const int n = 8;
  double x[n], d1[n], d2[n];
  for (int i = 0; i < n; ++i) x[i] = 2.0 - 3.0 * t[i] + 7.0 * t[i] * t[i];
  centralDerivative(t, x, n, d1);
  centralSecondDerivative(t, x, n, d2);
  for (int i = 0; i < n; ++i) {
    EXPECT_NEAR(d1[i], -3.0 + 14.0 * t[i], 1e-10) << i;
    EXPECT_NEAR(d2[i], 14.0, 1e-8) << i;
  }
}

TEST(SignalDifferentiation, ColumnWiseHelpers) {
  const Eigen::VectorXd t = Eigen::VectorXd::LinSpaced(101, 0.0, 1.0);
  Eigen::MatrixXd x(101, 2);
  x.col(0) = t.array().square();
  x.col(1) = 3.0 * t;
  const Eigen::MatrixXd d = centralDerivative(t, x);
  EXPECT_NEAR(d(50, 0), 1.0, 1e-12);
  EXPECT_NEAR(d(100, 1), 3.0, 1e-12);
  EXPECT_NEAR(centralSecondDerivative(t, x)(0, 0), 2.0, 1e-9);
}
