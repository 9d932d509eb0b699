// YAML reader of DH tables (format in dh_import.hpp).
#include "model/dh_fields.hpp"
#include "model/dh_import.hpp"
#include "util/input_error.hpp"
#include "model/text_numbers.hpp"

#include <yaml-cpp/yaml.h>

#include <cmath>

namespace eb {
namespace {

int lineOf(const YAML::Node& node) { return node.Mark().line >= 0 ? node.Mark().line + 1 : 1; }

class YamlReader {
 public:
  explicit YamlReader(const std::string& source) : source_(source) {}

  DhTable read(const std::string& text) {
    YAML::Node root;
    try {
      root = YAML::Load(text);
    } catch (const YAML::Exception& e) {
      throw sourceErrorAt(source_, static_cast<std::size_t>(e.mark.line + 1), "yaml", e.msg);
    }
    if (!root.IsMap()) fail(root, "", "document", "expected a mapping with 'convention' and 'joints'");
    bool haveConvention = false;
    YAML::Node joints;
    for (const auto& kv : root) {
      const std::string key = kv.first.Scalar();
      const YAML::Node& value = kv.second;
      if (key == "name") {
        table_.name = scalar(value, "", "name");
      } else if (key == "convention") {
        if (!parseDhConvention(scalar(value, "", "convention"), table_.convention))
          fail(value, "", "convention", "'" + value.Scalar() + "' is not standard or modified");
        haveConvention = true;
      } else if (key == "gravity") {
        table_.gravity = vector3(value, "", "gravity");
      } else if (key == "joints") {
        joints = value;
      } else {
        fail(kv.first, "", key, "unknown key (name, convention, gravity, joints)");
      }
    }
    if (!haveConvention) fail(root, "", "convention", "missing (standard or modified)");
    if (!joints || !joints.IsSequence() || joints.size() == 0)
      fail(joints ? joints : root, "", "joints", "expected a non-empty list of joint rows");
    for (size_t k = 0; k < joints.size(); ++k) table_.rows.push_back(row(joints[k], k + 1));
    return table_;
  }

 private:
  [[noreturn]] void fail(const YAML::Node& at, const std::string& where, const std::string& field,
                         const std::string& what) const {
    throw sourceErrorAt(source_, static_cast<std::size_t>(lineOf(at)), where + field, what);
  }

  std::string scalar(const YAML::Node& n, const std::string& where, const std::string& field) const {
    if (!n.IsScalar() || n.Scalar().empty()) fail(n, where, field, "expected a value");
    return n.Scalar();
  }

  double number(const YAML::Node& n, const std::string& where, const std::string& field) const {
    const std::string text = scalar(n, where, field);
    double v = 0.0;
    if (!parseNumberOrPi(text, v)) fail(n, where, field, "'" + text + "' is not a number");
    if (!std::isfinite(v)) fail(n, where, field, "'" + text + "' is not finite");
    return v;
  }

  Eigen::Vector3d vector3(const YAML::Node& n, const std::string& where, const std::string& field) const {
    if (!n.IsSequence() || n.size() != 3) fail(n, where, field, "expected a list of 3 numbers [x, y, z]");
    return {number(n[0], where, field), number(n[1], where, field), number(n[2], where, field)};
  }

  void inertia(const YAML::Node& n, DhRow& r, const std::string& where) const {
    static const char* const names[6] = {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"};
    if (n.IsSequence() && n.size() == 6) {
      for (size_t i = 0; i < 6; ++i) setDhField(r, names[i], number(n[i], where, "inertia"));
      return;
    }
    if (!n.IsMap()) fail(n, where, "inertia", "expected [ixx, ixy, ixz, iyy, iyz, izz] or {ixx: .., ...}");
    for (const auto& kv : n) {
      const std::string key = kv.first.Scalar();
      if (key.size() != 3 || key[0] != 'i' || !setDhField(r, key, number(kv.second, where, "inertia " + key)))
        fail(kv.first, where, "inertia", "unknown key '" + key + "' (ixx, ixy, ixz, iyy, iyz, izz)");
    }
  }

  void limits(const YAML::Node& n, DhRow& r, const std::string& where) const {
    if (!n.IsMap()) fail(n, where, "limits", "expected {lower: .., upper: .., velocity: .., acceleration: .., effort: ..}");
    for (const auto& kv : n) {
      const std::string key = kv.first.Scalar();
      if (key != "lower" && key != "upper" && key != "velocity" && key != "acceleration" && key != "effort")
        fail(kv.first, where, "limits", "unknown key '" + key + "' (lower, upper, velocity, acceleration, effort)");
      setDhField(r, key, number(kv.second, where, "limits " + key));
      r.fieldLines[key] = lineOf(kv.second);
    }
  }

  DhRow row(const YAML::Node& n, size_t index) const {
    DhRow r;
    r.line = lineOf(n);
    r.name = "joint" + std::to_string(index);
    if (!n.IsMap()) fail(n, "", "joints", "row " + std::to_string(index) + " is not a mapping of DH fields");
    if (const YAML::Node name = n["name"]) r.name = scalar(name, "", "name");
    const std::string where = "joint '" + r.name + "' (row " + std::to_string(index) + "): ";
    for (const auto& kv : n) {
      const std::string key = kv.first.Scalar();
      const YAML::Node& v = kv.second;
      if (key == "name") continue;
      r.fieldLines[key] = lineOf(v);
      if (key == "type") {
        if (!parseDhJointType(scalar(v, where, "type"), r.prismatic))
          fail(v, where, "type", "'" + v.Scalar() + "' is not revolute or prismatic");
      } else if (key == "com") {
        r.com = vector3(v, where, "com");
      } else if (key == "inertia") {
        inertia(v, r, where);
      } else if (key == "limits") {
        limits(v, r, where);
      } else if (key == "a" || key == "alpha" || key == "d" || key == "theta" || key == "mass") {
        setDhField(r, key, number(v, where, key));
      } else {
        fail(kv.first, where, key, "unknown key (name, type, a, alpha, d, theta, mass, com, inertia, limits)");
      }
    }
    // After the loop, so that a misspelt key is reported as such, not as a missing one.
    for (const char* required : {"a", "alpha", "d"})
      if (!n[required]) fail(n, where, required, "missing");
    return r;
  }

  const std::string& source_;
  DhTable table_;
};

}  // namespace

DhTable readDhYaml(const std::string& text, const std::string& source) { return YamlReader(source).read(text); }

}  // namespace eb
