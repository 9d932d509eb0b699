#include "model/mjcf_import.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "model/mjcf_document.hpp"
#include "model/mjcf_geom_inertia.hpp"
#include "model/mjcf_mesh_file.hpp"
#include "model/mjcf_orientation.hpp"
#include "model/mjcf_principal_axes.hpp"
#include "model/model_builder.hpp"
#include "util/input_error.hpp"

namespace eb {
namespace {

using mjcf::Attributes;
using mjcf::Node;

enum class FromGeom { False, True, Auto };

struct Compiler {
  mjcf::AngleSettings angles;
  std::string meshDir;
  bool autoLimits = true;
  FromGeom inertiaFromGeom = FromGeom::Auto;
  int groupLow = 0, groupHigh = 5;
  double boundMass = 0.0, boundInertia = 0.0;
};

struct MeshAsset {
  std::string file;  // as written
  std::string path;  // resolved, "" when absent
  Eigen::Vector3d scale = Eigen::Vector3d::Ones();
  mjcf::MeshInertiaMode mode = mjcf::MeshInertiaMode::Legacy;
  std::string modeName = "legacy";
  // Read on first need: the integrals, or why they could not be had.
  bool tried = false;
  std::optional<mjcf::MeshVolume> volume;
  std::string error;
};

/// Elements outside what a fixed-base tree's rigid-body dynamics needs.
bool skippedTopLevel(const std::string& n) {
  static const std::set<std::string> read{"compiler", "option", "default", "asset", "worldbody", "actuator"};
  static const std::set<std::string> silent{"size", "visual", "statistic", "custom", "extension"};
  return !read.count(n) && !silent.count(n);
}

Eigen::Isometry3d translation(const Eigen::Vector3d& p) {
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  T.translation() = p;
  return T;
}

class Importer {
 public:
  explicit Importer(const mjcf::Document& doc) : doc_(doc), builder_(doc.mainFile()) {}

  MjcfImport run();

 private:
  void readCompiler();
  void readAssets();
  Eigen::Isometry3d framePose(const Attributes& a) const;
  void walkBody(const Node& body, const std::string& parentLink, const Eigen::Isometry3d& inParent,
                const std::string& childClass, int parentIndex);
  void addJoint(const Node& j, const std::string& bodyName, const std::string& childClass,
                const std::string& parentLink, const std::string& childLink, Eigen::Isometry3d& chain, bool topLevel,
                bool onlyJoint);
  std::optional<LinkInertial> explicitInertial(const Node& inertial, const std::string& bodyName) const;
  void addGeom(const Node& g, const std::string& childClass, const std::string& subject, LinkSpec& link,
               const Eigen::Isometry3d& chain, std::vector<mjcf::MassProperties>* parts);
  mjcf::MassProperties geomMass(const Attributes& a, mjcf::GeomType type, const Eigen::Vector3d& size,
                                const std::string& meshName);
  const mjcf::MeshVolume& meshVolumeOf(const std::string& name, const Attributes& geom);
  void readActuators();
  void note(const std::string& what) { skipped_.insert(what); }

  const mjcf::Document& doc_;
  ModelBuilder builder_;
  Compiler compiler_;
  std::map<std::string, MeshAsset> meshes_;
  std::map<std::string, Eigen::Vector4d> materials_;
  std::vector<JointSpec> joints_;
  std::vector<LinkSpec> links_;
  std::set<std::string> skipped_;
  std::vector<std::string> warnings_;
  std::vector<MjcfBodyInertial> bodies_;
  std::set<std::string> absentMeshes_;
  int bodyCount_ = 0;
};

void Importer::readCompiler() {
  for (const Node* c : doc_.root().childrenNamed("compiler")) {
    const Attributes a = doc_.attributes(*c, "compiler", "", "compiler");
    if (a.has("angle")) {
      const std::string angle = a.text("angle");
      if (angle != "degree" && angle != "radian") a.fail("angle", "expected degree or radian, got '" + angle + "'");
      compiler_.angles.degrees = angle == "degree";
    }
    if (a.has("eulerseq")) {
      const std::string seq = a.text("eulerseq");
      if (seq.size() != 3 || seq.find_first_not_of("xyzXYZ") != std::string::npos)
        a.fail("eulerseq", "expected three of x, y, z, X, Y, Z, got '" + seq + "'");
      compiler_.angles.eulerSequence = seq;
    }
    if (a.has("assetdir")) compiler_.meshDir = a.text("assetdir");
    if (a.has("meshdir")) compiler_.meshDir = a.text("meshdir");
    if (a.has("autolimits")) {
      const auto v = a.flag("autolimits", true);
      if (!v) a.fail("autolimits", "expected true or false");
      compiler_.autoLimits = *v;
    }
    if (a.has("inertiafromgeom")) {
      const auto v = a.flag("inertiafromgeom", std::nullopt);
      compiler_.inertiaFromGeom = !v ? FromGeom::Auto : *v ? FromGeom::True : FromGeom::False;
    }
    if (const auto r = a.numbers("inertiagrouprange", 2)) {
      if (std::abs((*r)[0]) > 1e6 || std::abs((*r)[1]) > 1e6) a.fail("inertiagrouprange", "out of range");
      compiler_.groupLow = static_cast<int>((*r)[0]);
      compiler_.groupHigh = static_cast<int>((*r)[1]);
    }
    compiler_.boundMass = a.number("boundmass", compiler_.boundMass);
    compiler_.boundInertia = a.number("boundinertia", compiler_.boundInertia);
  }
}

void Importer::readAssets() {
  const std::filesystem::path base(doc_.baseDir());
  const std::filesystem::path meshDir = std::filesystem::path(compiler_.meshDir).is_absolute()
                                            ? std::filesystem::path(compiler_.meshDir)
                                            : base / compiler_.meshDir;
  for (const Node* asset : doc_.root().childrenNamed("asset")) {
    for (const Node& n : asset->children) {
      if (n.name() == "material") {
        const Attributes a = doc_.attributes(n, "material", "", "material");
        if (const auto rgba = a.numbers("rgba", 4)) materials_[a.text("name")] = Eigen::Vector4d(rgba->data());
        continue;
      }
      if (n.name() != "mesh") continue;
      const Attributes a = doc_.attributes(n, "mesh", "", "mesh");
      MeshAsset m;
      m.file = a.text("file");
      if (m.file.empty()) a.fail("file", "a mesh without a file (vertices written in the XML) is not supported");
      std::string name = a.text("name");
      if (name.empty()) name = std::filesystem::path(m.file).stem().string();
      if (meshes_.count(name)) a.fail("name", "duplicate mesh name '" + name + "'");
      const std::filesystem::path p(m.file);
      const std::filesystem::path full = p.is_absolute() ? p : meshDir / p;
      std::error_code ec;
      if (std::filesystem::is_regular_file(full, ec)) m.path = full.string();
      if (const auto s = a.numbers("scale", 3)) m.scale = Eigen::Vector3d(s->data());
      if (a.has("inertia")) {
        m.modeName = a.text("inertia");
        if (m.modeName == "legacy")
          m.mode = mjcf::MeshInertiaMode::Legacy;
        else if (m.modeName == "exact")
          m.mode = mjcf::MeshInertiaMode::Exact;
        else if (m.modeName == "shell")
          m.mode = mjcf::MeshInertiaMode::Shell;
        else if (m.modeName == "convex")
          m.mode = mjcf::MeshInertiaMode::Convex;
        else
          a.fail("inertia", "expected convex, exact, legacy or shell, got '" + m.modeName + "'");
      }
      meshes_.emplace(name, std::move(m));
    }
  }
}

Eigen::Isometry3d Importer::framePose(const Attributes& a) const {
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  if (const auto p = a.numbers("pos", 3)) T.translation() = Eigen::Vector3d(p->data());
  using Form = mjcf::OrientationSpec::Form;
  static const std::pair<const char*, std::pair<Form, size_t>> forms[] = {{"quat", {Form::Quat, 4}},
                                                                          {"axisangle", {Form::AxisAngle, 4}},
                                                                          {"euler", {Form::Euler, 3}},
                                                                          {"xyaxes", {Form::XYAxes, 6}},
                                                                          {"zaxis", {Form::ZAxis, 3}}};
  const char* used = nullptr;
  for (const auto& [name, form] : forms) {
    const auto v = a.numbers(name, form.second);
    if (!v) continue;
    if (used) a.fail(name, std::string("the orientation is already given by '") + used + "'");
    used = name;
    std::string error;
    const Eigen::Quaterniond q = mjcf::resolveOrientation({form.first, *v}, compiler_.angles, error);
    if (!error.empty()) a.fail(name, error);
    T.linear() = q.toRotationMatrix();
  }
  return T;
}

MjcfImport Importer::run() {
  const Node& root = doc_.root();
  readCompiler();
  readAssets();
  for (const Node* o : root.childrenNamed("option")) {
    const Attributes a = doc_.attributes(*o, "option", "", "option");
    if (const auto g = a.numbers("gravity", 3)) builder_.setGravity(Eigen::Vector3d(g->data()));
  }
  if (const std::string* model = root.element->attribute("model")) builder_.setName(*model);
  for (const Node& c : root.children)
    if (skippedTopLevel(c.name())) note(c.name());

  // The world: geoms written directly in <worldbody>, then the bodies.
  LinkSpec world;
  world.name = "world";
  links_.push_back(world);
  for (const Node* wb : root.childrenNamed("worldbody")) {
    int geomIndex = 0;
    for (const Node& c : wb->children) {
      if (c.name() == "geom")
        addGeom(c, "", "geom #" + std::to_string(++geomIndex) + " of worldbody", links_.front(),
                Eigen::Isometry3d::Identity(), nullptr);
      else if (c.name() == "body")
        walkBody(c, "world", Eigen::Isometry3d::Identity(), "", -1);
      else if (c.name() == "frame" || c.name() == "replicate" || c.name() == "attach" || c.name() == "composite" ||
               c.name() == "flexcomp")
        throw sourceErrorAt(*c.file, static_cast<size_t>(c.line()), "<" + c.name() + ">",
                            "not supported by this importer");
      else
        note(c.name());
    }
  }
  readActuators();

  for (LinkSpec& l : links_) builder_.addLink(std::move(l));
  for (JointSpec& j : joints_) builder_.addJoint(std::move(j));
  MjcfImport out{builder_.build(), {}, std::move(bodies_)};
  if (!absentMeshes_.empty()) {
    std::string list;
    int shown = 0;
    for (const std::string& m : absentMeshes_)
      if (shown++ < 3) list += (list.empty() ? "" : ", ") + m;
    if (absentMeshes_.size() > 3) list += ", ...";
    warnings_.push_back(doc_.mainFile() + ": " + std::to_string(absentMeshes_.size()) + " mesh file(s) absent (" +
                        list + "); the inertias are the explicit <inertial>s and the " +
                        "collision shapes are drawn instead");
  }
  if (!skipped_.empty()) {
    std::string list;
    for (const std::string& s : skipped_) list += (list.empty() ? "" : ", ") + s;
    warnings_.push_back(doc_.mainFile() + ": skipped (no effect on a fixed-base tree's rigid-body dynamics): " + list);
  }
  out.warnings = std::move(warnings_);
  return out;
}

void Importer::walkBody(const Node& body, const std::string& parentLink, const Eigen::Isometry3d& inParent,
                        const std::string& inheritedClass, int parentIndex) {
  ++bodyCount_;
  const std::string* nameAttr = body.element->attribute("name");
  const std::string name = nameAttr && !nameAttr->empty() ? *nameAttr : "body" + std::to_string(bodyCount_);
  const std::string subject = "body '" + name + "'";
  std::string childClass = inheritedClass;
  if (const std::string* cc = body.element->attribute("childclass")) {
    if (!doc_.hasClass(*cc))
      throw sourceErrorAt(*body.file, static_cast<size_t>(body.line()), subject + ": childclass",
                          "no default class '" + *cc + "'");
    childClass = *cc;
  }
  const Attributes a = doc_.attributes(body, "body", childClass, subject);
  if (a.has("mocap") && a.text("mocap") == "true") a.fail("mocap", "mocap bodies are not supported");

  // Joints: each a link of its own; `chain` is the MJCF body frame in the current link's frame.
  std::vector<const Node*> joints;
  for (const Node& c : body.children)
    if (c.name() == "joint" || c.name() == "freejoint") joints.push_back(&c);
  Eigen::Isometry3d chain = inParent * framePose(a);
  std::string link = parentLink;
  for (size_t i = 0; i < joints.size(); ++i) {
    const std::string childLink = i + 1 == joints.size() ? name : name + "/" + std::to_string(i + 1);
    addJoint(*joints[i], name, childClass, link, childLink, chain, parentLink == "world", joints.size() == 1);
    if (i + 1 < joints.size()) {
      LinkSpec massless;
      massless.name = childLink;
      links_.push_back(massless);
    }
    link = childLink;
  }
  if (joints.empty()) {
    JointSpec weld;
    weld.name = name + "_weld";
    weld.type = JointSpecType::Fixed;
    weld.parent = parentLink;
    weld.child = name;
    weld.origin = chain;
    joints_.push_back(weld);
    chain = Eigen::Isometry3d::Identity();
  }

  // The link's shapes and, when it has none written, the inertia of its geoms.
  LinkSpec spec;
  spec.name = name;
  std::vector<const Node*> inertials = body.childrenNamed("inertial");
  if (inertials.size() > 1)
    throw sourceErrorAt(*inertials[1]->file, static_cast<size_t>(inertials[1]->line()), subject + ": inertial",
                        "a body has at most one <inertial>");
  const bool fromGeoms =
      compiler_.inertiaFromGeom == FromGeom::True || (inertials.empty() && compiler_.inertiaFromGeom == FromGeom::Auto);
  std::vector<mjcf::MassProperties> parts;
  int geomIndex = 0;
  for (const Node& c : body.children) {
    if (c.name() != "geom") continue;
    const std::string* gname = c.element->attribute("name");
    const std::string gsubject =
        gname ? "geom '" + *gname + "'" : "geom #" + std::to_string(++geomIndex) + " of body '" + name + "'";
    addGeom(c, childClass, gsubject, spec, chain, fromGeoms ? &parts : nullptr);
  }
  MjcfBodyInertial record;
  record.name = name;
  record.parent = parentIndex;
  if (fromGeoms) {
    const mjcf::MassProperties m = mjcf::combineMassProperties(parts);
    record.mass = m.mass;
    record.com = m.com;
    record.inertia = m.inertia;
    record.fromGeoms = true;
  } else if (!inertials.empty()) {
    const std::optional<LinkInertial> in = explicitInertial(*inertials.front(), name);
    record.mass = in->mass;
    record.com = in->comFrame.translation();
    record.inertia = in->comFrame.linear() * in->inertia * in->comFrame.linear().transpose();
  }
  // compiler boundmass / boundinertia: floors on the mass and the principal moments.
  if (record.mass < compiler_.boundMass) record.mass = compiler_.boundMass;
  if (compiler_.boundInertia > 0.0) {
    const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(record.inertia);
    const Eigen::Vector3d moments = eig.eigenvalues().cwiseMax(compiler_.boundInertia);
    record.inertia = eig.eigenvectors() * moments.asDiagonal() * eig.eigenvectors().transpose();
  }
  if (record.mass > 0.0 || !record.inertia.isZero()) {
    LinkInertial li;
    li.mass = record.mass;
    li.comFrame = chain * translation(record.com);
    li.inertia = record.inertia;
    spec.inertial = li;
  }
  links_.push_back(std::move(spec));
  bodies_.push_back(record);
  const int index = static_cast<int>(bodies_.size()) - 1;

  for (const Node& c : body.children) {
    const std::string& n = c.name();
    if (n == "body")
      walkBody(c, name, chain, childClass, index);
    else if (n == "frame" || n == "replicate" || n == "attach" || n == "composite" || n == "flexcomp")
      throw sourceErrorAt(*c.file, static_cast<size_t>(c.line()), subject + ": <" + n + ">",
                          "not supported by this importer");
    else if (n != "joint" && n != "freejoint" && n != "geom" && n != "inertial")
      note(n);
  }
}

void Importer::addJoint(const Node& j, const std::string& bodyName, const std::string& childClass,
                        const std::string& parentLink, const std::string& childLink, Eigen::Isometry3d& chain,
                        bool topLevel, bool onlyJoint) {
  const std::string* nameAttr = j.element->attribute("name");
  const std::string name = nameAttr && !nameAttr->empty() ? *nameAttr : bodyName + "_" + childLink;
  const std::string subject = j.name() + " '" + name + "'";
  const Attributes a = doc_.attributes(j, "joint", childClass, subject);
  const std::string type = j.name() == "freejoint" ? "free" : a.text("type", "hinge");
  JointSpec spec;
  spec.name = name;
  spec.parent = parentLink;
  spec.child = childLink;
  if (type == "free") {
    if (!topLevel || !onlyJoint)
      throw sourceErrorAt(*j.file, static_cast<size_t>(j.line()), subject,
                          "a free joint is only read on a body at the top of <worldbody> (taken as the fixed base)");
    warnings_.push_back(sourceDiagnosticAt(Severity::Warning, *j.file, static_cast<size_t>(j.line()), subject,
                                           "free-floating base: body '" + bodyName + "' is taken as fixed to the world")
                            .text());
    spec.type = JointSpecType::Fixed;
    spec.origin = chain;
    chain = Eigen::Isometry3d::Identity();
    joints_.push_back(spec);
    return;
  }
  if (type == "ball")
    throw sourceErrorAt(*j.file, static_cast<size_t>(j.line()), subject + ": type",
                        "ball joints are not supported (only hinge and slide joints)");
  if (type != "hinge" && type != "slide") a.fail("type", "expected hinge, slide, ball or free, got '" + type + "'");
  const bool hinge = type == "hinge";
  const double angleScale = hinge && compiler_.angles.degrees ? M_PI / 180.0 : 1.0;
  spec.type = hinge ? JointSpecType::Revolute : JointSpecType::Prismatic;
  const Eigen::Vector3d pos =
      a.numbers("pos", 3) ? Eigen::Vector3d(a.numbers("pos", 3)->data()) : Eigen::Vector3d::Zero();
  Eigen::Vector3d axis = Eigen::Vector3d::UnitZ();
  if (const auto v = a.numbers("axis", 3)) axis = Eigen::Vector3d(v->data());
  if (axis.norm() < 1e-14) a.fail("axis", "the axis is zero");
  axis.normalize();
  const double ref = a.number("ref", 0.0) * angleScale;
  // q = qpos: at q = 0 the body sits -ref from where the XML writes it.
  Eigen::Isometry3d motion = Eigen::Isometry3d::Identity();
  if (hinge)
    motion.linear() = Eigen::AngleAxisd(-ref, axis).toRotationMatrix();
  else
    motion.translation() = -ref * axis;
  spec.origin = chain * translation(pos) * motion;
  spec.axis = axis;
  chain = translation(-pos);

  const auto range = a.numbers("range", 2);
  const std::optional<bool> limited = a.flag("limited", std::nullopt);
  const bool isLimited = limited ? *limited : (range && compiler_.autoLimits);
  if (isLimited) {
    if (!range) a.fail("range", "limited joint without a range");
    if ((*range)[0] > (*range)[1]) a.fail("range", "lower bound above upper bound");
    spec.limits.lower = (*range)[0] * angleScale;
    spec.limits.upper = (*range)[1] * angleScale;
  }
  spec.armature = a.number("armature", 0.0);
  spec.damping = a.number("damping", 0.0);
  spec.friction = a.number("frictionloss", 0.0);
  if (spec.armature < 0.0) a.fail("armature", "negative");
  if (spec.damping < 0.0) a.fail("damping", "negative");
  if (spec.friction < 0.0) a.fail("frictionloss", "negative");
  if (a.number("stiffness", 0.0) != 0.0) note("joint stiffness");
  const auto frc = a.numbers("actuatorfrcrange", 2);
  const std::optional<bool> frcLimited = a.flag("actuatorfrclimited", std::nullopt);
  if (frc && (frcLimited ? *frcLimited : compiler_.autoLimits))
    spec.limits.effort = std::max(std::abs((*frc)[0]), std::abs((*frc)[1]));
  joints_.push_back(spec);
}

std::optional<LinkInertial> Importer::explicitInertial(const Node& n, const std::string& bodyName) const {
  const Attributes a = doc_.attributes(n, "inertial", "", "body '" + bodyName + "': inertial");
  if (!a.has("pos")) a.fail("pos", "missing (MuJoCo requires it)");
  if (!a.has("mass")) a.fail("mass", "missing");
  LinkInertial li;
  li.mass = a.number("mass", 0.0);
  if (li.mass < 0.0) a.fail("mass", "negative");
  li.comFrame = framePose(a);
  const auto diag = a.numbers("diaginertia", 3);
  const auto full = a.numbers("fullinertia", 6);
  if (diag && full) a.fail("fullinertia", "give diaginertia or fullinertia, not both");
  if (!diag && !full) a.fail("diaginertia", "missing (or fullinertia)");
  if (diag) {
    li.inertia = Eigen::Vector3d(diag->data()).asDiagonal();
  } else {
    const std::vector<double>& f = *full;  // Ixx Iyy Izz Ixy Ixz Iyz
    li.inertia << f[0], f[3], f[4], f[3], f[1], f[5], f[4], f[5], f[2];
    if (!li.comFrame.linear().isIdentity(0.0)) a.fail("fullinertia", "an orientation cannot be given with fullinertia");
    // MuJoCo stores it as principal moments and axes of its own finding (up to ~1e-6 off).
    li.inertia = mjcf::mujocoPrincipalAxes(li.inertia).tensor();
  }
  const Eigen::Vector3d p = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(li.inertia).eigenvalues();
  if (p.minCoeff() < 0.0) a.fail(diag ? "diaginertia" : "fullinertia", "negative principal moment");
  if (p[2] > p[0] + p[1] + 1e-12 * (1.0 + p[2])) a.fail(diag ? "diaginertia" : "fullinertia", "violates A + B >= C");
  return li;
}

mjcf::GeomType geomType(const Attributes& a) {
  static const std::map<std::string, mjcf::GeomType> types{{"plane", mjcf::GeomType::Plane},
                                                           {"hfield", mjcf::GeomType::Hfield},
                                                           {"sphere", mjcf::GeomType::Sphere},
                                                           {"capsule", mjcf::GeomType::Capsule},
                                                           {"ellipsoid", mjcf::GeomType::Ellipsoid},
                                                           {"cylinder", mjcf::GeomType::Cylinder},
                                                           {"box", mjcf::GeomType::Box},
                                                           {"mesh", mjcf::GeomType::Mesh},
                                                           {"sdf", mjcf::GeomType::Sdf}};
  const std::string t = a.text("type", "sphere");
  const auto it = types.find(t);
  if (it == types.end()) a.fail("type", "unknown geom type '" + t + "'");
  return it->second;
}

void Importer::addGeom(const Node& g, const std::string& childClass, const std::string& subject, LinkSpec& link,
                       const Eigen::Isometry3d& chain, std::vector<mjcf::MassProperties>* parts) {
  const Attributes a = doc_.attributes(g, "geom", childClass, subject);
  const mjcf::GeomType type = geomType(a);
  Eigen::Vector3d size = Eigen::Vector3d::Zero();
  if (const auto s = a.numbersBetween("size", 1, 3))
    for (size_t i = 0; i < s->size(); ++i) size[static_cast<Eigen::Index>(i)] = (*s)[i];
  if (size.minCoeff() < 0.0) a.fail("size", "negative");
  Eigen::Isometry3d pose = framePose(a);
  if (const auto ft = a.numbers("fromto", 6)) {
    if (type != mjcf::GeomType::Capsule && type != mjcf::GeomType::Cylinder && type != mjcf::GeomType::Box &&
        type != mjcf::GeomType::Ellipsoid)
      a.fail("fromto", "only capsule, cylinder, box and ellipsoid geoms take fromto");
    const Eigen::Vector3d from((*ft)[0], (*ft)[1], (*ft)[2]), to((*ft)[3], (*ft)[4], (*ft)[5]);
    const Eigen::Vector3d v = from - to;
    if (v.norm() / 2.0 < 1e-14) a.fail("fromto", "the points are too close");
    size[1] = v.norm() / 2.0;
    if (type == mjcf::GeomType::Ellipsoid || type == mjcf::GeomType::Box) {
      size[2] = size[1];
      size[1] = size[0];
    }
    pose = Eigen::Isometry3d::Identity();
    pose.translation() = (from + to) / 2.0;
    pose.linear() = mjcf::quaternionFromZAxis(v).toRotationMatrix();
  }
  const std::string meshName = a.text("mesh");
  if (type == mjcf::GeomType::Mesh && meshName.empty()) a.fail("mesh", "a mesh geom needs a mesh");
  if (type == mjcf::GeomType::Mesh && !meshes_.count(meshName)) a.fail("mesh", "no mesh asset '" + meshName + "'");

  // Drawing: capsules as their bounding cylinder, ellipsoids as their bounding box.
  Geometry shape;
  shape.origin = chain * pose;
  bool drawn = true;
  switch (type) {
    case mjcf::GeomType::Box:
      shape.kind = Geometry::Kind::Box;
      shape.size = 2.0 * size;
      break;
    case mjcf::GeomType::Ellipsoid:
      shape.kind = Geometry::Kind::Box;
      shape.size = 2.0 * size;
      break;
    case mjcf::GeomType::Sphere:
      shape.kind = Geometry::Kind::Sphere;
      shape.radius = size[0];
      break;
    case mjcf::GeomType::Cylinder:
      shape.kind = Geometry::Kind::Cylinder;
      shape.radius = size[0];
      shape.length = 2.0 * size[1];
      break;
    case mjcf::GeomType::Capsule:
      shape.kind = Geometry::Kind::Cylinder;
      shape.radius = size[0];
      shape.length = 2.0 * (size[1] + size[0]);
      break;
    case mjcf::GeomType::Mesh: {
      const MeshAsset& m = meshes_.at(meshName);
      shape.kind = Geometry::Kind::Mesh;
      shape.meshUri = m.file;
      shape.meshPath = m.path;
      shape.scale = m.scale;
      if (m.path.empty()) absentMeshes_.insert(m.file);
      break;
    }
    default:
      drawn = false;
      break;
  }
  if (const auto rgba = a.numbers("rgba", 4)) {
    shape.hasColor = true;
    shape.rgba = Eigen::Vector4d(rgba->data());
  } else if (a.has("material") && materials_.count(a.text("material"))) {
    shape.hasColor = true;
    shape.rgba = materials_.at(a.text("material"));
  }
  const bool visual = a.number("contype", 1.0) == 0.0 && a.number("conaffinity", 1.0) == 0.0;
  if (drawn) (visual ? link.visuals : link.collisions).push_back(shape);

  const double groupNumber = a.number("group", 0.0);
  if (std::abs(groupNumber) > 1e6) a.fail("group", "out of range");
  const int group = static_cast<int>(groupNumber);
  if (!parts || group < compiler_.groupLow || group > compiler_.groupHigh) return;
  if (a.has("shellinertia") && a.text("shellinertia") == "true")
    a.fail("shellinertia", "shell inertia of primitive geoms is not supported");
  if (type == mjcf::GeomType::Plane || type == mjcf::GeomType::Hfield || type == mjcf::GeomType::Sdf) return;
  parts->push_back(mjcf::placed(geomMass(a, type, size, meshName), pose));
}

const mjcf::MeshVolume& Importer::meshVolumeOf(const std::string& name, const Attributes& geom) {
  MeshAsset& m = meshes_.at(name);
  if (!m.tried) {
    m.tried = true;
    if (m.mode == mjcf::MeshInertiaMode::Convex) {
      m.error = "mesh inertia 'convex' (the convex hull) is not supported; use legacy, exact or shell";
    } else if (m.path.empty()) {
      m.error = "mesh file '" + m.file + "' is absent and the body has no <inertial> to use instead";
    } else {
      mjcf::TriangleMesh tm;
      std::string error;
      if (!mjcf::readTriangleMesh(m.path, m.scale, tm, error)) {
        m.error = "mesh file '" + m.path + "': " + error;
      } else {
        const mjcf::MeshVolume v = mjcf::meshVolume(tm, m.mode, error);
        if (error.empty())
          m.volume = v;
        else
          m.error = "mesh '" + name + "': " + error;
      }
    }
  }
  if (!m.volume) geom.fail("mesh", m.error);
  return *m.volume;
}

mjcf::MassProperties Importer::geomMass(const Attributes& a, mjcf::GeomType type, const Eigen::Vector3d& size,
                                        const std::string& meshName) {
  mjcf::MassProperties out;
  const bool hasMass = a.has("mass");
  const double givenMass = a.number("mass", 0.0);
  const double density = a.number("density", 1000.0);
  if (givenMass < 0.0) a.fail("mass", "negative");
  if (density < 0.0) a.fail("density", "negative");
  if (hasMass ? givenMass == 0.0 : density == 0.0) return out;  // massless: no volume needed
  if (type == mjcf::GeomType::Mesh) {
    const mjcf::MeshVolume& v = meshVolumeOf(meshName, a);
    if (hasMass && v.volume <= 1e-14) return out;
    out.mass = hasMass ? givenMass : density * v.volume;
    out.com = v.com;
    // MuJoCo turns the mesh onto its principal axes and keeps its "equivalent inertia box".
    const mjcf::PrincipalInertia p = mjcf::mujocoPrincipalAxes(v.inertiaPerDensity);
    const Eigen::Vector3d e = p.moments;
    const Eigen::Vector3d box(0.5 * std::sqrt(6.0 * (e[1] + e[2] - e[0]) / v.volume),
                              0.5 * std::sqrt(6.0 * (e[0] + e[2] - e[1]) / v.volume),
                              0.5 * std::sqrt(6.0 * (e[0] + e[1] - e[2]) / v.volume));
    const Eigen::Vector3d moments(out.mass * (box[1] * box[1] + box[2] * box[2]) / 3.0,
                                  out.mass * (box[0] * box[0] + box[2] * box[2]) / 3.0,
                                  out.mass * (box[0] * box[0] + box[1] * box[1]) / 3.0);
    const Eigen::Matrix3d R = p.axes.toRotationMatrix();
    out.inertia = R * moments.asDiagonal() * R.transpose();
    return out;
  }
  const double volume = mjcf::primitiveVolume(type, size);
  if (hasMass && volume <= 1e-14) return out;
  out.mass = hasMass ? givenMass : density * volume;
  out.inertia = mjcf::primitiveInertia(type, size, out.mass).asDiagonal();
  return out;
}

void Importer::readActuators() {
  std::map<std::string, JointSpec*> byName;
  for (JointSpec& j : joints_) byName[j.name] = &j;
  for (const Node* block : doc_.root().childrenNamed("actuator")) {
    for (const Node& n : block->children) {
      const Attributes a = doc_.attributes(n, "actuator", "", n.name());
      if (!a.has("joint")) {
        note("actuators on tendons, sites or bodies");
        continue;
      }
      const std::string joint = a.text("joint");
      const auto it = byName.find(joint);
      if (it == byName.end() || it->second->type == JointSpecType::Fixed)
        a.fail("joint", "no hinge or slide joint '" + joint + "'");
      const auto gear = a.numbersBetween("gear", 1, 6);
      const double g = gear ? std::abs((*gear)[0]) : 1.0;
      double effort = std::numeric_limits<double>::infinity();
      const auto force = a.numbers("forcerange", 2);
      const std::optional<bool> forceLimited = a.flag("forcelimited", std::nullopt);
      if (force && (forceLimited ? *forceLimited : compiler_.autoLimits))
        effort = g * std::max(std::abs((*force)[0]), std::abs((*force)[1]));
      // A motor's (or a general actuator's without bias) force is its gain times the control.
      const bool motor = n.name() == "motor" || (n.name() == "general" && a.text("biastype", "none") == "none" &&
                                                 a.text("gaintype", "fixed") == "fixed");
      const auto ctrl = a.numbers("ctrlrange", 2);
      const std::optional<bool> ctrlLimited = a.flag("ctrllimited", std::nullopt);
      if (motor && ctrl && (ctrlLimited ? *ctrlLimited : compiler_.autoLimits)) {
        const auto gain = a.numbersBetween("gainprm", 1, 10);
        const double k = n.name() == "general" && gain ? std::abs((*gain)[0]) : 1.0;
        effort = std::min(effort, g * k * std::max(std::abs((*ctrl)[0]), std::abs((*ctrl)[1])));
      }
      it->second->limits.effort = std::min(it->second->limits.effort, effort);
    }
  }
}

}  // namespace

MjcfImport importMjcfStringWithWarnings(const std::string& text, const std::string& sourceName,
                                        const std::string& baseDir) {
  const mjcf::Document doc = mjcf::Document::readString(text, sourceName, baseDir);
  return Importer(doc).run();
}

MjcfImport importMjcfFileWithWarnings(const std::string& path) {
  const mjcf::Document doc = mjcf::Document::readFile(path);
  return Importer(doc).run();
}

RobotModel importMjcfFile(const std::string& path) { return importMjcfFileWithWarnings(path).model; }

bool isMjcfFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string head(64 * 1024, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  // The first element's name, past the declaration, comments and a DOCTYPE.
  size_t i = 0;
  while (i < head.size()) {
    i = head.find('<', i);
    if (i == std::string::npos) return false;
    if (head.compare(i, 4, "<!--") == 0) {
      i = head.find("-->", i);
      if (i == std::string::npos) return false;
      continue;
    }
    if (head.compare(i, 2, "<?") == 0 || head.compare(i, 2, "<!") == 0) {
      ++i;
      continue;
    }
    return head.compare(i + 1, 6, "mujoco") == 0 &&
           (i + 7 >= head.size() || std::string(" \t\r\n>/").find(head[i + 7]) != std::string::npos);
  }
  return false;
}

}  // namespace eb
