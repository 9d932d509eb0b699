// export of an identified model to simulators through the real binary: a consistent estimate
// of a simulated UR5 (viscous + Coulomb friction, rotor inertia) out as an identified URDF with
// <dynamics> and as an MJCF converted from the URDF; MuJoCo Menagerie's UR5e out as its own MJCF
// with the values in place. Each file is read back: the parameters are params.json's to 1e-12,
// the friction its friction table's. OLS is refused with the way to a consistent estimate.
#include <gtest/gtest.h>

#include <filesystem>

#include "cli_fixtures.hpp"
#include "cli_runner.hpp"
#include "excitation/default_excitation.hpp"
#include "io/excitation_json.hpp"
#include "io/identified_dynamics.hpp"
#include "io/params_file.hpp"
#include "model/builtin_robots.hpp"
#include "model/mjcf_import.hpp"
#include "model/urdf_import.hpp"
#include "test_paths.hpp"

using namespace eb;
using eb::test::runCli;
using eb::test::tempDir;

namespace cli_model_export_tests {
namespace {

// Largest difference of the bodies' standard parameters, relative to each body's largest entry.
double largestParameterError(const RobotModel& back, const Eigen::VectorXd& theta) {
  double worst = 0.0;
  for (int b = 0; b < back.bodyCount(); ++b) {
    const Vector10d want = theta.segment<10>(10 * b);
    worst = std::max(worst, (back.body(b).inertia - want).cwiseAbs().maxCoeff() / want.cwiseAbs().maxCoeff());
  }
  return worst;
}

// The exported model against the params file: parameters (the ones the data saw are the
// estimate's) to 1e-12, and each joint's friction and rotor inertia, bit for bit.
void expectModelOf(const RobotModel& back, const RobotModel& model, const std::string& params, bool armature) {
  const IdentifiedParameters p = readParamsJson(params);
  const IdentifiedDynamics d = identifiedDynamics(model, p, params);
  ASSERT_EQ(back.dof(), model.dof());
  EXPECT_LE(largestParameterError(back, d.standardParameters()), 1e-12);
  int seenBodies = 0;
  for (const ExportedBodyInertia& b : d.bodies) seenBodies += b.identified;
  EXPECT_GE(seenBodies, model.bodyCount() - 1);
  for (int j = 0; j < model.dof(); ++j) {
    const ExportedJointDynamics& e = d.joints[static_cast<size_t>(j)];
    EXPECT_TRUE(e.damping.estimated && e.friction.estimated) << j;
    EXPECT_EQ(back.joint(j).damping, e.damping.value) << j;
    EXPECT_EQ(back.joint(j).friction, e.friction.value) << j;
    if (armature) {
      EXPECT_EQ(back.joint(j).armature, e.armature.value) << j;
    }
    // A seen value is the estimate's own (the friction table holds it when it is a base parameter).
    if (e.damping.seen) {
      EXPECT_GT(e.damping.value, 0.0) << j;
    }
  }
}

}  // namespace

TEST(CliModelExport, Ur5ToUrdfWithDynamicsAndToMjcf) {
  const auto dir = tempDir("model_export");
  const std::string ex = eb::test::writeDefaultExcitation(dir, "ur5");
  const std::string log = (dir / "log.csv").string(), params = (dir / "params.json").string(),
                    ols = (dir / "ols.json").string();
  auto r = runCli({"simulate", "ur5", ex, "--out", log, "--rate", "500", "--noise-torque", "0.02"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"identify", "ur5", log, "--out", params, "--method", "consistent", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;

  // The identified URDF: inertials and <dynamics damping friction>.
  const std::string urdf = (dir / "ur5_identified.urdf").string();
  r = runCli({"export", params, "--robot", "ur5", "--out", urdf});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = eb::test::readText(urdf);
  EXPECT_NE(text.find("<dynamics damping=\""), std::string::npos);
  const RobotModel model = builtinRobot("ur5");
  expectModelOf(importUrdfFile(urdf), model, params, false);

  // An MJCF converted from the URDF.
  const std::string mjcf = (dir / "ur5_identified.xml").string();
  r = runCli({"export", params, "--robot", "ur5", "--out", mjcf});
  ASSERT_EQ(r.status, 0) << r.err;
  expectModelOf(importMjcfFile(mjcf), model, params, false);

  // OLS has no per-link inertia: refused, saying how to get a consistent estimate.
  r = runCli({"identify", "ur5", log, "--out", ols, "--method", "ols", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* out : {"x.urdf", "x.xml"}) {
    r = runCli({"export", ols, "--robot", "ur5", "--out", (dir / out).string()});
    EXPECT_NE(r.status, 0);
    EXPECT_NE(r.err.find("--method consistent"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir / out));
  }
}

TEST(CliModelExport, MenagerieUr5eInPlaceWithArmature) {
  const std::string path =
      std::string(test_paths::kSharedRobotsDir) + "/mujoco_menagerie/universal_robots_ur5e/ur5e.xml";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
  const auto dir = tempDir("model_export_mjcf");
  const RobotModel model = importMjcfFile(path);
  ExcitationFile ex;
  ex.robot = path;
  ex.trajectory = defaultExcitation(model);
  const std::string exPath = (dir / "excitation.json").string();
  writeExcitationJson(exPath, ex);
  const std::string log = (dir / "log.csv").string(), params = (dir / "params.json").string();
  auto r = runCli({"simulate", path, exPath, "--out", log, "--rate", "500", "--noise-torque", "0.02", "--armature",
                   "0.2,0.2,0.1,0.05,0.05,0.05"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"identify", path, log, "--out", params, "--method", "consistent", "--armature", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string out = (dir / "ur5e_identified.xml").string();
  r = runCli({"export", params, "--robot", path, "--out", out});
  ASSERT_EQ(r.status, 0) << r.err;
  expectModelOf(importMjcfFile(out), model, params, true);
  const std::string text = eb::test::readText(out);
  EXPECT_NE(text.find("<!-- Identified by ExciteBench from " + params), std::string::npos);
  // An MJCF robot goes out as MJCF, not URDF.
  r = runCli({"export", params, "--robot", path, "--out", (dir / "x.urdf").string()});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("--out NAME.xml"), std::string::npos) << r.err;
}

}  // namespace cli_model_export_tests
