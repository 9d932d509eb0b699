#include "model/body_bounds.hpp"

#include "model/inertial_parameters.hpp"
#include "model/mesh_in_link_frame.hpp"
#include "util/text_format.hpp"

#include <algorithm>
#include <cmath>

namespace eb {
namespace {

void grow(BodyBounds& b, const Eigen::Vector3d& p) {
  if (!b.known) {
    b.lower = b.upper = p;
    b.known = true;
    return;
  }
  b.lower = b.lower.cwiseMin(p);
  b.upper = b.upper.cwiseMax(p);
}

// Corners of the box [-h, h] placed by `pose`.
void growBox(BodyBounds& b, const Eigen::Isometry3d& pose, const Eigen::Vector3d& h) {
  for (int corner = 0; corner < 8; ++corner) {
    const Eigen::Vector3d p((corner & 1) ? h.x() : -h.x(), (corner & 2) ? h.y() : -h.y(), (corner & 4) ? h.z() : -h.z());
    grow(b, pose * p);
  }
}

// Adds one shape placed by `pose` (shape frame in the body frame); false if it has no extent.
bool addShape(BodyBounds& b, const Geometry& g, const Eigen::Isometry3d& pose) {
  switch (g.kind) {
    case Geometry::Kind::Box:
      growBox(b, pose, 0.5 * g.size.cwiseAbs());
      return true;
    case Geometry::Kind::Cylinder:
      growBox(b, pose, Eigen::Vector3d(g.radius, g.radius, 0.5 * g.length).cwiseAbs());
      return true;
    case Geometry::Kind::Sphere: {
      const Eigen::Vector3d c = pose.translation(), r = Eigen::Vector3d::Constant(std::abs(g.radius));
      grow(b, c - r);
      grow(b, c + r);
      return true;
    }
    case Geometry::Kind::Mesh: {
      const std::vector<Eigen::Vector3d>* vertices = g.meshPath.empty() ? nullptr : &meshVerticesInLinkFrame(g.meshPath);
      if (!vertices || vertices->empty()) {
        b.unreadMeshes.push_back(g.meshUri);
        return false;
      }
      for (const Eigen::Vector3d& v : *vertices) grow(b, pose * v.cwiseProduct(g.scale));
      return true;
    }
  }
  return false;
}

}  // namespace

bool BodyBounds::contains(const Eigen::Vector3d& p, double margin) const {
  if (!known) return false;
  return (p.array() >= lower.array() - margin).all() && (p.array() <= upper.array() + margin).all();
}

BodyBounds descriptionBounds(const RobotModel& model, int b) {
  BodyBounds out;
  out.fromDescription = true;
  out.source = "joint origins and CAD inertial";
  std::vector<Eigen::Vector3d> points{Eigen::Vector3d::Zero()};  // the body's own joint origin
  bool leaf = true;
  double robotMass = 0.0;
  for (int c = 0; c < model.bodyCount(); ++c) {
    robotMass += std::max(0.0, model.body(c).inertia[0]);
    if (model.body(c).parent != b) continue;
    points.push_back(model.body(c).translationInParent);
    leaf = false;
  }
  for (const LinkFrame& link : model.links())
    if (link.body == b) points.push_back(link.poseInBody.translation());
  const Vector10d& cad = model.body(b).inertia;
  const double cadMass = cad[0];
  const bool hasCom = cadMass > 0.0 && std::isfinite(cadMass);
  if (hasCom) points.push_back(centreOfMass(cad));
  double reach = 0.0;
  for (const Eigen::Vector3d& p : points) {
    grow(out, p);
    reach = std::max(reach, p.norm());
  }
  const double radius = std::max(kDescriptionMinRadius, 0.5 * reach);
  out.lower.array() -= radius;
  out.upper.array() += radius;
  out.rule = "box around " + std::to_string(points.size() - (hasCom ? 1 : 0)) + " joint/link origin(s)" +
             (hasCom ? " and the CAD COM" : "") + " grown by " + formatSignificant(radius, 2) + " m";
  if (cadMass > 0.0) {
    out.minMass = cadMass / kDescriptionMassFactor;
    out.maxMass = cadMass * kDescriptionMassFactor;
    const std::string factor = formatSignificant(1.0 / kDescriptionMassFactor, 2) + "x to " +
                               formatSignificant(kDescriptionMassFactor, 2) + "x the CAD mass " +
                               formatSignificant(cadMass, 3) + " kg";
    if (leaf && robotMass > out.maxMass) {
      out.maxMass = robotMass;
      out.rule += "; mass from " + formatSignificant(1.0 / kDescriptionMassFactor, 2) + "x the CAD mass " +
                  formatSignificant(cadMass, 3) + " kg up to the robot's CAD mass " + formatSignificant(robotMass, 3) +
                  " kg (a last link carries tools)";
    } else {
      out.rule += "; mass " + factor;
    }
  } else if (robotMass > 0.0) {
    out.maxMass = robotMass;
    out.rule += "; no CAD mass: at most the robot's CAD mass " + formatSignificant(robotMass, 3) + " kg";
  } else {
    out.rule += "; no CAD mass in the robot: mass not bounded";
  }
  return out;
}

std::vector<BodyBounds> bodyGeometryBounds(const RobotModel& model) {
  std::vector<BodyBounds> out(static_cast<std::size_t>(model.bodyCount()));
  std::vector<bool> collision(out.size(), false), visual(out.size(), false);
  for (const LinkFrame& link : model.links()) {
    if (link.body < 0) continue;
    BodyBounds& b = out[static_cast<std::size_t>(link.body)];
    // Collision shapes first; a link whose collision shapes give nothing falls back to its visuals.
    for (const bool useCollision : {true, false}) {
      int added = 0;
      for (const Geometry& g : useCollision ? link.collisions : link.visuals) {
        if (!addShape(b, g, link.poseInBody * g.origin)) continue;
        ++added;
        (useCollision ? collision : visual)[static_cast<std::size_t>(link.body)] = true;
      }
      b.shapes += added;
      if (added > 0) break;
    }
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!out[i].known) {
      std::vector<std::string> unread = std::move(out[i].unreadMeshes);
      out[i] = descriptionBounds(model, static_cast<int>(i));
      out[i].unreadMeshes = std::move(unread);
      continue;
    }
    out[i].source = collision[i] && visual[i] ? "collision and visual shapes"
                    : collision[i]            ? "collision shapes"
                                              : "visual shapes";
  }
  return out;
}

}  // namespace eb
