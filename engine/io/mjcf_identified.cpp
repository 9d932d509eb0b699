#include "io/mjcf_identified.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "io/atomic_file.hpp"
#include "io/xml_splice.hpp"
#include "model/inertial_parameters.hpp"
#include "model/mjcf_document.hpp"
#include "model/mjcf_import.hpp"
#include "model/urdf_import.hpp"
#include "util/input_error.hpp"

namespace eb {

namespace {

namespace fs = std::filesystem;
using xml::Edit;

// One <body> of the MJCF as the importer walks it.
struct MjcfBody {
  const mjcf::Node* node = nullptr;
  std::string name;                                        // as the importer names it ("bodyN" when unnamed)
  std::vector<const mjcf::Node*> joints;                   // its <joint>s, in order
  std::vector<std::string> jointNames;                     // as the importer names them
  Eigen::Vector3d lastJointPos = Eigen::Vector3d::Zero();  // its MJCF frame is the link frame moved by -pos
  const mjcf::Node* inertial = nullptr;
};

// The bodies of <worldbody> in document order, named and with joint positions as mjcf_import reads them.
void collectBodies(const mjcf::Document& doc, const mjcf::Node& body, const std::string& inheritedClass, int& counter,
                   std::vector<MjcfBody>& out) {
  ++counter;
  MjcfBody entry;
  entry.node = &body;
  const std::string* nameAttr = body.element->attribute("name");
  entry.name = nameAttr && !nameAttr->empty() ? *nameAttr : "body" + std::to_string(counter);
  std::string childClass = inheritedClass;
  if (const std::string* cc = body.element->attribute("childclass")) childClass = *cc;
  for (const mjcf::Node& c : body.children)
    if (c.name() == "joint" || c.name() == "freejoint") entry.joints.push_back(&c);
  for (size_t i = 0; i < entry.joints.size(); ++i) {
    const mjcf::Node& j = *entry.joints[i];
    const std::string childLink = i + 1 == entry.joints.size() ? entry.name : entry.name + "/" + std::to_string(i + 1);
    const std::string* jn = j.element->attribute("name");
    entry.jointNames.push_back(jn && !jn->empty() ? *jn : entry.name + "_" + childLink);
    if (i + 1 == entry.joints.size() && j.name() == "joint") {
      const mjcf::Attributes a = doc.attributes(j, "joint", childClass, "joint '" + entry.jointNames.back() + "'");
      if (const auto p = a.numbers("pos", 3)) entry.lastJointPos = Eigen::Vector3d(p->data());
    }
  }
  const std::vector<const mjcf::Node*> inertials = body.childrenNamed("inertial");
  if (!inertials.empty()) entry.inertial = inertials.front();
  out.push_back(entry);
  for (const mjcf::Node& c : body.children)
    if (c.name() == "body") collectBodies(doc, c, childClass, counter, out);
}

std::string numbers(std::initializer_list<double> values) {
  std::string s;
  for (double v : values) s += (s.empty() ? "" : " ") + exactNumberText(v);
  return s;
}

// pos, quat, mass and diaginertia of a body whose parameters are `theta` in its MJCF frame.
std::vector<std::pair<std::string, std::string>> inertialAttributes(const Vector10d& theta) {
  const double m = theta[0];
  const Eigen::Vector3d c = m > 0.0 ? centreOfMass(theta) : Eigen::Vector3d::Zero();
  const InertiaPrincipalAxes p = principalAxesOfInertia(m > 0.0 ? inertiaAboutCom(theta) : Eigen::Matrix3d::Zero());
  const Eigen::Quaterniond& q = p.axes;
  return {{"pos", numbers({c.x(), c.y(), c.z()})},
          {"quat", numbers({q.w(), q.x(), q.y(), q.z()})},
          {"mass", exactNumberText(m)},
          {"diaginertia", numbers({p.moments.x(), p.moments.y(), p.moments.z()})}};
}

// Edits that make `body`'s <inertial> say `theta` (its MJCF frame): attributes set in place and
// the other orientation forms removed, or an <inertial> inserted as the body's first child.
void inertialEdits(const std::string& text, const MjcfBody& body, const Vector10d& theta, const std::string& step,
                   std::vector<Edit>& edits) {
  const auto attributes = inertialAttributes(theta);
  if (body.inertial) {
    const xml::Element& e = *body.inertial->element;
    for (const auto& [name, value] : attributes) edits.push_back(xml::setAttribute(text, e, name, value));
    for (const char* other : {"fullinertia", "axisangle", "euler", "xyaxes", "zaxis"})
      if (e.attribute(other)) edits.push_back(xml::removeAttribute(text, e, other));
    return;
  }
  const xml::Element& b = *body.node->element;
  std::string element = "<inertial";
  for (const auto& [name, value] : attributes) element += " " + name + "=\"" + value + "\"";
  element += "/>";
  const std::string indent = xml::indentAt(text, b.begin);
  if (b.selfClosing) {
    edits.push_back({b.startEnd - 2, b.startEnd, ">\n" + indent + step + element + "\n" + indent + "</body>"});
  } else {
    edits.push_back({b.startEnd, b.startEnd, "\n" + indent + step + element});
  }
}

// The folder a relative reference of the source resolves in, written relative to the output's folder.
std::string rebased(const std::string& value, const fs::path& sourceDir, const fs::path& outputDir) {
  const fs::path p(value);
  if (p.is_absolute()) return value;
  std::error_code ec;
  const fs::path target = fs::weakly_canonical(sourceDir / p, ec);
  if (ec) return (fs::absolute(sourceDir) / p).lexically_normal().string();
  const fs::path out = fs::weakly_canonical(outputDir, ec);
  // Folders that share no more than the root: an absolute path says it plainly.
  const auto first = [](const fs::path& x) { return ++x.begin() == x.end() ? fs::path() : *++x.begin(); };
  if (ec || first(target) != first(out)) return target.string();
  const fs::path rel = target.lexically_relative(out);
  if (rel.empty()) return target.string();
  std::string s = rel.generic_string();
  if (!value.empty() && (value.back() == '/' || value.back() == '\\') && s.back() != '/') s += '/';
  return s;
}

// Edits that keep the file's relative references (compiler meshdir / texturedir / assetdir,
// include files, asset files when no folder is set) pointing where they did.
void referenceEdits(const std::string& text, const mjcf::Document& doc, const fs::path& sourceDir,
                    const fs::path& outputDir, std::vector<Edit>& edits, bool& rebasedAny) {
  std::error_code ec;
  if (fs::equivalent(sourceDir, outputDir, ec)) return;
  const xml::Element& root = *doc.root().element;
  bool meshDirSet = false, textureDirSet = false;
  // Raw elements of the main file (includes are still <include> here).
  std::vector<const xml::Element*> stack{&root};
  while (!stack.empty()) {
    const xml::Element* e = stack.back();
    stack.pop_back();
    for (const xml::Element& c : e->children) stack.push_back(&c);
    if (e->name == "compiler") {
      for (const char* attr : {"meshdir", "texturedir", "assetdir"}) {
        if (const std::string* v = e->attribute(attr)) {
          edits.push_back(xml::setAttribute(text, *e, attr, rebased(*v, sourceDir, outputDir)));
          rebasedAny = true;
          meshDirSet |= std::string(attr) != "texturedir";
          textureDirSet |= std::string(attr) != "meshdir";
        }
      }
    } else if (e->name == "include") {
      if (const std::string* v = e->attribute("file")) {
        edits.push_back(xml::setAttribute(text, *e, "file", rebased(*v, sourceDir, outputDir)));
        rebasedAny = true;
      }
    }
  }
  // Without a folder, asset files resolve next to the model: say where that was, for the kinds
  // of files the model has (meshdir: meshes, height fields, skins; texturedir: textures).
  bool meshFiles = false, textureFiles = false;
  for (const mjcf::Node* assets : doc.root().childrenNamed("asset"))
    for (const mjcf::Node& a : assets->children) {
      if (!a.element->attribute("file")) continue;
      (a.name() == "texture" ? textureFiles : meshFiles) = true;
    }
  meshDirSet |= !meshFiles;
  textureDirSet |= !textureFiles;
  if (!meshDirSet || !textureDirSet) {
    const std::string here = rebased(".", sourceDir, outputDir);
    const xml::Element* compiler = root.child("compiler");
    if (compiler) {
      if (!meshDirSet) edits.push_back(xml::setAttribute(text, *compiler, "meshdir", here));
      if (!textureDirSet) edits.push_back(xml::setAttribute(text, *compiler, "texturedir", here));
    } else {
      std::string element = "<compiler";
      if (!meshDirSet) element += " meshdir=\"" + xml::escapeAttribute(here) + "\"";
      if (!textureDirSet) element += " texturedir=\"" + xml::escapeAttribute(here) + "\"";
      element += "/>";
      const std::string indent = root.children.empty() ? "  " : xml::indentAt(text, root.children.front().begin);
      edits.push_back({root.startEnd, root.startEnd, "\n" + indent + element});
    }
    rebasedAny = true;
  }
}

[[noreturn]] void failAt(const mjcf::Node& node, const std::string& what, const std::string& message) {
  throw sourceErrorAt(*node.file, static_cast<size_t>(node.line()), what, message);
}

// Read it back: the written text must load (with the same locks) and give what was written.
void checkReadBack(const RobotModel& model, const std::vector<JointLock>& locks, const IdentifiedDynamics& d,
                   const std::string& out, const std::string& outputPath) {
  const fs::path dir = fs::absolute(fs::path(outputPath)).parent_path();
  const RobotModel check =
      lockJoints(importMjcfStringWithWarnings(out, outputPath + " (exported)", dir.string()).model, locks);
  if (check.bodyCount() != model.bodyCount() || check.dof() != model.dof())
    throw std::logic_error(outputPath + ": the exported MJCF reads back as another robot");
  const Eigen::VectorXd theta = d.standardParameters();
  for (int b = 0; b < model.bodyCount(); ++b) {
    const Vector10d diff = check.body(b).inertia - theta.segment<10>(10 * b);
    const double scale = theta.segment<10>(10 * b).cwiseAbs().maxCoeff();
    if (diff.cwiseAbs().maxCoeff() > 1e-9 * scale)
      throw std::logic_error(outputPath + ": the exported MJCF reads back with other parameters for body '" +
                             model.body(b).name + "'");
  }
  for (int j = 0; j < model.dof(); ++j) {
    const ExportedJointDynamics& e = d.joints[static_cast<size_t>(j)];
    const Joint& back = check.joint(j);
    if ((e.damping.estimated && e.damping.seen && back.damping != e.damping.value) ||
        (e.friction.estimated && e.friction.seen && back.friction != e.friction.value) ||
        (e.armature.estimated && e.armature.seen && back.armature != e.armature.value))
      throw std::logic_error(outputPath + ": the exported MJCF reads back with other dynamics for joint '" + back.name +
                             "'");
  }
}

}  // namespace

std::string exportIdentifiedMjcf(const std::string& mjcfPath, const RobotModel& model,
                                 const std::vector<JointLock>& locks, const IdentifiedDynamics& d,
                                 const std::string& outputPath) {
  if (d.bodies.size() != static_cast<size_t>(model.bodyCount()) || d.joints.size() != static_cast<size_t>(model.dof()))
    throw std::invalid_argument("exportIdentifiedMjcf: dynamics of another model");
  const mjcf::Document doc = mjcf::Document::readFile(mjcfPath);
  const std::string text = readUrdfText(mjcfPath);
  // The compiler must take explicit inertials.
  for (const mjcf::Node* c : doc.root().childrenNamed("compiler"))
    if (const std::string* v = c->element->attribute("inertiafromgeom"); v && *v == "true")
      failAt(*c, "compiler: inertiafromgeom",
             "\"true\" makes MuJoCo ignore every <inertial>, so identified inertias cannot be written; set it to "
             "\"auto\" first");

  const MjcfImport imported = importMjcfFileWithWarnings(mjcfPath);
  const RobotModel expected = lockJoints(imported.model, locks);
  bool same = expected.bodyCount() == model.bodyCount() && expected.dof() == model.dof();
  for (int b = 0; same && b < model.bodyCount(); ++b) same = expected.body(b).name == model.body(b).name;
  for (int j = 0; same && j < model.dof(); ++j) same = expected.joint(j).name == model.joint(j).name;
  if (!same)
    throw inputErrorIn(mjcfPath, "the MJCF (robot '" + expected.name() + "', " + std::to_string(expected.dof()) +
                                     " DOF) does not describe the identified robot '" + model.name() + "' (" +
                                     std::to_string(model.dof()) + " DOF)");
  for (int b = 0; b < model.bodyCount(); ++b)
    if (!isPhysicallyConsistent(d.bodies[static_cast<size_t>(b)].theta))
      throw inputErrorIn(mjcfPath, "body '" + model.body(b).name +
                                       "' is not physically consistent; an MJCF is exported only from a "
                                       "consistent estimate (`identify --method consistent`)");

  std::vector<MjcfBody> bodies;
  int counter = 0;
  for (const mjcf::Node* wb : doc.root().childrenNamed("worldbody"))
    for (const mjcf::Node& c : wb->children)
      if (c.name() == "body") collectBodies(doc, c, "", counter, bodies);
  std::map<std::string, const MjcfBody*> byName;
  for (const MjcfBody& b : bodies) byName[b.name] = &b;
  std::map<std::string, const MjcfBodyInertial*> recordOf;
  for (const MjcfBodyInertial& r : imported.bodies) recordOf[r.name] = &r;
  std::map<std::string, const LinkFrame*> linkOf;
  for (const LinkFrame& lf : model.links()) linkOf[lf.name] = &lf;

  const auto inMainFile = [&](const mjcf::Node& n) { return n.file == &doc.mainFile() || *n.file == doc.mainFile(); };
  const std::string step = xml::indentStep(text, *doc.root().element);
  std::vector<Edit> edits;

  // Bodies: the identified body, minus the bodies welded to it.
  for (int b = 0; b < model.bodyCount(); ++b) {
    const ExportedBodyInertia& e = d.bodies[static_cast<size_t>(b)];
    const auto primaryIt = byName.find(model.body(b).name);
    if (primaryIt == byName.end()) throw inputErrorIn(mjcfPath, "body '" + model.body(b).name + "' not found");
    const MjcfBody& primary = *primaryIt->second;
    const std::string comment = bodyExportComment(model, d, b);
    if (!e.identified) {
      if (!comment.empty() && inMainFile(*primary.node))
        edits.push_back(xml::commentBefore(text, *primary.node->element, comment));
      continue;
    }
    if (!inMainFile(*primary.node))
      failAt(*primary.node, "body '" + primary.name + "'",
             "written in an included file; the identified MJCF edits the main file only (move the body there)");
    // Pose of an MJCF body's own frame in the model body's frame.
    const auto mjcfFrameInBody = [&](const MjcfBody& mb) {
      const LinkFrame* lf = linkOf.at(mb.name);
      Eigen::Isometry3d T = lf->poseInBody;
      T.translate(-mb.lastJointPos);
      return T;
    };
    // Bodies merged into this one: held by a lock (they move in MuJoCo: their inertial stays)
    // and welded (no joints: their inertial stays unless the difference is not consistent).
    Vector10d locked = Vector10d::Zero(), welded = Vector10d::Zero();
    std::vector<const MjcfBody*> weldedBodies;
    for (const MjcfBody& mb : bodies) {
      const auto lf = linkOf.find(mb.name);
      if (&mb == &primary || lf == linkOf.end() || lf->second->body != b) continue;
      const MjcfBodyInertial* r = recordOf.at(mb.name);
      if (!(r->mass > 0.0) && r->inertia.isZero(0.0)) continue;
      const Eigen::Isometry3d T = mjcfFrameInBody(mb);
      const Vector10d theta = transformStandardParameters(standardParametersFromCom(r->mass, r->com, r->inertia),
                                                          T.linear(), T.translation());
      if (mb.joints.empty()) {
        welded += theta;
        weldedBodies.push_back(&mb);
      } else {
        locked += theta;
      }
    }
    const Eigen::Isometry3d F = mjcfFrameInBody(primary);  // primary's MJCF frame in the body frame
    const Eigen::Isometry3d toF = F.inverse();
    Vector10d own = e.theta - locked - welded;
    std::string weldNote;
    if (!isPhysicallyConsistent(own)) {
      own = e.theta - locked;
      if (weldedBodies.empty() || !isPhysicallyConsistent(own))
        failAt(*primary.node, "body '" + primary.name + "'",
               "the identified body less the bodies merged into it (" + exactNumberText(e.theta[0]) + " - " +
                   exactNumberText(locked[0] + welded[0]) +
                   " kg) is not physically consistent, so it cannot be written with theirs as they are");
      for (const MjcfBody* w : weldedBodies) {
        if (!inMainFile(*w->node))
          failAt(*w->node, "body '" + w->name + "'",
                 "written in an included file; the identified MJCF edits the main file only");
        inertialEdits(text, *w, Vector10d::Zero(), step, edits);
        edits.push_back(xml::commentBefore(
            text, *w->node->element,
            "body '" + w->name + "': made massless by ExciteBench; its mass is part of the identified inertial of '" +
                primary.name + "' (the identified body less this one was not physically consistent)"));
      }
      weldNote = "the whole identified body, including the bodies welded to it";
    } else if (!weldedBodies.empty()) {
      std::string names;
      for (const MjcfBody* w : weldedBodies) names += (names.empty() ? "'" : ", '") + w->name + "'";
      weldNote = "the identified body less the bodies welded to it (" + names + ", as written)";
    }
    inertialEdits(text, primary, transformStandardParameters(own, toF.linear(), toF.translation()), step, edits);
    std::string full = comment;
    if (!weldNote.empty())
      full += (full.empty() ? "body '" + primary.name + "': " : "; ") + std::string("inertial is ") + weldNote;
    if (!full.empty()) edits.push_back(xml::commentBefore(text, *primary.node->element, full));
  }

  // Joints: armature, damping, frictionloss as the joint's own attributes.
  for (int j = 0; j < model.dof(); ++j) {
    const ExportedJointDynamics& e = d.joints[static_cast<size_t>(j)];
    const mjcf::Node* node = nullptr;
    for (const MjcfBody& mb : bodies)
      for (size_t k = 0; k < mb.joints.size(); ++k)
        if (mb.jointNames[k] == model.joint(j).name) node = mb.joints[k];
    if (!node) throw inputErrorIn(mjcfPath, "joint '" + model.joint(j).name + "' not found");
    const std::string comment = jointExportComment(model, d, j, "MJCF");
    const bool any = (e.damping.estimated && e.damping.seen) || (e.friction.estimated && e.friction.seen) ||
                     (e.armature.estimated && e.armature.seen);
    if (!any && comment.empty()) continue;
    if (!inMainFile(*node))
      failAt(*node, "joint '" + model.joint(j).name + "'",
             "written in an included file; the identified MJCF edits the main file only");
    const xml::Element& el = *node->element;
    if (e.armature.estimated && e.armature.seen)
      edits.push_back(xml::setAttribute(text, el, "armature", exactNumberText(e.armature.value)));
    if (e.damping.estimated && e.damping.seen)
      edits.push_back(xml::setAttribute(text, el, "damping", exactNumberText(e.damping.value)));
    if (e.friction.estimated && e.friction.seen)
      edits.push_back(xml::setAttribute(text, el, "frictionloss", exactNumberText(e.friction.value)));
    if (!comment.empty()) edits.push_back(xml::commentBefore(text, el, comment));
  }

  bool rebasedAny = false;
  referenceEdits(text, doc, fs::absolute(fs::path(mjcfPath)).parent_path(),
                 fs::absolute(fs::path(outputPath)).parent_path(), edits, rebasedAny);

  const xml::Element& root = *doc.root().element;
  std::string header =
      "Identified by ExciteBench" + (d.source.empty() ? std::string() : " from " + d.source) + " (method " + d.method +
      ") for robot '" + model.name() +
      "': every moving body's inertial holds its identified body (pos = centre of mass, quat = "
      "principal axes, diaginertia = principal moments about the centre of mass), and every joint "
      "whose friction or rotor inertia was identified has its own damping (viscous, N m s/rad), "
      "frictionloss (Coulomb, N m) and armature (kg m^2). Everything else is as in " +
      fs::path(mjcfPath).filename().string() +
      (rebasedAny ? ", with its relative folders and includes rewritten for this file's folder." : ".");
  const std::string indent = xml::indentAt(text, root.begin);
  edits.push_back(
      {root.begin - indent.size(), root.begin - indent.size(), "<!-- " + xmlCommentText(header) + " -->\n"});
  const std::string out = xml::applyEdits(text, std::move(edits));
  checkReadBack(model, locks, d, out, outputPath);
  return out;
}

void writeIdentifiedMjcf(const std::string& mjcfPath, const RobotModel& model, const std::vector<JointLock>& locks,
                         const IdentifiedDynamics& dynamics, const std::string& outputPath) {
  writeFileAtomically(outputPath, exportIdentifiedMjcf(mjcfPath, model, locks, dynamics, outputPath));
}

}  // namespace eb
