#include "model/inertial_check.hpp"

#include "model/text_numbers.hpp"
#include "util/text_format.hpp"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>

namespace eb {

std::string massProblem(double mass) {
  if (!std::isfinite(mass)) return "not finite (" + formatNumber(mass) + ")";
  if (mass < 0.0) return "negative (" + formatNumber(mass) + " kg)";
  return {};
}

std::string inertiaProblem(double mass, const Eigen::Matrix3d& I) {
  if (!I.allFinite()) return "has a non-finite entry";
  if ((I - I.transpose()).cwiseAbs().maxCoeff() > 1e-12 * (1.0 + I.cwiseAbs().maxCoeff())) return "is not symmetric";
  const Eigen::Vector3d p = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(I).eigenvalues();  // ascending
  const double tol = 1e-9 * std::max(1e-12, p.cwiseAbs().maxCoeff());
  // Computed, not read: four significant digits say it (the exact round trip printed 17).
  const std::string moments = "principal moments " + formatSignificant(p[0], 4) + ", " + formatSignificant(p[1], 4) +
                              ", " + formatSignificant(p[2], 4) + " kg m^2";
  if (p[0] < -tol) return "not positive semi-definite (" + moments + ")";
  // A rigid body's principal moments obey A + B >= C: no mass distribution gives more.
  if (p[2] > p[0] + p[1] + tol) return "violates the triangle inequality (" + moments + ")";
  if (mass == 0.0 && p[2] > tol) return "non-zero while the mass is zero";
  return {};
}

}  // namespace eb
