// URDF import: bad input gives one-line errors with file, line, element and
// field; vendor extensions are tolerated; the public robots load.
#include "model/inertial_parameters.hpp"
#include "model/mesh_uri.hpp"
#include "model/robot_loader.hpp"
#include "model/urdf_import.hpp"
#include "model_test_util.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>

namespace eb {
namespace {

namespace fs = std::filesystem;
using test::expectInputError;

using test::kPanda;
using test::kShared;
const std::string kPandaCollision = kShared + "/example-robot-data/robots/panda_description/urdf/panda_collision.urdf";
const std::string kUr5 = kShared + "/example-robot-data/robots/ur_description/urdf/ur5_robot.urdf";
const std::string kIiwa = kShared + "/drake_models/iiwa_description/urdf/iiwa14_polytope_collision.urdf";
const std::string kIiwaNoCollision = kShared + "/drake_models/iiwa_description/urdf/iiwa14_no_collision.urdf";

// A valid two-joint robot; the pieces are replaced by the bad-input tests.
// Line numbers: <robot> 1, base 2, link1 3-7 (inertia on 6), joint1 8-14
// (origin 11, axis 12, limit 13), link2 15, joint2 16-21.
struct Parts {
  std::string inertial = R"(<inertial><origin xyz="0 0 0.1"/><mass value="1.0"/>
    <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>)";
  std::string type1 = "revolute";
  std::string parent1 = "base";
  std::string origin1 = R"(<origin xyz="0 0 0.2" rpy="0 0 0"/>)";
  std::string axis1 = R"(<axis xyz="0 0 1"/>)";
  std::string limit1 = R"(<limit lower="-1" upper="1" velocity="2" effort="10"/>)";
  std::string link2 = R"(<link name="link2"/>)";
  std::string child2 = "link2";
  std::string extra;
};

std::string robot(const Parts& p) {
  return "<robot name=\"r\">\n"                                                   // 1
         "<link name=\"base\"/>\n"                                                // 2
         "<link name=\"link1\">\n"                                                // 3
         "  <visual><geometry><box size=\"0.1 0.1 0.1\"/></geometry></visual>\n"  // 4
         "  " + p.inertial + "\n"                                                 // 5-6
         "</link>\n"                                                              // 7
         "<joint name=\"joint1\" type=\"" + p.type1 + "\">\n"                     // 8
         "  <parent link=\"" + p.parent1 + "\"/>\n"                               // 9
         "  <child link=\"link1\"/>\n"                                            // 10
         "  " + p.origin1 + "\n"                                                  // 11
         "  " + p.axis1 + "\n"                                                    // 12
         "  " + p.limit1 + "\n"                                                   // 13
         "</joint>\n"                                                             // 14
         + p.link2 + "\n"                                                         // 15
         "<joint name=\"joint2\" type=\"continuous\">\n"                          // 16
         "  <parent link=\"link1\"/>\n"                                           // 17
         "  <child link=\"" + p.child2 + "\"/>\n"                                 // 18
         "  <origin xyz=\"0 0 0.3\"/>\n"                                          // 19
         "  <axis xyz=\"0 1 0\"/>\n"                                              // 20
         "</joint>\n"                                                             // 21
         + p.extra + "</robot>\n";
}

RobotModel load(const std::string& xml) { return importUrdfString(xml, "bad.urdf", ""); }

void expectBad(const Parts& p, const std::vector<std::string>& pieces) {
  expectInputError([&] { load(robot(p)); }, pieces);
}

TEST(UrdfImport, TemplateIsValid) {
  const RobotModel m = load(robot(Parts{}));
  EXPECT_EQ(m.dof(), 2);
  EXPECT_EQ(m.name(), "r");
  EXPECT_EQ(m.joint(0).name, "joint1");
  EXPECT_DOUBLE_EQ(m.joint(0).limits.lower, -1.0);
  EXPECT_DOUBLE_EQ(m.joint(0).limits.velocity, 2.0);
  EXPECT_TRUE(std::isinf(m.joint(0).limits.acceleration));
  EXPECT_EQ(m.joint(1).type, JointType::Continuous);
  EXPECT_FALSE(m.joint(1).limits.hasPositionLimits());
  EXPECT_DOUBLE_EQ(m.body(0).inertia[0], 1.0);
  EXPECT_NEAR(m.body(0).inertia[3], 0.1, 1e-15);  // m * cz
}

TEST(UrdfImport, UnknownJointType) {
  Parts p;
  p.type1 = "hinge";
  expectBad(p, {"bad.urdf:8: joint 'joint1': type: unknown joint type 'hinge'"});
}

TEST(UrdfImport, FloatingAndPlanarAreNotSupported) {
  for (const char* type : {"floating", "planar"}) {
    Parts p;
    p.type1 = type;
    expectBad(p, {"bad.urdf:8: joint 'joint1': type: '" + std::string(type) + "' joints are not supported"});
  }
}

TEST(UrdfImport, NonFiniteAndUnparsableNumbers) {
  Parts p;
  p.origin1 = R"(<origin xyz="0 nan 0.2"/>)";
  expectBad(p, {"bad.urdf:11: joint 'joint1': origin xyz: 'nan' is not finite"});
  p = Parts{};
  p.origin1 = R"(<origin xyz="0 0 0.2" rpy="0 inf 0"/>)";
  expectBad(p, {"bad.urdf:11: joint 'joint1': origin rpy: 'inf' is not finite"});
  p = Parts{};
  p.axis1 = R"(<axis xyz="0 0 1e999"/>)";
  expectBad(p, {"bad.urdf:12: joint 'joint1': axis xyz: '1e999' is not finite"});
  p = Parts{};
  p.axis1 = R"(<axis xyz="0 1"/>)";
  expectBad(p, {"bad.urdf:12: joint 'joint1': axis xyz: expected 3 numbers, got 2"});
  p = Parts{};
  p.inertial = R"(<inertial><mass value="1,5"/>
    <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>)";
  expectBad(p, {"bad.urdf:5: link 'link1': inertial/mass value: '1,5' is not a number"});
  p = Parts{};
  p.inertial = R"(<inertial><mass value="1"/>
    <inertia ixx="0.01" ixy="zero" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>)";
  expectBad(p, {"bad.urdf:6: link 'link1': inertial/inertia ixy: 'zero' is not a number"});
  p = Parts{};
  p.inertial = R"(<inertial><mass value="NaN"/>
    <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>)";
  expectBad(p, {"bad.urdf:5: link 'link1': inertial/mass value: 'NaN' is not finite"});
  p = Parts{};
  p.limit1 = R"(<limit lower="-1" upper="1" velocity="2" effort="ten"/>)";
  expectBad(p, {"bad.urdf:13: joint 'joint1': limit effort: 'ten' is not a number"});
  p = Parts{};
  p.limit1 = R"(<limit lower="-inf" upper="1" velocity="2" effort="10"/>)";
  expectBad(p, {"bad.urdf:13: joint 'joint1': limit lower: '-inf' is not finite"});
}

TEST(UrdfImport, ZeroAxis) {
  Parts p;
  p.axis1 = R"(<axis xyz="0 0 0"/>)";
  expectBad(p, {"bad.urdf:12: joint 'joint1': axis xyz: zero vector"});
}

TEST(UrdfImport, NegativeMassAndNonPhysicalInertia) {
  Parts p;
  p.inertial = R"(<inertial><mass value="-2"/>
    <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>)";
  expectBad(p, {"bad.urdf:5: link 'link1': inertial/mass value: negative (-2 kg)"});
  p.inertial = R"(<inertial><mass value="1"/>
    <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.05"/></inertial>)";
  expectBad(p, {"bad.urdf:6: link 'link1': inertial/inertia: violates the triangle inequality"});
  p.inertial = R"(<inertial><mass value="1"/>
    <inertia ixx="-0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>)";
  expectBad(p, {"bad.urdf:6: link 'link1': inertial/inertia: not positive semi-definite"});
  p.inertial = R"(<inertial><mass value="0"/>
    <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>)";
  expectBad(p, {"bad.urdf:6: link 'link1': inertial/inertia: non-zero while the mass is zero"});
  p.inertial = R"(<inertial><origin xyz="0 0 0.1"/></inertial>)";
  expectBad(p, {"bad.urdf:5: link 'link1': inertial/mass: missing"});
}

TEST(UrdfImport, MovingLinkWithoutInertialIsMassless) {
  Parts p;
  p.inertial = "";
  const UrdfImport r = importUrdfStringWithWarnings(robot(p), "bad.urdf", "");
  EXPECT_EQ(r.model.body(0).inertia, Vector10d::Zero());
  bool warned = false;
  for (const std::string& w : r.warnings)
    warned = warned || w.find("bad.urdf:3: link 'link1': inertial: missing; the link is massless") == 0;
  EXPECT_TRUE(warned);
}

TEST(UrdfImport, BadLimits) {
  Parts p;
  p.limit1 = R"(<limit lower="1" upper="-1" velocity="2" effort="10"/>)";
  expectBad(p, {"bad.urdf:13: joint 'joint1': limit lower: above upper (1 > -1)"});
  p.limit1 = R"(<limit lower="-1" upper="1" velocity="-2" effort="10"/>)";
  expectBad(p, {"bad.urdf:13: joint 'joint1': limit velocity: negative (-2)"});
}

// The builder knows the element but no line; the importer adds the line to the finding's data.
TEST(UrdfImport, BuilderFindingsCarryFileLineAndElementAsData) {
  Parts p;
  p.inertial = R"(<inertial><origin xyz="1e200 0 0"/><mass value="1e200"/>
    <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>)";
  try {
    load(robot(p));
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    const Diagnostic& d = e.diagnostic();
    EXPECT_EQ(d.file, "bad.urdf");
    EXPECT_EQ(d.line, 3u);  // <link name="link1">
    EXPECT_EQ(d.field, "link 'link1'");
    EXPECT_EQ(d.message.rfind("inertial: the parameters about the body frame overflow", 0), 0u) << d.message;
  }
}

TEST(UrdfImport, MissingLinks) {
  Parts p;
  p.parent1 = "nowhere";
  expectBad(p, {"bad.urdf:9: joint 'joint1': parent link: 'nowhere' does not exist"});
  p = Parts{};
  p.child2 = "ghost";
  expectBad(p, {"bad.urdf:18: joint 'joint2': child link: 'ghost' does not exist"});
}

TEST(UrdfImport, KinematicLoops) {
  Parts p;
  p.extra = R"(<joint name="joint3" type="fixed"><parent link="base"/>
<child link="link2"/></joint>
)";
  expectBad(p, {"bad.urdf:23: joint 'joint3': child link: 'link2' already has parent joint 'joint2' (line 16)",
                "kinematic loops are not supported"});
  // A cycle where every link has one parent: link1 -> link2 -> link1 (base is then alone).
  p = Parts{};
  p.parent1 = "link2";
  p.extra = R"(<link name="tip"/><joint name="joint3" type="fixed"><parent link="base"/><child link="tip"/></joint>
)";
  expectBad(p, {"bad.urdf:", "joint 'joint", "child link", "closes a kinematic loop"});
}

TEST(UrdfImport, DuplicateNames) {
  Parts p;
  p.link2 = R"(<link name="link1"/>)";
  expectBad(p, {"bad.urdf:15: link 'link1': name: duplicate (first defined on line 3)"});
  p = Parts{};
  p.extra = R"(<link name="tip"/><joint name="joint2" type="fixed"><parent link="link2"/><child link="tip"/></joint>
)";
  expectBad(p, {"bad.urdf:22: joint 'joint2': name: duplicate (first defined on line 16)"});
}

TEST(UrdfImport, TwoRootsAndMimicOfMissingJoint) {
  Parts p;
  p.extra = "<link name=\"floating_away\"/>\n";
  expectBad(p, {"bad.urdf:22: link 'floating_away': parent: none, but 'base' (line 2) is already the root link"});
  p = Parts{};
  p.extra = R"(<link name="tip"/><joint name="joint3" type="revolute"><parent link="link2"/><child link="tip"/>
<mimic joint="nope"/></joint>
)";
  expectBad(p, {"bad.urdf:23: joint 'joint3': mimic joint: 'nope' does not exist"});
}

TEST(UrdfImport, MalformedXml) {
  expectInputError([] { load("<robot name=\"r\">\n<link name=\"a\">\n</robot>\n"); },
                   {"bad.urdf:3: xml: closing tag </robot> does not match <link> opened on line 2"});
  expectInputError([] { load("<robot name=\"r\">\n<link name=\"a\"/>\n"); },
                   {"bad.urdf:3: xml: element <robot> opened on line 1 is not closed"});
  expectInputError([] { load("<robot name=\"r\"><link name=a/></robot>"); },
                   {"bad.urdf:1: xml: attribute 'name' of <link> has an unquoted value"});
  expectInputError([] { load("<robt/>"); }, {"bad.urdf:1: robot: root element: <robt>, expected <robot>"});
}

TEST(UrdfImport, XmlCommentsEntitiesCdataDoctypeAndBom) {
  const std::string xml = "\xEF\xBB\xBF<?xml version=\"1.0\"?>\n<!DOCTYPE robot [ <!ELEMENT robot ANY> ]>\n"
                          "<robot name=\"a&amp;b&#x41;\"><!-- <link name=\"commented\"/> -->\n"
                          "<link name=\"base\"><![CDATA[ <not> an element ]]></link>\n"
                          "<link name='tip'/>\n"
                          "<joint name=\"j\" type=\"prismatic\"><parent link=\"base\"/><child link=\"tip\"/>"
                          "<limit lower='0' upper='1'/></joint>\n</robot>\n";
  const RobotModel m = load(xml);
  EXPECT_EQ(m.name(), "a&bA");
  EXPECT_EQ(m.links().size(), 2u);
  EXPECT_EQ(m.joint(0).type, JointType::Prismatic);
  expectInputError([] { load("<robot name=\"x &nbsp; y\"/>"); }, {"bad.urdf:1: xml: unknown entity '&nbsp;'"});
}

TEST(UrdfImport, NoMovingJoint) {
  expectInputError([] { load("<robot name=\"r\">\n<link name=\"a\"/>\n</robot>\n"); },
                   {"bad.urdf:1: robot 'r': joint: no moving joint"});
}

// Vendor extensions seen in Drake, Gazebo and ROS files.
TEST(UrdfImport, ToleratesVendorExtensions) {
  const std::string xml = R"(<?xml version="1.0"?>
<!-- a comment -->
<robot xmlns:drake="http://drake.mit.edu" xmlns:xacro="http://www.ros.org/wiki/xacro" name="ext">
  <material name="Orange"><color rgba="1.0 0.42 0.04 1.0"/></material>
  <link name="base">
    <self_collision_checking>
      <origin xyz="0 0 0"/>
      <geometry><capsule length="0.25" radius="0.15"/></geometry>
    </self_collision_checking>
  </link>
  <link name="l1">
    <inertial>
      <origin xyz="0   0.1    0.2" rpy="0 0 0"/>
      <mass value="2.5e0"/>
      <inertia ixx="1e-2" ixy="0" ixz="0" iyy="1.0E-2" iyz="0" izz="+0.01"/>
    </inertial>
    <visual>
      <geometry><box size="22e-3 15e-3 20e-3"/></geometry>
      <material name="Orange"/>
    </visual>
    <collision>
      <geometry><capsule length="0.2" radius="0.05"/></geometry>
    </collision>
    <collision>
      <geometry><mesh filename="package://nowhere/x.obj"><drake:declare_convex/></mesh></geometry>
    </collision>
  </link>
  <joint name="j1" type="revolute">
    <parent link="base"/>
    <child link="l1"/>
    <axis xyz="0 0 1"/>
    <limit drake:acceleration="8.57" effort="320" lower="-2.9" upper="2.9" velocity="1.48"/>
    <safety_controller k_position="100.0" k_velocity="40.0" soft_lower_limit="-2.8" soft_upper_limit="2.8"/>
    <dynamics D="1" K="7000" damping="0.5" friction="0.25" mu_coulomb="0" mu_viscous="16"/>
  </joint>
  <frame link="l1" name="tool_frame" rpy="0 0 0" xyz="0.09 0 0"/>
  <drake:collision_filter_group name="g"><drake:member link="l1"/></drake:collision_filter_group>
  <gazebo reference="l1"><material>Gazebo/Orange</material></gazebo>
  <transmission name="t1">
    <type>transmission_interface/SimpleTransmission</type>
    <joint name="j1"><hardwareInterface>EffortJointInterface</hardwareInterface></joint>
    <actuator name="m1"><drake:rotor_inertia value="0.0001"/><mechanicalReduction>160</mechanicalReduction></actuator>
  </transmission>
</robot>
)";
  const UrdfImport r = importUrdfStringWithWarnings(xml, "ext.urdf", "");
  const RobotModel& m = r.model;
  ASSERT_EQ(m.dof(), 1);
  EXPECT_DOUBLE_EQ(m.joint(0).limits.acceleration, 8.57);
  EXPECT_DOUBLE_EQ(m.joint(0).limits.effort, 320.0);
  EXPECT_DOUBLE_EQ(m.joint(0).damping, 0.5);
  EXPECT_DOUBLE_EQ(m.joint(0).friction, 0.25);
  EXPECT_DOUBLE_EQ(m.body(0).inertia[0], 2.5);
  EXPECT_NEAR(m.body(0).inertia[2], 0.25, 1e-15);  // m * cy with the whitespace run read right
  const LinkFrame& l1 = m.links()[1];
  ASSERT_EQ(l1.visuals.size(), 1u);
  EXPECT_EQ(l1.visuals[0].kind, Geometry::Kind::Box);
  EXPECT_NEAR(l1.visuals[0].size.x(), 0.022, 1e-15);
  EXPECT_TRUE(l1.visuals[0].hasColor);
  EXPECT_NEAR(l1.visuals[0].rgba[1], 0.42, 1e-6);
  ASSERT_EQ(l1.collisions.size(), 1u);  // the capsule collision is dropped, the mesh kept
  EXPECT_EQ(l1.collisions[0].meshUri, "package://nowhere/x.obj");
  EXPECT_TRUE(l1.collisions[0].meshPath.empty());
  bool warnedCapsule = false;
  for (const std::string& w : r.warnings)
    warnedCapsule = warnedCapsule || w.find("ext.urdf:22: link 'l1': collision/geometry: <capsule>") == 0;
  EXPECT_TRUE(warnedCapsule);
}

TEST(UrdfImport, InlineAnonymousAndUndefinedMaterials) {
  Parts p;
  p.link2 = R"(<link name="link2"><visual><geometry><cylinder radius="0.1" length="0.5"/></geometry>
<material><color rgba="0.1 0.2 0.3 0.5"/></material></visual><visual><origin xyz="1 2 3"/>
<geometry><sphere radius="0.2"/></geometry><material name="NoSuchColour"/></visual></link>)";
  const UrdfImport r = importUrdfStringWithWarnings(robot(p), "mat.urdf", "");
  const LinkFrame& link2 = r.model.links()[2];
  ASSERT_EQ(link2.visuals.size(), 2u);
  EXPECT_EQ(link2.visuals[0].kind, Geometry::Kind::Cylinder);
  EXPECT_DOUBLE_EQ(link2.visuals[0].length, 0.5);
  EXPECT_TRUE(link2.visuals[0].hasColor);
  EXPECT_NEAR(link2.visuals[0].rgba[3], 0.5, 1e-6);
  EXPECT_EQ(link2.visuals[1].kind, Geometry::Kind::Sphere);
  EXPECT_EQ(link2.visuals[1].origin.translation(), Eigen::Vector3d(1, 2, 3));
  EXPECT_FALSE(link2.visuals[1].hasColor);
  ASSERT_EQ(r.warnings.size(), 2u);  // the undefined material, and link2 has no inertial
  EXPECT_EQ(r.warnings[0].find("mat.urdf:17: link 'link2': visual/material: 'NoSuchColour' is not defined"), 0u)
      << r.warnings[0];
  EXPECT_EQ(r.warnings[1].find("mat.urdf:15: link 'link2': inertial: missing; the link is massless"), 0u)
      << r.warnings[1];
  Parts bad;
  bad.link2 = R"(<link name="link2"><visual><geometry><box size="1 1 1"/></geometry>
<material><color rgba="0.1 0.2 1.3 1"/></material></visual></link>)";
  expectBad(bad, {"bad.urdf:16: link 'link2': visual/material/color rgba: components must lie in [0, 1]"});
  bad.link2 = R"(<link name="link2"><visual><geometry><cylinder radius="-0.1" length="1"/></geometry></visual></link>)";
  expectBad(bad, {"bad.urdf:15: link 'link2': visual/geometry/cylinder radius: negative (-0.1)"});
  bad.link2 = R"(<link name="link2"><collision><geometry><mesh/></geometry></collision></link>)";
  expectBad(bad, {"bad.urdf:15: link 'link2': collision/geometry/mesh filename: missing"});
}

TEST(UrdfImport, PlainAccelerationAttributeAndMissingLimitFields) {
  Parts p;
  p.limit1 = R"(<limit acceleration="12.5" effort="5"/>)";
  const RobotModel m = load(robot(p));
  EXPECT_DOUBLE_EQ(m.joint(0).limits.acceleration, 12.5);
  EXPECT_DOUBLE_EQ(m.joint(0).limits.effort, 5.0);
  EXPECT_TRUE(std::isinf(m.joint(0).limits.velocity));
  EXPECT_EQ(m.joint(0).limits.lower, -std::numeric_limits<double>::infinity());
  EXPECT_EQ(m.joint(0).limits.upper, std::numeric_limits<double>::infinity());
}

TEST(UrdfImport, MimicJointFollowsItsLeader) {
  Parts p;
  p.extra = R"(<link name="tip"/><joint name="joint3" type="prismatic"><parent link="link2"/><child link="tip"/>
<axis xyz="1 0 0"/><limit lower="0" upper="0.1" effort="1" velocity="1"/>
<mimic joint="joint1" multiplier="-2" offset="0.5"/></joint>
)";
  const RobotModel m = load(robot(p));
  ASSERT_EQ(m.dof(), 2);
  ASSERT_EQ(m.bodyCount(), 3);
  EXPECT_TRUE(m.body(2).mimic);
  EXPECT_EQ(m.body(2).dof, 0);
  EXPECT_DOUBLE_EQ(m.body(2).multiplier, -2.0);
  EXPECT_DOUBLE_EQ(m.body(2).offset, 0.5);
}

TEST(UrdfImport, MeshUriResolution) {
  const fs::path dir = test::tempDir();
  test::writeFile(dir / "pkgs" / "my_robot" / "meshes" / "a.stl", "solid a\nendsolid a\n");
  test::writeFile(dir / "urdf" / "meshes" / "rel.stl", "solid r\nendsolid r\n");
  const std::string roots = (dir / "pkgs").string();
  const std::string pkgDir = (dir / "pkgs" / "my_robot").string();
  EXPECT_EQ(resolveMeshUri("package://my_robot/meshes/a.stl", "", {roots}), (dir / "pkgs/my_robot/meshes/a.stl").string());
  // ROS_PACKAGE_PATH style: the root is the package folder itself.
  EXPECT_EQ(resolveMeshUri("package://my_robot/meshes/a.stl", "", {pkgDir}), (dir / "pkgs/my_robot/meshes/a.stl").string());
  EXPECT_EQ(resolveMeshUri("package://other/meshes/a.stl", "", {roots}), "");
  EXPECT_EQ(resolveMeshUri("meshes/rel.stl", (dir / "urdf").string(), {}), (dir / "urdf/meshes/rel.stl").string());
  EXPECT_EQ(resolveMeshUri("file://" + (dir / "urdf/meshes/rel.stl").string(), "", {}),
            (dir / "urdf/meshes/rel.stl").string());
  EXPECT_EQ(resolveMeshUri("missing.stl", (dir / "urdf").string(), {}), "");

  Parts p;
  p.link2 = R"(<link name="link2"><visual><geometry><mesh filename="meshes/rel.stl" scale="2 2 2"/></geometry></visual>
<collision><geometry><mesh filename="package://my_robot/meshes/a.stl"/></geometry></collision></link>)";
  const std::string file = test::writeFile(dir / "urdf" / "r.urdf", robot(p));
  const RobotModel m = importUrdfFile(file, {roots});
  const LinkFrame& link2 = m.links()[2];
  ASSERT_EQ(link2.name, "link2");
  EXPECT_EQ(link2.visuals[0].meshPath, (dir / "urdf/meshes/rel.stl").string());
  EXPECT_EQ(link2.visuals[0].scale, Eigen::Vector3d(2, 2, 2));
  EXPECT_EQ(link2.collisions[0].meshPath, (dir / "pkgs/my_robot/meshes/a.stl").string());
}

TEST(UrdfImport, FileErrorsNameTheFile) {
  const fs::path dir = test::tempDir();
  Parts p;
  p.axis1 = R"(<axis xyz="0 0 0"/>)";
  const std::string file = test::writeFile(dir / "zero_axis.urdf", robot(p));
  expectInputError([&] { importUrdfFile(file); }, {file + ":12: joint 'joint1': axis xyz: zero vector"});
  expectInputError([&] { importUrdfFile((dir / "absent.urdf").string()); }, {"absent.urdf: cannot open the file"});
}

// ---------------------------------------------------------------- public robots

void expectMeshesResolve(const RobotModel& m, bool visualsToo) {
  int meshes = 0;
  for (const LinkFrame& l : m.links()) {
    for (const Geometry& g : l.collisions)
      if (g.kind == Geometry::Kind::Mesh) {
        ++meshes;
        EXPECT_TRUE(fs::is_regular_file(g.meshPath)) << g.meshUri << " -> '" << g.meshPath << "'";
      }
    for (const Geometry& g : l.visuals)
      if (g.kind == Geometry::Kind::Mesh) {
        ++meshes;
        if (visualsToo) {
          EXPECT_TRUE(fs::is_regular_file(g.meshPath)) << g.meshUri << " -> '" << g.meshPath << "'";
        }
      }
  }
  EXPECT_GT(meshes, 0);
}

TEST(UrdfImportPublic, PandaArmAndHand) {
  if (!std::filesystem::exists(kShared)) GTEST_SKIP() << "shared robots not found at " << kShared;
  for (const std::string& file : {kPanda, kPandaCollision}) {
    const RobotModel m = importUrdfFile(file, {kShared});
    EXPECT_EQ(m.dof(), 8) << file;  // 7 arm joints + finger 1; finger 2 mimics it
    EXPECT_EQ(m.bodyCount(), 9);
    EXPECT_EQ(m.joint(7).name, "panda_finger_joint1");
    EXPECT_TRUE(m.body(m.bodyCount() - 1).mimic);
    EXPECT_DOUBLE_EQ(m.joint(3).limits.upper, -0.0698);
    EXPECT_DOUBLE_EQ(m.joint(0).damping, 0.003);
    expectMeshesResolve(m, true);
  }
}

TEST(UrdfImportPublic, PandaHandMergedIntoLink7KeepsMassAndCom) {
  if (!std::filesystem::exists(kShared)) GTEST_SKIP() << "shared robots not found at " << kShared;
  const RobotModel m = importUrdfFile(kPanda, {kShared});
  const int b7 = m.bodyIndexOfLink("panda_link7");
  ASSERT_EQ(b7, 6);
  EXPECT_EQ(m.bodyIndexOfLink("panda_hand"), b7);
  EXPECT_EQ(m.bodyIndexOfLink("panda_hand_tcp"), b7);
  // From the file: link7 (0.735522 kg, COM (0.010517, -0.004252, 0.061597)),
  // link8 at z = 0.107 (massless), hand rotated by -pi/4 about z, 0.73 kg at
  // (-0.01, 0, 0.03) in the hand frame; the fingers are bodies of their own.
  const double m7 = 0.735522, mh = 0.73;
  const Eigen::Vector3d c7(0.010517, -0.004252, 0.061597);
  const Eigen::Vector3d ch =
      Eigen::Vector3d(0, 0, 0.107) + Eigen::AngleAxisd(-M_PI / 4, Eigen::Vector3d::UnitZ()) * Eigen::Vector3d(-0.01, 0, 0.03);
  const Vector10d& theta = m.body(b7).inertia;
  EXPECT_NEAR(theta[0], m7 + mh, 1e-12);
  EXPECT_LT((centreOfMass(theta) - (m7 * c7 + mh * ch) / (m7 + mh)).norm(), 1e-12);
  // Whole moving mass: links 1..7, hand, two fingers.
  EXPECT_NEAR(m.movingMass(), 4.970684 + 0.646926 + 3.228604 + 3.587895 + 1.225946 + 1.666555 + 0.735522 + 0.73 + 0.03,
              1e-9);
}

TEST(UrdfImportPublic, Ur5WithMissingVisualMeshes) {
  if (!std::filesystem::exists(kShared)) GTEST_SKIP() << "shared robots not found at " << kShared;
  const UrdfImport r = importUrdfFileWithWarnings(kUr5, {kShared});
  const RobotModel& m = r.model;
  EXPECT_EQ(m.dof(), 6);
  EXPECT_EQ(m.joint(0).name, "shoulder_pan_joint");
  EXPECT_EQ(m.joint(5).name, "wrist_3_joint");
  expectMeshesResolve(m, false);
  int visualMeshes = 0;
  for (const LinkFrame& l : m.links())
    for (const Geometry& g : l.visuals)
      if (g.kind == Geometry::Kind::Mesh) {
        ++visualMeshes;
        EXPECT_TRUE(g.meshPath.empty()) << g.meshUri;  // left out of robots-public on purpose
        EXPECT_NE(g.meshUri.find(".dae"), std::string::npos);
      }
  EXPECT_EQ(visualMeshes, 7);
}

TEST(UrdfImportPublic, IiwaWithDrakeExtensions) {
  if (!std::filesystem::exists(kShared)) GTEST_SKIP() << "shared robots not found at " << kShared;
  for (const std::string& file : {kIiwa, kIiwaNoCollision}) {
    const RobotModel m = importUrdfFile(file, {kShared});
    EXPECT_EQ(m.dof(), 7) << file;
    EXPECT_DOUBLE_EQ(m.joint(0).limits.acceleration, 8.57);
    EXPECT_DOUBLE_EQ(m.joint(6).limits.acceleration, 15.72);
    EXPECT_DOUBLE_EQ(m.joint(0).damping, 0.5);
    expectMeshesResolve(m, true);
  }
}

TEST(UrdfImportPublic, LoaderFindsPackageRootsByItself) {
  if (!std::filesystem::exists(kShared)) GTEST_SKIP() << "shared robots not found at " << kShared;
  for (const std::string& file : {kPanda, kIiwa}) {
    const RobotModel m = loadRobot(file);
    expectMeshesResolve(m, true);
  }
}

}  // namespace
}  // namespace eb
