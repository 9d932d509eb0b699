#include "io/urdf_export.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "io/atomic_file.hpp"
#include "io/identified_dynamics.hpp"
#include "io/xml_splice.hpp"
#include "model/inertial_parameters.hpp"
#include "model/urdf_import.hpp"
#include "model/xml_document.hpp"
#include "util/input_error.hpp"
#include "util/text_format.hpp"

namespace eb {

namespace {

using xml::applyEdits;
using xml::Edit;
using xml::indentAt;
using xml::wholeLines;

std::string inertialElement(const Vector10d& theta, const std::string& indent, const std::string& step) {
  const double m = theta[0];
  const Eigen::Vector3d c = centreOfMass(theta);
  const Eigen::Matrix3d I = inertiaAboutCom(theta);
  const std::string ci = indent + step;
  std::string s;
  s += "<inertial>\n";
  s += ci + "<origin xyz=\"" + exactNumberText(c.x()) + " " + exactNumberText(c.y()) + " " + exactNumberText(c.z()) +
       "\" rpy=\"0 0 0\"/>\n";
  s += ci + "<mass value=\"" + exactNumberText(m) + "\"/>\n";
  s += ci + "<inertia ixx=\"" + exactNumberText(I(0, 0)) + "\" ixy=\"" + exactNumberText(I(0, 1)) + "\" ixz=\"" +
       exactNumberText(I(0, 2)) + "\" iyy=\"" + exactNumberText(I(1, 1)) + "\" iyz=\"" + exactNumberText(I(1, 2)) +
       "\" izz=\"" + exactNumberText(I(2, 2)) + "\"/>\n";
  s += indent + "</inertial>";
  return s;
}

// ---------------------------------------------------------------------------
// The steps of exportIdentifiedUrdf.

using LinkElements = std::map<std::string, const xml::Element*>;

// Throws InputError unless theta holds 10 finite standard parameters per body, each body
// physically consistent (positive definite pseudo-inertia, positive mass).
void checkParameters(const RobotModel& model, const std::string& where, const Eigen::VectorXd& theta) {
  const int nb = model.bodyCount();
  if (theta.size() != 10 * nb)
    throw InputError(where + ": expected " + std::to_string(10 * nb) + " standard parameters (10 per body of '" +
                     model.name() + "'), got " + std::to_string(theta.size()));
  if (!theta.allFinite()) throw InputError(where + ": the identified parameters are not all finite");
  for (int b = 0; b < nb; ++b) {
    const Vector10d tb = theta.segment<10>(10 * b);
    const double lmin =
        Eigen::SelfAdjointEigenSolver<Eigen::Matrix4d>(pseudoInertia(tb), Eigen::EigenvaluesOnly).eigenvalues()[0];
    if (!(lmin > 0.0) || !(tb[0] > 0.0))
      throw InputError(where + ": body '" + model.body(b).name +
                       "' is not physically consistent (smallest pseudo-inertia eigenvalue " +
                       formatSignificant(lmin, 3) + ", mass " + formatSignificant(tb[0], 3) +
                       " kg); a URDF is exported only from a consistent estimate (method 'consistent')");
  }
}

// The <robot> element of urdfText, which must describe this model: same moving bodies (links)
// in the same order. Line-numbered errors for malformed XML; InputError for another robot.
xml::Element parseMatchingUrdf(const RobotModel& model, const std::string& urdfText, const std::string& where) {
  const int nb = model.bodyCount();
  xml::Element robot = xml::parse(urdfText, where);
  const RobotModel original = importUrdfString(urdfText, where, std::string());
  bool same = original.bodyCount() == nb && original.dof() == model.dof();
  for (int b = 0; same && b < nb; ++b)
    same = original.body(b).name == model.body(b).name && original.body(b).jointName == model.body(b).jointName;
  if (!same)
    throw InputError(where + ": the URDF (robot '" + original.name() + "', " + std::to_string(original.bodyCount()) +
                     " moving links) does not describe the robot '" + model.name() + "' (" + std::to_string(nb) +
                     " moving links)");
  if (robot.name != "robot") throw InputError(where + ": xml: the root element is not <robot>");
  return robot;
}

// Top-level elements of kind `kind` (<link>, <joint>) by name.
LinkElements topLevelElements(const xml::Element& robot, const std::string& kind) {
  LinkElements nodes;
  for (const xml::Element& nd : robot.children) {
    if (nd.name != kind) continue;
    if (const std::string* name = nd.attribute("name")) nodes.emplace(*name, &nd);
  }
  return nodes;
}

// Indentation step of the file: a link's first child against the link, else two spaces.
std::string indentStep(const std::string& urdfText, const LinkElements& linkNodes) {
  for (const auto& entry : linkNodes) {
    const xml::Element& ln = *entry.second;
    if (ln.children.empty()) continue;
    const std::string outer = indentAt(urdfText, ln.begin);
    const std::string inner = indentAt(urdfText, ln.children.front().begin);
    if (inner.size() > outer.size() && inner.compare(0, outer.size(), outer) == 0) return inner.substr(outer.size());
  }
  return "  ";
}

// Edits that give each moving body's link its identified <inertial>: replacing the link's
// first one (and dropping any second), else inserting one. InputError for a missing link.
void inertialEdits(const RobotModel& model, const std::string& urdfText, const std::string& where,
                   const Eigen::VectorXd& theta, const LinkElements& linkNodes, const std::string& step,
                   std::vector<Edit>& edits) {
  for (int b = 0; b < model.bodyCount(); ++b) {
    const std::string& linkName = model.body(b).name;
    const auto it = linkNodes.find(linkName);
    if (it == linkNodes.end()) throw InputError(where + ": link '" + linkName + "' not found in the URDF");
    const xml::Element& link = *it->second;
    const Vector10d tb = theta.segment<10>(10 * b);
    if (const xml::Element* inertial = link.child("inertial")) {
      const std::string indent = indentAt(urdfText, inertial->begin);
      edits.push_back({inertial->begin, inertial->end, inertialElement(tb, indent, step)});
      // A second <inertial> (invalid URDF) would contradict the first.
      for (const xml::Element& other : link.children) {
        if (&other != inertial && other.name == "inertial") {
          const auto range = wholeLines(urdfText, other.begin, other.end);
          edits.push_back({range.first, range.second, ""});
        }
      }
    } else {
      const std::string linkIndent = indentAt(urdfText, link.begin);
      const std::string indent = linkIndent + step;
      if (link.selfClosing) {
        // <link name="x"/> -> <link name="x"> <inertial>...</inertial> </link>
        edits.push_back({link.startEnd - 2, link.startEnd,
                         ">\n" + indent + inertialElement(tb, indent, step) + "\n" + linkIndent + "</link>"});
      } else {
        const bool ownLine =
            !indentAt(urdfText, link.endBegin).empty() || (link.endBegin > 0 && urdfText[link.endBegin - 1] == '\n');
        const std::string text = ownLine ? step + inertialElement(tb, indent, step) + "\n" + linkIndent
                                         : "\n" + indent + inertialElement(tb, indent, step) + "\n" + linkIndent;
        edits.push_back({link.endBegin, link.endBegin, text});
      }
    }
  }
}

// Edits that comment out the <inertial> of links merged into a moving body by fixed joints:
// their inertial is part of the body's.
void mergedLinkEdits(const RobotModel& model, const std::string& urdfText, const LinkElements& linkNodes,
                     std::vector<Edit>& edits) {
  for (const LinkFrame& lf : model.links()) {
    if (lf.body < 0 || lf.name == model.body(lf.body).name) continue;
    const auto it = linkNodes.find(lf.name);
    if (it == linkNodes.end()) continue;
    const xml::Element& link = *it->second;
    for (const xml::Element& nd : link.children) {
      if (nd.name != "inertial") continue;
      const std::string indent = indentAt(urdfText, nd.begin);
      const std::string comment = "<!-- " +
                                  xmlCommentText(
                                      "inertial removed by ExciteBench: this link is attached by a fixed joint to the "
                                      "moving link '" +
                                      model.body(lf.body).name + "', whose identified inertial includes its mass") +
                                  " -->";
      const auto range = wholeLines(urdfText, nd.begin, nd.end);
      const bool lines = range.first != nd.begin;
      edits.push_back({range.first, range.second, lines ? indent + comment + "\n" : comment});
    }
  }
}

// Edits that give each joint whose friction was identified its <dynamics damping friction>
// (attributes set on the joint's own <dynamics>, other attributes kept; one inserted where it
// has none), and the comments: what was kept at the model's value, what URDF cannot say.
void dynamicsEdits(const RobotModel& model, const std::string& urdfText, const std::string& where,
                   const IdentifiedDynamics& d, const LinkElements& jointNodes, const std::string& step,
                   std::vector<Edit>& edits) {
  for (int j = 0; j < model.dof(); ++j) {
    const auto it = jointNodes.find(model.joint(j).name);
    if (it == jointNodes.end()) throw InputError(where + ": joint '" + model.joint(j).name + "' not found in the URDF");
    const xml::Element& joint = *it->second;
    const ExportedJointDynamics& e = d.joints[static_cast<size_t>(j)];
    const std::string comment = jointExportComment(model, d, j, "URDF");
    if (!comment.empty()) edits.push_back(xml::commentBefore(urdfText, joint, comment));
    const bool damping = e.damping.estimated && e.damping.seen;
    const bool friction = e.friction.estimated && e.friction.seen;
    if (!damping && !friction) continue;
    if (const xml::Element* dynamics = joint.child("dynamics")) {
      if (damping) edits.push_back(xml::setAttribute(urdfText, *dynamics, "damping", exactNumberText(e.damping.value)));
      if (friction)
        edits.push_back(xml::setAttribute(urdfText, *dynamics, "friction", exactNumberText(e.friction.value)));
      continue;
    }
    std::string element = "<dynamics";
    if (damping) element += " damping=\"" + exactNumberText(e.damping.value) + "\"";
    if (friction) element += " friction=\"" + exactNumberText(e.friction.value) + "\"";
    element += "/>";
    const std::string jointIndent = indentAt(urdfText, joint.begin);
    if (joint.selfClosing) {
      edits.push_back(
          {joint.startEnd - 2, joint.startEnd, ">\n" + jointIndent + step + element + "\n" + jointIndent + "</joint>"});
    } else {
      const bool ownLine =
          !indentAt(urdfText, joint.endBegin).empty() || (joint.endBegin > 0 && urdfText[joint.endBegin - 1] == '\n');
      edits.push_back(
          {joint.endBegin, joint.endBegin,
           ownLine ? step + element + "\n" + jointIndent : "\n" + jointIndent + step + element + "\n" + jointIndent});
    }
  }
}

// Comments before the links whose inertia the data did not (wholly) see.
void bodyCommentEdits(const RobotModel& model, const std::string& urdfText, const IdentifiedDynamics& d,
                      const LinkElements& linkNodes, std::vector<Edit>& edits) {
  for (int b = 0; b < model.bodyCount(); ++b) {
    const std::string comment = bodyExportComment(model, d, b);
    const auto it = linkNodes.find(model.body(b).name);
    if (!comment.empty() && it != linkNodes.end()) edits.push_back(xml::commentBefore(urdfText, *it->second, comment));
  }
}

// The edit that puts the header comment before the root element.
Edit headerEdit(const RobotModel& model, const std::string& urdfText, const std::string& sourceName,
                const xml::Element& robot, bool withDynamics) {
  std::ostringstream header;
  header << "<!-- "
         << xmlCommentText("Inertial parameters identified by ExciteBench" +
                           (sourceName.empty() ? std::string() : " from " + sourceName) + " for robot '" +
                           model.name() +
                           "'. Each moving link's inertial element holds its identified body (mass, "
                           "centre of mass, inertia about the centre of mass in link axes); links attached to it by "
                           "fixed joints are part of that body and lost their own inertial element." +
                           std::string(withDynamics ? " Each joint's dynamics element holds the identified viscous "
                                                      "(damping, N m s/rad) and Coulomb (friction, N m) friction where "
                                                      "they were identified; a comment before a joint says what the "
                                                      "identified friction holds beyond them."
                                                    : "") +
                           " Everything else is as in the original file.")
         << " -->\n";
  const std::string indent = indentAt(urdfText, robot.begin);
  return {robot.begin - indent.size(), robot.begin - indent.size(), header.str()};
}

// Read it back: the exported text must load and give the parameters written (std::logic_error if not).
void checkReadBack(const RobotModel& model, const std::string& out, const std::string& where,
                   const IdentifiedDynamics& d) {
  const Eigen::VectorXd theta = d.standardParameters();
  const RobotModel check = importUrdfString(out, where + " (exported)", std::string());
  for (int j = 0; j < model.dof() && j < check.dof(); ++j) {
    const ExportedJointDynamics& e = d.joints[static_cast<size_t>(j)];
    if ((e.damping.estimated && e.damping.seen && check.joint(j).damping != e.damping.value) ||
        (e.friction.estimated && e.friction.seen && check.joint(j).friction != e.friction.value))
      throw std::logic_error(where + ": exported URDF reads back with different dynamics for joint '" +
                             model.joint(j).name + "'");
  }
  const Eigen::VectorXd back = check.standardParameters();
  if (back.size() != theta.size())
    throw std::logic_error(where + ": exported URDF reads back with a different number of bodies");
  for (int b = 0; b < model.bodyCount(); ++b) {
    const Vector10d diff = back.segment<10>(10 * b) - theta.segment<10>(10 * b);
    const double scale = theta.segment<10>(10 * b).cwiseAbs().maxCoeff();
    if (diff.cwiseAbs().maxCoeff() > 1e-9 * scale)
      throw std::logic_error(where + ": exported URDF reads back with different parameters for body '" +
                             model.body(b).name + "'");
  }
}

}  // namespace

std::string exportIdentifiedUrdf(const RobotModel& model, const std::string& urdfText, const std::string& sourceName,
                                 const IdentifiedDynamics& d) {
  const std::string where = sourceName.empty() ? std::string("URDF export") : sourceName;
  if (d.bodies.size() != static_cast<size_t>(model.bodyCount()) || d.joints.size() != static_cast<size_t>(model.dof()))
    throw std::invalid_argument("exportIdentifiedUrdf: dynamics of another model");
  const Eigen::VectorXd theta = d.standardParameters();
  checkParameters(model, where, theta);
  const xml::Element robot = parseMatchingUrdf(model, urdfText, where);
  const LinkElements linkNodes = topLevelElements(robot, "link");
  const std::string step = indentStep(urdfText, linkNodes);
  std::vector<Edit> edits;
  inertialEdits(model, urdfText, where, theta, linkNodes, step, edits);
  mergedLinkEdits(model, urdfText, linkNodes, edits);
  bodyCommentEdits(model, urdfText, d, linkNodes, edits);
  bool withDynamics = false;
  for (const ExportedJointDynamics& e : d.joints) withDynamics |= e.damping.estimated || e.friction.estimated;
  dynamicsEdits(model, urdfText, where, d, topLevelElements(robot, "joint"), step, edits);
  edits.push_back(headerEdit(model, urdfText, sourceName, robot, withDynamics));
  const std::string out = applyEdits(urdfText, std::move(edits));
  checkReadBack(model, out, where, d);
  return out;
}

std::string exportIdentifiedUrdf(const RobotModel& model, const std::string& urdfText, const std::string& sourceName,
                                 const Eigen::VectorXd& theta) {
  const std::string where = sourceName.empty() ? std::string("URDF export") : sourceName;
  checkParameters(model, where, theta);
  IdentifiedDynamics d = modelDynamics(model);
  for (int b = 0; b < model.bodyCount(); ++b) {
    d.bodies[static_cast<size_t>(b)].theta = theta.segment<10>(10 * b);
    d.bodies[static_cast<size_t>(b)].identified = true;
  }
  return exportIdentifiedUrdf(model, urdfText, sourceName, d);
}

void writeIdentifiedUrdf(const std::string& path, const RobotModel& model, const std::string& urdfText,
                         const std::string& sourceName, const IdentifiedDynamics& dynamics) {
  writeFileAtomically(path, exportIdentifiedUrdf(model, urdfText, sourceName, dynamics));
}

void writeIdentifiedUrdf(const std::string& path, const RobotModel& model, const std::string& urdfText,
                         const std::string& sourceName, const Eigen::VectorXd& standardParameters) {
  writeFileAtomically(path, exportIdentifiedUrdf(model, urdfText, sourceName, standardParameters));
}

}  // namespace eb
