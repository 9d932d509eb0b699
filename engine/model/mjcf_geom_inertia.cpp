#include "model/mjcf_geom_inertia.hpp"

#include <cmath>

#include "model/mjcf_principal_axes.hpp"

namespace eb::mjcf {
namespace {

constexpr double kMinVal = 1e-15;  // MuJoCo's mjMINVAL: a smaller triangle or volume is nothing
constexpr double kEps = 1e-14;     // MuJoCo's mjEPS: a smaller mass is left out of the body

// Area of a triangle, its unit normal and centre; area 0 (normal unset) for a degenerate one.
double triangle(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c, Eigen::Vector3d& normal,
                Eigen::Vector3d& center) {
  center = (a + b + c) / 3.0;
  normal = (b - a).cross(c - a);
  const double len = normal.norm();
  if (len < kMinVal) return 0.0;
  normal /= len;
  return 0.5 * len;
}

}  // namespace

double primitiveVolume(GeomType type, const Eigen::Vector3d& s) {
  switch (type) {
    case GeomType::Sphere:
      return 4.0 * M_PI * s[0] * s[0] * s[0] / 3.0;
    case GeomType::Capsule:
      return M_PI * (s[0] * s[0] * 2.0 * s[1] + 4.0 * s[0] * s[0] * s[0] / 3.0);
    case GeomType::Cylinder:
      return M_PI * s[0] * s[0] * 2.0 * s[1];
    case GeomType::Ellipsoid:
      return 4.0 * M_PI * s[0] * s[1] * s[2] / 3.0;
    case GeomType::Box:
      return 8.0 * s[0] * s[1] * s[2];
    default:
      return 0.0;
  }
}

Eigen::Vector3d primitiveInertia(GeomType type, const Eigen::Vector3d& s, double m) {
  switch (type) {
    case GeomType::Sphere:
      return Eigen::Vector3d::Constant(2.0 * m * s[0] * s[0] / 5.0);
    case GeomType::Capsule: {
      // A cylinder and two hemispheres sliding out along z.
      const double r = s[0], h = 2.0 * s[1];
      const double sphereMass = m * 4.0 * r / (4.0 * r + 3.0 * h);
      const double cylinderMass = m - sphereMass;
      const double sphereI = 2.0 * sphereMass * r * r / 5.0;
      const double across =
          cylinderMass * (3.0 * r * r + h * h) / 12.0 + sphereI + sphereMass * h * (3.0 * r + 2.0 * h) / 8.0;
      return {across, across, cylinderMass * r * r / 2.0 + sphereI};
    }
    case GeomType::Cylinder: {
      const double r = s[0], h = 2.0 * s[1];
      const double across = m * (3.0 * r * r + h * h) / 12.0;
      return {across, across, m * r * r / 2.0};
    }
    case GeomType::Ellipsoid: {
      const Eigen::Vector3d q = s.cwiseProduct(s);
      return {m * (q[1] + q[2]) / 5.0, m * (q[0] + q[2]) / 5.0, m * (q[0] + q[1]) / 5.0};
    }
    case GeomType::Box: {
      const Eigen::Vector3d q = (2.0 * s).cwiseProduct(2.0 * s);
      return {m * (q[1] + q[2]) / 12.0, m * (q[0] + q[2]) / 12.0, m * (q[0] + q[1]) / 12.0};
    }
    default:
      return Eigen::Vector3d::Zero();
  }
}

MeshVolume meshVolume(const TriangleMesh& mesh, MeshInertiaMode mode, std::string& error) {
  error.clear();
  MeshVolume out;
  const auto corner = [&](const Eigen::Vector3i& f, int k) -> const Eigen::Vector3d& {
    return mesh.vertices[static_cast<size_t>(f[k])];
  };
  // Area-weighted centroid of the faces: the apex of the first pyramids.
  Eigen::Vector3d faceCenter = Eigen::Vector3d::Zero();
  double area = 0.0;
  Eigen::Vector3d n, c;
  for (const Eigen::Vector3i& f : mesh.faces) {
    const double a = triangle(corner(f, 0), corner(f, 1), corner(f, 2), n, c);
    faceCenter += a * c;
    area += a;
  }
  if (area < kMinVal) {
    error = "mesh surface area is too small";
    return out;
  }
  faceCenter /= area;

  // Volume and centroid: pyramids from the face centroid (or the surface, for a shell).
  double total = 0.0;
  Eigen::Vector3d com = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3i& f : mesh.faces) {
    const double a = triangle(corner(f, 0), corner(f, 1), corner(f, 2), n, c);
    if (a == 0.0) continue;
    // MuJoCo weighs a shell's triangle centres the way it does the pyramids' centroids.
    double w = mode == MeshInertiaMode::Shell ? a : (c - faceCenter).dot(n) * a / 3.0;
    if (mode == MeshInertiaMode::Legacy) w = std::abs(w);
    com += w * (c * 0.75 + faceCenter * 0.25);
    total += w;
  }
  if (total < kMinVal) {
    error = total < 0 ? "mesh volume is negative (misoriented triangles)" : "mesh volume is too small";
    return out;
  }
  com /= total;

  // Second moments of the pyramids from the centroid (of the triangles, for a shell).
  double P[6] = {0, 0, 0, 0, 0, 0};
  static const int k[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
  const double C = mode == MeshInertiaMode::Shell ? 12.0 : 20.0;
  double volume = 0.0;
  for (const Eigen::Vector3i& f : mesh.faces) {
    const Eigen::Vector3d D = corner(f, 0) - com, E = corner(f, 1) - com, F = corner(f, 2) - com;
    const double a = triangle(D, E, F, n, c);
    if (a == 0.0) continue;
    double w = mode == MeshInertiaMode::Shell ? a : c.dot(n) * a / 3.0;
    if (mode == MeshInertiaMode::Legacy) w = std::abs(w);
    volume += w;
    for (int j = 0; j < 6; ++j) {
      const int p = k[j][0], q = k[j][1];
      P[j] += w / C *
              (2.0 * (D[p] * D[q] + E[p] * E[q] + F[p] * F[q]) + D[p] * E[q] + D[q] * E[p] + D[p] * F[q] + D[q] * F[p] +
               E[p] * F[q] + E[q] * F[p]);
    }
  }
  out.volume = volume;
  out.com = com;
  out.inertiaPerDensity << P[1] + P[2], -P[3], -P[4], -P[3], P[0] + P[2], -P[5], -P[4], -P[5], P[0] + P[1];
  return out;
}

MassProperties placed(const MassProperties& local, const Eigen::Isometry3d& pose) {
  MassProperties out;
  out.mass = local.mass;
  out.com = pose * local.com;
  out.inertia = pose.linear() * local.inertia * pose.linear().transpose();
  return out;
}

MassProperties combineMassProperties(const std::vector<MassProperties>& parts) {
  MassProperties out;
  std::vector<const MassProperties*> used;
  for (const MassProperties& p : parts)
    if (p.mass > kEps) used.push_back(&p);
  if (used.size() == 1) return *used.front();
  for (const MassProperties* p : used) {
    out.mass += p->mass;
    out.com += p->mass * p->com;
  }
  if (used.empty()) return out;
  out.com /= out.mass;
  for (const MassProperties* p : used) {
    const Eigen::Vector3d d = p->com - out.com;
    out.inertia += p->inertia + p->mass * (d.squaredNorm() * Eigen::Matrix3d::Identity() - d * d.transpose());
  }
  // MuJoCo keeps the sum as principal moments and axes of its own finding.
  out.inertia = mujocoPrincipalAxes(out.inertia).tensor();
  return out;
}

}  // namespace eb::mjcf
