// Identified URDF export: the built-in panda and ur5 and the public panda.urdf
// (fixed hand links merged into link7, a mimic finger, vendor <dynamics>
// attributes, comments) exported with modified consistent parameters load
// back with the same standard parameters (1e-9 relative) and the same RNEA
// torques; everything else in the file survives; inconsistent or wrong-sized
// parameters and a URDF of another robot are refused with one line.
#include <gtest/gtest.h>

#include <filesystem>

#include <fstream>
#include <random>
#include <sstream>

#include "dynamics/dynamics_workspace.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "io/io_test_support.hpp"
#include "io/identified_dynamics_fixture.hpp"
#include "io/urdf_export.hpp"
#include "model/builtin_robots.hpp"
#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"
#include "model/urdf_import.hpp"
#include "test_paths.hpp"

using namespace eb;

namespace {

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::string kPublicPanda =
    std::string(test_paths::kSharedRobotsDir) + "/example-robot-data/robots/panda_description/urdf/panda.urdf";

/// Consistent parameters different from the model's: mass x(1.1 + 0.03 b), COM moved
/// by a few cm, inertia about the COM rotated and scaled, all bodies (massless ones
/// become a small solid sphere).
Eigen::VectorXd modifiedParameters(const RobotModel& model) {
  Eigen::VectorXd theta(10 * model.bodyCount());
  for (int b = 0; b < model.bodyCount(); ++b) theta.segment<10>(10 * b) = test::movedBodyParameters(model, b);
  return theta;
}

void expectRoundTrip(const RobotModel& model, const std::string& exported, const Eigen::VectorXd& theta,
                     const std::string& what) {
  const RobotModel loaded = importUrdfString(exported, what + " (exported)", "");
  ASSERT_EQ(loaded.bodyCount(), model.bodyCount()) << what;
  ASSERT_EQ(loaded.dof(), model.dof()) << what;
  const Eigen::VectorXd back = loaded.standardParameters();
  for (int b = 0; b < model.bodyCount(); ++b) {
    EXPECT_EQ(loaded.body(b).name, model.body(b).name);
    const double bodyScale = theta.segment<10>(10 * b).cwiseAbs().maxCoeff();
    for (int k = 0; k < 10; ++k) {
      const double want = theta[10 * b + k], got = back[10 * b + k];
      // 1e-9 relative; an element that is tiny against its body (an Ixy next to a
      // parallel-axis m c^2) is compared at 1e-12 of the body's largest parameter.
      EXPECT_LE(std::abs(got - want), 1e-9 * std::max(std::abs(want), 1e-3 * bodyScale))
          << what << " body " << model.body(b).name << " parameter " << k;
    }
  }
  // Torques predicted with the identified parameters = RNEA of the loaded model.
  const RobotModel identified = model.withStandardParameters(theta);
  DynamicsWorkspace wsA(identified), wsB(loaded);
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 20; ++trial) {
    Eigen::VectorXd q(model.dof()), qd(model.dof()), qdd(model.dof());
    for (int j = 0; j < model.dof(); ++j) {
      q[j] = u(rng);
      qd[j] = 2.0 * u(rng);
      qdd[j] = 5.0 * u(rng);
    }
    const Eigen::VectorXd a = inverseDynamics(identified, wsA, q, qd, qdd);
    const Eigen::VectorXd b = inverseDynamics(loaded, wsB, q, qd, qdd);
    EXPECT_LE((a - b).norm(), 1e-9 * std::max(1.0, a.norm())) << what << " trial " << trial;
  }
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t k = text.find(what); k != std::string::npos; k = text.find(what, k + 1)) ++n;
  return n;
}

}  // namespace

TEST(UrdfExport, BuiltinPandaAndUr5RoundTrip) {
  for (const char* robot : {"panda", "ur5"}) {
    const RobotModel model = builtinRobot(robot);
    const std::string urdf(builtin_files::embeddedFile(std::string(robot) + ".urdf"));
    ASSERT_FALSE(urdf.empty());
    const Eigen::VectorXd theta = modifiedParameters(model);
    const std::string out = exportIdentifiedUrdf(model, urdf, "identified.json", theta);
    expectRoundTrip(model, out, theta, robot);
    // The header comment names the source; the rest of the file is intact.
    EXPECT_NE(out.find("identified by ExciteBench from identified.json"), std::string::npos);
    EXPECT_EQ(count(out, "<visual"), count(urdf, "<visual")) << robot;
    EXPECT_EQ(count(out, "<joint "), count(urdf, "<joint ")) << robot;
    EXPECT_EQ(count(out, "<limit "), count(urdf, "<limit ")) << robot;
    // Original top-of-file comments are kept.
    EXPECT_NE(out.find(robot == std::string("panda") ? "Gaz, M. Cognetti" : "<!--"), std::string::npos);
    // Fixed-base links keep their inertial: one per moving body plus those.
    EXPECT_EQ(count(out, "<inertial>"), count(urdf, "<inertial>")) << robot;
  }
}

TEST(UrdfExport, PublicPandaMergesFixedLinksAndKeepsVendorExtensions) {
  if (!std::filesystem::exists(kPublicPanda)) GTEST_SKIP() << "shared robots not found: " << kPublicPanda;
  const std::string urdf = readText(kPublicPanda);
  ASSERT_FALSE(urdf.empty()) << kPublicPanda;
  const RobotModel model = importUrdfFile(kPublicPanda);
  ASSERT_EQ(model.dof(), 8);        // 7 arm joints + finger joint 1
  ASSERT_EQ(model.bodyCount(), 9);  // + the mimic finger
  const Eigen::VectorXd theta = modifiedParameters(model);
  const std::string out = exportIdentifiedUrdf(model, urdf, "log.csv", theta);
  expectRoundTrip(model, out, theta, "public panda");

  // panda_link8, panda_hand and panda_hand_tcp are fixed to panda_link7: their
  // <inertial> is gone, replaced by a comment; link0 (fixed base) keeps its own.
  const RobotModel loaded = importUrdfString(out, "exported", "");
  for (const char* merged : {"panda_link8", "panda_hand", "panda_hand_tcp"})
    EXPECT_EQ(loaded.bodyIndexOfLink(merged), model.bodyIndexOfLink("panda_link7")) << merged;
  EXPECT_EQ(count(out, "inertial removed by ExciteBench"), 3u);
  EXPECT_EQ(count(out, "<inertial>") + 3, count(urdf, "<inertial>"));
  // Vendor extensions, comments, mimic, safety controller survive.
  EXPECT_EQ(count(out, "mu_coulomb="), count(urdf, "mu_coulomb="));
  EXPECT_EQ(count(out, "<safety_controller"), count(urdf, "<safety_controller"));
  EXPECT_EQ(count(out, "<mimic"), 1u);
  EXPECT_NE(out.find("EDITING THIS FILE BY HAND IS NOT RECOMMENDED"), std::string::npos);
  EXPECT_NE(out.find("<!-- rubber tip with which to grasp -->"), std::string::npos);
  EXPECT_NE(out.find("xmlns:xacro=\"http://www.ros.org/wiki/xacro\""), std::string::npos);
  // Nothing outside the inertials changed: removing every <inertial>...</inertial>
  // and comment from both texts leaves the same elements.
  auto strip = [](std::string s) {
    for (const auto& [open, close] : {std::pair<std::string, std::string>{"<!--", "-->"},
                                      std::pair<std::string, std::string>{"<inertial>", "</inertial>"}}) {
      for (size_t k; (k = s.find(open)) != std::string::npos;) s.erase(k, s.find(close, k) + close.size() - k);
    }
    std::string compact;
    for (char ch : s)
      if (!std::isspace(static_cast<unsigned char>(ch))) compact += ch;
    return compact;
  };
  EXPECT_EQ(strip(out), strip(urdf));
}

TEST(UrdfExport, AddsInertialToLinksThatHaveNone) {
  const std::string urdf = R"(<?xml version="1.0"?>
<!-- two links, the second written as <link/> and with no inertial -->
<robot name="tiny">
  <link name="base"/>
  <link name="a">
    <visual><geometry><box size="0.1 0.1 0.1"/></geometry></visual>
  </link>
  <link name="b"/>
  <joint name="j1" type="revolute">
    <parent link="base"/><child link="a"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="10" velocity="1"/>
  </joint>
  <joint name="j2" type="revolute">
    <parent link="a"/><child link="b"/><origin xyz="0.5 0 0"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="10" velocity="1"/>
  </joint>
  <gazebo reference="a"><material>Gazebo/Orange</material></gazebo>
</robot>
)";
  const RobotModel model = importUrdfString(urdf, "tiny.urdf", "");
  ASSERT_EQ(model.bodyCount(), 2);
  const Eigen::VectorXd theta = modifiedParameters(model);
  const std::string out = exportIdentifiedUrdf(model, urdf, "", theta);
  expectRoundTrip(model, out, theta, "tiny");
  EXPECT_EQ(count(out, "<inertial>"), 2u);
  EXPECT_NE(out.find("<gazebo reference=\"a\"><material>Gazebo/Orange</material></gazebo>"), std::string::npos);
  EXPECT_NE(out.find("<link name=\"base\"/>"), std::string::npos);
}

TEST(UrdfExport, KeepsCommentsCdataAndEntitiesAsWritten) {
  const std::string urdf = R"(<?xml version="1.0"?>
<robot name="r &amp; d">
  <link name="base"/>
  <!-- the arm: <link name="fake"> in a comment
       is not an element -->
  <link name="arm&#x26;tool">
    <inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
    <!-- after the inertial -->
  </link>
  <joint name="j" type="revolute">
    <parent link="base"/><child link="arm&amp;tool"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="10" velocity="1"/>
  </joint>
  <gazebo reference="arm&amp;tool"><plugin><![CDATA[ </link> & </robot> ]]></plugin></gazebo>
</robot>
)";
  const RobotModel model = importUrdfString(urdf, "tricky.urdf", "");
  ASSERT_EQ(model.bodyCount(), 1);
  EXPECT_EQ(model.body(0).name, "arm&tool");  // the export finds the link by its decoded name
  const Eigen::VectorXd theta = modifiedParameters(model);
  const std::string out = exportIdentifiedUrdf(model, urdf, "log.csv", theta);
  expectRoundTrip(model, out, theta, "tricky");
  // Only the inertial changed and the header comment came in: the text before
  // <robot>, between <robot> and <inertial> and after </inertial> is as written.
  const size_t robotAt = urdf.find("<robot"), inertialAt = urdf.find("<inertial>");
  const std::string afterInertial = urdf.substr(urdf.find("</inertial>") + std::string("</inertial>").size());
  EXPECT_EQ(out.substr(0, robotAt), urdf.substr(0, robotAt));
  EXPECT_NE(out.find(urdf.substr(robotAt, inertialAt - robotAt)), std::string::npos);
  ASSERT_GE(out.size(), afterInertial.size());
  EXPECT_EQ(out.substr(out.size() - afterInertial.size()), afterInertial);
  EXPECT_NE(out.find("<!-- the arm: <link name=\"fake\"> in a comment\n       is not an element -->"),
            std::string::npos);
  EXPECT_NE(out.find("<link name=\"arm&#x26;tool\">"), std::string::npos);  // entity kept, not decoded
  EXPECT_NE(out.find("<![CDATA[ </link> & </robot> ]]>"), std::string::npos);
  EXPECT_EQ(out.find("<mass value=\"1\"/>"), std::string::npos);
}

TEST(UrdfExport, RefusesInconsistentOrMismatchedInput) {
  const RobotModel model = builtinRobot("panda");
  const std::string urdf(builtin_files::embeddedFile("panda.urdf"));
  Eigen::VectorXd theta = modifiedParameters(model);

  Eigen::VectorXd bad = theta;
  bad[10 * 3 + 9] = -0.1;  // Izz of body 4 negative: pseudo-inertia indefinite
  try {
    exportIdentifiedUrdf(model, urdf, "params.json", bad);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("params.json: body 'panda_link4' is not physically consistent"), std::string::npos) << m;
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
  }
  bad = theta;
  bad[0] = 0.0;  // massless body
  EXPECT_THROW(exportIdentifiedUrdf(model, urdf, "p", bad), InputError);
  bad = theta;
  bad[5] = std::nan("");
  EXPECT_THROW(exportIdentifiedUrdf(model, urdf, "p", bad), InputError);
  EXPECT_THROW(exportIdentifiedUrdf(model, urdf, "p", Eigen::VectorXd(theta.head(60))), InputError);
  // A URDF of another robot.
  const std::string ur5(builtin_files::embeddedFile("ur5.urdf"));
  EXPECT_THROW(exportIdentifiedUrdf(model, ur5, "p", theta), InputError);
  // Malformed XML: InputError naming the line.
  EXPECT_THROW(exportIdentifiedUrdf(model, urdf.substr(0, urdf.size() / 2), "p", theta), InputError);
}

TEST(UrdfExport, WritesAtomically) {
  eb::test::ScratchDir dir;
  const RobotModel model = builtinRobot("ur5");
  const std::string urdf(builtin_files::embeddedFile("ur5.urdf"));
  const Eigen::VectorXd theta = modifiedParameters(model);
  const std::string path = dir.file("identified.urdf");
  writeIdentifiedUrdf(path, model, urdf, "log.csv", theta);
  EXPECT_EQ(readText(path), exportIdentifiedUrdf(model, urdf, "log.csv", theta));
  EXPECT_EQ(dir.listing(), "identified.urdf;");
  const RobotModel loaded = importUrdfFile(path);
  EXPECT_LE((loaded.standardParameters() - theta).cwiseAbs().maxCoeff(), 1e-9 * theta.cwiseAbs().maxCoeff());
}

namespace urdf_dynamics_tests {

// The identified friction goes into each joint's <dynamics damping friction>: set on the public
// Panda's own <dynamics> (its vendor attributes D, K, mu_coulomb, mu_viscous kept), inserted into
// the built-in UR5's joints; what URDF cannot hold is one comment before the joint.
TEST(UrdfExport, IdentifiedFrictionGoesIntoDynamics) {
  std::vector<std::pair<std::string, std::string>> robots{
      {"ur5", std::string(builtin_files::embeddedFile("ur5.urdf"))}};
  if (std::filesystem::exists(kPublicPanda)) robots.emplace_back(kPublicPanda, readText(kPublicPanda));
  for (const auto& [name, urdf] : robots) {
    SCOPED_TRACE(name);
    const RobotModel model = importUrdfString(urdf, name, name == "ur5" ? "" : std::filesystem::path(name).parent_path().string());
    IdentifiedDynamics d = test::identifiedTestDynamics(model);
    d.joints[1].beyond.push_back("Stribeck friction fs = 1.2 N m at vs = 0.05 rad/s (left out)");
    d.joints[2].friction.seen = false;  // estimated, not seen: the URDF's value stays
    d.joints[2].friction.share = 0.03;
    d.joints[2].friction.value = model.joint(2).friction;
    const std::string out = exportIdentifiedUrdf(model, urdf, "params.json", d);
    const RobotModel back = importUrdfString(out, name + " (exported)", "");
    for (int j = 0; j < model.dof(); ++j) {
      EXPECT_EQ(back.joint(j).damping, d.joints[static_cast<size_t>(j)].damping.value) << j;
      EXPECT_EQ(back.joint(j).friction, d.joints[static_cast<size_t>(j)].friction.value) << j;
    }
    const Eigen::VectorXd theta = d.standardParameters();
    for (int b = 0; b < model.bodyCount(); ++b) {
      const double scale = theta.segment<10>(10 * b).cwiseAbs().maxCoeff();
      EXPECT_LE((back.body(b).inertia - theta.segment<10>(10 * b)).cwiseAbs().maxCoeff(), 1e-12 * scale) << b;
    }
    EXPECT_EQ(count(out, "<dynamics"), static_cast<size_t>(model.dof()) + count(urdf, "<dynamics") -
                                           std::min(count(urdf, "<dynamics"), static_cast<size_t>(model.dof())));
    EXPECT_NE(out.find("<!-- joint '" + model.joint(1).name + "': rotor inertia Ia = 0.02 kg m^2 identified, which "
                       "URDF cannot hold; Stribeck friction fs = 1.2 N m"),
              std::string::npos);
    EXPECT_NE(out.find("Coulomb friction kept at the model's value: the data did not see it (data share 3 %)"),
              std::string::npos);
    EXPECT_NE(out.find("viscous (damping, N m s/rad) and Coulomb (friction, N m)"), std::string::npos);
    if (name != "ur5") {
      EXPECT_EQ(count(out, " mu_coulomb=\""), count(urdf, " mu_coulomb=\""));
      EXPECT_EQ(count(out, " K=\""), count(urdf, " K=\""));
    }
  }
}

}  // namespace urdf_dynamics_tests
