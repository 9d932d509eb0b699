// Built-in robots: sizes, published masses and limits, physically consistent
// inertials, primitive geometry only, snake:N, and the robot loader.
#include "model/builtin_robots.hpp"
#include "model/inertial_check.hpp"
#include "model/inertial_parameters.hpp"
#include "model/robot_loader.hpp"
#include "model_test_util.hpp"

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include <cmath>

namespace eb {
namespace {

using test::expectInputError;

void expectPhysicalAndPrimitive(const RobotModel& m) {
  for (int i = 0; i < m.bodyCount(); ++i) {
    const Vector10d& theta = m.body(i).inertia;
    EXPECT_GT(theta[0], 0.0) << m.name() << " body " << i;
    EXPECT_GT(Eigen::SelfAdjointEigenSolver<Eigen::Matrix4d>(pseudoInertia(theta)).eigenvalues().minCoeff(), 0.0)
        << m.name() << " body " << i;
    EXPECT_EQ(inertiaProblem(theta[0], inertiaAboutCom(theta)), "") << m.name() << " body " << i;
  }
  int shapes = 0;
  for (const LinkFrame& l : m.links())
    for (const Geometry& g : l.visuals) {
      ++shapes;
      EXPECT_NE(g.kind, Geometry::Kind::Mesh) << l.name;
    }
  EXPECT_GT(shapes, 0);
}

TEST(BuiltinRobots, Names) {
  EXPECT_EQ(builtinRobotNames(), (std::vector<std::string>{"planar2r", "snake:N", "panda", "ur5"}));
  for (const char* name : {"planar2r", "panda", "ur5", "snake:1", "snake:12", "snake:1000"})
    EXPECT_TRUE(isBuiltinRobot(name)) << name;
  for (const char* name : {"snake:N", "snake:0", "snake:1001", "snake:x", "snake:", "snake:-1", "PANDA", "kuka", ""})
    EXPECT_FALSE(isBuiltinRobot(name)) << name;
  // robots/*.urdf holds built-ins only (the DH examples live in robots/dh/).
  for (std::string_view file : builtin_files::embeddedFileNames()) {
    const std::string name(file.substr(0, file.rfind('.')));
    EXPECT_TRUE(isBuiltinRobot(name)) << file;
  }
}

TEST(BuiltinRobots, Planar2r) {
  const RobotModel m = builtinRobot("planar2r");
  ASSERT_EQ(m.dof(), 2);
  EXPECT_EQ(m.name(), "planar2r");
  EXPECT_DOUBLE_EQ(m.body(0).inertia[0], 2.0);
  EXPECT_DOUBLE_EQ(m.body(1).inertia[0], 1.5);
  EXPECT_LT((centreOfMass(m.body(0).inertia) - Eigen::Vector3d(0.5, 0, 0)).norm(), 1e-15);
  EXPECT_LT((centreOfMass(m.body(1).inertia) - Eigen::Vector3d(0.4, 0, 0)).norm(), 1e-15);
  EXPECT_LT((m.homePose(1).translation() - Eigen::Vector3d(1.0, 0, 0)).norm(), 1e-15);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(m.body(i).axis, Eigen::Vector3d(0, -1, 0));  // vertical plane: gravity loads both joints
    const JointLimits& l = m.joint(i).limits;
    EXPECT_DOUBLE_EQ(l.lower, -M_PI);
    EXPECT_DOUBLE_EQ(l.upper, M_PI);
    EXPECT_DOUBLE_EQ(l.velocity, 3.0);
    EXPECT_DOUBLE_EQ(l.acceleration, 20.0);
    EXPECT_DOUBLE_EQ(l.effort, 50.0);
  }
  // Positive q lifts the arm: the tip rises.
  Eigen::VectorXd q = Eigen::VectorXd::Zero(2);
  q[0] = 0.1;
  EXPECT_GT(test::linkPose(m, "tool", q).translation().z(), 0.0);
  EXPECT_NEAR(test::linkPose(m, "tool", Eigen::VectorXd::Zero(2)).translation().x(), 1.8, 1e-15);
  expectPhysicalAndPrimitive(m);
  // Shapes with their poses and the colours of named top-level materials.
  const LinkFrame& link1 = m.links()[1];
  ASSERT_EQ(link1.name, "link1");
  ASSERT_EQ(link1.visuals.size(), 2u);
  const Geometry& rod = link1.visuals[1];
  EXPECT_EQ(rod.kind, Geometry::Kind::Cylinder);
  EXPECT_DOUBLE_EQ(rod.length, 1.0);
  EXPECT_DOUBLE_EQ(rod.radius, 0.05);
  EXPECT_LT((rod.origin.translation() - Eigen::Vector3d(0.5, 0, 0)).norm(), 1e-15);
  EXPECT_LT((rod.origin.linear() * Eigen::Vector3d::UnitZ() - Eigen::Vector3d::UnitX()).norm(), 1e-12);
  EXPECT_TRUE(rod.hasColor);
  EXPECT_NEAR(rod.rgba[2], 0.80, 1e-6);
  const LinkFrame& tool = m.links().back();
  ASSERT_EQ(tool.name, "tool");
  EXPECT_EQ(tool.body, 1);
  EXPECT_EQ(tool.visuals.at(0).kind, Geometry::Kind::Sphere);
}

TEST(BuiltinRobots, PandaPublishedValues) {
  const RobotModel m = builtinRobot("panda");
  ASSERT_EQ(m.dof(), 7);
  // Gaz et al. 2019 masses of links 1..7.
  const double mass[7] = {4.970684, 0.646926, 3.228604, 3.587895, 1.225946, 1.666555, 0.735522};
  double total = 0.0;
  for (int i = 0; i < 7; ++i) {
    EXPECT_DOUBLE_EQ(m.body(i).inertia[0], mass[i]);
    total += mass[i];
  }
  EXPECT_NEAR(m.movingMass(), total, 1e-12);
  const double lower[7] = {-2.8973, -1.7628, -2.8973, -3.0718, -2.8973, -0.0175, -2.8973};
  const double upper[7] = {2.8973, 1.7628, 2.8973, -0.0698, 2.8973, 3.7525, 2.8973};
  const double accel[7] = {15, 7.5, 10, 12.5, 15, 20, 20};
  for (int i = 0; i < 7; ++i) {
    const JointLimits& l = m.joint(i).limits;
    EXPECT_EQ(m.joint(i).name, "panda_joint" + std::to_string(i + 1));
    EXPECT_DOUBLE_EQ(l.lower, lower[i]);
    EXPECT_DOUBLE_EQ(l.upper, upper[i]);
    EXPECT_DOUBLE_EQ(l.velocity, i < 4 ? 2.175 : 2.61);
    EXPECT_DOUBLE_EQ(l.acceleration, accel[i]);
    EXPECT_DOUBLE_EQ(l.effort, i < 4 ? 87.0 : 12.0);
  }
  // Link 1's published inertia passes the triangle inequality (with margin ~5e-3 kg m^2).
  Eigen::Matrix3d I1;
  I1 << 0.70337, -0.000139, 0.006772, -0.000139, 0.70661, 0.019169, 0.006772, 0.019169, 0.009117;
  EXPECT_EQ(inertiaProblem(4.970684, I1), "");
  const Eigen::Vector3d p = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(I1).eigenvalues();
  EXPECT_GT(p[0] + p[1] - p[2], 4e-3);
  // Flange 0.107 m above link 7.
  const int b7 = m.bodyIndexOfLink("panda_link8");
  EXPECT_EQ(b7, 6);
  for (const LinkFrame& l : m.links())
    if (l.name == "panda_link8") {
      EXPECT_LT((l.poseInBody.translation() - Eigen::Vector3d(0, 0, 0.107)).norm(), 1e-15);
    }
  expectPhysicalAndPrimitive(m);
}

TEST(BuiltinRobots, Ur5PublishedValues) {
  const RobotModel m = builtinRobot("ur5");
  ASSERT_EQ(m.dof(), 6);
  const double mass[6] = {3.7, 8.393, 2.275, 1.219, 1.219, 0.1879};
  const double effort[6] = {150, 150, 150, 28, 28, 28};
  double total = 0.0;
  for (int i = 0; i < 6; ++i) {
    EXPECT_DOUBLE_EQ(m.body(i).inertia[0], mass[i]);
    total += mass[i];
    const JointLimits& l = m.joint(i).limits;
    EXPECT_NEAR(l.lower, -2 * M_PI, 1e-15);
    EXPECT_NEAR(l.upper, 2 * M_PI, 1e-15);
    EXPECT_DOUBLE_EQ(l.velocity, 3.15);
    EXPECT_DOUBLE_EQ(l.acceleration, 15.0);
    EXPECT_DOUBLE_EQ(l.effort, effort[i]);
  }
  EXPECT_NEAR(m.movingMass(), total, 1e-12);
  // Published COM of link 2, (0.2125, 0, 0.11336) in DH frame 2, i.e. in the
  // base frame at q = 0: DH frame 2 sits at (-0.425, 0, 0.089159) with
  // x2 = x0, z2 = -y0.
  const Eigen::Vector3d com2 = m.homePose(1) * centreOfMass(m.body(1).inertia);
  EXPECT_LT((com2 - Eigen::Vector3d(-0.425 + 0.2125, -0.11336, 0.089159)).norm(), 1e-12);
  expectPhysicalAndPrimitive(m);
}

TEST(BuiltinRobots, Snake) {
  for (int n : {1, 2, 7, 1000}) {
    const RobotModel m = builtinRobot("snake:" + std::to_string(n));
    ASSERT_EQ(m.dof(), n);
    EXPECT_EQ(m.name(), "snake:" + std::to_string(n));
    EXPECT_NEAR(m.movingMass(), n * 1.0, 1e-9);
    for (int i = 0; i < std::min(n, 4); ++i) {
      EXPECT_EQ(m.body(i).axis, i % 2 == 0 ? Eigen::Vector3d::UnitZ() : Eigen::Vector3d::UnitY());
      EXPECT_LT((m.homePose(i).translation() - Eigen::Vector3d(i, 0, 0)).norm(), 1e-15);
      EXPECT_DOUBLE_EQ(m.joint(i).limits.upper, M_PI);
      EXPECT_DOUBLE_EQ(m.joint(i).limits.velocity, 3.0);
      EXPECT_DOUBLE_EQ(m.joint(i).limits.acceleration, 20.0);
      EXPECT_DOUBLE_EQ(m.joint(i).limits.effort, 1000.0);
    }
    if (n <= 7) expectPhysicalAndPrimitive(m);
  }
  // Spatial, not planar: bending joint 1 (z) and joint 2 (y) moves the tip out of every coordinate plane.
  const RobotModel m = builtinRobot("snake:3");
  Eigen::VectorXd q(3);
  q << 0.5, 0.5, 0.0;
  const Eigen::Vector3d tip = test::bodyPose(m, 2, q).translation();
  EXPECT_GT(std::abs(tip.y()), 0.1);
  EXPECT_GT(std::abs(tip.z()), 0.1);
}

TEST(BuiltinRobots, BadNames) {
  for (const char* bad : {"snake:0", "snake:1001", "snake:x", "snake:", "snake:-3", "snake:2.5"})
    expectInputError([&] { builtinRobot(bad); }, {"built-in robot '" + std::string(bad) + "'", "N:", "1 to 1000"});
  expectInputError([] { builtinRobot("kuka"); }, {"built-in robot 'kuka': name: unknown"});
}

TEST(RobotLoader, BuiltinsFilesAndUnknown) {
  EXPECT_EQ(loadRobot("panda").dof(), 7);
  EXPECT_EQ(loadRobot("snake:5").dof(), 5);
  expectInputError([] { loadRobot("snake:0"); }, {"built-in robot 'snake:0'"});
  expectInputError([] { loadRobot("no_such_robot"); },
                   {"unknown robot 'no_such_robot': not a built-in (planar2r, snake:N, panda, ur5) and no such file"});
  const auto dir = test::tempDir();
  const std::string urdf = test::writeFile(dir / "one.urdf", R"(<robot name="one"><link name="a"/><link name="b">
<inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
<joint name="j" type="continuous"><parent link="a"/><child link="b"/></joint></robot>)");
  const RobotModel m = loadRobot(urdf);
  EXPECT_EQ(m.name(), "one");
  EXPECT_EQ(m.source(), urdf);
  EXPECT_EQ(m.body(0).axis, Eigen::Vector3d::UnitX());  // URDF default axis
  const std::string txt = test::writeFile(dir / "robot.step", "x");
  expectInputError([&] { loadRobot(txt); }, {"robot.step: unknown robot file type '.step'"});
}

}  // namespace
}  // namespace eb
