#pragma once
// Relative difference of two vectors, as the gradient checks measure it.

#include <Eigen/Core>

#include <algorithm>

namespace eb::test {

/// |a - b| / |b| over the whole vector (|b| floored at 1e-300).
inline double relativeError(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return (a - b).norm() / std::max(b.norm(), 1e-300);
}

}  // namespace eb::test
