// URDF robot -> MJCF with identified values: the built-in panda and ur5 and the public
// example-robot-data panda (DAE visuals, STL collisions, fixed hand links merged into link7, a
// mimic finger) and ur5 (visual meshes absent) with modified consistent parameters and nonzero
// damping / frictionloss / armature convert to an MJCF that our importer reads back to the same
// joints, limits and values (standard parameters to 1e-12 of each body's largest), and that
// MuJoCo 2.2.2 (when built with it) loads, its mj_inverse equal to our RNEA + armature qdd +
// damping qd. Wrong-sized and inconsistent input is refused with one line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <limits>
#include <random>
#include <regex>
#include <set>

#include "dynamics/dynamics_workspace.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "io/identified_dynamics.hpp"
#include "io/identified_dynamics_fixture.hpp"
#include "io/io_test_support.hpp"
#include "io/mjcf_conversion.hpp"
#include "model/builtin_robots.hpp"
#include "model/inertial_parameters.hpp"
#include "model/mesh_uri.hpp"
#include "model/mjcf_import.hpp"
#include "model/urdf_import.hpp"
#include "test_paths.hpp"
#include "util/input_error.hpp"

#ifdef EB_HAVE_MUJOCO
#include <mujoco/mujoco.h>
#endif

using namespace eb;

// The helpers' names differ from test_urdf_export.cpp's: the unity build compiles them together.
namespace {

const std::string kExampleRobots = std::string(test_paths::kSharedRobotsDir) + "/example-robot-data/robots/";
const std::string kPandaUrdf = kExampleRobots + "panda_description/urdf/panda.urdf";
const std::string kUr5Urdf = kExampleRobots + "ur_description/urdf/ur5_robot.urdf";

/// Consistent parameters different from the model's (as in test_urdf_export.cpp): mass
/// x(1.1 + 0.03 b), COM moved by a few cm, inertia about the COM rotated and scaled; massless
/// bodies become a small solid sphere.
Eigen::VectorXd modifiedTheta(const RobotModel& model) {
  Eigen::VectorXd theta(10 * model.bodyCount());
  for (int b = 0; b < model.bodyCount(); ++b) theta.segment<10>(10 * b) = test::movedBodyParameters(model, b);
  return theta;
}

/// The model's dynamics with modified inertials and nonzero damping, friction and armature, as
/// a params file of a consistent estimate would give them.
IdentifiedDynamics identifiedFor(const RobotModel& model) {
  IdentifiedDynamics d = modelDynamics(model);
  d.method = "consistent";
  d.source = "params.json";
  const Eigen::VectorXd theta = modifiedTheta(model);
  for (int b = 0; b < model.bodyCount(); ++b) {
    d.bodies[static_cast<size_t>(b)].theta = theta.segment<10>(10 * b);
    d.bodies[static_cast<size_t>(b)].identified = true;
  }
  for (int j = 0; j < model.dof(); ++j) {
    ExportedJointDynamics& e = d.joints[static_cast<size_t>(j)];
    for (ExportedJointValue* v : {&e.damping, &e.friction, &e.armature}) v->estimated = v->seen = true;
    e.damping.share = e.friction.share = e.armature.share = 0.9;
    e.damping.value = 0.31 + 0.07 * j;
    e.friction.value = 0.52 + 0.11 * j;
    e.armature.value = 0.013 * (j + 1);
  }
  return d;
}

/// A public URDF with its package:// meshes resolved as the loaders do (the folders above it).
RobotModel loadWithMeshes(const std::string& urdf) { return importUrdfFile(urdf, defaultPackageRoots(urdf)); }

struct ConversionCase {
  std::string name;
  RobotModel model;
};

/// The built-in panda and ur5, then the public ones that are there.
std::vector<ConversionCase> conversionCases() {
  std::vector<ConversionCase> out{{"builtin panda", builtinRobot("panda")}, {"builtin ur5", builtinRobot("ur5")}};
  if (std::filesystem::exists(kPandaUrdf)) out.push_back({"public panda", loadWithMeshes(kPandaUrdf)});
  if (std::filesystem::exists(kUr5Urdf)) out.push_back({"public ur5", loadWithMeshes(kUr5Urdf)});
  return out;
}

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t k = text.find(what); k != std::string::npos; k = text.find(what, k + 1)) ++n;
  return n;
}

void expectReadsBack(const RobotModel& model, const IdentifiedDynamics& d, const RobotModel& back,
                     const std::string& what) {
  // Joints: the model's, in order; the mimic joints become joints of their own (MJCF holds the
  // coupling in an <equality>, which the importer does not read).
  std::set<std::string> mimics;
  for (const Body& b : model.bodies())
    if (b.mimic) mimics.insert(b.jointName);
  ASSERT_EQ(back.dof(), model.dof() + static_cast<int>(mimics.size())) << what;
  std::vector<int> kept;
  for (int k = 0; k < back.dof(); ++k)
    if (!mimics.count(back.joint(k).name)) kept.push_back(k);
  ASSERT_EQ(static_cast<int>(kept.size()), model.dof()) << what;
  for (int j = 0; j < model.dof(); ++j) {
    const Joint& a = model.joint(j);
    const Joint& b = back.joint(kept[static_cast<size_t>(j)]);
    const ExportedJointDynamics& e = d.joints[static_cast<size_t>(j)];
    EXPECT_EQ(b.name, a.name) << what;
    EXPECT_EQ(b.type == JointType::Prismatic, a.type == JointType::Prismatic) << what << " " << a.name;
    const bool limited = a.type != JointType::Continuous && a.limits.hasPositionLimits();
    EXPECT_EQ(b.limits.hasPositionLimits(), limited) << what << " " << a.name;
    if (limited) {
      EXPECT_EQ(b.limits.lower, a.limits.lower) << what << " " << a.name;
      EXPECT_EQ(b.limits.upper, a.limits.upper) << what << " " << a.name;
    }
    EXPECT_EQ(b.limits.effort, a.limits.effort) << what << " " << a.name;
    EXPECT_EQ(b.armature, e.armature.value) << what << " " << a.name;
    EXPECT_EQ(b.damping, e.damping.value) << what << " " << a.name;
    EXPECT_EQ(b.friction, e.friction.value) << what << " " << a.name;
  }
  // Bodies: the same frames (pose at q = 0) and standard parameters.
  ASSERT_EQ(back.bodyCount(), model.bodyCount()) << what;
  EXPECT_EQ(back.gravity(), model.gravity()) << what;
  double worst = 0.0;
  for (int b = 0; b < model.bodyCount(); ++b) {
    const int k = back.bodyIndexOfLink(model.body(b).name);
    ASSERT_GE(k, 0) << what << " " << model.body(b).name;
    EXPECT_EQ(back.body(k).name, model.body(b).name) << what;
    EXPECT_LE((back.homePose(k).matrix() - model.homePose(b).matrix()).cwiseAbs().maxCoeff(), 1e-12)
        << what << " " << model.body(b).name;
    EXPECT_LE((back.body(k).axis - model.body(b).axis).norm(), 1e-15) << what << " " << model.body(b).name;
    const Vector10d& want = d.bodies[static_cast<size_t>(b)].theta;
    const double diff = (back.body(k).inertia - want).cwiseAbs().maxCoeff() / want.cwiseAbs().maxCoeff();
    worst = std::max(worst, diff);
    EXPECT_LE(diff, 1e-12) << what << " body " << model.body(b).name;
  }
  std::cout << what << ": standard parameters read back to " << worst << " of each body's largest\n";
}

}  // namespace

TEST(MjcfConversion, RoundTripThroughTheMjcfImporter) {
  test::ScratchDir dir;
  for (const ConversionCase& c : conversionCases()) {
    SCOPED_TRACE(c.name);
    const IdentifiedDynamics d = identifiedFor(c.model);
    const std::string text = convertToMjcf(c.model, d, {dir.path().string(), c.name});
    const MjcfImport back = importMjcfStringWithWarnings(text, c.name + " (converted)", dir.path().string());
    expectReadsBack(c.model, d, back.model, c.name);
    EXPECT_NE(text.find("converted by ExciteBench from " + c.name), std::string::npos);
    EXPECT_NE(text.find("identified from params.json"), std::string::npos);
    EXPECT_NE(text.find("inertiafromgeom=\"false\""), std::string::npos);
    // One motor per joint (all have effort limits), a range on each limited joint.
    EXPECT_EQ(occurrences(text, "<motor "), static_cast<size_t>(c.model.dof()));
    EXPECT_EQ(occurrences(text, "<body "), static_cast<size_t>(c.model.bodyCount()));
  }
}

TEST(MjcfConversion, PublicPandaKeepsStlCollisionsSitesAndTheMimicFinger) {
  if (!std::filesystem::exists(kPandaUrdf)) GTEST_SKIP() << "shared robots not found: " << kPandaUrdf;
  const RobotModel model = loadWithMeshes(kPandaUrdf);
  test::ScratchDir dir;
  const std::string path = dir.file("panda.xml");
  writeMjcfConversion(path, model, identifiedFor(model), {});
  const std::string text = test::readAll(path);
  EXPECT_EQ(dir.listing(), "panda.xml;");
  // DAE visuals left out one comment each; the STL collisions are kept, referenced relative to
  // the output folder, and the importer finds them.
  size_t visuals = 0, collisions = 0, primitives = 0;
  for (const LinkFrame& lf : model.links()) {
    visuals += lf.visuals.size();
    for (const Geometry& g : lf.collisions) (g.kind == Geometry::Kind::Mesh ? collisions : primitives) += 1;
  }
  EXPECT_GT(primitives, 0u);  // the fingertip pads, boxes
  EXPECT_EQ(occurrences(text, "type=\"box\""), primitives);
  EXPECT_EQ(occurrences(text, "left out (MuJoCo reads STL, OBJ and MSH meshes only)"), visuals);
  EXPECT_EQ(occurrences(text, "type=\"mesh\""), collisions);
  EXPECT_EQ(occurrences(text, "file=\"/"), 0u) << "absolute mesh path";
  const MjcfImport back = importMjcfFileWithWarnings(path);
  size_t found = 0;
  for (const LinkFrame& lf : back.model.links())
    for (const Geometry& g : lf.collisions) found += g.kind == Geometry::Kind::Mesh && !g.meshPath.empty();
  EXPECT_EQ(found, collisions);
  // The hand and its TCP stay addressable; the second finger follows the first.
  EXPECT_NE(text.find("<site name=\"panda_hand\""), std::string::npos);
  EXPECT_NE(text.find("<site name=\"panda_hand_tcp\""), std::string::npos);
  EXPECT_NE(text.find("<joint joint1=\"panda_finger_joint2\" joint2=\"panda_finger_joint1\" polycoef=\"0 1 0 0 0\"/>"),
            std::string::npos);
}

TEST(MjcfConversion, PublicUr5MissingVisualMeshesAreNamed) {
  if (!std::filesystem::exists(kUr5Urdf)) GTEST_SKIP() << "shared robots not found: " << kUr5Urdf;
  const RobotModel model = loadWithMeshes(kUr5Urdf);
  test::ScratchDir dir;
  const std::string text = convertToMjcf(model, identifiedFor(model), {dir.path().string(), "ur5_robot.urdf"});
  size_t unresolved = 0;
  for (const LinkFrame& lf : model.links())
    for (const Geometry& g : lf.visuals) unresolved += g.kind == Geometry::Kind::Mesh && g.meshPath.empty();
  EXPECT_GT(unresolved, 0u);
  EXPECT_EQ(occurrences(text, "left out (file not found)"), unresolved);
  EXPECT_NE(text.find("<site name=\"tool0\""), std::string::npos);
}

TEST(MjcfConversion, RefusesWrongSizedOrInconsistentInput) {
  const RobotModel model = builtinRobot("panda");
  const IdentifiedDynamics good = identifiedFor(model);
  const auto message = [&](const IdentifiedDynamics& d) -> std::string {
    try {
      convertToMjcf(model, d, {});
    } catch (const InputError& e) {
      return e.what();
    }
    return "(no error)";
  };
  IdentifiedDynamics shorter = good;
  shorter.bodies.pop_back();
  const std::string sized = message(shorter);
  EXPECT_NE(sized.find("bodies"), std::string::npos) << sized;
  EXPECT_EQ(sized.find('\n'), std::string::npos);

  IdentifiedDynamics inconsistent = good;
  inconsistent.bodies[2].theta[4] = -1.0;  // Ixx about the origin negative
  const std::string bad = message(inconsistent);
  EXPECT_NE(bad.find("body '" + model.body(2).name + "' is not physically consistent"), std::string::npos) << bad;
  EXPECT_EQ(bad.find('\n'), std::string::npos);

  IdentifiedDynamics massless = good;
  massless.bodies[0].theta.setZero();
  EXPECT_NE(message(massless).find("not physically consistent"), std::string::npos);

  IdentifiedDynamics negative = good;
  negative.joints[1].damping.value = -0.5;
  EXPECT_NE(message(negative).find("damping"), std::string::npos);
  negative.joints[1].damping.value = std::numeric_limits<double>::quiet_NaN();
  EXPECT_NE(message(negative).find("damping"), std::string::npos);
}

#ifdef EB_HAVE_MUJOCO
namespace {

// The copy MuJoCo 2.2 compares: no mesh assets or mesh geoms, constraints off (limits,
// frictionloss, the mimic equality and contacts are no part of the inverse dynamics compared).
std::string mujocoCopy(const std::string& text) {
  std::string s = std::regex_replace(text, std::regex(R"(<mesh\b[^>]*/>)"), "");
  s = std::regex_replace(s, std::regex(R"(<geom\b[^>]*\bmesh="[^"]*"[^>]*/>)"), "");
  return std::regex_replace(s, std::regex(R"(<option\b([^>]*)/>)"),
                            R"(<option$1><flag constraint="disable"/></option>)");
}

// Largest |mj_inverse - ours| / (1 + |ours|) over 20 random states of the converted model.
double worstMjInverseDifference(const RobotModel& model, const IdentifiedDynamics& d, const std::string& file) {
  char error[1000] = "";
  mjModel* m = mj_loadXML(file.c_str(), nullptr, error, sizeof error);
  EXPECT_NE(m, nullptr) << error;
  if (!m) return 1.0;
  mjData* data = mj_makeData(m);
  int mimics = 0;
  for (const Body& b : model.bodies()) mimics += b.mimic;
  EXPECT_EQ(m->nv, model.dof() + mimics);
  // MuJoCo's qpos / dof address of each body's joint.
  std::vector<int> qadr, vadr;
  for (const Body& b : model.bodies()) {
    const int id = mj_name2id(m, mjOBJ_JOINT, b.jointName.c_str());
    EXPECT_GE(id, 0) << b.jointName;
    qadr.push_back(m->jnt_qposadr[id]);
    vadr.push_back(m->jnt_dofadr[id]);
  }
  const RobotModel ours = model.withStandardParameters(d.standardParameters());
  DynamicsWorkspace ws(ours);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const int n = model.dof();
  double worst = 0.0;
  for (int trial = 0; trial < 20; ++trial) {
    Eigen::VectorXd q(n), qd(n), qdd(n), armature(n), damping(n);
    for (int j = 0; j < n; ++j) {
      const bool slide = model.joint(j).type == JointType::Prismatic;
      q[j] = slide ? 0.02 * (u(rng) + 1.0) : 2.0 * u(rng);
      qd[j] = (slide ? 0.1 : 2.0) * u(rng);
      qdd[j] = (slide ? 0.5 : 5.0) * u(rng);
      armature[j] = d.joints[static_cast<size_t>(j)].armature.value;
      damping[j] = d.joints[static_cast<size_t>(j)].damping.value;
    }
    for (int b = 0; b < model.bodyCount(); ++b) {
      const Body& body = model.body(b);
      data->qpos[qadr[static_cast<size_t>(b)]] = body.multiplier * q[body.dof] + body.offset;
      data->qvel[vadr[static_cast<size_t>(b)]] = body.multiplier * qd[body.dof];
      data->qacc[vadr[static_cast<size_t>(b)]] = body.multiplier * qdd[body.dof];
    }
    mj_inverse(m, data);
    // A mimic joint's force reaches its leader times the multiplier (the coupling's Jacobian).
    Eigen::VectorXd theirs = Eigen::VectorXd::Zero(n);
    for (int b = 0; b < model.bodyCount(); ++b) {
      const Body& body = model.body(b);
      theirs[body.dof] += body.multiplier * data->qfrc_inverse[vadr[static_cast<size_t>(b)]];
    }
    const Eigen::VectorXd tau =
        inverseDynamics(ours, ws, q, qd, qdd) + armature.cwiseProduct(qdd) + damping.cwiseProduct(qd);
    for (int j = 0; j < n; ++j) {
      const double e = std::abs(tau[j] - theirs[j]) / (1.0 + std::abs(tau[j]));
      worst = std::max(worst, e);
      EXPECT_LE(e, 1e-9) << file << " trial " << trial << " joint " << model.joint(j).name;
    }
  }
  mj_deleteData(data);
  mj_deleteModel(m);
  return worst;
}

}  // namespace
#endif

TEST(MjcfConversion, MjInverseEqualsOurInverseDynamics) {
#ifdef EB_HAVE_MUJOCO
  test::ScratchDir dir;
  double worst = 0.0;
  for (const ConversionCase& c : conversionCases()) {
    SCOPED_TRACE(c.name);
    const IdentifiedDynamics d = identifiedFor(c.model);
    const std::string path = dir.file("robot.xml");
    writeMjcfConversion(path, c.model, d, {"", c.name});
    const std::string copy = dir.file("robot_mujoco22.xml");
    test::writeText(copy, mujocoCopy(test::readAll(path)));
    const double e = worstMjInverseDifference(c.model, d, copy);
    std::cout << c.name << ": largest |mj_inverse - ours| / (1 + |ours|) = " << e << "\n";
    worst = std::max(worst, e);
  }
  std::cout << "MJCF conversion: largest mj_inverse difference over all robots " << worst << "\n";
#else
  GTEST_SKIP() << "built without MuJoCo (libmujoco-dev)";
#endif
}

TEST(MjcfConversion, MujocoLoadsTheFileWithItsStlMeshes) {
#ifdef EB_HAVE_MUJOCO
  bool any = false;
  for (const std::string& urdf : {kUr5Urdf, kPandaUrdf}) {
    if (!std::filesystem::exists(urdf)) continue;
    any = true;
    SCOPED_TRACE(urdf);
    const RobotModel model = loadWithMeshes(urdf);
    test::ScratchDir dir;
    const std::string path = dir.file("robot.xml");
    writeMjcfConversion(path, model, identifiedFor(model), {});
    char error[1000] = "";
    mjModel* m = mj_loadXML(path.c_str(), nullptr, error, sizeof error);
    ASSERT_NE(m, nullptr) << error;
    EXPECT_GT(m->nmesh, 0);
    EXPECT_EQ(m->nu, model.dof());
    EXPECT_EQ(m->neq, static_cast<int>(std::count_if(model.bodies().begin(), model.bodies().end(),
                                                     [](const Body& b) { return b.mimic; })));
    mj_deleteModel(m);
  }
  if (!any) GTEST_SKIP() << "shared robots not found";
#else
  GTEST_SKIP() << "built without MuJoCo (libmujoco-dev)";
#endif
}
