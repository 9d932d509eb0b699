// Plausibility of a robot whose description has no geometry (no shapes, or meshes not
// shipped): the bounds come from its joint origins and CAD inertial (model/body_bounds.hpp),
// so the CAD values pass and the estimates a consistent fit gave on a mesh-less KUKA
// description (a 35 kg link of a 4 kg arm; 9 g with its COM 1.8 m away) do not.
#include "identification/plausibility.hpp"
#include "logs/test_log_support.hpp"
#include "model/inertial_parameters.hpp"
#include "model/robot_loader.hpp"

#include <gtest/gtest.h>

using namespace eb;
using eb::test::TempFile;

namespace {

// A 4 kg three-link arm: 1.5 kg, 1.5 kg and a 1 kg last link, meshes that are not there.
const char* const kArm = R"(<robot name="bare_arm">
  <link name="base"/>
  <link name="l1"><inertial><origin xyz="0 0 0.1"/><mass value="1.5"/>
    <inertia ixx="0.01" iyy="0.01" izz="0.005" ixy="0" ixz="0" iyz="0"/></inertial>
    <visual><geometry><mesh filename="package://absent/meshes/l1.dae"/></geometry></visual></link>
  <link name="l2"><inertial><origin xyz="0.15 0 0"/><mass value="1.5"/>
    <inertia ixx="0.004" iyy="0.015" izz="0.015" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="l3"><inertial><origin xyz="0.05 0 0"/><mass value="1"/>
    <inertia ixx="0.002" iyy="0.003" izz="0.003" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <joint name="j1" type="revolute"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/>
    <limit lower="-3" upper="3" effort="50" velocity="2"/></joint>
  <joint name="j2" type="revolute"><parent link="l1"/><child link="l2"/><origin xyz="0 0 0.2"/><axis xyz="0 1 0"/>
    <limit lower="-3" upper="3" effort="50" velocity="2"/></joint>
  <joint name="j3" type="revolute"><parent link="l2"/><child link="l3"/><origin xyz="0.3 0 0"/><axis xyz="0 1 0"/>
    <limit lower="-3" upper="3" effort="50" velocity="2"/></joint>
</robot>)";

std::string allOf(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "; ";
  return out;
}

// theta with body b's mass and COM replaced (inertia about the COM kept).
Eigen::VectorXd withBody(const RobotModel& model, int b, double mass, const Eigen::Vector3d& com) {
  Eigen::VectorXd theta = model.standardParameters();
  const Vector10d cad = theta.segment<10>(10 * b);
  const Eigen::Matrix3d Ic = inertiaAboutCom(cad) * (mass / cad[0]);
  theta.segment<10>(10 * b) = standardParametersFromCom(mass, com, Ic);
  return theta;
}

}  // namespace

TEST(PlausibilityWithoutGeometry, TheCadValuesPassAndSayWhichBoundsWereUsed) {
  TempFile file(kArm, ".urdf");
  const RobotModel model = loadRobot(file.path());
  const std::vector<BodyBounds> bounds = bodyGeometryBounds(model);
  const auto verdicts = checkPlausibility(model, model.standardParameters(), bounds);
  ASSERT_EQ(verdicts.size(), 3u);
  for (const BodyPlausibility& v : verdicts) {
    EXPECT_TRUE(v.plausible()) << v.link << ": " << allOf(v.problems);
    EXPECT_EQ(v.bounds, "joint origins and CAD inertial") << v.link;
    ASSERT_FALSE(v.notes.empty());
    EXPECT_NE(v.notes[0].find("bounds from the joint origins and the CAD inertial"), std::string::npos) << v.notes[0];
  }
  EXPECT_NE(verdicts[0].notes[0].find("1 mesh(es) not found"), std::string::npos) << verdicts[0].notes[0];
  EXPECT_NE(verdicts[1].notes[0].find("mass 0.25x to 4x the CAD mass 1.5 kg"), std::string::npos) << verdicts[1].notes[0];
  // The consistent fit gets the same box and the CAD cap as barriers.
  const std::vector<BodyLimits> limits = bodyLimits(bounds);
  ASSERT_EQ(limits.size(), 3u);
  EXPECT_TRUE(limits[1].box);
  EXPECT_DOUBLE_EQ(limits[1].maxMass, 6.0);
  EXPECT_NEAR(limits[1].upper.x(), 0.45 + 0.01, 1e-12);  // the box and the 1 cm COM margin
}

TEST(PlausibilityWithoutGeometry, AbsurdMassesAndFarComsAreFlagged) {
  TempFile file(kArm, ".urdf");
  const RobotModel model = loadRobot(file.path());
  const std::vector<BodyBounds> bounds = bodyGeometryBounds(model);
  auto verdict = [&](int b, double mass, const Eigen::Vector3d& com) {
    return checkPlausibility(model, withBody(model, b, mass, com), bounds)[static_cast<std::size_t>(b)];
  };
  // 35 kg on a link of a 4 kg arm, at its CAD COM: the mass range says no.
  const BodyPlausibility heavy = verdict(1, 35.0, Eigen::Vector3d(0.15, 0, 0));
  EXPECT_FALSE(heavy.plausible());
  EXPECT_NE(allOf(heavy.problems).find("mass 35 kg outside 0.375 to 6 kg"), std::string::npos) << allOf(heavy.problems);
  // The last link may carry a tool, up to the whole arm's 4 kg, not 35.
  EXPECT_TRUE(verdict(2, 3.5, Eigen::Vector3d(0.05, 0, 0)).plausible());
  EXPECT_FALSE(verdict(2, 35.0, Eigen::Vector3d(0.05, 0, 0)).plausible());
  // 9 g with its COM 1.8 m away.
  const BodyPlausibility far = verdict(1, 0.009, Eigen::Vector3d(1.8, 0, 0));
  EXPECT_FALSE(far.plausible());
  EXPECT_NE(allOf(far.problems).find("COM x = 1.8 m outside the bounds from the joint origins and the CAD inertial"),
            std::string::npos)
      << allOf(far.problems);
  EXPECT_NE(allOf(far.problems).find("mass 0.009 kg outside"), std::string::npos) << allOf(far.problems);
  // The right mass with the COM 0.45 m below the first joint.
  const BodyPlausibility low = verdict(0, 1.5, Eigen::Vector3d(0, 0, -0.45));
  EXPECT_FALSE(low.plausible());
  EXPECT_NE(allOf(low.problems).find("COM z = -0.45 m"), std::string::npos) << allOf(low.problems);
  // Within the link's reach and twice its CAD mass: plausible.
  EXPECT_TRUE(verdict(1, 3.0, Eigen::Vector3d(0.25, 0.05, 0)).plausible());
}
