// MJCF import: hand-written fixtures for each feature (written into a temp dir),
// then the four MuJoCo Menagerie models in ../shared (skipped when absent).
#include <gtest/gtest.h>

#include <cmath>

#include "model/inertial_parameters.hpp"
#include "model/mjcf_import.hpp"
#include "model/robot_loader.hpp"
#include "model_test_util.hpp"

namespace eb::mjcf_tests {
namespace {

using test::expectInputError;
using test::tempDir;
using test::writeFile;

// A one-body robot: world -> body 'b' (hinge 'j') with the given body attributes and contents.
std::string oneBody(const std::string& compiler, const std::string& bodyAttributes, const std::string& contents) {
  return "<mujoco model=\"t\">\n  " + compiler + "\n  <worldbody>\n    <body name=\"b\" " + bodyAttributes +
         ">\n      <joint name=\"j\"/>\n" + contents + "\n    </body>\n  </worldbody>\n</mujoco>\n";
}

MjcfImport load(const std::string& xml) {
  const auto dir = tempDir();
  return importMjcfFileWithWarnings(writeFile(dir / "robot.xml", xml));
}

Eigen::Matrix3d homeRotation(const std::string& compiler, const std::string& orientation) {
  const MjcfImport r =
      load(oneBody(compiler, orientation, "<inertial pos=\"0 0 0\" mass=\"1\" diaginertia=\"1 1 1\"/>"));
  return r.model.homePose(0).linear();
}

Eigen::Matrix3d rot(const Eigen::Vector3d& axis, double angle) {
  return Eigen::AngleAxisd(angle, axis).toRotationMatrix();
}

TEST(MjcfImport, EachOrientationFormGivesTheSameFrame) {
  const Eigen::Matrix3d expected = rot(Eigen::Vector3d::UnitZ(), M_PI / 2);
  EXPECT_TRUE(homeRotation("", "quat=\"1 0 0 1\"").isApprox(expected, 1e-12));        // w first, normalised
  EXPECT_TRUE(homeRotation("", "axisangle=\"0 0 2 90\"").isApprox(expected, 1e-12));  // degrees by default
  EXPECT_TRUE(homeRotation("", "euler=\"0 0 90\"").isApprox(expected, 1e-12));
  EXPECT_TRUE(homeRotation("", "xyaxes=\"0 1 0 -1 0.3 0\"").isApprox(expected, 1e-12));  // y made orthogonal
  // zaxis: +z turned onto +x along the shortest arc, a quarter turn about +y.
  EXPECT_TRUE(homeRotation("", "zaxis=\"2 0 0\"").isApprox(rot(Eigen::Vector3d::UnitY(), M_PI / 2), 1e-12));
  EXPECT_TRUE(
      homeRotation("<compiler angle=\"radian\"/>", "axisangle=\"0 0 1 1.5707963267948966\"").isApprox(expected, 1e-12));
}

TEST(MjcfImport, EulerSequenceMovingAndFixedAxes) {
  const Eigen::Matrix3d rx = rot(Eigen::Vector3d::UnitX(), M_PI / 2), ry = rot(Eigen::Vector3d::UnitY(), M_PI / 2);
  // Lower case: moving axes (R = Rx Ry); upper case: fixed axes (R = Ry Rx).
  EXPECT_TRUE(homeRotation("<compiler eulerseq=\"xyz\"/>", "euler=\"90 90 0\"").isApprox(rx * ry, 1e-12));
  EXPECT_TRUE(homeRotation("<compiler eulerseq=\"XYZ\"/>", "euler=\"90 90 0\"").isApprox(ry * rx, 1e-12));
  EXPECT_FALSE((rx * ry).isApprox(ry * rx, 1e-3));
}

TEST(MjcfImport, AngleUnitOfRangesAndRef) {
  const std::string contents = "<inertial pos=\"0 0 0\" mass=\"1\" diaginertia=\"1 1 1\"/>";
  auto withJoint = [&](const std::string& compiler, const std::string& joint) {
    return "<mujoco>" + compiler + "<worldbody><body name=\"b\">" + joint + contents + "</body></worldbody></mujoco>";
  };
  const RobotModel deg = load(withJoint("", "<joint name=\"j\" range=\"-90 45\"/>")).model;
  EXPECT_NEAR(deg.joint(0).limits.lower, -M_PI / 2, 1e-15);
  EXPECT_NEAR(deg.joint(0).limits.upper, M_PI / 4, 1e-15);
  const RobotModel rad =
      load(withJoint("<compiler angle=\"radian\"/>", "<joint name=\"j\" range=\"-1.5 0.5\"/>")).model;
  EXPECT_DOUBLE_EQ(rad.joint(0).limits.lower, -1.5);
  EXPECT_DOUBLE_EQ(rad.joint(0).limits.upper, 0.5);
  // Slide ranges are lengths whatever the angle unit; autolimits="false" leaves a range unused.
  const RobotModel slide = load(withJoint("", "<joint name=\"j\" type=\"slide\" range=\"0 0.04\"/>")).model;
  EXPECT_EQ(slide.joint(0).type, JointType::Prismatic);
  EXPECT_DOUBLE_EQ(slide.joint(0).limits.upper, 0.04);
  const RobotModel unlimited =
      load(withJoint("<compiler autolimits=\"false\"/>", "<joint name=\"j\" range=\"-90 45\"/>")).model;
  EXPECT_FALSE(unlimited.joint(0).limits.hasPositionLimits());
  // ref: q is MuJoCo's qpos, so at q = 0 the body is turned by -ref from the XML pose.
  const RobotModel ref = load(withJoint("", "<joint name=\"j\" axis=\"0 0 1\" ref=\"30\"/>")).model;
  EXPECT_TRUE(ref.homePose(0).linear().isApprox(rot(Eigen::Vector3d::UnitZ(), -M_PI / 6), 1e-12));
}

TEST(MjcfImport, DefaultClassesAndChildclass) {
  const std::string xml = R"(<mujoco>
  <default>
    <joint damping="1" axis="0 1 0"/>
    <default class="arm">
      <joint armature="0.2"/>
      <default class="wrist">
        <joint damping="3" frictionloss="0.5"/>
      </default>
    </default>
  </default>
  <worldbody>
    <body name="a" childclass="wrist">
      <inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/>
      <joint name="j1"/>
      <body name="b" pos="0 0 1">
        <inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/>
        <joint name="j2" class="arm" damping="7"/>
      </body>
      <body name="c" pos="0 0 1">
        <inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/>
        <joint name="j3" class="main"/>
      </body>
    </body>
  </worldbody>
</mujoco>)";
  const RobotModel m = load(xml).model;
  ASSERT_EQ(m.dof(), 3);
  EXPECT_DOUBLE_EQ(m.joint(0).damping, 3.0);  // wrist over arm over main
  EXPECT_DOUBLE_EQ(m.joint(0).armature, 0.2);
  EXPECT_DOUBLE_EQ(m.joint(0).friction, 0.5);
  EXPECT_TRUE(m.body(0).axis.isApprox(Eigen::Vector3d::UnitY()));
  EXPECT_DOUBLE_EQ(m.joint(1).damping, 7.0);  // own attribute over class 'arm'
  EXPECT_DOUBLE_EQ(m.joint(1).armature, 0.2);
  EXPECT_DOUBLE_EQ(m.joint(1).friction, 0.0);
  EXPECT_DOUBLE_EQ(m.joint(2).damping, 1.0);  // class main
  EXPECT_DOUBLE_EQ(m.joint(2).armature, 0.0);
}

TEST(MjcfImport, IncludeSplicesTheFileAndErrorsNameIt) {
  const auto dir = tempDir();
  writeFile(dir / "arm.xml",
            "<mujoco>\n<body name=\"link\" pos=\"0 0 0.5\">\n  <joint name=\"j\"/>\n"
            "  <geom type=\"sphere\" size=\"0.1\" mass=\"2\"/>\n</body>\n</mujoco>\n");
  const std::string main = writeFile(dir / "robot.xml",
                                     "<mujoco>\n  <worldbody>\n    <include file=\"arm.xml\"/>\n"
                                     "  </worldbody>\n</mujoco>\n");
  const MjcfImport r = importMjcfFileWithWarnings(main);
  ASSERT_EQ(r.model.dof(), 1);
  EXPECT_EQ(r.model.body(0).name, "link");
  EXPECT_DOUBLE_EQ(r.model.body(0).inertia[0], 2.0);
  EXPECT_NEAR(r.model.homePose(0).translation().z(), 0.5, 1e-15);

  writeFile(dir / "arm.xml",
            "<mujoco>\n<body name=\"link\">\n  <joint name=\"j\" range=\"0 x\"/>\n</body>\n</mujoco>\n");
  expectInputError([&] { importMjcfFile(main); }, {(dir / "arm.xml").string() + ":3:", "joint 'j': range", "'x'"});
  writeFile(dir / "robot.xml",
            "<mujoco>\n  <worldbody>\n    <include file=\"none.xml\"/>\n  </worldbody>\n</mujoco>\n");
  expectInputError([&] { importMjcfFile(main); }, {main + ":3:", "include: file", "does not exist"});
}

// Inertia of a single geom (no <inertial>): mass, COM and tensor in the body frame.
MjcfBodyInertial geomBody(const std::string& geom) {
  const MjcfImport r = load(oneBody("", "", geom));
  return r.bodies.at(0);
}

TEST(MjcfImport, GeomInertiaOfEachPrimitiveMatchesClosedForms) {
  const double rho = 1000.0;
  {  // box, half sizes a b c
    const double a = 0.1, b = 0.2, c = 0.3, m = rho * 8 * a * b * c;
    const MjcfBodyInertial x = geomBody("<geom type=\"box\" size=\"0.1 0.2 0.3\" pos=\"0.5 0 0\"/>");
    EXPECT_NEAR(x.mass, m, 1e-12 * m);
    EXPECT_TRUE(x.com.isApprox(Eigen::Vector3d(0.5, 0, 0), 1e-15));
    EXPECT_NEAR(x.inertia(0, 0), m * (4 * b * b + 4 * c * c) / 12, 1e-12);
    EXPECT_NEAR(x.inertia(2, 2), m * (4 * a * a + 4 * b * b) / 12, 1e-12);
  }
  {  // sphere with a given mass
    const MjcfBodyInertial x = geomBody("<geom type=\"sphere\" size=\"0.2\" mass=\"3\"/>");
    EXPECT_DOUBLE_EQ(x.mass, 3.0);
    EXPECT_NEAR(x.inertia(1, 1), 0.4 * 3.0 * 0.04, 1e-15);
  }
  {  // cylinder radius r, half-length h, density 500
    const double r = 0.05, h = 0.2, m = 500.0 * M_PI * r * r * 2 * h;
    const MjcfBodyInertial x = geomBody("<geom type=\"cylinder\" size=\"0.05 0.2\" density=\"500\"/>");
    EXPECT_NEAR(x.mass, m, 1e-12 * m);
    EXPECT_NEAR(x.inertia(0, 0), m * (3 * r * r + 4 * h * h) / 12, 1e-14);
    EXPECT_NEAR(x.inertia(2, 2), m * r * r / 2, 1e-14);
  }
  {  // ellipsoid
    const double a = 0.1, b = 0.05, c = 0.02, m = rho * 4.0 / 3.0 * M_PI * a * b * c;
    const MjcfBodyInertial x = geomBody("<geom type=\"ellipsoid\" size=\"0.1 0.05 0.02\"/>");
    EXPECT_NEAR(x.mass, m, 1e-12 * m);
    EXPECT_NEAR(x.inertia(0, 0), m * (b * b + c * c) / 5, 1e-15);
    EXPECT_NEAR(x.inertia(1, 1), m * (a * a + c * c) / 5, 1e-15);
  }
  {  // capsule from fromto along x: cylinder of length L plus two hemispheres
    const double r = 0.03, L = 0.2;
    const double mc = rho * M_PI * r * r * L, ms = rho * 4.0 / 3.0 * M_PI * r * r * r;
    // About the axis: cylinder m r^2/2 + sphere 2/5 m r^2. Across, at the centre: each hemisphere
    // has its own centroidal 83/320 m r^2 and sits 3r/8 beyond the cylinder's end L/2.
    const double axial = mc * r * r / 2 + 0.4 * ms * r * r;
    const double hemi = ms / 2, d = L / 2 + 3 * r / 8;
    const double across = mc * (3 * r * r + L * L) / 12 + 2 * (hemi * 83.0 / 320.0 * r * r + hemi * d * d);
    const MjcfBodyInertial x = geomBody("<geom type=\"capsule\" size=\"0.03\" fromto=\"0 0 0 0.2 0 0\"/>");
    EXPECT_NEAR(x.mass, mc + ms, 1e-12);
    EXPECT_TRUE(x.com.isApprox(Eigen::Vector3d(0.1, 0, 0), 1e-15));
    EXPECT_NEAR(x.inertia(0, 0), axial, 1e-15);
    EXPECT_NEAR(x.inertia(1, 1), across, 1e-15);
    EXPECT_NEAR(x.inertia(2, 2), across, 1e-15);
  }
  {  // two boxes: COM between them, parallel-axis terms added; a massless geom changes nothing
    const double m = rho * 8 * 0.001;
    const MjcfBodyInertial x = geomBody(
        "<geom type=\"box\" size=\"0.1 0.1 0.1\" pos=\"0 0 0.3\"/><geom type=\"box\" size=\"0.1 0.1 0.1\" "
        "pos=\"0 0 -0.1\"/><geom type=\"sphere\" size=\"1\" mass=\"0\"/>");
    EXPECT_NEAR(x.mass, 2 * m, 1e-12);
    EXPECT_TRUE(x.com.isApprox(Eigen::Vector3d(0, 0, 0.1), 1e-14));
    EXPECT_NEAR(x.inertia(0, 0), 2 * (m * 0.08 / 12 + m * 0.04), 1e-14);
    EXPECT_NEAR(x.inertia(2, 2), 2 * m * 0.08 / 12, 1e-14);
  }
}

// An ASCII STL of an axis-aligned box [lo, hi], outward faces unless `inward`.
std::string boxStl(const Eigen::Vector3d& lo, const Eigen::Vector3d& hi, bool inward = false) {
  std::string out = "solid box\n";
  auto corner = [&](int i) {
    return Eigen::Vector3d(i & 1 ? hi.x() : lo.x(), i & 2 ? hi.y() : lo.y(), i & 4 ? hi.z() : lo.z());
  };
  // Each face as two triangles, counter-clockwise seen from outside.
  const int quads[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  auto tri = [&](int a, int b, int c) {
    if (inward) std::swap(b, c);
    out += "facet normal 0 0 0\nouter loop\n";
    for (int v : {a, b, c}) {
      const Eigen::Vector3d p = corner(v);
      out += "vertex " + std::to_string(p.x()) + " " + std::to_string(p.y()) + " " + std::to_string(p.z()) + "\n";
    }
    out += "endloop\nendfacet\n";
  };
  for (const auto& q : quads) {
    tri(q[0], q[1], q[2]);
    tri(q[0], q[2], q[3]);
  }
  return out + "endsolid box\n";
}

TEST(MjcfImport, MeshInertiaIsThatOfTheSolidItBounds) {
  const auto dir = tempDir();
  writeFile(dir / "meshes" / "box.stl", boxStl({0.1, 0.0, 0.0}, {0.3, 0.1, 0.05}));
  writeFile(dir / "meshes" / "inside_out.stl", boxStl({0.1, 0.0, 0.0}, {0.3, 0.1, 0.05}, true));
  auto robot = [&](const std::string& mesh, const std::string& meshAttrs, const std::string& geomAttrs) {
    return "<mujoco><compiler meshdir=\"meshes\"/><asset><mesh file=\"" + mesh + "\" " + meshAttrs +
           "/></asset><worldbody><body name=\"b\"><joint name=\"j\"/><geom type=\"mesh\" mesh=\"" +
           mesh.substr(0, mesh.size() - 4) + "\" " + geomAttrs + "/></body></worldbody></mujoco>";
  };
  const double a = 0.2, b = 0.1, c = 0.05, m = 800.0 * a * b * c;
  const MjcfBodyInertial x =
      importMjcfFileWithWarnings(writeFile(dir / "r1.xml", robot("box.stl", "", "density=\"800\" pos=\"0 0 1\"")))
          .bodies.at(0);
  EXPECT_NEAR(x.mass, m, 1e-6 * m);  // the STL holds floats
  EXPECT_TRUE(x.com.isApprox(Eigen::Vector3d(0.2, 0.05, 1.025), 1e-6));
  EXPECT_NEAR(x.inertia(0, 0), m * (b * b + c * c) / 12, 1e-6 * m * (b * b + c * c) / 12);
  EXPECT_NEAR(x.inertia(2, 2), m * (a * a + b * b) / 12, 1e-6 * m * (a * a + b * b) / 12);
  EXPECT_NEAR(x.inertia(0, 1), 0.0, 1e-12);
  // Legacy (the default) counts every pyramid as positive: a mesh facing inwards weighs the same;
  // exact refuses it.
  const MjcfBodyInertial inv =
      importMjcfFileWithWarnings(writeFile(dir / "r2.xml", robot("inside_out.stl", "", "density=\"800\"")))
          .bodies.at(0);
  EXPECT_NEAR(inv.mass, m, 1e-6 * m);
  expectInputError([&] { importMjcfFile(writeFile(dir / "r3.xml", robot("inside_out.stl", "inertia=\"exact\"", ""))); },
                   {"r3.xml:1:", "mesh", "negative"});
  // A mesh scale scales the volume; a given mass sets the density.
  const MjcfBodyInertial scaled =
      importMjcfFileWithWarnings(writeFile(dir / "r4.xml", robot("box.stl", "scale=\"2 1 1\"", "mass=\"5\"")))
          .bodies.at(0);
  EXPECT_DOUBLE_EQ(scaled.mass, 5.0);
  EXPECT_NEAR(scaled.inertia(2, 2), 5.0 * (4 * a * a + b * b) / 12, 1e-6);
}

TEST(MjcfImport, JointPositionAndSeveralJointsInOneBody) {
  const MjcfImport r = load(R"(<mujoco>
  <worldbody>
    <body name="b" pos="0 0 1">
      <joint name="j1" axis="0 0 1" pos="0.1 0 0"/>
      <joint name="j2" axis="0 1 0" pos="0 0 0.2"/>
      <inertial pos="0 0 0" mass="1" diaginertia="0.1 0.1 0.1"/>
    </body>
  </worldbody>
</mujoco>)");
  ASSERT_EQ(r.model.dof(), 2);
  EXPECT_EQ(r.model.body(0).name, "b/1");  // the massless link between the two joints
  EXPECT_EQ(r.model.body(1).name, "b");
  EXPECT_DOUBLE_EQ(r.model.body(0).inertia[0], 0.0);
  // Screw axes [w; p x w] through each joint's pos (base frame, q = 0).
  const Eigen::Vector3d p1(0.1, 0, 1), p2(0, 0, 1.2);
  EXPECT_TRUE(r.model.homeTwist(0).tail<3>().isApprox(p1.cross(Eigen::Vector3d::UnitZ()), 1e-14));
  EXPECT_TRUE(r.model.homeTwist(1).tail<3>().isApprox(p2.cross(Eigen::Vector3d::UnitY()), 1e-14));
  // The body's own frame keeps its mass at the MJCF body origin: 0.2 below the last joint.
  EXPECT_NEAR(centreOfMass(r.model.body(1).inertia).z(), -0.2, 1e-15);
}

TEST(MjcfImport, BallJointIsRefusedNamingTheElement) {
  const auto dir = tempDir();
  const std::string path = writeFile(dir / "ball.xml",
                                     "<mujoco>\n<worldbody>\n<body name=\"b\">\n"
                                     "  <joint name=\"shoulder\" type=\"ball\"/>\n</body>\n"
                                     "</worldbody>\n</mujoco>\n");
  expectInputError([&] { importMjcfFile(path); },
                   {path + ":4:", "joint 'shoulder': type", "ball joints are not supported"});
}

TEST(MjcfImport, FreeFloatingBaseIsTakenAsFixedAndSaidSo) {
  const MjcfImport r = load(R"(<mujoco>
  <worldbody>
    <body name="base" pos="0 0 1">
      <freejoint/>
      <inertial pos="0 0 0" mass="5" diaginertia="1 1 1"/>
      <body name="arm" pos="0 0 0.2">
        <joint name="j"/>
        <inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/>
      </body>
    </body>
  </worldbody>
</mujoco>)");
  ASSERT_EQ(r.model.dof(), 1);
  EXPECT_EQ(r.model.joint(0).name, "j");
  EXPECT_NEAR(r.model.homePose(0).translation().z(), 1.2, 1e-15);
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_NE(r.warnings.front().find("free-floating base: body 'base' is taken as fixed"), std::string::npos)
      << r.warnings.front();
}

TEST(MjcfImport, AbsentMeshIsOneWarningWhenTheInertiaIsExplicit) {
  const std::string xml = R"(<mujoco>
  <asset><mesh file="gone.stl"/><mesh name="also" file="gone2.obj"/></asset>
  <worldbody>
    <body name="b">
      <joint name="j"/>
      <inertial pos="0 0 0.1" mass="2" diaginertia="0.1 0.1 0.05"/>
      <geom type="mesh" mesh="gone" contype="0" conaffinity="0"/>
      <geom type="mesh" mesh="also" contype="0" conaffinity="0"/>
      <geom type="capsule" size="0.05 0.1"/>
      <site name="tool"/>
    </body>
  </worldbody>
  <contact><exclude body1="b" body2="world"/></contact>
</mujoco>)";
  const MjcfImport r = load(xml);
  EXPECT_DOUBLE_EQ(r.model.body(0).inertia[0], 2.0);
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_NE(r.warnings[0].find("2 mesh file(s) absent (gone.stl, gone2.obj)"), std::string::npos) << r.warnings[0];
  EXPECT_NE(r.warnings[1].find("skipped"), std::string::npos);
  EXPECT_NE(r.warnings[1].find("contact"), std::string::npos);
  EXPECT_NE(r.warnings[1].find("site"), std::string::npos);
  // The shapes are kept for drawing: the meshes unresolved, the capsule as its bounding cylinder.
  const LinkFrame& link = r.model.links().back();
  ASSERT_EQ(link.visuals.size(), 2u);
  EXPECT_TRUE(link.visuals[0].meshPath.empty());
  ASSERT_EQ(link.collisions.size(), 1u);
  EXPECT_EQ(link.collisions[0].kind, Geometry::Kind::Cylinder);
  EXPECT_DOUBLE_EQ(link.collisions[0].length, 0.3);

  // Without an <inertial> the mesh is needed: an error naming the geom.
  std::string noInertial = xml;
  noInertial.replace(noInertial.find("<inertial"),
                     noInertial.find("/>", noInertial.find("<inertial")) + 2 - noInertial.find("<inertial"), "");
  expectInputError([&] { load(noInertial); }, {":7:", "geom #1 of body 'b': mesh", "gone.stl", "absent"});
}

TEST(MjcfImport, TorqueLimitsFromActuatorsAndJoints) {
  const RobotModel m = load(R"(<mujoco>
  <compiler angle="radian"/>
  <worldbody>
    <body name="a"><joint name="j1"/><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/>
      <body name="b"><joint name="j2"/><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/>
        <body name="c"><joint name="j3" actuatorfrcrange="-7 5"/><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/>
        </body>
      </body>
    </body>
  </worldbody>
  <actuator>
    <motor joint="j1" gear="50" ctrlrange="-2 2"/>
    <position joint="j2" kp="100" ctrlrange="-3 3" forcerange="-40 30" gear="2"/>
  </actuator>
</mujoco>)")
                           .model;
  EXPECT_DOUBLE_EQ(m.joint(0).limits.effort, 100.0);  // ctrlrange x gear
  EXPECT_DOUBLE_EQ(m.joint(1).limits.effort, 80.0);   // forcerange x gear, not the position range
  EXPECT_DOUBLE_EQ(m.joint(2).limits.effort, 7.0);
}

TEST(MjcfImport, BadValuesNameFileLineElementAndAttribute) {
  const auto dir = tempDir();
  const std::string path = writeFile(dir / "bad.xml",
                                     "<mujoco>\n<worldbody>\n<body name=\"b\" quat=\"1 0 0\">\n"
                                     "<joint name=\"j\"/>\n</body>\n</worldbody>\n</mujoco>\n");
  expectInputError([&] { importMjcfFile(path); }, {path + ":3:", "body 'b': quat", "expected 4 number(s)"});
  const std::string cls = writeFile(dir / "cls.xml",
                                    "<mujoco>\n<worldbody>\n<body name=\"b\">\n"
                                    "<joint name=\"j\" class=\"nope\"/>\n</body>\n</worldbody>\n</mujoco>\n");
  expectInputError([&] { importMjcfFile(cls); }, {cls + ":4:", "joint 'j': class", "no default class 'nope'"});
  // Through the loader: .xml with a <mujoco> root is MJCF, errors name the file.
  expectInputError([&] { loadRobot(path); }, {path + ":3:"});
}

// ---- MuJoCo Menagerie (../shared), against MuJoCo 3's compiled figures (README) ----

const std::string kMenagerie = test::kShared + "/mujoco_menagerie";

MjcfImport loadMenagerie(const std::string& file) {
  if (!std::filesystem::exists(kMenagerie + "/" + file)) return {};
  return importMjcfFileWithWarnings(kMenagerie + "/" + file);
}

double totalMass(const MjcfImport& r) {
  double m = 0.0;
  for (const MjcfBodyInertial& b : r.bodies) m += b.mass;
  return m;
}

const MjcfBodyInertial& bodyNamed(const MjcfImport& r, const std::string& name) {
  for (const MjcfBodyInertial& b : r.bodies)
    if (b.name == name) return b;
  throw std::runtime_error("no body " + name);
}

Eigen::Vector3d principalMoments(const Eigen::Matrix3d& I) {
  return Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(I).eigenvalues();
}

TEST(MjcfMenagerie, Ur5eExplicitInertials) {
  const MjcfImport r = loadMenagerie("universal_robots_ur5e/ur5e.xml");
  if (r.bodies.empty()) GTEST_SKIP() << "no " << kMenagerie;
  EXPECT_NEAR(totalMass(r), 20.9949, 1e-12);
  ASSERT_EQ(r.model.dof(), 6);
  EXPECT_EQ(r.model.joint(0).name, "shoulder_pan_joint");
  EXPECT_EQ(r.model.body(5).name, "wrist_3_link");
  // wrist_3_link: pos 0 0.0771683 0, quat 1 0 0 1, diaginertia 0.000132134 9.90863e-05 9.90863e-05.
  const MjcfBodyInertial& w3 = bodyNamed(r, "wrist_3_link");
  EXPECT_DOUBLE_EQ(w3.mass, 0.1889);
  EXPECT_TRUE(w3.com.isApprox(Eigen::Vector3d(0, 0.0771683, 0)));
  EXPECT_NEAR(w3.inertia(0, 0), 9.90863e-05, 1e-18);  // the quat swaps x and y
  EXPECT_NEAR(w3.inertia(1, 1), 0.000132134, 1e-18);
  EXPECT_DOUBLE_EQ(r.model.joint(0).armature, 0.1);
  EXPECT_DOUBLE_EQ(r.model.joint(0).limits.effort, 150.0);
  EXPECT_DOUBLE_EQ(r.model.joint(5).limits.effort, 28.0);
  EXPECT_NEAR(r.model.joint(2).limits.upper, 3.1415, 1e-15);  // angle="radian"
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_NE(r.warnings[0].find("20 mesh file(s) absent"), std::string::npos) << r.warnings[0];
}

TEST(MjcfMenagerie, PandaExplicitAndFullInertials) {
  const MjcfImport r = loadMenagerie("franka_emika_panda/panda.xml");
  if (r.bodies.empty()) GTEST_SKIP() << "no " << kMenagerie;
  EXPECT_NEAR(totalMass(r), 17.451901, 1e-9);
  ASSERT_EQ(r.model.dof(), 9);  // 7 hinges, 2 slide fingers (the equality coupling them is skipped)
  EXPECT_EQ(r.model.joint(7).type, JointType::Prismatic);
  EXPECT_DOUBLE_EQ(r.model.joint(0).damping, 1.0);
  EXPECT_DOUBLE_EQ(r.model.joint(0).armature, 0.1);
  EXPECT_DOUBLE_EQ(r.model.joint(0).limits.effort, 87.0);
  EXPECT_DOUBLE_EQ(r.model.joint(4).limits.effort, 12.0);
  EXPECT_FALSE(std::isfinite(r.model.joint(7).limits.effort));  // its actuator drives a tendon
  // The hand (no joint) is welded onto link7's body.
  const int link7 = r.model.bodyIndexOfLink("hand");
  EXPECT_EQ(r.model.body(link7).name, "link7");
  EXPECT_NEAR(r.model.body(link7).inertia[0], 0.735522 + 0.73, 1e-12);
  bool skippedNote = false;
  for (const std::string& w : r.warnings)
    skippedNote = skippedNote || (w.find("equality") != std::string::npos && w.find("tendon") != std::string::npos &&
                                  w.find("contact") != std::string::npos);
  EXPECT_TRUE(skippedNote);
}

TEST(MjcfMenagerie, IiwaMeshesPresentInertiaExplicit) {
  const MjcfImport r = loadMenagerie("kuka_iiwa_14/iiwa14.xml");
  if (r.bodies.empty()) GTEST_SKIP() << "no " << kMenagerie;
  EXPECT_NEAR(totalMass(r), 30.61, 1e-9);
  EXPECT_EQ(r.model.dof(), 7);
  for (const MjcfBodyInertial& b : r.bodies) EXPECT_FALSE(b.fromGeoms) << b.name;
}

TEST(MjcfMenagerie, AllegroInertiasComputedFromMeshes) {
  const MjcfImport r = loadMenagerie("wonik_allegro/right_hand.xml");
  if (r.bodies.empty()) GTEST_SKIP() << "no " << kMenagerie;
  ASSERT_EQ(r.model.dof(), 16);
  // MuJoCo 3.3.8: total 0.6444955481 kg, palm 0.3513564510 kg (README; 10 digits given).
  EXPECT_NEAR(totalMass(r), 0.6444955481, 1e-10);
  EXPECT_NEAR(bodyNamed(r, "palm").mass, 0.3513564510, 1e-10);
  for (const MjcfBodyInertial& b : r.bodies) {
    EXPECT_TRUE(b.fromGeoms) << b.name;
    const Eigen::Vector3d p = principalMoments(b.inertia);
    EXPECT_GT(p[0], 0.0) << b.name;
    EXPECT_LE(p[2], p[0] + p[1] + 1e-15) << b.name;
  }
  // The four fingers share meshes: equal bodies weigh the same.
  EXPECT_NEAR(bodyNamed(r, "ff_proximal").mass, bodyNamed(r, "mf_proximal").mass, 1e-15);
}

}  // namespace
}  // namespace eb::mjcf_tests
