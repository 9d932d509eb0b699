#include "io/urdf_export.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "io/atomic_file.hpp"
#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"
#include "model/urdf_import.hpp"
#include "model/xml_document.hpp"

namespace eb {

namespace {

// ---------------------------------------------------------------------------
// Text helpers.

/// Whitespace between the start of the line holding `pos` and `pos` ("" if other text precedes).
std::string indentAt(const std::string& t, size_t pos) {
  size_t b = pos;
  while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t')) --b;
  if (b > 0 && t[b - 1] != '\n') return {};
  return t.substr(b, pos - b);
}

/// [b, e) grown to whole lines when nothing but whitespace shares them.
std::pair<size_t, size_t> wholeLines(const std::string& t, size_t b, size_t e) {
  size_t lb = b;
  while (lb > 0 && (t[lb - 1] == ' ' || t[lb - 1] == '\t')) --lb;
  size_t le = e;
  while (le < t.size() && (t[le] == ' ' || t[le] == '\t' || t[le] == '\r')) ++le;
  const bool startOfLine = lb == 0 || t[lb - 1] == '\n';
  const bool endOfLine = le >= t.size() || t[le] == '\n';
  if (!startOfLine || !endOfLine) return {b, e};
  return {lb, le < t.size() ? le + 1 : le};
}

/// The shortest of 15, 16, 17 significant digits that reads back to the same double.
std::string exactNumber(double v) {
  if (v == 0.0) return "0";  // no "-0"
  std::string text;
  for (int digits = 15; digits <= 17; ++digits) {
    std::ostringstream s;
    s.imbue(std::locale::classic());
    s << std::setprecision(digits) << v;
    text = s.str();
    std::istringstream back(text);
    back.imbue(std::locale::classic());
    double parsed = 0.0;
    if (back >> parsed && parsed == v) break;
  }
  return text;
}

std::string commentText(std::string s) {
  // "--" is not allowed inside an XML comment.
  for (size_t k; (k = s.find("--")) != std::string::npos;) s.replace(k, 2, "- -");
  if (!s.empty() && s.back() == '-') s += ' ';
  return s;
}

std::string inertialElement(const Vector10d& theta, const std::string& indent, const std::string& step) {
  const double m = theta[0];
  const Eigen::Vector3d c = centreOfMass(theta);
  const Eigen::Matrix3d I = inertiaAboutCom(theta);
  const std::string ci = indent + step;
  std::string s;
  s += "<inertial>\n";
  s += ci + "<origin xyz=\"" + exactNumber(c.x()) + " " + exactNumber(c.y()) + " " + exactNumber(c.z()) +
       "\" rpy=\"0 0 0\"/>\n";
  s += ci + "<mass value=\"" + exactNumber(m) + "\"/>\n";
  s += ci + "<inertia ixx=\"" + exactNumber(I(0, 0)) + "\" ixy=\"" + exactNumber(I(0, 1)) + "\" ixz=\"" +
       exactNumber(I(0, 2)) + "\" iyy=\"" + exactNumber(I(1, 1)) + "\" iyz=\"" + exactNumber(I(1, 2)) + "\" izz=\"" +
       exactNumber(I(2, 2)) + "\"/>\n";
  s += indent + "</inertial>";
  return s;
}

struct Edit {
  size_t begin, end;
  std::string text;
};

std::string formatShort(double v) {
  std::ostringstream s;
  s << std::setprecision(3) << v;
  return s.str();
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
                       "' is not physically consistent (smallest pseudo-inertia eigenvalue " + formatShort(lmin) +
                       ", mass " + formatShort(tb[0]) +
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

// Top-level <link> elements by name.
LinkElements linkElements(const xml::Element& robot) {
  LinkElements linkNodes;
  for (const xml::Element& nd : robot.children) {
    if (nd.name != "link") continue;
    if (const std::string* name = nd.attribute("name")) linkNodes.emplace(*name, &nd);
  }
  return linkNodes;
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
                                  commentText(
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

// The edit that puts the header comment before the root element.
Edit headerEdit(const RobotModel& model, const std::string& urdfText, const std::string& sourceName,
                const xml::Element& robot) {
  std::ostringstream header;
  header << "<!-- "
         << commentText("Inertial parameters identified by ExciteBench" +
                        (sourceName.empty() ? std::string() : " from " + sourceName) + " for robot '" + model.name() +
                        "'. Each moving link's inertial element holds its identified body (mass, "
                        "centre of mass, inertia about the centre of mass in link axes); links attached to it by "
                        "fixed joints are part of that body and lost their own inertial element. Everything else "
                        "is as in the original file.")
         << " -->\n";
  const std::string indent = indentAt(urdfText, robot.begin);
  return {robot.begin - indent.size(), robot.begin - indent.size(), header.str()};
}

// urdfText with the edits applied.
std::string applyEdits(const std::string& urdfText, std::vector<Edit> edits) {
  // Apply from the back so earlier offsets stay valid (insertions at the same offset keep their order).
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin > b.begin; });
  std::string out = urdfText;
  for (const Edit& e : edits) out.replace(e.begin, e.end - e.begin, e.text);
  return out;
}

// Read it back: the exported text must load and give the parameters written (std::logic_error if not).
void checkReadBack(const RobotModel& model, const std::string& out, const std::string& where,
                   const Eigen::VectorXd& theta) {
  const RobotModel check = importUrdfString(out, where + " (exported)", std::string());
  const Eigen::VectorXd back = check.standardParameters();
  if (back.size() != theta.size())
    throw std::logic_error(where + ": exported URDF reads back with a different number of bodies");
  for (int b = 0; b < model.bodyCount(); ++b) {
    const Vector10d d = back.segment<10>(10 * b) - theta.segment<10>(10 * b);
    const double scale = theta.segment<10>(10 * b).cwiseAbs().maxCoeff();
    if (d.cwiseAbs().maxCoeff() > 1e-9 * scale)
      throw std::logic_error(where + ": exported URDF reads back with different parameters for body '" +
                             model.body(b).name + "'");
  }
}

}  // namespace

std::string exportIdentifiedUrdf(const RobotModel& model, const std::string& urdfText, const std::string& sourceName,
                                 const Eigen::VectorXd& theta) {
  const std::string where = sourceName.empty() ? std::string("URDF export") : sourceName;
  checkParameters(model, where, theta);
  const xml::Element robot = parseMatchingUrdf(model, urdfText, where);
  const LinkElements linkNodes = linkElements(robot);
  const std::string step = indentStep(urdfText, linkNodes);
  std::vector<Edit> edits;
  inertialEdits(model, urdfText, where, theta, linkNodes, step, edits);
  mergedLinkEdits(model, urdfText, linkNodes, edits);
  edits.push_back(headerEdit(model, urdfText, sourceName, robot));
  const std::string out = applyEdits(urdfText, std::move(edits));
  checkReadBack(model, out, where, theta);
  return out;
}

void writeIdentifiedUrdf(const std::string& path, const RobotModel& model, const std::string& urdfText,
                         const std::string& sourceName, const Eigen::VectorXd& standardParameters) {
  writeFileAtomically(path, exportIdentifiedUrdf(model, urdfText, sourceName, standardParameters));
}

}  // namespace eb
