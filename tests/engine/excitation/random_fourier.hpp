#pragma once
// Test support: a Fourier series with random offsets and coefficients, uniform in
// [-magnitude, magnitude] [rad, rad/s], reproducible from its seed.

#include "excitation/fourier_trajectory.hpp"

#include <Eigen/Core>

#include <random>

namespace eb::test {

inline FourierTrajectory randomFourier(int dof, int harmonics, double period, unsigned seed, double magnitude = 1.0) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-magnitude, magnitude);
  Eigen::VectorXd q0(dof);
  Eigen::MatrixXd a(dof, harmonics), b(dof, harmonics);
  for (int i = 0; i < dof; ++i) {
    q0[i] = u(rng);
    for (int k = 0; k < harmonics; ++k) {
      a(i, k) = u(rng);
      b(i, k) = u(rng);
    }
  }
  return FourierTrajectory(period, q0, a, b);
}

}  // namespace eb::test
