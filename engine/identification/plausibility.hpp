#pragma once
// Physical plausibility of a body's identified inertial parameters, beyond the
// positive-definite pseudo-inertia that "consistent" means (consistent_estimation.hpp).
// Each test is a necessary condition for a mass distribution that could be the link:
//   * mass: positive;
//   * consistent: the pseudo-inertia J = [[Sigma, h], [h^T, m]] positive definite
//     (Wensing, Kim & Slotine, RA-L 2017);
//   * COM inside the body's geometric bounds (model/body_bounds.hpp);
//   * second moments inside the bounds: for material within [l_i, u_i] along each
//     axis, int (x_i - l_i)(u_i - x_i) dm = -Sigma_ii + (l_i + u_i) h_i - l_i u_i m >= 0
//     (the box form of the bounding-ellipsoid LMI of Wensing et al., RA-L 2018; it
//     implies the ellipsoid one for the box's circumscribed ellipsoid);
//   * density at most maxDensity: the mass fits in the bounds' volume, and the
//     central second moments are not those of a body denser than that: among mass
//     distributions of mass m and density <= rho, det(Sigma_c) is smallest for a
//     uniform ellipsoid, det(Sigma_c) >= m^3 (3 m / (4 pi rho))^2 / 125. This catches a
//     2.8 kg link with inertia 1e-7 kg m^2, or a principal moment at the edge of the
//     triangle inequality (a mass on a line): consistent, but not a link.
// A body without geometry is bounded by its description instead (body_bounds.hpp:
// the box around its joint origins and CAD COM, and a mass range around the CAD mass,
// whose lower end is checked here but is not a barrier of the consistent fit).

#include "identification/plausibility_margins.hpp"
#include "model/body_bounds.hpp"
#include "model/robot_model.hpp"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace eb {

struct PlausibilityLimits {
  /// [kg/m^3]: above steel (7850) and copper (8960), the densest materials of arm links.
  double maxDensity = 10000.0;
  /// [m] the COM may lie this far outside the bounds (geometry is drawn, not measured).
  double comMargin = 0.01;
  /// Bodies lighter than this [kg] are not tested for density (massless frames, tiny parts).
  double minTestedMass = 1e-3;
};

/// The verdict on one body. A failed test adds a problem; a test that could not run adds a note.
struct BodyPlausibility {
  std::string link;
  std::vector<std::string> problems;  ///< "COM 0.31 m outside the collision shapes' bounds (x)", ...
  std::vector<std::string> notes;     ///< "no geometry: bounds from the joint origins and the CAD inertial, ..."
  /// Which bounds were used: BodyBounds::source ("collision shapes", ..., "joint origins and
  /// CAD inertial"), or "none".
  std::string bounds;
  bool plausible() const { return problems.empty(); }
};

/// Checks every body's 10 standard parameters (theta: 10 per body first, extras after are
/// ignored) against its bounds (bodyGeometryBounds, one per body or empty for none).
std::vector<BodyPlausibility> checkPlausibility(const RobotModel& model, const Eigen::VectorXd& theta,
                                                const std::vector<BodyBounds>& bounds,
                                                const PlausibilityLimits& limits = {});

/// Each body's limits for the margins (plausibility_margins.hpp): its bounds grown by
/// limits.comMargin, the largest mass (maxDensity x volume, or the bounds' maxMass from the
/// CAD inertial if lower) and the density coefficient.
std::vector<BodyLimits> bodyLimits(const std::vector<BodyBounds>& bounds, const PlausibilityLimits& limits = {});

/// A body's parameters moved just inside its limits when they are not (the prior and start
/// of the plausible estimate): the COM clamped into the box's inner 90 %, then the inertia
/// about the COM scaled down by 0.8 at a time until every margin is positive. Unchanged when
/// already plausible, lighter than minTestedMass, or when no scaling helps. `what` (may be
/// null) receives what was changed, empty when nothing was.
Vector10d plausibleStart(const Vector10d& theta, const BodyLimits& limits, double minTestedMass, std::string* what);

/// The smallest det(Sigma_c) [kg^3 m^6] a body of mass m [kg] and density <= rho [kg/m^3] can have.
double minimumCentralMomentDeterminant(double mass, double maxDensity);

}  // namespace eb
