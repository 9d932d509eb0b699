// Geometric bounds of bodies: primitives placed by their origins and the link's
// pose in its body, meshes read with Assimp (an ASCII STL written here), the
// fallback from unreadable collision meshes to visual shapes.
#include "logs/test_log_support.hpp"
#include "model/body_bounds.hpp"
#include "model/robot_loader.hpp"

#include <gtest/gtest.h>

#include <fstream>

using namespace eb;
using eb::test::TempFile;

namespace {

void expectVector(const Eigen::Vector3d& v, double x, double y, double z, const char* what) {
  EXPECT_NEAR(v.x(), x, 1e-12) << what;
  EXPECT_NEAR(v.y(), y, 1e-12) << what;
  EXPECT_NEAR(v.z(), z, 1e-12) << what;
}

}  // namespace

TEST(BodyBounds, PrimitivesPlacedByTheirOriginsAndFixedLinks) {
  TempFile stl(R"(solid tet
facet normal 0 0 1
outer loop
vertex 0 0 0
vertex 1 0 0
vertex 0 2 0
endloop
endfacet
facet normal 0 0 1
outer loop
vertex 0 0 0
vertex 0 2 0
vertex 0 0 3
endloop
endfacet
endsolid tet
)", ".stl");
  const std::string urdf = R"(<robot name="shapes">
  <link name="base"/>
  <link name="a">
    <inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><origin xyz="0.1 0 0" rpy="0 0 1.5707963267948966"/><geometry><box size="0.2 0.4 0.6"/></geometry></collision>
    <collision><origin xyz="0 0 1"/><geometry><sphere radius="0.05"/></geometry></collision>
  </link>
  <link name="tip">
    <collision><geometry><mesh filename="missing/part.stl"/></geometry></collision>
    <visual><geometry><cylinder radius="0.1" length="0.4"/></geometry></visual>
  </link>
  <link name="b">
    <inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><mesh filename=")" + stl.path() + R"(" scale="0.1 0.1 0.1"/></geometry></collision>
  </link>
  <joint name="j1" type="revolute"><parent link="base"/><child link="a"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="10" velocity="1"/></joint>
  <joint name="t" type="fixed"><parent link="a"/><child link="tip"/><origin xyz="0 0 2"/></joint>
  <joint name="j2" type="revolute"><parent link="a"/><child link="b"/><origin xyz="0 0 3"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="10" velocity="1"/></joint>
</robot>)";
  TempFile file(urdf, ".urdf");
  const RobotModel model = loadRobot(file.path());
  const std::vector<BodyBounds> bounds = bodyGeometryBounds(model);
  ASSERT_EQ(bounds.size(), 2u);
  // Body a: the box turned by 90 degrees about z (0.4 x 0.2 x 0.6 at x = 0.1), the sphere at
  // z = 1, and tip's visual cylinder at z = 2 (its collision mesh cannot be read).
  ASSERT_TRUE(bounds[0].known);
  expectVector(bounds[0].lower, 0.1 - 0.2, -0.1, -0.3, "a lower");
  expectVector(bounds[0].upper, 0.1 + 0.2, 0.1, 2.2, "a upper");
  EXPECT_EQ(bounds[0].shapes, 3);
  EXPECT_EQ(bounds[0].unreadMeshes, std::vector<std::string>{"missing/part.stl"});
  EXPECT_EQ(bounds[0].source, "collision and visual shapes");
  EXPECT_TRUE(bounds[0].contains(Eigen::Vector3d(0.0, 0.0, 1.0)));
  EXPECT_FALSE(bounds[0].contains(Eigen::Vector3d(0.0, 0.2, 1.0)));
  EXPECT_TRUE(bounds[0].contains(Eigen::Vector3d(0.0, 0.2, 1.0), 0.11));
  // Body b: the tetrahedron's vertices scaled by 0.1.
  ASSERT_TRUE(bounds[1].known);
  expectVector(bounds[1].lower, 0.0, 0.0, 0.0, "b lower");
  expectVector(bounds[1].upper, 0.1, 0.2, 0.3, "b upper");
  EXPECT_NEAR(bounds[1].volume(), 0.006, 1e-15);
  EXPECT_EQ(bounds[1].source, "collision shapes");
}

TEST(BodyBounds, ABodyWithoutGeometryIsBoundedByItsDescription) {
  const std::string urdf = R"(<robot name="bare">
  <link name="base"/>
  <link name="a"><inertial><origin xyz="0 0 0.1"/><mass value="2"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="b"><inertial><origin xyz="0.05 0 0"/><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><mesh filename="package://nowhere/b.stl"/></geometry></collision></link>
  <link name="tool"/>
  <joint name="j1" type="revolute"><parent link="base"/><child link="a"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="10" velocity="1"/></joint>
  <joint name="j2" type="revolute"><parent link="a"/><child link="b"/><origin xyz="0 0 0.6"/><axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="10" velocity="1"/></joint>
  <joint name="t" type="fixed"><parent link="b"/><child link="tool"/><origin xyz="0.02 0 0"/></joint>
</robot>)";
  TempFile file(urdf, ".urdf");
  const std::vector<BodyBounds> bounds = bodyGeometryBounds(loadRobot(file.path()));
  ASSERT_EQ(bounds.size(), 2u);
  // Body a: its joint origin, the child joint at z = 0.6 and the CAD COM at z = 0.1, grown by
  // half the reach (0.3 m); mass 0.25x to 4x the CAD 2 kg.
  ASSERT_TRUE(bounds[0].known);
  EXPECT_TRUE(bounds[0].fromDescription);
  EXPECT_EQ(bounds[0].source, "joint origins and CAD inertial");
  expectVector(bounds[0].lower, -0.3, -0.3, -0.3, "a lower");
  expectVector(bounds[0].upper, 0.3, 0.3, 0.9, "a upper");
  EXPECT_DOUBLE_EQ(bounds[0].minMass, 0.5);
  EXPECT_DOUBLE_EQ(bounds[0].maxMass, 8.0);
  // Body b, the last: the tool frame at x = 0.02 and the COM at x = 0.05, grown by the 0.1 m
  // least radius; up to the robot's 3 kg would be less than 4x its own 1 kg, so 4 kg.
  EXPECT_TRUE(bounds[1].fromDescription);
  expectVector(bounds[1].lower, -0.1, -0.1, -0.1, "b lower");
  expectVector(bounds[1].upper, 0.15, 0.1, 0.1, "b upper");
  EXPECT_DOUBLE_EQ(bounds[1].minMass, 0.25);
  EXPECT_DOUBLE_EQ(bounds[1].maxMass, 4.0);
  EXPECT_EQ(bounds[1].unreadMeshes, std::vector<std::string>{"package://nowhere/b.stl"});
  EXPECT_NE(bounds[1].rule.find("grown by 0.1 m; mass 0.25x to 4x the CAD mass 1 kg"), std::string::npos) << bounds[1].rule;
}
