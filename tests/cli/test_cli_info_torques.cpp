// `info` on built-in and public robots (counts, JSON contract) and `torques`
// against the engine's inverse dynamics, with its error behaviour.
#include "cli_runner.hpp"

#include "dynamics/inverse_dynamics.hpp"
#include "excitation/default_excitation.hpp"
#include "io/trajectory_csv.hpp"
#include "model/builtin_robots.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

using namespace eb;
using eb::test::runCli;
using eb::test::tempDir;

TEST(CliInfo, BuiltinCountsAndJsonContract) {
  struct Expect {
    const char* robot;
    int dof, base, withFriction;
  };
  for (const Expect e : {Expect{"panda", 7, 43, 57}, Expect{"ur5", 6, 36, 48}, Expect{"planar2r", 2, 6, 10}}) {
    const auto r = runCli({"info", e.robot, "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["dof"], e.dof);
    EXPECT_EQ(j["base_parameter_count"], e.base) << e.robot;
    EXPECT_EQ(j["base_parameter_count_with_friction"], e.withFriction) << e.robot;
    EXPECT_EQ(j["standard_parameter_count"], 10 * e.dof);
    ASSERT_EQ(j["joints"].size(), static_cast<size_t>(e.dof));
    for (const auto& joint : j["joints"])
      for (const char* key : {"name", "type", "lower", "upper", "velocity", "effort"}) EXPECT_TRUE(joint.contains(key));
    ASSERT_EQ(j["base_parameters"].size(), static_cast<size_t>(e.base));
    EXPECT_TRUE(j["base_parameters"][0].contains("expression"));
  }
}

TEST(CliInfo, ModelBeyondTheBaseParameterLimitIsStillDescribed) {
  // 1000 links: 10,000 regressor columns, over the 4000 the base parameters are computed
  // for. info still answers (joints, counts) and says why the base parameters are missing.
  const auto r = runCli({"info", "snake:1000", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["dof"], 1000);
  EXPECT_EQ(j["standard_parameter_count"], 10000);
  EXPECT_TRUE(j["base_parameter_count"].is_null());
  const std::string why = j["base_parameters_not_computed"];
  EXPECT_NE(why.find("10000 regressor columns) are beyond the limit of 4000"), std::string::npos) << why;
  const auto text = runCli({"info", "snake:1000"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("base parameters: not computed: base parameters of 1000 moving bodies"), std::string::npos)
      << text.out;
}

TEST(CliInfo, PandaJointOrderAndExpression) {
  const auto r = runCli({"info", "panda", "--json"});
  ASSERT_EQ(r.status, 0);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["joints"][0]["name"], "panda_joint1");
  EXPECT_EQ(j["joints"][6]["name"], "panda_joint7");
  EXPECT_EQ(j["base_parameters"][0]["expression"], "Izz1 + Iyy2");
}

TEST(CliInfo, PublicRobots) {
  const std::string root = eb::test_paths::kSharedRobotsDir;
  if (!std::filesystem::exists(root)) GTEST_SKIP() << "no shared robots";
  struct Expect {
    std::string path;
    int dof, base;
  };
  for (const Expect& e :
       {Expect{root + "/example-robot-data/robots/panda_description/urdf/panda.urdf", 8, 48},
        Expect{root + "/example-robot-data/robots/panda_description/urdf/panda_collision.urdf", 8, 48},
        Expect{root + "/example-robot-data/robots/ur_description/urdf/ur5_robot.urdf", 6, 36},
        Expect{root + "/drake_models/iiwa_description/urdf/iiwa14_no_collision.urdf", 7, 43},
        Expect{root + "/drake_models/iiwa_description/urdf/iiwa14_polytope_collision.urdf", 7, 43}}) {
    const auto r = runCli({"info", e.path, "--json"});
    ASSERT_EQ(r.status, 0) << e.path << ": " << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["dof"], e.dof) << e.path;
    EXPECT_EQ(j["base_parameter_count"], e.base) << e.path;
  }
}

TEST(CliInfo, ListsBuiltinsAndRejectsUnknownRobot) {
  const auto list = runCli({"info"});
  ASSERT_EQ(list.status, 0);
  for (const char* name : {"planar2r", "snake:N", "panda", "ur5"}) EXPECT_NE(list.out.find(name), std::string::npos);
  const auto bad = runCli({"info", "no-such-robot"});
  EXPECT_NE(bad.status, 0);
  EXPECT_NE(bad.err.find("unknown robot 'no-such-robot'"), std::string::npos) << bad.err;
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << "one line: " << bad.err;
}

TEST(CliTorques, MatchesInverseDynamics) {
  const auto dir = tempDir("torques");
  const RobotModel model = builtinRobot("panda");
  const TrajectorySamples s = sampleTrajectory(Trajectory(defaultExcitation(model)), 50.0);
  const std::string traj = (dir / "traj.csv").string(), tau = (dir / "tau.csv").string();
  writeTrajectoryCsv(traj, s);
  const auto r = runCli({"torques", "panda", "--in", traj, "--out", tau});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = eb::test::readText(tau);
  ASSERT_EQ(text.substr(0, text.find('\n')), "t,tau1,tau2,tau3,tau4,tau5,tau6,tau7");
  // Check a middle row against the engine.
  std::istringstream lines(text);
  std::string line;
  for (int i = 0; i <= 101; ++i) std::getline(lines, line);
  std::vector<double> row;
  std::stringstream fields(line);
  std::string f;
  while (std::getline(fields, f, ',')) row.push_back(std::stod(f));
  ASSERT_EQ(row.size(), 8u);
  DynamicsWorkspace ws(model);
  const Eigen::VectorXd q = s.q.row(100).transpose(), qd = s.qd.row(100).transpose(), qdd = s.qdd.row(100).transpose();
  const Eigen::VectorXd expected = inverseDynamics(model, ws, q, qd, qdd);
  EXPECT_DOUBLE_EQ(row[0], s.t[100]);
  for (int j = 0; j < 7; ++j) EXPECT_DOUBLE_EQ(row[static_cast<size_t>(j + 1)], expected[j]);
}

TEST(CliTorques, StatesWithoutTimeNeedNoTime) {
  // Inverse dynamics of states: a CSV of q, qd, qdd without t gives the torques row for row.
  const auto dir = tempDir("torques_untimed");
  const std::string traj = (dir / "states.csv").string(), tau = (dir / "tau.csv").string();
  {
    std::ofstream f(traj);
    f << "q1,q2,qd1,qd2,qdd1,qdd2\n0.1,0.2,0,0,0,0\n0.3,-0.4,1,2,3,4\n";
  }
  const auto r = runCli({"torques", "planar2r", "--in", traj, "--out", tau});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = eb::test::readText(tau);
  EXPECT_EQ(text.substr(0, text.find('\n')), "tau1,tau2");
  const RobotModel model = builtinRobot("planar2r");
  DynamicsWorkspace ws(model);
  const Eigen::Vector2d q(0.3, -0.4), qd(1, 2), qdd(3, 4);
  const Eigen::VectorXd expected = inverseDynamics(model, ws, q, qd, qdd);
  const std::string second = text.substr(text.find('\n', text.find('\n') + 1) + 1);
  EXPECT_DOUBLE_EQ(std::stod(second.substr(0, second.find(','))), expected[0]);
  EXPECT_DOUBLE_EQ(std::stod(second.substr(second.find(',') + 1)), expected[1]);
}

TEST(CliTorques, BadInputsGiveOneLineAndNoFile) {
  const auto dir = tempDir("torques_bad");
  const std::string traj = (dir / "traj.csv").string(), out = (dir / "tau.csv").string();
  {
    std::ofstream f(traj);
    f << "t,q1,q2,qd1,qd2,qdd1\n0,0,0,0,0,0\n";
  }
  auto r = runCli({"torques", "planar2r", "--in", traj, "--out", out});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("traj.csv"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("qdd2"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));

  // A trajectory for the wrong robot.
  const RobotModel model = builtinRobot("planar2r");
  writeTrajectoryCsv(traj, sampleTrajectory(Trajectory(defaultExcitation(model)), 20.0));
  r = runCli({"torques", "panda", "--in", traj, "--out", out});
  EXPECT_NE(r.status, 0);
  EXPECT_FALSE(std::filesystem::exists(out));

  // An output folder that does not exist.
  r = runCli({"torques", "planar2r", "--in", traj, "--out", (dir / "missing" / "tau.csv").string()});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("missing/tau.csv"), std::string::npos) << r.err;
}

TEST(CliInfo, MjcfBodiesWithMassComAndInertia) {
  const auto dir = tempDir("mjcf_info");
  const std::string path = (dir / "arm.xml").string();
  std::ofstream(path) << R"(<mujoco model="two">
  <worldbody>
    <body name="upper" pos="0 0 0.1">
      <joint name="shoulder" axis="0 1 0" range="-90 90"/>
      <inertial pos="0 0 0.2" mass="2" diaginertia="0.03 0.03 0.01"/>
      <body name="lower" pos="0 0 0.4">
        <joint name="elbow" axis="0 1 0"/>
        <geom type="box" size="0.05 0.05 0.1" pos="0 0 0.1" mass="1.5"/>
      </body>
    </body>
  </worldbody>
</mujoco>)";
  const auto r = runCli({"info", path, "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["name"], "two");
  EXPECT_EQ(j["dof"], 2);
  EXPECT_NEAR(j["joints"][0]["upper"].get<double>(), M_PI / 2, 1e-12);  // degrees by default
  ASSERT_EQ(j["bodies"].size(), 2u);
  EXPECT_EQ(j["bodies"][0]["name"], "upper");
  EXPECT_EQ(j["bodies"][1]["name"], "lower");
  EXPECT_DOUBLE_EQ(j["bodies"][0]["mass"].get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(j["bodies"][1]["mass"].get<double>(), 1.5);
  EXPECT_NEAR(j["bodies"][0]["com"][2].get<double>(), 0.2, 1e-15);
  EXPECT_NEAR(j["bodies"][1]["inertia"]["izz"].get<double>(), 1.5 * (0.01 + 0.01) / 12, 1e-15);
  EXPECT_NEAR(j["bodies"][1]["inertia"]["ixx"].get<double>(), 1.5 * (0.01 + 0.04) / 12, 1e-15);
}
