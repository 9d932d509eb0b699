#include "model/urdf_check.hpp"

#include "model/inertial_check.hpp"
#include "model/model_builder.hpp"
#include "util/input_error.hpp"
#include "model/text_numbers.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

namespace eb {
namespace {

using xml::Element;

// The subject of a message ("joint 'j1'") and where it comes from.
struct Subject {
  const std::string& file;
  std::string label;

  std::string message(int line, const std::string& field, const std::string& what) const {
    // Warnings quote the file too: one line like the errors, in the same form.
    return sourceDiagnosticAt(Severity::Warning, file, static_cast<std::size_t>(line), label + ": " + field, what)
        .text();
  }
  [[noreturn]] void fail(int line, const std::string& field, const std::string& what) const {
    throw sourceErrorAt(file, static_cast<std::size_t>(line), label + ": " + field, what);
  }
};

Element makeElement(const std::string& name, std::vector<xml::Attribute> attributes = {}) {
  Element e;
  e.name = name;
  e.attributes = std::move(attributes);
  return e;
}

std::string joinNumbers(const double* v, size_t n) {
  std::string s;
  for (size_t i = 0; i < n; ++i) s += (i ? " " : "") + formatNumber(v[i]);
  return s;
}

// Reads attribute `attr` of `el` as exactly `n` finite numbers into `out`;
// false when the attribute is absent.
bool readNumbers(const Subject& s, const Element& el, const std::string& attr, const std::string& field, size_t n,
                 double* out) {
  const std::string* v = el.attribute(attr);
  if (!v) return false;
  const std::vector<std::string_view> parts = splitWhitespace(*v);
  if (parts.size() != n)
    s.fail(el.line, field,
           "expected " + std::to_string(n) + (n == 1 ? " number" : " numbers") + ", got " +
               std::to_string(parts.size()) + " ('" + *v + "')");
  for (size_t i = 0; i < n; ++i) {
    if (!parseNumber(parts[i], out[i])) s.fail(el.line, field, "'" + std::string(parts[i]) + "' is not a number");
    if (!std::isfinite(out[i])) s.fail(el.line, field, "'" + std::string(parts[i]) + "' is not finite");
  }
  return true;
}

// A required single number.
double requireNumber(const Subject& s, const Element& el, const std::string& attr, const std::string& path) {
  double v = 0.0;
  if (!readNumbers(s, el, attr, path + " " + attr, 1, &v)) s.fail(el.line, path + " " + attr, "missing");
  return v;
}

void requireNonNegative(const Subject& s, const Element& el, const std::string& field, const double* v, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (v[i] < 0.0) s.fail(el.line, field, "negative (" + formatNumber(v[i]) + ")");
}

// <origin xyz rpy> (optional, defaults zero) rewritten with plain numbers.
std::optional<Element> cleanOrigin(const Subject& s, const Element& parent, const std::string& path) {
  const Element* o = parent.child("origin");
  if (!o) return std::nullopt;
  double xyz[3] = {0, 0, 0}, rpy[3] = {0, 0, 0};
  readNumbers(s, *o, "xyz", path + "origin xyz", 3, xyz);
  readNumbers(s, *o, "rpy", path + "origin rpy", 3, rpy);
  return makeElement("origin", {{"xyz", joinNumbers(xyz, 3)}, {"rpy", joinNumbers(rpy, 3)}});
}

// <inertial>: mass and inertia are required; the inertia must be one a body can have.
Element cleanInertial(const Subject& s, const Element& in) {
  Element out = makeElement("inertial");
  if (auto o = cleanOrigin(s, in, "inertial/")) out.children.push_back(*o);
  const Element* mass = in.child("mass");
  if (!mass) s.fail(in.line, "inertial/mass", "missing");
  const double m = requireNumber(s, *mass, "value", "inertial/mass");
  if (const std::string p = massProblem(m); !p.empty()) s.fail(mass->line, "inertial/mass value", p);
  out.children.push_back(makeElement("mass", {{"value", formatNumber(m)}}));
  const Element* inertia = in.child("inertia");
  if (!inertia) s.fail(in.line, "inertial/inertia", "missing");
  static const char* names[6] = {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"};
  double v[6];
  Element ci = makeElement("inertia");
  for (int i = 0; i < 6; ++i) {
    v[i] = requireNumber(s, *inertia, names[i], "inertial/inertia");
    ci.attributes.push_back({names[i], formatNumber(v[i])});
  }
  Eigen::Matrix3d I;
  I << v[0], v[1], v[2], v[1], v[3], v[4], v[2], v[4], v[5];
  if (const std::string p = inertiaProblem(m, I); !p.empty()) s.fail(inertia->line, "inertial/inertia", p);
  out.children.push_back(ci);
  return out;
}

// A <material> inside <visual> or at top level: colour and texture checked.
Element cleanMaterial(const Subject& s, const Element& m, const std::string& path) {
  Element out = makeElement("material");
  if (const std::string* name = m.attribute("name")) out.attributes.push_back({"name", *name});
  if (const Element* c = m.child("color")) {
    double rgba[4];
    if (!readNumbers(s, *c, "rgba", path + "color rgba", 4, rgba)) s.fail(c->line, path + "color rgba", "missing");
    for (double x : rgba)
      if (x < 0.0 || x > 1.0) s.fail(c->line, path + "color rgba", "components must lie in [0, 1] ('" + *c->attribute("rgba") + "')");
    out.children.push_back(makeElement("color", {{"rgba", joinNumbers(rgba, 4)}}));
  }
  if (const Element* t = m.child("texture"))
    if (const std::string* f = t->attribute("filename")) out.children.push_back(makeElement("texture", {{"filename", *f}}));
  return out;
}

// <box>/<cylinder>/<sphere>/<mesh>; nullopt (with a warning) for shapes URDF 1.0 lacks.
std::optional<Element> cleanShape(const Subject& s, const Element& geometry, const std::string& kind,
                                  std::vector<std::string>& warnings) {
  const std::string path = kind + "/geometry/";
  if (geometry.children.empty()) {
    warnings.push_back(s.message(geometry.line, kind + "/geometry", "empty; the " + kind + " is ignored"));
    return std::nullopt;
  }
  const Element& g = geometry.children.front();
  Element out = makeElement(g.name);
  if (g.name == "box") {
    double size[3];
    if (!readNumbers(s, g, "size", path + "box size", 3, size)) s.fail(g.line, path + "box size", "missing");
    requireNonNegative(s, g, path + "box size", size, 3);
    out.attributes.push_back({"size", joinNumbers(size, 3)});
  } else if (g.name == "cylinder" || g.name == "sphere") {
    const std::vector<std::string> attrs =
        g.name == "cylinder" ? std::vector<std::string>{"radius", "length"} : std::vector<std::string>{"radius"};
    for (const std::string& attr : attrs) {
      const double v = requireNumber(s, g, attr, path + g.name);
      requireNonNegative(s, g, path + g.name + " " + attr, &v, 1);
      out.attributes.push_back({attr, formatNumber(v)});
    }
  } else if (g.name == "mesh") {
    const std::string* f = g.attribute("filename");
    if (!f || f->empty()) s.fail(g.line, path + "mesh filename", "missing");
    out.attributes.push_back({"filename", *f});
    double scale[3];
    if (readNumbers(s, g, "scale", path + "mesh scale", 3, scale)) out.attributes.push_back({"scale", joinNumbers(scale, 3)});
  } else {
    warnings.push_back(s.message(g.line, kind + "/geometry",
                                 "<" + g.name + "> is not URDF geometry (box, cylinder, sphere, mesh); the " + kind +
                                     " is ignored"));
    return std::nullopt;
  }
  Element wrapper = makeElement("geometry");
  wrapper.children.push_back(std::move(out));
  return wrapper;
}

// <visual> or <collision>; nullopt when it has no usable geometry.
std::optional<Element> cleanShapeElement(const Subject& s, const Element& el, const std::set<std::string>& materials,
                                         std::vector<std::string>& warnings) {
  Element out = makeElement(el.name);
  if (const std::string* name = el.attribute("name")) out.attributes.push_back({"name", *name});
  if (auto o = cleanOrigin(s, el, el.name + "/")) out.children.push_back(*o);
  const Element* g = el.child("geometry");
  if (!g) {
    warnings.push_back(s.message(el.line, el.name + "/geometry", "missing; the " + el.name + " is ignored"));
    return std::nullopt;
  }
  std::optional<Element> shape = cleanShape(s, *g, el.name, warnings);
  if (!shape) return std::nullopt;
  out.children.push_back(std::move(*shape));
  if (const Element* m = el.name == "visual" ? el.child("material") : nullptr) {
    Element cm = cleanMaterial(s, *m, "visual/material/");
    const std::string* name = cm.attribute("name");
    if (cm.children.empty() && (!name || !materials.count(*name))) {
      warnings.push_back(s.message(m->line, "visual/material",
                                   "'" + (name ? *name : std::string()) + "' is not defined; default colour used"));
    } else {
      // urdfdom insists on a name; an anonymous inline colour gets one.
      if (!name) cm.attributes.push_back({"name", "__material_line_" + std::to_string(m->line)});
      out.children.push_back(std::move(cm));
    }
  }
  return out;
}

Element cleanLink(const Subject& s, const Element& link, const std::set<std::string>& materials,
                  std::vector<std::string>& warnings) {
  Element out = makeElement("link", {{"name", *link.attribute("name")}});
  if (const Element* in = link.child("inertial")) out.children.push_back(cleanInertial(s, *in));
  for (const Element& c : link.children)
    if (c.name == "visual" || c.name == "collision")
      if (auto e = cleanShapeElement(s, c, materials, warnings)) out.children.push_back(std::move(*e));
  return out;
}

// A joint's <limit>: every field optional (missing = infinite), checked, and
// completed with zeros for urdfdom, which requires effort and velocity.
JointLimits readLimits(const Subject& s, const Element& joint, const std::string& type, Element& out,
                       std::vector<std::string>& warnings) {
  JointLimits l;
  const Element* el = joint.child("limit");
  const bool needsLimit = type == "revolute" || type == "prismatic";
  if (!el) {
    if (needsLimit)
      warnings.push_back(s.message(joint.line, "limit", "missing; position, velocity and effort are unlimited"));
    if (needsLimit) out.children.push_back(makeElement("limit", {{"effort", "0"}, {"velocity", "0"}}));
    return l;
  }
  readNumbers(s, *el, "lower", "limit lower", 1, &l.lower);
  readNumbers(s, *el, "upper", "limit upper", 1, &l.upper);
  if (l.lower > l.upper)
    s.fail(el->line, "limit lower", "above upper (" + formatNumber(l.lower) + " > " + formatNumber(l.upper) + ")");
  struct Rate { const char* attr; double* value; };
  for (Rate r : {Rate{"velocity", &l.velocity}, Rate{"effort", &l.effort}, Rate{"acceleration", &l.acceleration},
                 Rate{"drake:acceleration", &l.acceleration}}) {
    if (std::string(r.attr) == "drake:acceleration" && el->attribute("acceleration")) continue;
    double v = 0.0;
    if (!readNumbers(s, *el, r.attr, std::string("limit ") + r.attr, 1, &v)) continue;
    requireNonNegative(s, *el, std::string("limit ") + r.attr, &v, 1);
    // Many files write 0 for "not specified"; a zero rate limit would make every motion infeasible.
    if (v == 0.0)
      warnings.push_back(s.message(el->line, std::string("limit ") + r.attr, "0 is read as unlimited"));
    else
      *r.value = v;
  }
  if (needsLimit) {
    Element cl = makeElement("limit", {{"effort", "0"}, {"velocity", "0"}});
    if (std::isfinite(l.lower)) cl.attributes.push_back({"lower", formatNumber(l.lower)});
    if (std::isfinite(l.upper)) cl.attributes.push_back({"upper", formatNumber(l.upper)});
    out.children.push_back(std::move(cl));
  }
  return l;
}

// Name of the link in <parent link=".."/> or <child link=".."/>.
std::string linkReference(const Subject& s, const Element& joint, const char* which) {
  const Element* el = joint.child(which);
  if (!el) s.fail(joint.line, std::string(which) + " link", "missing");
  const std::string* link = el->attribute("link");
  if (!link || link->empty()) s.fail(el->line, std::string(which) + " link", "missing");
  return *link;
}

struct JointInfo {
  std::string name, type, parent, child;
  int line = 0, parentLine = 0, childLine = 0;
  const Element* mimic = nullptr;
};

Element cleanJoint(const Subject& s, const Element& joint, JointInfo& info, UrdfCheck& out) {
  const std::string* type = joint.attribute("type");
  if (!type) s.fail(joint.line, "type", "missing");
  info.type = *type;
  if (*type == "floating" || *type == "planar")
    s.fail(joint.line, "type", "'" + *type +
                                   "' joints are not supported (ExciteBench models fixed-base trees of revolute, "
                                   "continuous, prismatic and fixed joints)");
  if (*type != "revolute" && *type != "continuous" && *type != "prismatic" && *type != "fixed")
    s.fail(joint.line, "type", "unknown joint type '" + *type + "' (revolute, continuous, prismatic or fixed)");
  info.parent = linkReference(s, joint, "parent");
  info.child = linkReference(s, joint, "child");
  info.parentLine = joint.child("parent")->line;
  info.childLine = joint.child("child")->line;

  Element c = makeElement("joint", {{"name", info.name}, {"type", *type}});
  if (auto o = cleanOrigin(s, joint, "")) c.children.push_back(*o);
  c.children.push_back(makeElement("parent", {{"link", info.parent}}));
  c.children.push_back(makeElement("child", {{"link", info.child}}));
  const bool moving = *type != "fixed";
  if (const Element* axis = joint.child("axis"); axis && moving) {
    double xyz[3];
    if (!readNumbers(s, *axis, "xyz", "axis xyz", 3, xyz)) s.fail(axis->line, "axis xyz", "missing");
    if (std::sqrt(xyz[0] * xyz[0] + xyz[1] * xyz[1] + xyz[2] * xyz[2]) < 1e-9)
      s.fail(axis->line, "axis xyz", "zero vector ('" + *axis->attribute("xyz") + "')");
    c.children.push_back(makeElement("axis", {{"xyz", joinNumbers(xyz, 3)}}));
  }
  if (moving) out.limits[info.name] = readLimits(s, joint, *type, c, out.warnings);
  if (const Element* d = joint.child("dynamics")) {
    Element cd = makeElement("dynamics");
    for (const char* attr : {"damping", "friction"}) {
      double v = 0.0;
      if (!readNumbers(s, *d, attr, std::string("dynamics ") + attr, 1, &v)) continue;
      requireNonNegative(s, *d, std::string("dynamics ") + attr, &v, 1);
      cd.attributes.push_back({attr, formatNumber(v)});
    }
    c.children.push_back(std::move(cd));
  }
  if (const Element* m = joint.child("mimic"); m && moving) {
    const std::string* leader = m->attribute("joint");
    if (!leader || leader->empty()) s.fail(m->line, "mimic joint", "missing");
    double multiplier = 1.0, offset = 0.0;
    readNumbers(s, *m, "multiplier", "mimic multiplier", 1, &multiplier);
    readNumbers(s, *m, "offset", "mimic offset", 1, &offset);
    c.children.push_back(makeElement(
        "mimic", {{"joint", *leader}, {"multiplier", formatNumber(multiplier)}, {"offset", formatNumber(offset)}}));
    info.mimic = m;
  }
  return c;
}

// The name attribute every link, joint and material needs.
std::string requireName(const std::string& file, const Element& el) {
  const std::string* name = el.attribute("name");
  if (!name || name->empty())
    throw sourceErrorAt(file, static_cast<std::size_t>(el.line), el.name + ": name", "missing");
  return *name;
}

std::string quoted(const std::string& kind, const std::string& name) { return kind + " '" + name + "'"; }

// Tree structure: links exist, one parent each, no loop, one root, something moves.
void checkStructure(const std::string& file, const std::string& robotLabel, int robotLine,
                    const std::vector<JointInfo>& joints, UrdfCheck& out) {
  if (out.links.empty()) throw sourceErrorAt(file, static_cast<std::size_t>(robotLine), robotLabel + ": link", "none");
  std::map<std::string, const JointInfo*> parentJoint;
  for (const JointInfo& j : joints) {
    const Subject s{file, quoted("joint", j.name)};
    if (!out.lines.count(quoted("link", j.parent)))
      s.fail(j.parentLine, "parent link", "'" + j.parent + "' does not exist");
    if (!out.lines.count(quoted("link", j.child))) s.fail(j.childLine, "child link", "'" + j.child + "' does not exist");
    if (j.parent == j.child) s.fail(j.childLine, "child link", "'" + j.child + "' is also the parent link");
    auto [it, fresh] = parentJoint.emplace(j.child, &j);
    if (!fresh)
      s.fail(j.childLine, "child link",
             "'" + j.child + "' already has parent joint '" + it->second->name + "' (line " +
                 std::to_string(it->second->line) + "): kinematic loops are not supported");
  }
  // Links on a loop, found in linear time: every link has at most one parent
  // joint here, so walking up from each link once (never twice over a link
  // already walked) either ends at the root, joins an earlier walk, or meets
  // itself.
  std::set<std::string> onLoop;
  {
    std::map<std::string, int> walked;  // 1: on the current walk, 2: done
    for (const JointInfo& start : joints) {
      std::vector<std::string> path;
      std::string link = start.child;
      while (!walked.count(link) && parentJoint.count(link)) {
        walked[link] = 1;
        path.push_back(link);
        link = parentJoint.at(link)->parent;
      }
      if (walked.count(link) && walked.at(link) == 1)
        onLoop.insert(std::find(path.begin(), path.end(), link), path.end());
      for (const std::string& l : path) walked[l] = 2;
    }
  }
  for (const JointInfo& j : joints) {
    // The first joint (document order) on a loop is reported, with the loop walked from it.
    if (!onLoop.count(j.child)) continue;
    std::string path = j.child + " -> " + j.parent, link = j.parent;
    while (link != j.child) {
      link = parentJoint.at(link)->parent;
      path += " -> " + link;
    }
    Subject{file, quoted("joint", j.name)}.fail(j.childLine, "child link",
                                                "'" + j.child + "' closes a kinematic loop (" + path + ")");
  }
  std::string root;
  for (const std::string& link : out.links) {
    if (parentJoint.count(link)) continue;
    if (root.empty()) {
      root = link;
      continue;
    }
    Subject{file, quoted("link", link)}.fail(
        out.lines.at(quoted("link", link)), "parent",
        "none, but '" + root + "' (line " + std::to_string(out.lines.at(quoted("link", root))) +
            ") is already the root link; the links must form one tree");
  }
  bool moving = false;
  for (const JointInfo& j : joints) moving = moving || j.type != "fixed";
  if (!moving)
    throw sourceErrorAt(file, static_cast<std::size_t>(robotLine), robotLabel + ": joint",
                        "no moving joint (revolute, continuous or prismatic)");
  std::map<std::string, const JointInfo*> byName;
  for (const JointInfo& j : joints) byName[j.name] = &j;
  for (const JointInfo& j : joints) {
    if (!j.mimic) continue;
    const std::string leader = *j.mimic->attribute("joint");
    auto it = byName.find(leader);
    if (it == byName.end() || it->second->type == "fixed" || it->second->mimic)
      Subject{file, quoted("joint", j.name)}.fail(
          j.mimic->line, "mimic joint",
          "'" + leader + (it == byName.end() ? "' does not exist" : "' is not a moving, non-mimic joint"));
  }
}

}  // namespace

UrdfCheck checkUrdf(const xml::Element& robot, const std::string& file) {
  if (robot.name != "robot")
    throw sourceErrorAt(file, static_cast<std::size_t>(robot.line), "robot: root element",
                        "<" + robot.name + ">, expected <robot>");
  const std::string* robotName = robot.attribute("name");
  const std::string robotLabel = quoted("robot", robotName ? *robotName : std::string());
  UrdfCheck out;
  out.cleaned = makeElement("robot", {{"name", robotName ? *robotName : std::string("robot")}});
  // Bound the work before any of it: the robot must stay a size the dynamics can handle.
  for (const char* kind : {"link", "joint"}) {
    size_t count = 0;
    for (const Element& el : robot.children) count += el.name == kind;
    if (count > static_cast<size_t>(kMaxModelLinks))
      throw sourceErrorAt(
          file, static_cast<std::size_t>(robot.line), robotLabel + ": " + kind,
          std::to_string(count) + " " + kind + "s, at most " + std::to_string(kMaxModelLinks) + " are supported");
  }

  // Top-level materials first: visuals may name them before they appear.
  std::set<std::string> materials;
  for (const Element* m : robot.childrenNamed("material")) {
    const std::string name = requireName(file, *m);
    out.cleaned.children.push_back(cleanMaterial(Subject{file, quoted("material", name)}, *m, ""));
    materials.insert(name);
  }
  std::vector<JointInfo> joints;
  for (const Element& el : robot.children) {
    if (el.name == "link") {
      const std::string name = requireName(file, el);
      const Subject s{file, quoted("link", name)};
      if (out.lines.count(quoted("link", name)))
        s.fail(el.line, "name", "duplicate (first defined on line " + std::to_string(out.lines.at(quoted("link", name))) + ")");
      out.lines[quoted("link", name)] = el.line;
      out.links.push_back(name);
      out.cleaned.children.push_back(cleanLink(s, el, materials, out.warnings));
    } else if (el.name == "joint") {
      JointInfo info;
      info.name = requireName(file, el);
      info.line = el.line;
      const Subject s{file, quoted("joint", info.name)};
      if (out.lines.count(quoted("joint", info.name)))
        s.fail(el.line, "name", "duplicate (first defined on line " + std::to_string(out.lines.at(quoted("joint", info.name))) + ")");
      out.lines[quoted("joint", info.name)] = el.line;
      out.joints.push_back(info.name);
      out.cleaned.children.push_back(cleanJoint(s, el, info, out));
      joints.push_back(info);
    }
  }
  checkStructure(file, robotLabel, robot.line, joints, out);

  // A link a moving joint drives but that has no inertial: allowed, massless.
  std::map<std::string, const Element*> linkElements;
  for (const Element& el : robot.children)
    if (el.name == "link") linkElements.emplace(*el.attribute("name"), &el);
  for (const JointInfo& j : joints) {
    if (j.type == "fixed") continue;
    const Element& el = *linkElements.at(j.child);
    if (!el.child("inertial"))
      out.warnings.push_back(Subject{file, quoted("link", j.child)}.message(
          el.line, "inertial", "missing; the link is massless (moved by joint '" + j.name + "')"));
  }
  return out;
}

}  // namespace eb
