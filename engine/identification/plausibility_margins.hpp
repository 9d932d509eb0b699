#pragma once
// The plausibility inequalities of one body as margins g_k(theta) >= 0, written
// once for plain doubles (the checks of plausibility.cpp) and for ceres::Jet (the
// barrier terms of the consistent estimate, consistent_residual.cpp). See
// plausibility.hpp for what each one means.

#include <Eigen/Core>

namespace eb {

/// What a body's material must fit in: the box [lower, upper] in the body frame [m]
/// (already grown by the COM margin), a largest mass [kg] (density x box volume) and
/// the density's ellipsoid bound coefficient (det(Sigma_c) >= coefficient m^5).
struct BodyLimits {
  bool box = false;  ///< the body has geometry: g[0..7] apply (else only the density bound g[8])
  Eigen::Vector3d lower = Eigen::Vector3d::Zero(), upper = Eigen::Vector3d::Zero();
  double maxMass = 0.0;
  double detCoefficient = 0.0;
};

/// Number of margins per body: COM above the box's lower faces (x, y, z) and below its upper
/// faces (x, y, z), mass inside the box's circumscribed ellipsoid, mass, central-moment determinant.
inline constexpr int kPlausibilityMargins = 9;

/// Margins of standard parameters theta ([m, hx, hy, hz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz], about
/// the body origin), each >= 0 when plausible:
///   g[0..2] = h_i - l_i m, g[3..5] = u_i m - h_i [kg m] (the COM inside the box);
///   g[6] = int (1 - sum_i (x_i - c_i)^2 / a_i^2) dm [kg], with c the box's centre and
///          a_i = sqrt(3) times its half extents (the ellipsoid through its corners): the
///          bounding-ellipsoid LMI tr(Q J) >= 0 of Wensing et al. (RA-L 2018);
///   g[7] = maxMass - m [kg];
///   g[8] = det(Sigma_c) - coefficient m^5 [kg^3 m^6] (needs m > 0).
template <typename T>
void plausibilityMargins(const T* theta, const BodyLimits& limits, T* g) {
  const T& m = theta[0];
  const T trace = theta[4] + theta[6] + theta[9];
  // Sigma = int x x^T dm = tr(I)/2 - I, about the body origin.
  const T S00 = T(0.5) * trace - theta[4], S11 = T(0.5) * trace - theta[6], S22 = T(0.5) * trace - theta[9];
  const T S01 = -theta[5], S02 = -theta[7], S12 = -theta[8];
  const T diagonal[3] = {S00, S11, S22};
  T ellipsoid = m;
  for (int i = 0; i < 3; ++i) {
    g[i] = theta[1 + i] - T(limits.lower[i]) * m;
    g[3 + i] = T(limits.upper[i]) * m - theta[1 + i];
    const double centre = 0.5 * (limits.lower[i] + limits.upper[i]);
    const double axis2 = 0.75 * (limits.upper[i] - limits.lower[i]) * (limits.upper[i] - limits.lower[i]);
    // int (x_i - c_i)^2 dm = Sigma_ii - 2 c_i h_i + c_i^2 m
    ellipsoid -= (diagonal[i] - T(2.0 * centre) * theta[1 + i] + T(centre * centre) * m) * T(1.0 / axis2);
  }
  g[6] = ellipsoid;
  g[7] = T(limits.maxMass) - m;
  // Central second moments Sigma_c = Sigma - h h^T / m.
  const T c00 = S00 - theta[1] * theta[1] / m, c11 = S11 - theta[2] * theta[2] / m, c22 = S22 - theta[3] * theta[3] / m;
  const T c01 = S01 - theta[1] * theta[2] / m, c02 = S02 - theta[1] * theta[3] / m, c12 = S12 - theta[2] * theta[3] / m;
  const T det = c00 * (c11 * c22 - c12 * c12) - c01 * (c01 * c22 - c12 * c02) + c02 * (c01 * c12 - c11 * c02);
  g[8] = det - T(limits.detCoefficient) * m * m * m * m * m;
}

}  // namespace eb
