#include "model/builtin_robots.hpp"

#include "model/model_builder.hpp"
#include "util/input_error.hpp"
#include "model/urdf_import.hpp"
#include "util/math_constants.hpp"

#include <cmath>

namespace eb {
namespace {

constexpr int kMaxSnakeLinks = 1000;
const char* const kUrdfRobots[] = {"planar2r", "panda", "ur5"};

bool isUrdfRobot(const std::string& name) {
  for (const char* n : kUrdfRobots)
    if (name == n) return true;
  return false;
}

// Number of links of "snake:N", or 0 when `name` is not a snake spec at all.
// Throws for a snake spec with a bad N.
int snakeLinks(const std::string& name) {
  const std::string prefix = "snake:";
  if (name.compare(0, prefix.size(), prefix) != 0) return 0;
  const std::string n = name.substr(prefix.size());
  const bool digits = !n.empty() && n.size() <= 4 && n.find_first_not_of("0123456789") == std::string::npos;
  const int value = digits ? std::stoi(n) : 0;
  if (value < 1 || value > kMaxSnakeLinks)
    throw InputError("built-in robot '" + name + "': N: expected a whole number from 1 to " +
                     std::to_string(kMaxSnakeLinks) + " in snake:N");
  return value;
}

RobotModel snake(int n, const std::string& name) {
  const double length = 1.0, mass = 1.0, radius = 0.02;
  ModelBuilder builder(name);
  builder.setName(name);
  Geometry base;
  base.kind = Geometry::Kind::Sphere;
  base.radius = 0.05;
  builder.addLink(LinkSpec{"base", std::nullopt, {base}, {}});
  LinkInertial bar;
  bar.mass = mass;
  bar.comFrame.translation() = Eigen::Vector3d(0.5 * length, 0.0, 0.0);
  const double axial = mass * radius * radius / 2.0;
  const double transverse = mass * (3.0 * radius * radius + length * length) / 12.0;
  bar.inertia = Eigen::Vector3d(axial, transverse, transverse).asDiagonal();
  Geometry rod;
  rod.kind = Geometry::Kind::Cylinder;
  rod.radius = radius;
  rod.length = length;
  rod.origin.translation() = Eigen::Vector3d(0.5 * length, 0.0, 0.0);
  rod.origin.linear() = Eigen::AngleAxisd(kPi / 2.0, Eigen::Vector3d::UnitY()).toRotationMatrix();
  for (int i = 1; i <= n; ++i) {
    const std::string link = "bar" + std::to_string(i);
    builder.addLink(LinkSpec{link, bar, {rod}, {}});
    JointSpec j;
    j.name = "joint" + std::to_string(i);
    j.type = JointSpecType::Revolute;
    j.parent = i == 1 ? "base" : "bar" + std::to_string(i - 1);
    j.child = link;
    if (i > 1) j.origin.translation() = Eigen::Vector3d(length, 0.0, 0.0);
    j.axis = i % 2 == 1 ? Eigen::Vector3d::UnitZ() : Eigen::Vector3d::UnitY();
    j.limits.lower = -kPi;
    j.limits.upper = kPi;
    j.limits.velocity = 3.0;
    j.limits.acceleration = 20.0;
    j.limits.effort = 1000.0;
    builder.addJoint(j);
  }
  return builder.build();
}

}  // namespace

std::vector<std::string> builtinRobotNames() { return {"planar2r", "snake:N", "panda", "ur5"}; }

bool isBuiltinRobot(const std::string& name) {
  if (isUrdfRobot(name)) return true;
  try {
    return snakeLinks(name) > 0;
  } catch (const InputError&) {
    return false;
  }
}

RobotModel builtinRobot(const std::string& name) {
  if (const int n = snakeLinks(name)) return snake(n, name);
  if (!isUrdfRobot(name))
    throw InputError("built-in robot '" + name + "': name: unknown (planar2r, snake:N, panda, ur5)");
  const std::string file = name + ".urdf";
  const std::string_view text = builtin_files::embeddedFile(file);
  if (text.empty()) throw InputError("built-in robot '" + name + "': " + file + " is not embedded in this build");
  return importUrdfString(std::string(text), name, "");
}

}  // namespace eb
