#include "io/urdf_export.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "io/atomic_file.hpp"
#include "model/inertial_parameters.hpp"
#include "model/model_error.hpp"
#include "model/urdf_import.hpp"
#include "model/xml_document.hpp"

namespace eb {

namespace {

// ---------------------------------------------------------------------------
// A scanner that records where each element starts and ends in the text, so
// the export can splice the original bytes. The text has already been
// validated by xml::parse (which reports malformed XML with a line number);
// this pass only needs to be right for well-formed XML.

struct Node {
  std::string name;
  size_t begin = 0;     // '<' of the start tag
  size_t startEnd = 0;  // one past '>' of the start tag
  size_t endBegin = 0;  // '<' of the end tag (== startEnd for <a/>)
  size_t end = 0;       // one past the last '>'
  bool selfClosing = false;
  int parent = -1;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::vector<int> children;

  const std::string* attribute(const std::string& n) const {
    for (const auto& a : attributes)
      if (a.first == n) return &a.second;
    return nullptr;
  }
};

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string unescape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '&') {
      out += s[i];
      continue;
    }
    const size_t semi = s.find(';', i);
    if (semi == std::string::npos) {
      out += s[i];
      continue;
    }
    const std::string ent = s.substr(i + 1, semi - i - 1);
    if (ent == "lt")
      out += '<';
    else if (ent == "gt")
      out += '>';
    else if (ent == "amp")
      out += '&';
    else if (ent == "quot")
      out += '"';
    else if (ent == "apos")
      out += '\'';
    else if (!ent.empty() && ent[0] == '#') {
      const bool hex = ent.size() > 1 && (ent[1] == 'x' || ent[1] == 'X');
      const uint32_t cp = static_cast<uint32_t>(std::stoul(ent.substr(hex ? 2 : 1), nullptr, hex ? 16 : 10));
      if (cp < 0x80) {
        out += static_cast<char>(cp);
      } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
      } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
      } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
      }
    } else {
      out += s.substr(i, semi - i + 1);
    }
    i = semi;
  }
  return out;
}

std::vector<Node> scanElements(const std::string& t, const std::string& source) {
  std::vector<Node> nodes;
  std::vector<int> open;
  const size_t n = t.size();
  auto fail = [&](size_t at, const std::string& what) {
    const long line = 1 + std::count(t.begin(), t.begin() + static_cast<long>(std::min(at, n)), '\n');
    throw ModelError(source + ":" + std::to_string(line) + ": xml: " + what);
  };
  auto skipTo = [&](size_t from, const char* marker) {
    const size_t j = t.find(marker, from);
    if (j == std::string::npos) fail(from, std::string("missing '") + marker + "'");
    return j + std::char_traits<char>::length(marker);
  };
  size_t i = 0;
  while (i < n) {
    if (t[i] != '<') {
      ++i;
      continue;
    }
    if (t.compare(i, 4, "<!--") == 0) {
      i = skipTo(i + 4, "-->");
    } else if (t.compare(i, 9, "<![CDATA[") == 0) {
      i = skipTo(i + 9, "]]>");
    } else if (t.compare(i, 2, "<?") == 0) {
      i = skipTo(i + 2, "?>");
    } else if (t.compare(i, 2, "<!") == 0) {  // DOCTYPE, possibly with an internal subset
      int bracket = 0;
      char quote = 0;
      size_t j = i + 2;
      for (; j < n; ++j) {
        const char c = t[j];
        if (quote) {
          if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (c == '[') {
          ++bracket;
        } else if (c == ']') {
          --bracket;
        } else if (c == '>' && bracket <= 0) {
          break;
        }
      }
      if (j >= n) fail(i, "unterminated declaration");
      i = j + 1;
    } else if (t.compare(i, 2, "</") == 0) {
      const size_t j = t.find('>', i);
      if (j == std::string::npos) fail(i, "unterminated end tag");
      std::string name = t.substr(i + 2, j - i - 2);
      while (!name.empty() && isSpace(name.back())) name.pop_back();
      if (open.empty() || nodes[static_cast<size_t>(open.back())].name != name)
        fail(i, "unexpected end tag </" + name + ">");
      Node& node = nodes[static_cast<size_t>(open.back())];
      node.endBegin = i;
      node.end = j + 1;
      open.pop_back();
      i = j + 1;
    } else {
      Node node;
      node.begin = i;
      size_t j = i + 1;
      while (j < n && !isSpace(t[j]) && t[j] != '>' && t[j] != '/') ++j;
      node.name = t.substr(i + 1, j - i - 1);
      for (;;) {
        while (j < n && isSpace(t[j])) ++j;
        if (j >= n) fail(i, "unterminated start tag <" + node.name + ">");
        if (t[j] == '>') {
          ++j;
          break;
        }
        if (t[j] == '/' && j + 1 < n && t[j + 1] == '>') {
          node.selfClosing = true;
          j += 2;
          break;
        }
        const size_t nameBegin = j;
        while (j < n && !isSpace(t[j]) && t[j] != '=' && t[j] != '>' && t[j] != '/') ++j;
        const std::string attrName = t.substr(nameBegin, j - nameBegin);
        while (j < n && isSpace(t[j])) ++j;
        if (j >= n || t[j] != '=') fail(j, "attribute '" + attrName + "' without a value");
        ++j;
        while (j < n && isSpace(t[j])) ++j;
        if (j >= n || (t[j] != '"' && t[j] != '\'')) fail(j, "attribute '" + attrName + "' value not quoted");
        const char quote = t[j];
        const size_t valueEnd = t.find(quote, j + 1);
        if (valueEnd == std::string::npos) fail(j, "unterminated attribute value");
        node.attributes.emplace_back(attrName, unescape(t.substr(j + 1, valueEnd - j - 1)));
        j = valueEnd + 1;
      }
      node.startEnd = j;
      node.parent = open.empty() ? -1 : open.back();
      const int index = static_cast<int>(nodes.size());
      if (node.parent >= 0) nodes[static_cast<size_t>(node.parent)].children.push_back(index);
      if (node.selfClosing) {
        node.endBegin = node.startEnd;
        node.end = node.startEnd;
      }
      const bool pushOpen = !node.selfClosing;
      nodes.push_back(std::move(node));
      if (pushOpen) open.push_back(index);
      i = j;
    }
  }
  if (!open.empty()) fail(n, "element <" + nodes[static_cast<size_t>(open.back())].name + "> is not closed");
  return nodes;
}

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
std::string number(double v) {
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
  s += ci + "<origin xyz=\"" + number(c.x()) + " " + number(c.y()) + " " + number(c.z()) + "\" rpy=\"0 0 0\"/>\n";
  s += ci + "<mass value=\"" + number(m) + "\"/>\n";
  s += ci + "<inertia ixx=\"" + number(I(0, 0)) + "\" ixy=\"" + number(I(0, 1)) + "\" ixz=\"" + number(I(0, 2)) +
       "\" iyy=\"" + number(I(1, 1)) + "\" iyz=\"" + number(I(1, 2)) + "\" izz=\"" + number(I(2, 2)) + "\"/>\n";
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

}  // namespace

std::string exportIdentifiedUrdf(const RobotModel& model, const std::string& urdfText, const std::string& sourceName,
                                 const Eigen::VectorXd& theta) {
  const int nb = model.bodyCount();
  const std::string where = sourceName.empty() ? std::string("URDF export") : sourceName;

  // The parameters: size, finite, physically consistent.
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

  // The URDF must describe this model: same moving bodies (links) in the same order.
  xml::parse(urdfText, where);  // line-numbered errors for malformed XML
  const RobotModel original = importUrdfString(urdfText, where, std::string());
  bool same = original.bodyCount() == nb && original.dof() == model.dof();
  for (int b = 0; same && b < nb; ++b)
    same = original.body(b).name == model.body(b).name && original.body(b).jointName == model.body(b).jointName;
  if (!same)
    throw InputError(where + ": the URDF (robot '" + original.name() + "', " + std::to_string(original.bodyCount()) +
                     " moving links) does not describe the robot '" + model.name() + "' (" + std::to_string(nb) +
                     " moving links)");

  const std::vector<Node> nodes = scanElements(urdfText, where);
  int root = -1;
  for (size_t k = 0; k < nodes.size(); ++k)
    if (nodes[k].parent < 0) {
      root = static_cast<int>(k);
      break;
    }
  if (root < 0 || nodes[static_cast<size_t>(root)].name != "robot")
    throw ModelError(where + ": xml: the root element is not <robot>");
  const Node& robot = nodes[static_cast<size_t>(root)];

  // Top-level <link> elements by name.
  std::map<std::string, int> linkNodes;
  for (int k : robot.children) {
    const Node& nd = nodes[static_cast<size_t>(k)];
    if (nd.name != "link") continue;
    if (const std::string* name = nd.attribute("name")) linkNodes.emplace(*name, k);
  }
  // Indentation step of the file: a link's first child against the link, else two spaces.
  std::string step = "  ";
  for (const auto& entry : linkNodes) {
    const Node& ln = nodes[static_cast<size_t>(entry.second)];
    if (ln.children.empty()) continue;
    const std::string outer = indentAt(urdfText, ln.begin);
    const std::string inner = indentAt(urdfText, nodes[static_cast<size_t>(ln.children.front())].begin);
    if (inner.size() > outer.size() && inner.compare(0, outer.size(), outer) == 0) {
      step = inner.substr(outer.size());
      break;
    }
  }

  std::vector<Edit> edits;
  auto firstChild = [&](const Node& nd, const char* name) -> const Node* {
    for (int k : nd.children)
      if (nodes[static_cast<size_t>(k)].name == name) return &nodes[static_cast<size_t>(k)];
    return nullptr;
  };

  for (int b = 0; b < nb; ++b) {
    const std::string& linkName = model.body(b).name;
    const auto it = linkNodes.find(linkName);
    if (it == linkNodes.end()) throw InputError(where + ": link '" + linkName + "' not found in the URDF");
    const Node& link = nodes[static_cast<size_t>(it->second)];
    const Vector10d tb = theta.segment<10>(10 * b);
    if (const Node* inertial = firstChild(link, "inertial")) {
      const std::string indent = indentAt(urdfText, inertial->begin);
      edits.push_back({inertial->begin, inertial->end, inertialElement(tb, indent, step)});
      for (int k : link.children) {  // a second <inertial> (invalid URDF) would contradict the first
        const Node& other = nodes[static_cast<size_t>(k)];
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

  // Links merged into a moving body by fixed joints: their inertial is part of the body's.
  for (const LinkFrame& lf : model.links()) {
    if (lf.body < 0 || lf.name == model.body(lf.body).name) continue;
    const auto it = linkNodes.find(lf.name);
    if (it == linkNodes.end()) continue;
    const Node& link = nodes[static_cast<size_t>(it->second)];
    for (int k : link.children) {
      const Node& nd = nodes[static_cast<size_t>(k)];
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

  // Header comment before the root element.
  {
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
    edits.push_back({robot.begin - indent.size(), robot.begin - indent.size(), header.str()});
  }

  // Apply from the back so earlier offsets stay valid (insertions at the same offset keep their order).
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin > b.begin; });
  std::string out = urdfText;
  for (const Edit& e : edits) out.replace(e.begin, e.end - e.begin, e.text);

  // Read it back: the file must load and give the parameters written.
  const RobotModel check = importUrdfString(out, where + " (exported)", std::string());
  const Eigen::VectorXd back = check.standardParameters();
  if (back.size() != theta.size())
    throw std::logic_error(where + ": exported URDF reads back with a different number of bodies");
  for (int b = 0; b < nb; ++b) {
    const Vector10d d = back.segment<10>(10 * b) - theta.segment<10>(10 * b);
    const double scale = theta.segment<10>(10 * b).cwiseAbs().maxCoeff();
    if (d.cwiseAbs().maxCoeff() > 1e-9 * scale)
      throw std::logic_error(where + ": exported URDF reads back with different parameters for body '" +
                             model.body(b).name + "'");
  }
  return out;
}

void writeIdentifiedUrdf(const std::string& path, const RobotModel& model, const std::string& urdfText,
                         const std::string& sourceName, const Eigen::VectorXd& standardParameters) {
  writeFileAtomically(path, exportIdentifiedUrdf(model, urdfText, sourceName, standardParameters));
}

}  // namespace eb
