#include "model/dh_import.hpp"

#include "model/inertial_check.hpp"
#include "model/model_builder.hpp"
#include "util/input_error.hpp"
#include "model/text_numbers.hpp"
#include "util/bounded_read.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace eb {
namespace {

Eigen::Isometry3d rotX(double angle) {
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  T.linear() = Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitX()).toRotationMatrix();
  return T;
}
Eigen::Isometry3d rotZ(double angle) {
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  T.linear() = Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  return T;
}
Eigen::Isometry3d trans(double x, double z) {
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  T.translation() = Eigen::Vector3d(x, 0.0, z);
  return T;
}

// Display only: a cylinder along a joint axis (the link frame's z).
Geometry jointHousing() {
  Geometry g;
  g.kind = Geometry::Kind::Cylinder;
  g.radius = 0.04;
  g.length = 0.08;
  return g;
}

// Display only: a rod from `from` to `to` in the link frame.
Geometry rod(const Eigen::Vector3d& from, const Eigen::Vector3d& to) {
  Geometry g;
  g.kind = Geometry::Kind::Cylinder;
  g.radius = 0.025;
  g.length = (to - from).norm();
  g.origin.translation() = 0.5 * (from + to);
  g.origin.linear() = Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d::UnitZ(), to - from).toRotationMatrix();
  return g;
}

// Display only: DH offsets run along x first, then along the next z, so draw
// the link to the next joint origin `t` as two rods through (t.x, 0, 0).
void addRods(LinkSpec& link, const Eigen::Vector3d& t) {
  const Eigen::Vector3d corner(t.x(), 0.0, 0.0);
  if (corner.norm() > 1e-9) link.visuals.push_back(rod(Eigen::Vector3d::Zero(), corner));
  if ((t - corner).norm() > 1e-9) link.visuals.push_back(rod(corner, t));
}

// Checks one row's physical data; the message names the field's line and the field.
void checkRow(const DhRow& r, const std::string& source, const std::string& label) {
  const auto fail = [&](const std::string& field, const std::string& what) {
    const auto it = r.fieldLines.find(field);
    const int line = it == r.fieldLines.end() ? r.line : it->second;
    throw sourceErrorAt(source, static_cast<std::size_t>(line), label + field, what);
  };
  if (const std::string p = massProblem(r.mass); !p.empty()) fail("mass", p);
  if (const std::string p = inertiaProblem(r.mass, r.inertia); !p.empty()) fail("inertia", p);
  const JointLimits& l = r.limits;
  if (l.lower > l.upper) fail("lower", "above upper (" + formatNumber(l.lower) + " > " + formatNumber(l.upper) + ")");
  for (auto [field, v] : {std::pair<const char*, double>{"velocity", l.velocity},
                          {"acceleration", l.acceleration},
                          {"effort", l.effort}})
    if (v <= 0.0) fail(field, "must be positive (" + formatNumber(v) + ")");
}

// A DH table of the most rows allowed is well below this.
constexpr size_t kMaxDhBytes = 16 * kMiB;

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw inputErrorIn(path, "cannot open the file");
  BoundedText text = readBoundedText(in, kMaxDhBytes, kMaxDhBytes);
  if (!text.ok())
    throw inputErrorIn(path, "file: larger than " + describeByteLimit(kMaxDhBytes) + " (not a DH table?)");
  return std::move(text.text);
}

}  // namespace

RobotModel buildDhModel(const DhTable& table, const std::string& source) {
  if (table.rows.empty()) throw inputErrorIn(source, "joints: none; a DH table needs at least one row");
  // A standard-DH row makes two links; keep the model within ModelBuilder's bound.
  constexpr size_t kMaxRows = static_cast<size_t>(kMaxModelLinks) / 2;
  if (table.rows.size() > kMaxRows)
    throw inputErrorIn(source, "joints: " + std::to_string(table.rows.size()) + " rows, at most " +
                                   std::to_string(kMaxRows) + " are supported");
  const bool standard = table.convention == DhConvention::Standard;
  std::vector<LinkSpec> links{LinkSpec{"base", std::nullopt, {}, {}}};
  std::vector<JointSpec> joints;
  std::set<std::string> names;
  std::string parent = "base";
  for (size_t k = 0; k < table.rows.size(); ++k) {
    const DhRow& r = table.rows[k];
    const std::string index = std::to_string(k + 1);
    const std::string label = "joint '" + r.name + "' (row " + index + "): ";
    if (!names.insert(r.name).second)
      throw sourceErrorAt(source, static_cast<std::size_t>(r.line), label + "name", "duplicate");
    checkRow(r, source, label);

    std::optional<LinkInertial> inertial;
    if (r.mass > 0.0 || !r.inertia.isZero()) {
      LinkInertial in;
      in.mass = r.mass;
      in.comFrame.translation() = r.com;
      in.inertia = r.inertia;
      inertial = in;
    }
    JointSpec j;
    j.name = r.name;
    j.type = r.prismatic ? JointSpecType::Prismatic : JointSpecType::Revolute;
    j.parent = parent;
    j.child = "link" + index;
    j.axis = Eigen::Vector3d::UnitZ();
    j.limits = r.limits;
    if (standard) {
      // link<k> turns about its own z (= z_{k-1}); DH frame k is a fixed child of it.
      j.origin = rotZ(r.theta) * trans(0.0, r.d);
      JointSpec fixed;
      fixed.name = "frame" + index + "_fixed";
      fixed.type = JointSpecType::Fixed;
      fixed.parent = j.child;
      fixed.child = "frame" + index;
      fixed.origin = trans(r.a, 0.0) * rotX(r.alpha);
      links.push_back(LinkSpec{j.child, std::nullopt, {jointHousing()}, {}});
      links.push_back(LinkSpec{fixed.child, inertial, {}, {}});
      joints.push_back(j);
      joints.push_back(fixed);
      parent = fixed.child;
    } else {
      j.origin = rotX(r.alpha) * trans(r.a, 0.0) * rotZ(r.theta) * trans(0.0, r.d);
      links.push_back(LinkSpec{j.child, inertial, {jointHousing()}, {}});
      joints.push_back(j);
      parent = j.child;
    }
  }
  std::map<std::string, size_t> linkIndex;
  for (size_t i = 0; i < links.size(); ++i) linkIndex.emplace(links[i].name, i);
  for (const JointSpec& j : joints) addRods(links[linkIndex.at(j.parent)], j.origin.translation());

  ModelBuilder builder(source);
  builder.setName(table.name);
  if (table.gravity) builder.setGravity(*table.gravity);
  for (LinkSpec& l : links) builder.addLink(std::move(l));
  for (JointSpec& j : joints) builder.addJoint(std::move(j));
  return builder.build();
}

RobotModel importDhFile(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const std::string text = readFile(path);
  DhTable table;
  if (ext == ".yaml" || ext == ".yml")
    table = readDhYaml(text, path);
  else if (ext == ".csv")
    table = readDhCsv(text, path);
  else
    throw inputErrorIn(path, "unknown DH table type '" + ext + "' (expected .yaml, .yml or .csv)");
  if (table.name.empty()) table.name = std::filesystem::path(path).stem().string();
  return buildDhModel(table, path);
}

}  // namespace eb
