#include "model/urdf_import.hpp"

#include "model/mesh_uri.hpp"
#include "model/model_builder.hpp"
#include "util/input_error.hpp"
#include "model/urdf_check.hpp"
#include "model/xml_document.hpp"
#include "util/bounded_read.hpp"

#include <console_bridge/console.h>
#include <urdf_parser/urdf_parser.h>

#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>

namespace eb {
namespace {

// urdfdom reports problems only through console_bridge; collect them so the
// error can be thrown as one line instead of printed.
class LogCapture : public console_bridge::OutputHandler {
 public:
  void log(const std::string& text, console_bridge::LogLevel level, const char*, int) override {
    if (level >= console_bridge::CONSOLE_BRIDGE_LOG_ERROR && firstError.empty()) firstError = text;
  }
  std::string firstError;
};

std::string oneLine(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

urdf::ModelInterfaceSharedPtr parseWithUrdfdom(const std::string& text, const std::string& source) {
  // console_bridge's handler is process-global.
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  LogCapture capture;
  console_bridge::useOutputHandler(&capture);
  urdf::ModelInterfaceSharedPtr model;
  try {
    model = urdf::parseURDF(text);
  } catch (const std::exception& e) {
    capture.firstError = e.what();
  }
  console_bridge::restorePreviousOutputHandler();
  if (!model)
    throw inputErrorIn(source,
                       "urdfdom: " + oneLine(capture.firstError.empty() ? "rejected the file" : capture.firstError));
  return model;
}

Eigen::Isometry3d toIsometry(const urdf::Pose& p) {
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  T.linear() = Eigen::Quaterniond(p.rotation.w, p.rotation.x, p.rotation.y, p.rotation.z).normalized().toRotationMatrix();
  T.translation() = Eigen::Vector3d(p.position.x, p.position.y, p.position.z);
  return T;
}

Eigen::Vector3d toVector(const urdf::Vector3& v) { return {v.x, v.y, v.z}; }

Geometry toGeometry(const urdf::Geometry& g, const urdf::Pose& origin, const std::string& baseDir,
                    const std::vector<std::string>& roots) {
  Geometry out;
  out.origin = toIsometry(origin);
  switch (g.type) {
    case urdf::Geometry::BOX:
      out.kind = Geometry::Kind::Box;
      out.size = toVector(static_cast<const urdf::Box&>(g).dim);
      break;
    case urdf::Geometry::CYLINDER:
      out.kind = Geometry::Kind::Cylinder;
      out.radius = static_cast<const urdf::Cylinder&>(g).radius;
      out.length = static_cast<const urdf::Cylinder&>(g).length;
      break;
    case urdf::Geometry::SPHERE:
      out.kind = Geometry::Kind::Sphere;
      out.radius = static_cast<const urdf::Sphere&>(g).radius;
      break;
    case urdf::Geometry::MESH: {
      const auto& mesh = static_cast<const urdf::Mesh&>(g);
      out.kind = Geometry::Kind::Mesh;
      out.meshUri = mesh.filename;
      out.meshPath = resolveMeshUri(mesh.filename, baseDir, roots);
      out.scale = toVector(mesh.scale);
      break;
    }
  }
  return out;
}

LinkSpec toLinkSpec(const urdf::Link& link, const std::string& baseDir, const std::vector<std::string>& roots) {
  LinkSpec spec;
  spec.name = link.name;
  if (link.inertial) {
    const urdf::Inertial& in = *link.inertial;
    LinkInertial li;
    li.mass = in.mass;
    li.comFrame = toIsometry(in.origin);
    li.inertia << in.ixx, in.ixy, in.ixz, in.ixy, in.iyy, in.iyz, in.ixz, in.iyz, in.izz;
    spec.inertial = li;
  }
  for (const urdf::VisualSharedPtr& v : link.visual_array) {
    if (!v || !v->geometry) continue;
    Geometry g = toGeometry(*v->geometry, v->origin, baseDir, roots);
    if (const urdf::MaterialSharedPtr& m = v->material) {
      // A texture-only material leaves urdfdom's colour at its black default.
      const urdf::Color& c = m->color;
      const bool defaultBlack = c.r == 0.0f && c.g == 0.0f && c.b == 0.0f && c.a == 1.0f;
      g.hasColor = m->texture_filename.empty() || !defaultBlack;
      if (g.hasColor) g.rgba = Eigen::Vector4d(c.r, c.g, c.b, c.a);
    }
    spec.visuals.push_back(std::move(g));
  }
  for (const urdf::CollisionSharedPtr& c : link.collision_array)
    if (c && c->geometry) spec.collisions.push_back(toGeometry(*c->geometry, c->origin, baseDir, roots));
  return spec;
}

JointSpec toJointSpec(const urdf::Joint& joint, const UrdfCheck& check) {
  JointSpec spec;
  spec.name = joint.name;
  spec.parent = joint.parent_link_name;
  spec.child = joint.child_link_name;
  spec.origin = toIsometry(joint.parent_to_joint_origin_transform);
  switch (joint.type) {
    case urdf::Joint::REVOLUTE: spec.type = JointSpecType::Revolute; break;
    case urdf::Joint::CONTINUOUS: spec.type = JointSpecType::Continuous; break;
    case urdf::Joint::PRISMATIC: spec.type = JointSpecType::Prismatic; break;
    default: spec.type = JointSpecType::Fixed; break;  // floating/planar were refused by the check
  }
  if (spec.type == JointSpecType::Fixed) return spec;
  spec.axis = toVector(joint.axis);
  spec.limits = check.limits.at(joint.name);
  if (joint.dynamics) {
    spec.damping = joint.dynamics->damping;
    spec.friction = joint.dynamics->friction;
  }
  if (joint.mimic) spec.mimic = MimicSpec{joint.mimic->joint_name, joint.mimic->multiplier, joint.mimic->offset};
  return spec;
}

// ModelBuilder names the element but knows no lines; add the line when it can be found.
InputError withLine(const InputError& e, const UrdfCheck& check) {
  const Diagnostic& d = e.diagnostic();
  const auto it = d.line == 0 && !d.field.empty() ? check.lines.find(d.field) : check.lines.end();
  if (it == check.lines.end()) return e;
  return sourceErrorAt(d.file, static_cast<std::size_t>(it->second), d.field, d.message);
}

// A URDF of kMaxModelLinks links is a few MB; a larger file is not a robot description.
constexpr size_t kMaxUrdfBytes = 64 * kMiB;

}  // namespace

UrdfImport importUrdfStringWithWarnings(const std::string& xmlText, const std::string& sourceName,
                                        const std::string& baseDir, const std::vector<std::string>& packageRoots) {
  const xml::Element root = xml::parse(xmlText, sourceName);
  UrdfCheck check = checkUrdf(root, sourceName);
  const urdf::ModelInterfaceSharedPtr urdfModel = parseWithUrdfdom(xml::write(check.cleaned), sourceName);

  ModelBuilder builder(sourceName);
  builder.setName(urdfModel->getName());
  // urdfdom keeps links and joints in maps; document order (joint order!) comes from the check.
  // A name urdfdom reads differently from us (its XML reader condenses white space) is not found.
  const auto missing = [&](const char* kind, const std::string& name) {
    const auto line = check.lines.find(std::string(kind) + " '" + name + "'");
    return sourceErrorAt(sourceName, line == check.lines.end() ? 1 : static_cast<std::size_t>(line->second),
                         std::string(kind) + " '" + name + "': name",
                         "urdfdom reads it differently (use letters, digits, '_', '-', '.', '/' and single spaces)");
  };
  for (const std::string& name : check.links) {
    const urdf::LinkConstSharedPtr link = urdfModel->getLink(name);
    if (!link) throw missing("link", name);
    builder.addLink(toLinkSpec(*link, baseDir, packageRoots));
  }
  for (const std::string& name : check.joints) {
    const urdf::JointConstSharedPtr joint = urdfModel->getJoint(name);
    if (!joint) throw missing("joint", name);
    builder.addJoint(toJointSpec(*joint, check));
  }
  try {
    return UrdfImport{builder.build(), std::move(check.warnings)};
  } catch (const InputError& e) {
    throw withLine(e, check);
  }
}

UrdfImport importUrdfFileWithWarnings(const std::string& path, const std::vector<std::string>& packageRoots) {
  const std::string baseDir = std::filesystem::path(path).parent_path().string();
  return importUrdfStringWithWarnings(readUrdfText(path), path, baseDir, packageRoots);
}

RobotModel importUrdfFile(const std::string& path, const std::vector<std::string>& packageRoots) {
  return importUrdfFileWithWarnings(path, packageRoots).model;
}

RobotModel importUrdfString(const std::string& xmlText, const std::string& sourceName, const std::string& baseDir,
                            const std::vector<std::string>& packageRoots) {
  return importUrdfStringWithWarnings(xmlText, sourceName, baseDir, packageRoots).model;
}

std::string readUrdfText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw inputErrorIn(path, "cannot open the file");
  BoundedText text = readBoundedText(in, kMaxUrdfBytes, kMaxUrdfBytes);
  if (!text.ok())
    throw inputErrorIn(path, "file: larger than " + describeByteLimit(kMaxUrdfBytes) + " (not a robot description?)");
  if (in.bad()) throw inputErrorIn(path, "cannot read the file");
  return std::move(text.text);
}


}  // namespace eb
