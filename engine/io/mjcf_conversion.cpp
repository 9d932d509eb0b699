#include "io/mjcf_conversion.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>
#include <vector>

#include "io/atomic_file.hpp"
#include "io/xml_splice.hpp"
#include "model/inertial_parameters.hpp"
#include "model/mjcf_import.hpp"
#include "util/input_error.hpp"
#include "util/text_format.hpp"

namespace eb {

// Named, not anonymous alone: the unity build compiles this file with the other writers, whose
// anonymous-namespace helpers (checkReadBack, ...) would collide.
namespace {
namespace to_mjcf {

const char* const kStep = "  ";

// ---------------------------------------------------------------------------
// Text helpers.

std::string num(double v) { return exactNumberText(v); }

std::string vec3(const Eigen::Vector3d& v) { return num(v.x()) + " " + num(v.y()) + " " + num(v.z()); }

/// Quaternion text "w x y z" of a rotation matrix (w >= 0, so the identity reads "1 0 0 0").
std::string quatText(const Eigen::Matrix3d& R) {
  Eigen::Quaterniond q(R);
  q.normalize();
  if (q.w() < 0.0) q.coeffs() = -q.coeffs();
  return num(q.w()) + " " + num(q.x()) + " " + num(q.y()) + " " + num(q.z());
}

std::string attr(const std::string& s) { return xml::escapeAttribute(s); }

std::string commentLine(const std::string& indent, const std::string& text) {
  return indent + "<!-- " + xmlCommentText(text) + " -->\n";
}

/// ` pos="..." quat="..."` of a pose, each left out when it is the identity's.
std::string poseAttributes(const Eigen::Vector3d& p, const Eigen::Matrix3d& R) {
  std::string s;
  if (!p.isZero(0.0)) s += " pos=\"" + vec3(p) + "\"";
  if (!R.isIdentity(0.0)) s += " quat=\"" + quatText(R) + "\"";
  return s;
}

// ---------------------------------------------------------------------------
// Input checks: everything MuJoCo would refuse, said in the user's terms.

void checkInput(const RobotModel& model, const IdentifiedDynamics& d, const std::string& where) {
  if (d.bodies.size() != static_cast<size_t>(model.bodyCount()) || d.joints.size() != static_cast<size_t>(model.dof()))
    throw inputErrorIn(where, "the identified dynamics hold " + std::to_string(d.bodies.size()) + " bodies and " +
                                  std::to_string(d.joints.size()) + " joints, the robot '" + model.name() + "' has " +
                                  std::to_string(model.bodyCount()) + " and " + std::to_string(model.dof()));
  if (!model.gravity().allFinite()) throw inputErrorIn(where, "gravity is not finite");
  std::set<std::string> bodyNames, jointNames;
  for (int b = 0; b < model.bodyCount(); ++b) {
    const Body& body = model.body(b);
    if (body.name.empty() || body.name == "world")
      throw inputErrorIn(where, "a moving body named '" + body.name + "' cannot be an MJCF body name");
    if (!bodyNames.insert(body.name).second) throw inputErrorIn(where, "two moving bodies named '" + body.name + "'");
    if (body.jointName.empty() || !jointNames.insert(body.jointName).second)
      throw inputErrorIn(where, "joint name '" + body.jointName + "' of body '" + body.name + "' is empty or repeated");
    const Vector10d& theta = d.bodies[static_cast<size_t>(b)].theta;
    if (!theta.allFinite())
      throw inputErrorIn(where, "body '" + body.name + "': the inertial parameters are not finite");
    if (!isPhysicallyConsistent(theta))
      throw inputErrorIn(where, "body '" + body.name + "' is not physically consistent (mass " +
                                    formatSignificant(theta[0], 3) +
                                    " kg, or its pseudo-inertia is not positive definite); MuJoCo needs a positive "
                                    "mass and inertia on every moving body: identify with `--method consistent`");
    if (!body.axis.allFinite() || body.axis.norm() < 1e-12)
      throw inputErrorIn(where, "joint '" + body.jointName + "': the axis is zero or not finite");
  }
  for (int j = 0; j < model.dof(); ++j) {
    const ExportedJointDynamics& e = d.joints[static_cast<size_t>(j)];
    for (const auto& [value, what] : {std::pair<double, const char*>{e.damping.value, "damping"},
                                      {e.friction.value, "frictionloss"},
                                      {e.armature.value, "armature"}})
      if (!std::isfinite(value) || value < 0.0)
        throw inputErrorIn(where, "joint '" + model.joint(j).name + "': " + what + " " + formatSignificant(value, 3) +
                                      " (MuJoCo takes finite values >= 0)");
    const JointLimits& l = model.joint(j).limits;
    if (l.hasPositionLimits() && !(l.lower <= l.upper))
      throw inputErrorIn(where, "joint '" + model.joint(j).name + "': lower limit above the upper");
  }
}

// ---------------------------------------------------------------------------
// The writer: the <worldbody> first (it finds the meshes, equalities and actuators), then the file.

class Writer {
 public:
  Writer(const RobotModel& model, const IdentifiedDynamics& d, const MjcfConversionOptions& options)
      : model_(model), d_(d), options_(options), children_(static_cast<size_t>(model.bodyCount())) {
    for (int b = 0; b < model.bodyCount(); ++b)
      (model.body(b).parent < 0 ? roots_ : children_[static_cast<size_t>(model.body(b).parent)]).push_back(b);
    for (const LinkFrame& lf : model.links()) linksOf_[lf.body].push_back(&lf);
  }

  std::string run(const std::string& sourceName);

 private:
  void writeLinks(int body, const std::string& indent, std::string& out);
  void writeGeom(const LinkFrame& link, const Geometry& g, bool visual, const std::string& indent, std::string& out);
  std::string meshAsset(const Geometry& g);
  std::string meshFileText(const std::string& path) const;
  void writeBody(int b, const std::string& indent, std::string& out);
  std::string header(const std::string& sourceName) const;

  const RobotModel& model_;
  const IdentifiedDynamics& d_;
  const MjcfConversionOptions& options_;
  std::vector<int> roots_;
  std::vector<std::vector<int>> children_;
  std::map<int, std::vector<const LinkFrame*>> linksOf_;
  std::map<std::string, std::string> meshNames_;  // file + scale -> asset name
  std::set<std::string> usedMeshNames_;
  std::string assets_, equalities_, actuators_;
};

std::string Writer::meshFileText(const std::string& path) const {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path file = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (options_.outputDir.empty()) return file.generic_string();
  const fs::path dir = fs::weakly_canonical(fs::absolute(options_.outputDir, ec), ec);
  const fs::path rel = file.lexically_relative(dir);
  return rel.empty() ? file.generic_string() : rel.generic_string();
}

// The asset name of g's mesh file at g's scale (one <mesh> per file and scale).
std::string Writer::meshAsset(const Geometry& g) {
  const std::string key = g.meshPath + "|" + vec3(g.scale);
  const auto it = meshNames_.find(key);
  if (it != meshNames_.end()) return it->second;
  const std::string stem = std::filesystem::path(g.meshPath).stem().string();
  std::string name = stem.empty() ? "mesh" : stem;
  for (int k = 2; usedMeshNames_.count(name); ++k) name = stem + "_" + std::to_string(k);
  usedMeshNames_.insert(name);
  meshNames_.emplace(key, name);
  assets_ += std::string(kStep) + kStep + "<mesh name=\"" + attr(name) + "\" file=\"" + attr(meshFileText(g.meshPath)) +
             "\"" + (g.scale.isOnes(0.0) ? std::string() : " scale=\"" + vec3(g.scale) + "\"") + "/>\n";
  return name;
}

void Writer::writeGeom(const LinkFrame& link, const Geometry& g, bool visual, const std::string& indent,
                       std::string& out) {
  const std::string what = std::string(visual ? "visual" : "collision") + " of link '" + link.name + "'";
  std::string shape, leftOut;  // the geom's type and size, or why it is left out
  switch (g.kind) {
    case Geometry::Kind::Box:
      if (g.size.minCoeff() > 0.0 && g.size.allFinite())
        shape = "type=\"box\" size=\"" + vec3(0.5 * g.size) + "\"";
      else
        leftOut = "box of size " + vec3(g.size) + " left out (not positive)";
      break;
    case Geometry::Kind::Cylinder:
      if (g.radius > 0.0 && g.length > 0.0 && std::isfinite(g.radius + g.length))
        shape = "type=\"cylinder\" size=\"" + num(g.radius) + " " + num(0.5 * g.length) + "\"";
      else
        leftOut = "cylinder left out (radius or length not positive)";
      break;
    case Geometry::Kind::Sphere:
      if (g.radius > 0.0 && std::isfinite(g.radius))
        shape = "type=\"sphere\" size=\"" + num(g.radius) + "\"";
      else
        leftOut = "sphere left out (radius not positive)";
      break;
    case Geometry::Kind::Mesh: {
      std::string ext = std::filesystem::path(g.meshPath).extension().string();
      std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
      if (g.meshPath.empty())
        leftOut = "mesh '" + g.meshUri + "' left out (file not found)";
      else if (ext != ".stl" && ext != ".obj" && ext != ".msh")  // what MuJoCo 2.2 reads
        leftOut = "mesh '" + g.meshUri + "' left out (MuJoCo reads STL, OBJ and MSH meshes only)";
      else if (!(g.scale.cwiseAbs().minCoeff() > 0.0) || !g.scale.allFinite())
        leftOut = "mesh '" + g.meshUri + "' left out (scale " + vec3(g.scale) + ")";
      else
        shape = "type=\"mesh\" mesh=\"" + attr(meshAsset(g)) + "\"";
      break;
    }
  }
  if (!leftOut.empty()) {
    out += commentLine(indent, what + ": " + leftOut);
    return;
  }
  const Eigen::Isometry3d pose = link.poseInBody * g.origin;
  const Eigen::Vector4d& c = g.rgba;
  out += indent + "<geom " + shape + poseAttributes(pose.translation(), pose.linear()) +
         (visual ? " contype=\"0\" conaffinity=\"0\" group=\"2\"" : " group=\"3\"") +
         (g.hasColor ? " rgba=\"" + num(c[0]) + " " + num(c[1]) + " " + num(c[2]) + " " + num(c[3]) + "\""
                     : std::string()) +
         "/>\n";
}

// The shapes of every link on `body` (-1: the base) and a site for each link merged into it.
void Writer::writeLinks(int body, const std::string& indent, std::string& out) {
  const auto it = linksOf_.find(body);
  if (it == linksOf_.end()) return;
  const std::string& bodyName = body < 0 ? model_.rootLink() : model_.body(body).name;
  for (const LinkFrame* lf : it->second) {
    if (lf->name != bodyName && !lf->name.empty())
      out += indent + "<site name=\"" + attr(lf->name) + "\"" +
             poseAttributes(lf->poseInBody.translation(), lf->poseInBody.linear()) + "/>\n";
    for (const Geometry& g : lf->visuals) writeGeom(*lf, g, true, indent, out);
    for (const Geometry& g : lf->collisions) writeGeom(*lf, g, false, indent, out);
  }
}

void Writer::writeBody(int b, const std::string& indent, std::string& out) {
  const Body& body = model_.body(b);
  const std::string in = indent + kStep;
  const std::string bodyComment = bodyExportComment(model_, d_, b);
  if (!bodyComment.empty()) out += commentLine(indent, bodyComment);
  out += indent + "<body name=\"" + attr(body.name) + "\"" +
         poseAttributes(body.translationInParent, body.rotationInParent) + ">\n";

  // Inertial: principal axes and moments about the COM (see the header: not fullinertia).
  const Vector10d& theta = d_.bodies[static_cast<size_t>(b)].theta;
  const Eigen::Vector3d com = centreOfMass(theta);
  const Eigen::Matrix3d Ic = inertiaAboutCom(theta);
  const InertiaPrincipalAxes principal = principalAxesOfInertia(Ic);
  const Eigen::Quaterniond& q = principal.axes;
  const std::string inertia = " quat=\"" + num(q.w()) + " " + num(q.x()) + " " + num(q.y()) + " " + num(q.z()) +
                              "\" diaginertia=\"" + vec3(principal.moments) + "\"";
  out += in + "<inertial pos=\"" + vec3(com) + "\" mass=\"" + num(theta[0]) + "\"" + inertia + "/>\n";

  // Joint.
  std::string joint = in + "<joint name=\"" + attr(body.jointName) + "\" type=\"" +
                      (body.type == JointType::Prismatic ? "slide" : "hinge") + "\" axis=\"" + vec3(body.axis) + "\"";
  if (body.mimic) {
    const Joint& leader = model_.joint(body.dof);
    out += commentLine(in, "joint '" + body.jointName + "' mimics '" + leader.name + "': q = " + num(body.multiplier) +
                               " * q_" + leader.name + " + " + num(body.offset) +
                               " (the <equality> below), no range of its own");
    joint += " limited=\"false\"";
    equalities_ += std::string(kStep) + kStep + "<joint joint1=\"" + attr(body.jointName) + "\" joint2=\"" +
                   attr(leader.name) + "\" polycoef=\"" + num(body.offset) + " " + num(body.multiplier) +
                   " 0 0 0\"/>\n";
  } else {
    const Joint& j = model_.joint(body.dof);
    const ExportedJointDynamics& e = d_.joints[static_cast<size_t>(body.dof)];
    const std::string jointComment = jointExportComment(model_, d_, body.dof, "MJCF");
    if (!jointComment.empty()) out += commentLine(in, jointComment);
    if (j.type != JointType::Continuous && j.limits.hasPositionLimits())
      joint += " limited=\"true\" range=\"" + num(j.limits.lower) + " " + num(j.limits.upper) + "\"";
    else
      joint += " limited=\"false\"";
    joint += " armature=\"" + num(e.armature.value) + "\" damping=\"" + num(e.damping.value) + "\" frictionloss=\"" +
             num(e.friction.value) + "\"";
    const double effort = j.limits.effort;
    const std::string act = std::string(kStep) + kStep;
    if (std::isfinite(effort) && effort > 0.0)
      actuators_ += act + "<motor name=\"" + attr(j.name) + "\" joint=\"" + attr(j.name) +
                    "\" gear=\"1\" ctrllimited=\"true\" ctrlrange=\"" + num(-effort) + " " + num(effort) +
                    "\" forcelimited=\"true\" forcerange=\"" + num(-effort) + " " + num(effort) + "\"/>\n";
    else
      actuators_ += commentLine(act, "joint '" + j.name + "' has no effort limit: no motor");
  }
  out += joint + "/>\n";

  writeLinks(b, in, out);
  for (const int c : children_[static_cast<size_t>(b)]) writeBody(c, in, out);
  out += indent + "</body>\n";
}

std::string Writer::header(const std::string& sourceName) const {
  const bool identified = !d_.source.empty() && d_.method != "model";
  return "<!-- " +
         xmlCommentText(
             "MuJoCo model of robot '" + model_.name() + "' converted by ExciteBench from " + sourceName + ". " +
             (identified ? "The inertials (mass, centre of mass, principal inertia about it), joint damping, "
                           "frictionloss (Coulomb friction) and armature (rotor inertia) are identified from " +
                               d_.source + " (method '" + d_.method + "'); comments name what the data did not see."
                         : std::string("The inertials, damping, frictionloss and armature are the robot's own "
                                       "values (no identification).")) +
             " Each body frame is the joint frame of the source (the joint at its origin); geoms are for drawing "
             "(group 2) and contacts (group 3) and do not change the inertia.") +
         " -->\n";
}

std::string Writer::run(const std::string& sourceName) {
  std::string world;
  const std::string in2 = std::string(kStep) + kStep;
  writeLinks(-1, in2, world);
  for (const int b : roots_) writeBody(b, in2, world);

  std::string out = header(sourceName);
  out += "<mujoco model=\"" + attr(model_.name()) + "\">\n";
  out += std::string(kStep) + "<compiler angle=\"radian\" autolimits=\"true\" inertiafromgeom=\"false\"/>\n";
  out += std::string(kStep) + "<option gravity=\"" + vec3(model_.gravity()) + "\"/>\n";
  if (!assets_.empty()) out += std::string(kStep) + "<asset>\n" + assets_ + kStep + "</asset>\n";
  out += std::string(kStep) + "<worldbody>\n" + world + kStep + "</worldbody>\n";
  if (!equalities_.empty()) out += std::string(kStep) + "<equality>\n" + equalities_ + kStep + "</equality>\n";
  if (!actuators_.empty()) out += std::string(kStep) + "<actuator>\n" + actuators_ + kStep + "</actuator>\n";
  out += "</mujoco>\n";
  return out;
}

// Read it back: the importer must find the joints and the identified values (std::logic_error if not).
void checkReadBack(const RobotModel& model, const IdentifiedDynamics& d, const std::string& text,
                   const MjcfConversionOptions& options, const std::string& where) {
  const RobotModel back = importMjcfStringWithWarnings(text, where + " (converted)", options.outputDir).model;
  for (int b = 0; b < model.bodyCount(); ++b) {
    const int k = back.bodyIndexOfLink(model.body(b).name);
    if (k < 0 || back.body(k).jointName != model.body(b).jointName)
      throw std::logic_error(where + ": converted MJCF lost body '" + model.body(b).name + "'");
    const Vector10d& theta = d.bodies[static_cast<size_t>(b)].theta;
    const Vector10d diff = back.body(k).inertia - theta;
    if (diff.cwiseAbs().maxCoeff() > 1e-9 * theta.cwiseAbs().maxCoeff())
      throw std::logic_error(where + ": converted MJCF reads back other inertial parameters for body '" +
                             model.body(b).name + "'");
  }
  for (int j = 0; j < model.dof(); ++j) {
    const int k = back.jointIndex(model.joint(j).name);
    const ExportedJointDynamics& e = d.joints[static_cast<size_t>(j)];
    if (k < 0 || back.joint(k).damping != e.damping.value || back.joint(k).friction != e.friction.value ||
        back.joint(k).armature != e.armature.value)
      throw std::logic_error(where + ": converted MJCF reads back other values for joint '" + model.joint(j).name +
                             "'");
  }
}

}  // namespace to_mjcf
}  // namespace

std::string convertToMjcf(const RobotModel& model, const IdentifiedDynamics& dynamics,
                          const MjcfConversionOptions& options) {
  const std::string sourceName = !options.sourceName.empty() ? options.sourceName
                                 : !model.source().empty()   ? model.source()
                                                             : model.name();
  const std::string where = "MJCF conversion of " + sourceName;
  to_mjcf::checkInput(model, dynamics, where);
  const std::string text = to_mjcf::Writer(model, dynamics, options).run(sourceName);
  to_mjcf::checkReadBack(model, dynamics, text, options, where);
  return text;
}

void writeMjcfConversion(const std::string& path, const RobotModel& model, const IdentifiedDynamics& dynamics,
                         MjcfConversionOptions options) {
  if (options.outputDir.empty()) {
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    options.outputDir = parent.empty() ? std::string(".") : parent.string();
  }
  writeFileAtomically(path, convertToMjcf(model, dynamics, options));
}

}  // namespace eb
