#include "identification/plausibility.hpp"

#include "model/inertial_parameters.hpp"
#include "util/text_format.hpp"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>

namespace eb {

double minimumCentralMomentDeterminant(double mass, double maxDensity) {
  const double volumeProduct = 3.0 * mass / (4.0 * M_PI * maxDensity);  // a1 a2 a3 of the uniform ellipsoid
  return mass * mass * mass * volumeProduct * volumeProduct / 125.0;
}

Vector10d plausibleStart(const Vector10d& theta, const BodyLimits& limits, double minTestedMass, std::string* what) {
  if (what) what->clear();
  const double m = theta[0];
  if (!(m >= minTestedMass)) return theta;
  auto plausible = [&](const Vector10d& t) {
    double g[kPlausibilityMargins];
    plausibilityMargins(t.data(), limits, g);
    for (int i = 0; i < kPlausibilityMargins; ++i)
      if ((i == kPlausibilityMargins - 1 || limits.box) && !(g[i] > 0.0)) return false;
    return true;
  };
  if (plausible(theta)) return theta;
  Eigen::Vector3d c = centreOfMass(theta);
  const Eigen::Matrix3d Ic = inertiaAboutCom(theta);
  bool moved = false;
  if (limits.box) {
    const Eigen::Vector3d inset = 0.05 * (limits.upper - limits.lower);
    const Eigen::Vector3d clamped = c.cwiseMax(limits.lower + inset).cwiseMin(limits.upper - inset);
    moved = (clamped - c).norm() > 0.0;
    c = clamped;
  }
  double scale = 1.0;
  for (int step = 0; step < 40; ++step, scale *= 0.8) {
    const Vector10d t = standardParametersFromCom(m, c, scale * Ic);
    if (!plausible(t)) continue;
    if (what)
      *what = std::string(moved ? "COM moved into the geometry's bounds, " : "") + "inertia about the COM scaled by " +
              formatSignificant(scale, 2);
    return t;
  }
  return theta;
}

std::vector<BodyLimits> bodyLimits(const std::vector<BodyBounds>& bounds, const PlausibilityLimits& limits) {
  std::vector<BodyLimits> out;
  const double coefficient = minimumCentralMomentDeterminant(1.0, limits.maxDensity);  // det floor = c m^5
  for (const BodyBounds& b : bounds) {
    BodyLimits l;
    l.detCoefficient = coefficient;
    if (b.known) {
      l.box = true;
      l.lower = b.lower.array() - limits.comMargin;
      l.upper = b.upper.array() + limits.comMargin;
      l.maxMass = std::min(limits.maxDensity * (l.upper - l.lower).prod(), b.maxMass);
    }
    out.push_back(l);
  }
  return out;
}

std::vector<BodyPlausibility> checkPlausibility(const RobotModel& model, const Eigen::VectorXd& theta,
                                                const std::vector<BodyBounds>& bounds,
                                                const PlausibilityLimits& limits) {
  std::vector<BodyPlausibility> out;
  const std::vector<BodyLimits> all = bodyLimits(bounds, limits);
  const char* axes = "xyz";
  for (int b = 0; b < model.bodyCount(); ++b) {
    BodyPlausibility v;
    v.link = model.body(b).name;
    const Vector10d t = theta.segment<10>(10 * b);
    const double m = t[0];
    const std::size_t k = static_cast<std::size_t>(b);
    const BodyBounds* box = k < bounds.size() && bounds[k].known ? &bounds[k] : nullptr;
    if (!(m > 0.0)) {
      v.problems.push_back("mass " + formatSignificant(m, 3) + " kg is not positive");
      out.push_back(std::move(v));
      continue;
    }
    const Eigen::Matrix4d J = pseudoInertia(t);
    const double lmin = Eigen::SelfAdjointEigenSolver<Eigen::Matrix4d>(J, Eigen::EigenvaluesOnly).eigenvalues()[0];
    if (!(lmin > 0.0))
      v.problems.push_back("pseudo-inertia not positive definite (smallest eigenvalue " + formatSignificant(lmin, 3) +
                           ")");
    BodyLimits l = k < all.size() ? all[k] : BodyLimits{};
    l.detCoefficient = minimumCentralMomentDeterminant(1.0, limits.maxDensity);
    double g[kPlausibilityMargins];
    plausibilityMargins(t.data(), l, g);
    v.bounds = box ? box->source : "none";
    if (box) {
      const bool described = box->fromDescription;
      const std::string where = described ? "bounds from the joint origins and the CAD inertial" : box->source;
      const Eigen::Vector3d c = centreOfMass(t);
      for (int i = 0; i < 3; ++i)
        if (g[i] < 0.0 || g[3 + i] < 0.0)
          v.problems.push_back(std::string("COM ") + axes[i] + " = " + formatSignificant(c[i], 3) +
                               " m outside the " + where + " (" + formatSignificant(box->lower[i], 3) + " to " +
                               formatSignificant(box->upper[i], 3) + " m)");
      if (g[6] < 0.0) v.problems.push_back("mass spread wider than the ellipsoid around the " + where);
      if (described && (m < box->minMass || m > box->maxMass))
        v.problems.push_back("mass " + formatSignificant(m, 3) + " kg outside " + formatSignificant(box->minMass, 3) +
                             " to " + formatSignificant(box->maxMass, 3) + " kg, the range from the CAD inertial");
      const double densityMass = limits.maxDensity * (l.upper - l.lower).prod();
      if (m >= limits.minTestedMass && m > densityMass)
        v.problems.push_back("mass " + formatSignificant(m, 3) + " kg in " + formatSignificant(box->volume(), 3) +
                             " m^3 of bounds: denser than " + formatSignificant(limits.maxDensity, 3) + " kg/m^3");
      if (described)
        v.notes.push_back(
            "no geometry" +
            (box->unreadMeshes.empty() ? std::string()
                                       : " (" + std::to_string(box->unreadMeshes.size()) + " mesh(es) not found)") +
            ": bounds from the joint origins and the CAD inertial, " + box->rule);
      else if (!box->unreadMeshes.empty())
        v.notes.push_back(std::to_string(box->unreadMeshes.size()) + " mesh(es) not read, bounds from the rest");
    } else {
      const std::size_t unread = k < bounds.size() ? bounds[k].unreadMeshes.size() : 0;
      v.notes.push_back(unread > 0 ? "no geometry (" + std::to_string(unread) +
                                         " mesh(es) not found): COM, spread and volume not checked"
                                   : "no geometry: COM, spread and volume not checked");
    }
    if (m >= limits.minTestedMass && !(g[8] >= 0.0)) {
      const Eigen::Vector3d principal = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(inertiaAboutCom(t)).eigenvalues();
      v.problems.push_back("inertia about the COM (principal " + formatSignificant(principal[0], 3) + ", " +
                           formatSignificant(principal[1], 3) + ", " + formatSignificant(principal[2], 3) +
                           " kg m^2) too concentrated for " + formatSignificant(m, 3) + " kg at most " +
                           formatSignificant(limits.maxDensity, 3) + " kg/m^3 dense");
    }
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace eb
