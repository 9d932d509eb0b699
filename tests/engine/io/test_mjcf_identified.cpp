// Identified MJCF written in place: MuJoCo Menagerie's UR5e, iiwa 14 and Panda (fingers locked)
// with moved consistent parameters and identified friction and rotor inertia read back with
// the same parameters (1e-12 relative) and joint values (bit for bit), keep every class,
// comment and attribute they had, and give MuJoCo's mj_inverse (Debian's 2.2.2, when built
// with it) our inverse dynamics to 1e-9. The Panda's hand, welded to link 7, keeps its
// inertial; when the identified link 7 is lighter than the hand, the hand is made massless.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>

#include "dynamics/dynamics_workspace.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "io/identified_dynamics_fixture.hpp"
#include "io/io_test_support.hpp"
#include "io/mjcf_identified.hpp"
#include "model/inertial_parameters.hpp"
#include "model/joint_locking.hpp"
#include "model/mjcf_import.hpp"
#include "model/urdf_import.hpp"
#include "test_paths.hpp"
#include "util/input_error.hpp"

#ifdef EB_HAVE_MUJOCO
#include <mujoco/mujoco.h>
#endif

using namespace eb;

namespace mjcf_identified_tests {
namespace {

const std::string kMenagerie = std::string(test_paths::kSharedRobotsDir) + "/mujoco_menagerie/";

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t k = text.find(what); k != std::string::npos; k = text.find(what, k + 1)) ++n;
  return n;
}

struct Case {
  const char* file;
  std::vector<JointLock> locks;
};

const std::vector<Case>& menagerieCases() {
  static const std::vector<Case> cases{
      {"universal_robots_ur5e/ur5e.xml", {}},
      {"kuka_iiwa_14/iiwa14.xml", {}},
      {"franka_emika_panda/panda.xml", {{"finger_joint1", 0.02}, {"finger_joint2", 0.02}}}};
  return cases;
}

// Largest relative difference of the standard parameters, per body against its largest entry.
double largestParameterError(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  double worst = 0.0;
  for (Eigen::Index k = 0; k + 10 <= a.size(); k += 10) {
    const double scale = a.segment<10>(k).cwiseAbs().maxCoeff();
    worst = std::max(worst, (a.segment<10>(k) - b.segment<10>(k)).cwiseAbs().maxCoeff() / scale);
  }
  return worst;
}

#ifdef EB_HAVE_MUJOCO
// The copy MuJoCo 2.2 reads, as the model tests make it: no meshes, no implicitfast, constraints
// off (joint limits, frictionloss and the finger coupling are no part of the inverse dynamics).
std::string mujoco22Copy(const std::string& text) {
  std::string s = std::regex_replace(text, std::regex(R"(<mesh\b[^>]*/>)"), "");
  s = std::regex_replace(s, std::regex(R"(<geom\b[^>]*\bmesh="[^"]*"[^>]*/>)"), "");
  s = std::regex_replace(s, std::regex(R"(<option\b[^>]*/>)"), R"(<option><flag constraint="disable"/></option>)");
  return s;
}

// Largest |mj_inverse - ours| / (1 + |ours|) over 20 random states; locked joints sit at their
// value with zero velocity and acceleration.
double largestInverseDynamicsError(const std::string& mjcfText, const std::string& copyPath, const RobotModel& full,
                                   const std::vector<JointLock>& locks, const RobotModel& identified,
                                   const IdentifiedDynamics& d) {
  std::ofstream(copyPath) << mujoco22Copy(mjcfText);
  char error[1000] = "";
  mjModel* m = mj_loadXML(copyPath.c_str(), nullptr, error, sizeof error);
  EXPECT_NE(m, nullptr) << error;
  if (!m) return 1.0;
  mjData* data = mj_makeData(m);
  EXPECT_EQ(m->nv, full.dof());
  const std::vector<int> free = freeJointIndices(full, locks);
  DynamicsWorkspace ws(identified);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  double worst = 0.0;
  for (int trial = 0; trial < 20; ++trial) {
    for (int i = 0; i < m->nv; ++i) data->qpos[i] = data->qvel[i] = data->qacc[i] = 0.0;
    for (const JointLock& l : locks) data->qpos[full.jointIndex(l.joint)] = l.value;
    const int n = identified.dof();
    Eigen::VectorXd q(n), qd(n), qdd(n);
    for (int i = 0; i < n; ++i) {
      q[i] = 1.5 * u(rng);
      qd[i] = 2.0 * u(rng);
      qdd[i] = 5.0 * u(rng);
      const int k = free[static_cast<size_t>(i)];
      data->qpos[k] = q[i];
      data->qvel[k] = qd[i];
      data->qacc[k] = qdd[i];
    }
    mj_inverse(m, data);
    const Eigen::VectorXd tau = inverseDynamics(identified, ws, q, qd, qdd);
    for (int i = 0; i < n; ++i) {
      const ExportedJointDynamics& e = d.joints[static_cast<size_t>(i)];
      const double ours = tau[i] + e.armature.value * qdd[i] + e.damping.value * qd[i];
      const double theirs = data->qfrc_inverse[free[static_cast<size_t>(i)]];
      worst = std::max(worst, std::abs(ours - theirs) / (1.0 + std::abs(ours)));
    }
  }
  mj_deleteData(data);
  mj_deleteModel(m);
  return worst;
}
#endif

}  // namespace

TEST(MjcfIdentified, PrincipalInertiaIsExact) {
  const Eigen::Matrix3d R = Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, -2, 3).normalized()).toRotationMatrix();
  const Eigen::Matrix3d I = R * Eigen::Vector3d(0.03, 0.021, 0.0123).asDiagonal() * R.transpose();
  const InertiaPrincipalAxes p = principalAxesOfInertia(I);
  EXPECT_GE(p.moments[0], p.moments[1]);
  EXPECT_GE(p.moments[1], p.moments[2]);
  const Eigen::Matrix3d V = p.axes.toRotationMatrix();
  EXPECT_NEAR(V.determinant(), 1.0, 1e-15);
  EXPECT_LE((V * p.moments.asDiagonal() * V.transpose() - I).norm(), 1e-16 * 100 * I.norm());
}

TEST(MjcfIdentified, MenagerieArmsRoundTripAndKeepTheirText) {
  for (const Case& c : menagerieCases()) {
    const std::string path = kMenagerie + c.file;
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
    SCOPED_TRACE(c.file);
    const RobotModel full = importMjcfFile(path);
    const RobotModel model = lockJoints(full, c.locks);
    const IdentifiedDynamics d = test::identifiedTestDynamics(model);
    test::ScratchDir dir;
    const std::string out = dir.file("identified.xml");
    writeIdentifiedMjcf(path, model, c.locks, d, out);
    const std::string original = readText(path), written = readText(out);

    // The parameters and joint values read back.
    const RobotModel back = lockJoints(importMjcfFile(out), c.locks);
    ASSERT_EQ(back.dof(), model.dof());
    const double err = largestParameterError(d.standardParameters(), back.standardParameters());
    std::cout << c.file << ": standard parameters read back within " << err << " (relative)\n";
    EXPECT_LE(err, 1e-12);
    for (int j = 0; j < model.dof(); ++j) {
      const ExportedJointDynamics& e = d.joints[static_cast<size_t>(j)];
      EXPECT_EQ(back.joint(j).damping, e.damping.value) << j;
      EXPECT_EQ(back.joint(j).friction, e.friction.value) << j;
      EXPECT_EQ(back.joint(j).armature, e.armature.value) << j;
    }
    // The unseen armature of joint 0 stays as written (here from its class) and is commented.
    EXPECT_NE(written.find("rotor inertia kept at the model's value"), std::string::npos);

    // Everything else as written: the defaults block byte for byte, geoms, actuators, comments.
    const auto block = [](const std::string& t) {
      return t.substr(t.find("<default>"), t.find("</default>\n  <asset") - t.find("<default>"));
    };
    if (original.find("</default>\n  <asset") != std::string::npos) {
      EXPECT_EQ(block(written), block(original));
    }
    EXPECT_EQ(count(written, "<geom"), count(original, "<geom"));
    EXPECT_EQ(count(written, "class=\""), count(original, "class=\""));
    EXPECT_EQ(count(written, "<inertial"), count(original, "<inertial"));
    EXPECT_EQ(count(written, "<body"), count(original, "<body"));
    // Every comment of the original survives; the ones added are ours.
    for (size_t k = original.find("<!--"); k != std::string::npos; k = original.find("<!--", k + 4))
      EXPECT_NE(written.find(original.substr(k, original.find("-->", k) + 3 - k)), std::string::npos);
    EXPECT_EQ(count(written, "<!--") - count(original, "<!--"), count(written, "<!-- Identified by ExciteBench") +
                                                                    count(written, "<!-- joint '") +
                                                                    count(written, "<!-- body '"));
    // Each identified joint has its own values; the class keeps its own.
    EXPECT_EQ(count(written, "frictionloss=\""), count(original, "frictionloss=\"") + static_cast<size_t>(model.dof()));
    // Written in another folder, the meshes still resolve (meshdir rewritten).
    EXPECT_EQ(importMjcfFileWithWarnings(out).warnings.size(), importMjcfFileWithWarnings(path).warnings.size());

#ifdef EB_HAVE_MUJOCO
    const double worst = largestInverseDynamicsError(written, dir.file("copy.xml"), full, c.locks,
                                                     model.withStandardParameters(d.standardParameters()), d);
    std::cout << c.file << ": mj_inverse on the written file against ours: largest difference " << worst
              << " (relative to 1 + |tau|)\n";
    EXPECT_LE(worst, 1e-9);
#endif
  }
}

TEST(MjcfIdentified, WrittenBesideTheSourceKeepsItsFolders) {
  const std::string path = kMenagerie + "universal_robots_ur5e/ur5e.xml";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
  const RobotModel model = importMjcfFile(path);
  const std::string text = exportIdentifiedMjcf(path, model, {}, test::identifiedTestDynamics(model),
                                                kMenagerie + "universal_robots_ur5e/identified.xml");
  EXPECT_NE(text.find("meshdir=\"assets\""), std::string::npos);
  EXPECT_EQ(text.find("rewritten"), std::string::npos);
}

TEST(MjcfIdentified, HandHeavierThanIdentifiedLink7BecomesMassless) {
  const std::string path = kMenagerie + "franka_emika_panda/panda.xml";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
  const std::vector<JointLock> locks{{"finger_joint1", 0.0}, {"finger_joint2", 0.0}};
  const RobotModel full = importMjcfFile(path);
  const RobotModel model = lockJoints(full, locks);
  IdentifiedDynamics d = test::identifiedTestDynamics(model);
  // Link 7 (hand and fingers included) identified at 0.5 kg: less than the 0.76 kg of the hand.
  const int link7 = model.bodyCount() - 1;
  ASSERT_EQ(model.body(link7).name, "link7");
  Vector10d& t7 = d.bodies[static_cast<size_t>(link7)].theta;
  t7 *= 0.5 / t7[0];
  test::ScratchDir dir;
  const std::string out = dir.file("identified.xml");
  writeIdentifiedMjcf(path, model, locks, d, out);
  const std::string written = readText(out);
  EXPECT_NE(written.find("made massless by ExciteBench"), std::string::npos);
  const RobotModel back = lockJoints(importMjcfFile(out), locks);
  EXPECT_LE(largestParameterError(d.standardParameters(), back.standardParameters()), 1e-12);
#ifdef EB_HAVE_MUJOCO
  EXPECT_LE(largestInverseDynamicsError(written, dir.file("copy.xml"), full, locks,
                                        model.withStandardParameters(d.standardParameters()), d),
            1e-9);
#endif
}

TEST(MjcfIdentified, RefusesWhatItCannotWrite) {
  const std::string path = kMenagerie + "universal_robots_ur5e/ur5e.xml";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
  const RobotModel model = importMjcfFile(path);
  test::ScratchDir dir;
  // An inconsistent body.
  IdentifiedDynamics bad = test::identifiedTestDynamics(model);
  bad.bodies[2].theta[4] = -1.0;
  try {
    exportIdentifiedMjcf(path, model, {}, bad, dir.file("x.xml"));
    ADD_FAILURE() << "an inconsistent body was exported";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("is not physically consistent"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--method consistent"), std::string::npos) << e.what();
  }
  // A compiler that ignores every <inertial>.
  std::string text = readText(path);
  text.replace(text.find("meshdir=\"assets\""), 16,
               "meshdir=\"" + kMenagerie + "universal_robots_ur5e/assets\" inertiafromgeom=\"true\"");
  const std::string copy = dir.file("fromgeom.xml");
  std::ofstream(copy) << text;
  try {
    exportIdentifiedMjcf(copy, model, {}, modelDynamics(model), dir.file("y.xml"));
    ADD_FAILURE() << "inertiafromgeom=true was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("fromgeom.xml:2: compiler: inertiafromgeom"), std::string::npos) << e.what();
  }
  // Another robot.
  const std::string iiwa = kMenagerie + "kuka_iiwa_14/iiwa14.xml";
  if (std::filesystem::exists(iiwa)) {
    EXPECT_THROW(exportIdentifiedMjcf(iiwa, model, {}, test::identifiedTestDynamics(model), dir.file("z.xml")),
                 InputError);
  }
  EXPECT_EQ(dir.listing(), "fromgeom.xml;");
}

}  // namespace mjcf_identified_tests
