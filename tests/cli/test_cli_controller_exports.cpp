// `sample --format`: the controller formats (ros2_control trajectory YAML, URScript) are
// the engine writers' text, chosen by --format or the extension; .csv and .mat as before;
// URScript without an explicit --rate or for a robot without 6 joints is refused in one line.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "cli_runner.hpp"
#include "excitation/default_excitation.hpp"
#include "io/excitation_json.hpp"
#include "io/joint_trajectory_yaml.hpp"
#include "io/trajectory_csv.hpp"
#include "io/urscript_export.hpp"
#include "model/builtin_robots.hpp"

using namespace eb;
using eb::test::readText;
using eb::test::runCli;
using eb::test::tempDir;

namespace {

// Writes the default excitation of a built-in robot, joints named, limits recorded.
ExcitationFile writeNamedExcitation(const std::string& robot, const std::string& path) {
  const RobotModel model = builtinRobot(robot);
  ExcitationFile e;
  e.robot = robot;
  e.trajectory = Trajectory(defaultExcitation(model));
  ExcitationLimits limits;
  for (const Joint& j : model.joints()) {
    e.jointNames.push_back(j.name);
    limits.joints.push_back(j.limits);
  }
  e.limits = limits;
  writeExcitationJson(path, e);
  return readExcitationJson(path);  // what the CLI reads
}

long errLines(const std::string& s) { return std::count(s.begin(), s.end(), '\n'); }

TEST(CliSampleFormat, ControllerFormatsAreTheEngineWritersText) {
  const auto dir = tempDir("sample_format");
  const std::string exc = (dir / "exc.json").string();
  const ExcitationFile e = writeNamedExcitation("ur5", exc);

  // By extension: .yaml is a FollowJointTrajectory goal at the given rate.
  const std::string yaml = (dir / "traj.yaml").string();
  auto r = runCli({"sample", exc, "--out", yaml, "--rate", "100"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(readText(yaml), formatJointTrajectoryYaml(e, sampleTrajectory(e.trajectory, 100.0), 100.0, exc));

  // By --format, whatever the extension.
  const std::string other = (dir / "goal.txt").string();
  r = runCli({"sample", exc, "--out", other, "--format", "joint-trajectory", "--rate", "100"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(readText(other),
            formatJointTrajectoryYaml(e, sampleTrajectory(e.trajectory, 100.0), 100.0, exc, "goal.txt"));

  const std::string script = (dir / "exc.script").string();
  r = runCli({"sample", exc, "--out", script, "--rate", "500"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(readText(script), formatUrscript(e, sampleTrajectory(e.trajectory, 500.0), 500.0, exc));
  const std::string urscript = (dir / "cb3.txt").string();
  r = runCli({"sample", exc, "--out", urscript, "--format", "urscript", "--rate", "125"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(readText(urscript), formatUrscript(e, sampleTrajectory(e.trajectory, 125.0), 125.0, exc));

  // .csv unchanged, and --format csv onto a .yaml name writes CSV.
  const std::string csv = (dir / "traj.csv").string();
  r = runCli({"sample", exc, "--out", csv, "--rate", "100"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(readText(csv), formatTrajectoryCsv(sampleTrajectory(e.trajectory, 100.0)));
  const std::string csvYaml = (dir / "really_csv.yaml").string();
  r = runCli({"sample", exc, "--out", csvYaml, "--format", "csv", "--rate", "100"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(readText(csvYaml), readText(csv));
  // .mat still a MAT file.
  const std::string mat = (dir / "traj.mat").string();
  r = runCli({"sample", exc, "--out", mat, "--rate", "100"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(readText(mat).rfind("MATLAB 5.0 MAT-file", 0), 0u);
}

TEST(CliSampleFormat, RefusesInOneLine) {
  const auto dir = tempDir("sample_format_refusals");
  const std::string ur5 = (dir / "ur5.json").string(), panda = (dir / "panda.json").string();
  writeNamedExcitation("ur5", ur5);
  writeNamedExcitation("panda", panda);
  const std::string out = (dir / "exc.script").string();

  auto r = runCli({"sample", ur5, "--out", out});  // the default rate is no controller's
  EXPECT_NE(r.status, 0);
  EXPECT_EQ(errLines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("--format urscript needs --rate, the controller's rate (500 on e-Series, 125 on CB3)"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));

  r = runCli({"sample", panda, "--out", out, "--rate", "500"});
  EXPECT_NE(r.status, 0);
  EXPECT_EQ(errLines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find(panda + ": /joints: URScript export needs a 6-joint Universal Robots arm; this excitation "
                               "has 7 joints"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));

  r = runCli({"sample", ur5, "--out", (dir / "x.csv").string(), "--format", "ros"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("--format"), std::string::npos) << r.err;
}

}  // namespace
