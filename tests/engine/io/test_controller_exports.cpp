// Designs out to controllers: the FollowJointTrajectory goal YAML read back with yaml-cpp
// point by point against sampleTrajectory (positions bit for bit, time to 1 ns), the
// URScript's servoj targets parsed back against the samples, and the one-line refusals.

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "excitation/default_excitation.hpp"
#include "io/joint_trajectory_yaml.hpp"
#include "io/urscript_export.hpp"
#include "io_test_support.hpp"
#include "model/builtin_robots.hpp"
#include "util/input_error.hpp"

namespace eb {
namespace {

using test::ScratchDir;

ExcitationFile controllerExcitation(const std::string& robot) {
  const RobotModel model = builtinRobot(robot);
  ExcitationFile e;
  e.robot = robot;
  e.trajectory = Trajectory(defaultExcitation(model));
  ExcitationLimits limits;
  limits.scale.position = 0.95;
  for (const Joint& j : model.joints()) {
    e.jointNames.push_back(j.name);
    limits.joints.push_back(j.limits);
  }
  e.limits = limits;
  return e;
}

bool sameDoubleBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bool isOneLine(const std::string& s) { return !s.empty() && s.find('\n') == std::string::npos; }

std::vector<double> listNumbers(const std::string& list) {  // "[a, b, c]" -> {a, b, c}
  std::vector<double> v;
  const char* p = list.c_str() + list.find('[') + 1;
  while (*p && *p != ']') {
    char* end = nullptr;
    v.push_back(std::strtod(p, &end));
    p = end;
    while (*p == ',' || *p == ' ') ++p;
  }
  return v;
}

TEST(JointTrajectoryYaml, EveryPointReadsBackAsSampled) {
  const ExcitationFile e = controllerExcitation("panda");
  const double rate = 250.0;
  TrajectorySamples s = sampleTrajectory(e.trajectory, rate);
  // Numbers of every form the text must carry exactly: exponents both ways, -0, integers.
  s.q(1, 0) = 1e-300;
  s.q(1, 1) = -0.0;
  s.qd(2, 2) = 1e-7;
  s.qdd(3, 3) = 123456789.0;
  s.q(4, 4) = 1.0 / 3.0;
  ScratchDir dir;
  const std::string path = dir.file("traj.yaml");
  writeJointTrajectoryYaml(path, e, s, rate, "exc.json");
  EXPECT_EQ(dir.listing(), "traj.yaml;");  // the temporary renamed, nothing else left

  const YAML::Node root = YAML::LoadFile(path);
  const YAML::Node traj = root["trajectory"];
  ASSERT_TRUE(traj.IsMap());
  EXPECT_EQ(traj["header"]["stamp"]["sec"].as<int>(), 0);
  EXPECT_EQ(traj["header"]["stamp"]["nanosec"].as<int>(), 0);
  EXPECT_EQ(traj["header"]["frame_id"].as<std::string>(), "");
  ASSERT_EQ(traj["joint_names"].size(), e.jointNames.size());
  for (size_t i = 0; i < e.jointNames.size(); ++i) EXPECT_EQ(traj["joint_names"][i].as<std::string>(), e.jointNames[i]);
  const YAML::Node points = traj["points"];
  ASSERT_EQ(static_cast<int>(points.size()), s.size());
  for (int r = 0; r < s.size(); ++r) {
    const YAML::Node p = points[static_cast<size_t>(r)];
    for (int i = 0; i < s.dof(); ++i) {
      const auto k = static_cast<size_t>(i);
      ASSERT_TRUE(sameDoubleBits(p["positions"][k].as<double>(), s.q(r, i))) << "point " << r << " joint " << i;
      ASSERT_TRUE(sameDoubleBits(p["velocities"][k].as<double>(), s.qd(r, i))) << "point " << r << " joint " << i;
      ASSERT_TRUE(sameDoubleBits(p["accelerations"][k].as<double>(), s.qdd(r, i))) << "point " << r << " joint " << i;
    }
    const long long sec = p["time_from_start"]["sec"].as<long long>();
    const long long ns = p["time_from_start"]["nanosec"].as<long long>();
    ASSERT_GE(ns, 0);
    ASSERT_LT(ns, 1000000000LL);
    ASSERT_LE(std::abs(static_cast<double>(sec) + static_cast<double>(ns) * 1e-9 - s.t[r]), 0.5e-9 + 1e-12) << r;
  }
  // The comment block: what was written and how to send it.
  const std::string text = test::readAll(path);
  EXPECT_EQ(text.rfind("# ", 0), 0u);
  EXPECT_NE(text.find("# robot: panda\n"), std::string::npos);
  EXPECT_NE(text.find("rate: 250 Hz, samples: " + std::to_string(s.size())), std::string::npos);
  EXPECT_NE(text.find("limits used (95 % of each position range"), std::string::npos);
  EXPECT_NE(text.find("#   ros2 action send_goal /joint_trajectory_controller/follow_joint_trajectory "
                      "control_msgs/action/FollowJointTrajectory \"$(cat traj.yaml)\"\n"),
            std::string::npos);
  // Every float keeps a '.', or PyYAML (ros2's reader) takes it for a string.
  EXPECT_NE(text.find("1.0e-300"), std::string::npos);
  EXPECT_NE(text.find("-0.0"), std::string::npos);
}

TEST(JointTrajectoryYaml, TimeRoundsToTheNearestNanosecond) {
  EXPECT_EQ(rosDuration(0.0).sec, 0);
  EXPECT_EQ(rosDuration(1.5).nanosec, 500000000u);
  EXPECT_EQ(rosDuration(2.9999999996).sec, 3);  // rounds up across the second
  EXPECT_EQ(rosDuration(2.9999999996).nanosec, 0u);
  EXPECT_EQ(rosDuration(7.0 / 500.0).nanosec, 14000000u);
  EXPECT_THROW(rosDuration(-1e-3), std::invalid_argument);
}

TEST(JointTrajectoryYaml, UnnamedJointsAreRefusedInOneLine) {
  ExcitationFile e = controllerExcitation("panda");
  const TrajectorySamples s = sampleTrajectory(e.trajectory, 100.0);
  e.jointNames[2].clear();
  try {
    formatJointTrajectoryYaml(e, s, 100.0, "exc.json");
    FAIL() << "an unnamed joint was accepted";
  } catch (const InputError& err) {
    EXPECT_TRUE(isOneLine(err.what())) << err.what();
    EXPECT_NE(std::string(err.what()).find("exc.json"), std::string::npos) << err.what();
    EXPECT_NE(std::string(err.what()).find("/joints/2/name"), std::string::npos) << err.what();
  }
  e.jointNames.clear();
  EXPECT_THROW(formatJointTrajectoryYaml(e, s, 100.0, "exc.json"), InputError);
}

TEST(UrscriptExport, ServojTargetsAreTheSamples) {
  const ExcitationFile e = controllerExcitation("ur5");
  const double rate = 125.0;
  TrajectorySamples s = sampleTrajectory(e.trajectory, rate);
  s.q(3, 1) = 1e-7;  // written without an exponent, still exact
  s.q(5, 2) = -2.5e-12;
  ScratchDir dir;
  const std::string path = dir.file("exc.script");
  writeUrscript(path, e, s, rate, "exc.json");
  EXPECT_EQ(dir.listing(), "exc.script;");
  const std::string text = test::readAll(path);

  std::istringstream lines(text);
  std::string line, startLine, movej;
  std::vector<std::vector<double>> targets;
  bool halts = false, inDef = false, called = false;
  while (std::getline(lines, line)) {
    if (line.rfind("def excitebench_excitation():", 0) == 0) inDef = true;
    if (line == "excitebench_excitation()") called = true;
    if (line.find("halt") != std::string::npos) halts = true;
    if (line.rfind("  start = [", 0) == 0) startLine = line;
    if (line.rfind("  movej(", 0) == 0) movej = line;
    if (line.rfind("  servoj([", 0) == 0) {
      targets.push_back(listNumbers(line));
      EXPECT_NE(line.find("], 0, 0, servo_t, servo_lookahead_time, servo_gain)"), std::string::npos) << line;
    }
    if (line.find('[') != std::string::npos && line.rfind("#", 0) != 0) {
      const std::string list = line.substr(line.find('['), line.find(']') - line.find('['));
      EXPECT_EQ(list.find_first_of("eE"), std::string::npos) << line;  // plain decimals, no exponent
    }
  }
  EXPECT_TRUE(inDef);
  EXPECT_TRUE(called);
  EXPECT_TRUE(halts);
  EXPECT_EQ(movej, "  movej(start, a=0.5, v=0.25)");
  ASSERT_EQ(static_cast<int>(targets.size()), s.size());
  for (int r = 0; r < s.size(); ++r) {
    ASSERT_EQ(targets[static_cast<size_t>(r)].size(), 6u);
    for (int i = 0; i < 6; ++i) ASSERT_EQ(targets[static_cast<size_t>(r)][static_cast<size_t>(i)], s.q(r, i)) << r;
  }
  const std::vector<double> start = listNumbers(startLine);
  ASSERT_EQ(start.size(), 6u);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(start[static_cast<size_t>(i)], s.q(0, i));
  EXPECT_NE(text.find("  servo_t = 0.008\n"), std::string::npos);
  EXPECT_NE(text.find("get_actual_joint_positions()"), std::string::npos);
  EXPECT_NE(text.find("popup("), std::string::npos);
  // The comment block names the robot, the joints, the rate, the count, the limits and servoj's settings.
  EXPECT_EQ(text.rfind("# ", 0), 0u);
  EXPECT_NE(text.find("# robot: ur5\n"), std::string::npos);
  EXPECT_NE(text.find("# joints (6): " + e.jointNames[0]), std::string::npos);
  EXPECT_NE(text.find("rate: 125 Hz, samples: " + std::to_string(s.size())), std::string::npos);
  EXPECT_NE(text.find("# limits used ("), std::string::npos);
  EXPECT_NE(text.find("lookahead_time = 0.1 s, gain = 300.0"), std::string::npos);
}

TEST(UrscriptExport, RefusesARobotWithoutSixJointsInOneLine) {
  const ExcitationFile e = controllerExcitation("panda");
  const TrajectorySamples s = sampleTrajectory(e.trajectory, 500.0);
  try {
    formatUrscript(e, s, 500.0, "exc.json");
    FAIL() << "a 7-joint robot was accepted";
  } catch (const InputError& err) {
    EXPECT_TRUE(isOneLine(err.what())) << err.what();
    EXPECT_EQ(std::string(err.what()),
              "exc.json: /joints: URScript export needs a 6-joint Universal Robots arm; this excitation has 7 joints");
  }
}

TEST(UrscriptExport, RefusesSamplesOffTheControllerClock) {
  const ExcitationFile e = controllerExcitation("ur5");
  const TrajectorySamples s = sampleTrajectory(e.trajectory, 500.0);
  EXPECT_THROW(formatUrscript(e, s, 125.0, "exc.json"), std::invalid_argument);
}

TEST(UrscriptExport, NumbersArePlainDecimalsThatReadBack) {
  for (const double v : {0.0, 1.0, -3.0, 0.1, 1e-7, -2.5e-12, 1.0 / 3.0, 6.283185307179586, 1e-300}) {
    const std::string t = urscriptNumberText(v);
    EXPECT_EQ(t.find_first_of("eE"), std::string::npos) << t;
    EXPECT_NE(t.find('.'), std::string::npos) << t;
    EXPECT_EQ(std::strtod(t.c_str(), nullptr), v) << t;
  }
}

}  // namespace
}  // namespace eb
