#include "model/mjcf_principal_axes.hpp"

#include <cmath>

namespace eb::mjcf {

Eigen::Matrix3d PrincipalInertia::tensor() const {
  const Eigen::Matrix3d R = axes.toRotationMatrix();
  return R * moments.asDiagonal() * R.transpose();
}

PrincipalInertia mujocoPrincipalAxes(const Eigen::Matrix3d& inertia) {
  constexpr double kEigEps = 1e-12;
  PrincipalInertia out;
  Eigen::Quaterniond q = Eigen::Quaterniond::Identity();
  for (int iter = 0; iter < 500; ++iter) {
    const Eigen::Matrix3d V = q.toRotationMatrix();
    const Eigen::Matrix3d D = V.transpose() * inertia * V;
    out.moments = D.diagonal();
    // The largest off-diagonal term (r, c) and the axis the rotation turns about.
    int r = 1, c = 2, axis = 0;
    if (std::abs(D(0, 1)) > std::abs(D(0, 2)) && std::abs(D(0, 1)) > std::abs(D(1, 2))) {
      r = 0;
      c = 1;
      axis = 2;
    } else if (std::abs(D(0, 2)) > std::abs(D(1, 2))) {
      r = 0;
      c = 2;
      axis = 1;
    }
    if (std::abs(D(r, c)) < kEigEps) break;
    // 2x2 symmetric Schur decomposition.
    const double tau = (D(c, c) - D(r, r)) / (2.0 * D(r, c));
    const double t = tau >= 0 ? 1.0 / (tau + std::sqrt(1.0 + tau * tau)) : -1.0 / (-tau + std::sqrt(1.0 + tau * tau));
    const double cs = 1.0 / std::sqrt(1.0 + t * t);
    if (cs > 1.0 - kEigEps) break;
    double s = tau >= 0 ? -std::sqrt(0.5 - 0.5 * cs) : std::sqrt(0.5 - 0.5 * cs);
    if (axis == 1) s = -s;
    Eigen::Quaterniond step(std::sqrt(1.0 - s * s), 0.0, 0.0, 0.0);
    step.coeffs()[axis] = s;  // coeffs() is x, y, z, w
    step.normalize();
    q = (q * step).normalized();
  }
  // Decreasing order by three neighbour swaps, each a quarter turn of the frame.
  for (int j = 0; j < 3; ++j) {
    const int a = j % 2;
    if (out.moments[a] + kEigEps < out.moments[a + 1]) {
      std::swap(out.moments[a], out.moments[a + 1]);
      Eigen::Quaterniond turn(0.707106781186548, 0.0, 0.0, 0.0);
      turn.coeffs()[(a + 2) % 3] = 0.707106781186548;
      q = (q * turn).normalized();
    }
  }
  out.axes = q;
  return out;
}

}  // namespace eb::mjcf
