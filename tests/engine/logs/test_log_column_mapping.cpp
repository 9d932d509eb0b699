// Column guessing from names (and a few rows for the time unit).

#include "logs/log_column_mapping.hpp"
#include "util/input_error.hpp"
#include "test_log_support.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace eb;
using eb::test::messageOf;

namespace {

LogGuessOptions guessOptionsWithDof(int dof) {
  LogGuessOptions o;
  o.dof = dof;
  return o;
}

// A preview whose column `timeColumn` steps by `step` and every other column is 0.
Eigen::MatrixXd previewWithStep(std::size_t columns, std::size_t timeColumn, double step) {
  Eigen::MatrixXd p = Eigen::MatrixXd::Zero(10, static_cast<Eigen::Index>(columns));
  for (Eigen::Index i = 0; i < 10; ++i) p(i, static_cast<Eigen::Index>(timeColumn)) = 100.0 + step * i;
  return p;
}

std::vector<std::string> indexed(const std::string& prefix, int first, int count, const std::string& suffix = "") {
  std::vector<std::string> names;
  for (int k = 0; k < count; ++k) names.push_back(prefix + std::to_string(first + k) + suffix);
  return names;
}

std::vector<std::string> concat(std::initializer_list<std::vector<std::string>> parts) {
  std::vector<std::string> out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

}  // namespace

TEST(LogColumnMapping, OurOwnNames) {
  const auto columns = concat({{"t"}, indexed("q", 1, 3), indexed("qd", 1, 3), indexed("qdd", 1, 3), indexed("tau", 1, 3)});
  const LogMappingGuess g =
      guessLogColumnMapping(columns, previewWithStep(columns.size(), 0, 0.002), guessOptionsWithDof(3));
  const LogColumnMapping& m = g.mapping;
  EXPECT_EQ(m.timeColumn, "t");
  EXPECT_EQ(m.timeUnit, TimeUnit::Seconds);
  ASSERT_EQ(m.joints.size(), 3u);
  EXPECT_EQ(m.joints[2].q, "q3");
  EXPECT_EQ(m.joints[2].qd, "qd3");
  EXPECT_EQ(m.joints[2].qdd, "qdd3");
  EXPECT_EQ(m.joints[2].tau, "tau3");
  EXPECT_TRUE(m.hasVelocity());
  EXPECT_TRUE(g.warnings.empty());
  EXPECT_NO_THROW(checkLogColumnMapping(m, columns, 3));
}

TEST(LogColumnMapping, JointOrderFollowsIndicesNotColumns) {
  const std::vector<std::string> columns = {"time", "q2", "q10", "q1", "tau_1", "tau_2", "tau_10", "q3", "q4", "q5",
                                            "q6", "q7", "q8", "q9", "tau_3", "tau_4", "tau_5", "tau_6", "tau_7",
                                            "tau_8", "tau_9"};
  const LogColumnMapping m = guessLogColumnMapping(columns, {}, guessOptionsWithDof(10)).mapping;
  EXPECT_EQ(m.joints[0].q, "q1");
  EXPECT_EQ(m.joints[1].q, "q2");
  EXPECT_EQ(m.joints[9].q, "q10");
  EXPECT_EQ(m.joints[9].tau, "tau_10");
}

TEST(LogColumnMapping, UrRtdeUsesTargetMomentAndWarns) {
  const auto columns = concat({{"timestamp"}, indexed("target_q_", 0, 6), indexed("actual_q_", 0, 6),
                               indexed("actual_qd_", 0, 6), indexed("actual_current_", 0, 6),
                               indexed("target_moment_", 0, 6)});
  const LogMappingGuess g =
      guessLogColumnMapping(columns, previewWithStep(columns.size(), 0, 0.008), guessOptionsWithDof(6));
  EXPECT_EQ(g.mapping.timeColumn, "timestamp");
  EXPECT_EQ(g.mapping.timeUnit, TimeUnit::Seconds);
  EXPECT_EQ(g.mapping.joints[0].q, "actual_q_0");  // not target_q_0 (commanded)
  EXPECT_EQ(g.mapping.joints[5].qd, "actual_qd_5");
  EXPECT_EQ(g.mapping.joints[3].tau, "target_moment_3");
  ASSERT_FALSE(g.warnings.empty());
  EXPECT_MESSAGE_HAS(g.warnings[0], "target_moment", "torque constants");

  // With torque constants the motor currents are used, scaled per joint.
  LogGuessOptions o = guessOptionsWithDof(6);
  o.torqueConstants = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6};
  const LogMappingGuess c = guessLogColumnMapping(columns, {}, o);
  EXPECT_EQ(c.mapping.joints[4].tau, "actual_current_4");
  EXPECT_DOUBLE_EQ(c.mapping.joints[4].torqueScale, 0.5);
  ASSERT_FALSE(c.warnings.empty());
  EXPECT_MESSAGE_HAS(c.warnings[0], "actual_current_0", "torque constants");
}

TEST(LogColumnMapping, FrankaMillisecondsFromStepSize) {
  std::vector<std::string> columns = {"time"};
  for (const char* base : {"state.q_d", "state.q", "state.dq", "state.theta", "state.tau_J", "cmd.tau_J_d"})
    for (int j = 0; j < 7; ++j) columns.push_back(std::string(base) + "[" + std::to_string(j) + "]");
  const LogMappingGuess g =
      guessLogColumnMapping(columns, previewWithStep(columns.size(), 0, 1.0), guessOptionsWithDof(7));
  EXPECT_EQ(g.mapping.timeUnit, TimeUnit::Milliseconds);
  EXPECT_EQ(g.mapping.joints[6].q, "state.q[6]");
  EXPECT_EQ(g.mapping.joints[0].qd, "state.dq[0]");
  EXPECT_EQ(g.mapping.joints[2].tau, "state.tau_J[2]");
  bool said = false;
  for (const std::string& w : g.warnings) said = said || (w.find("ms") != std::string::npos && w.find("time") != std::string::npos);
  EXPECT_TRUE(said) << "no warning about the ms time unit";
}

TEST(LogColumnMapping, TimeUnitsFromNames) {
  auto unitOf = [](const std::string& timeName) {
    const std::vector<std::string> columns = {timeName, "q1", "tau1"};
    return guessLogColumnMapping(columns, {}, guessOptionsWithDof(1)).mapping.timeUnit;
  };
  EXPECT_EQ(unitOf("time_ms"), TimeUnit::Milliseconds);
  EXPECT_EQ(unitOf("time [ms]"), TimeUnit::Milliseconds);
  EXPECT_EQ(unitOf("t (s)"), TimeUnit::Seconds);
  EXPECT_EQ(unitOf("%time"), TimeUnit::Nanoseconds);
  EXPECT_EQ(unitOf("__time"), TimeUnit::Seconds);
  // Microsecond and nanosecond stamps recognised by their step.
  const std::vector<std::string> columns = {"timestamp", "q1", "tau1"};
  EXPECT_EQ(guessLogColumnMapping(columns, previewWithStep(3, 0, 1000.0), guessOptionsWithDof(1)).mapping.timeUnit,
            TimeUnit::Microseconds);
  EXPECT_EQ(guessLogColumnMapping(columns, previewWithStep(3, 0, 1e6), guessOptionsWithDof(1)).mapping.timeUnit,
            TimeUnit::Nanoseconds);
}

TEST(LogColumnMapping, RosJointStateByNameInModelOrder) {
  std::vector<std::string> columns = {"__time"};
  const std::vector<std::string> logOrder = {"panda_finger_joint1", "panda_joint3", "panda_joint1", "panda_joint2"};
  for (const std::string& j : logOrder)
    for (const char* kind : {"position", "velocity", "effort"}) columns.push_back("/joint_states/" + j + "/" + kind);
  LogGuessOptions o = guessOptionsWithDof(3);
  o.jointNames = {"panda_joint1", "panda_joint2", "panda_joint3"};
  const LogMappingGuess g = guessLogColumnMapping(columns, {}, o);
  EXPECT_EQ(g.mapping.joints[0].q, "/joint_states/panda_joint1/position");
  EXPECT_EQ(g.mapping.joints[2].qd, "/joint_states/panda_joint3/velocity");
  EXPECT_EQ(g.mapping.joints[1].tau, "/joint_states/panda_joint2/effort");
  EXPECT_EQ(g.mapping.joints[1].name, "panda_joint2");
  // Without model names the 4 joints (fingers included) do not fit 3: an error saying so.
  const std::string msg =
      messageOf<InputError>([&] { guessLogColumnMapping(columns, {}, guessOptionsWithDof(3), "js.csv"); });
  EXPECT_MESSAGE_HAS(msg, "js.csv", "line 1", "found 4 joint position columns", "robot has 3 joints");
}

TEST(LogColumnMapping, JointNameSuffixesAndDegrees) {
  const std::vector<std::string> columns = {"time", "shoulder_pos [deg]", "elbow_pos [deg]", "shoulder_vel",
                                            "elbow_vel", "shoulder_effort", "elbow_effort"};
  const LogMappingGuess g = guessLogColumnMapping(columns, {}, guessOptionsWithDof(2));
  EXPECT_EQ(g.mapping.positionUnit, PositionUnit::Degree);
  EXPECT_EQ(g.mapping.joints[0].name, "shoulder");
  EXPECT_EQ(g.mapping.joints[1].q, "elbow_pos [deg]");
  EXPECT_EQ(g.mapping.joints[1].qd, "elbow_vel");
  EXPECT_EQ(g.mapping.joints[0].tau, "shoulder_effort");
}

TEST(LogColumnMapping, RostopicEchoExport) {
  std::vector<std::string> columns = {"%time", "field.header.seq", "field.header.stamp", "field.header.frame_id"};
  for (const char* kind : {"name", "position", "velocity", "effort"})
    for (int j = 0; j < 3; ++j) columns.push_back(std::string("field.") + kind + std::to_string(j));
  const LogMappingGuess g = guessLogColumnMapping(columns, {}, guessOptionsWithDof(3));
  EXPECT_EQ(g.mapping.timeUnit, TimeUnit::Nanoseconds);
  EXPECT_EQ(g.mapping.joints[0].q, "field.position0");
  EXPECT_EQ(g.mapping.joints[2].tau, "field.effort2");
}

TEST(LogColumnMapping, JointCountMismatchNamesTheCount) {
  const auto columns = concat({{"timestamp"}, indexed("actual_q_", 0, 6), indexed("target_moment_", 0, 6)});
  const std::string msg =
      messageOf<InputError>([&] { guessLogColumnMapping(columns, {}, guessOptionsWithDof(7), "ur.csv", 1); });
  EXPECT_MESSAGE_HAS(msg, "ur.csv", "line 1", "column 'actual_q_6' missing", "found 6 joint position columns",
                     "actual_q_0 .. actual_q_5", "7 joints");
}

TEST(LogColumnMapping, AMissingMiddleColumnIsNamed) {
  // tau3 absent: the error names it, not the first position column or the group's end.
  std::vector<std::string> columns = concat({{"t"}, indexed("q", 1, 7)});
  for (int k = 1; k <= 7; ++k)
    if (k != 3) columns.push_back("tau" + std::to_string(k));
  const std::string msg =
      messageOf<InputError>([&] { guessLogColumnMapping(columns, {}, guessOptionsWithDof(7), "log.csv", 1); });
  EXPECT_MESSAGE_HAS(msg, "log.csv", "line 1", "column 'tau3' missing", "found 6 joint torque columns", "7 joints");
}

TEST(LogColumnMapping, HeaderlessPositionalLayout) {
  std::vector<std::string> columns;
  for (int k = 1; k <= 7; ++k) columns.push_back("column" + std::to_string(k));  // t, q1..3, tau1..3
  const LogMappingGuess g = guessLogColumnMapping(columns, {}, guessOptionsWithDof(3));
  EXPECT_EQ(g.mapping.timeColumn, "column1");
  EXPECT_EQ(g.mapping.joints[0].q, "column2");
  EXPECT_EQ(g.mapping.joints[2].tau, "column7");
  ASSERT_FALSE(g.warnings.empty());
  EXPECT_MESSAGE_HAS(g.warnings[0], "no header");
}

TEST(LogColumnMapping, CheckReportsMissingColumns) {
  const std::vector<std::string> columns = {"t", "q1", "tau1"};
  LogColumnMapping m = guessLogColumnMapping(columns, {}, guessOptionsWithDof(1)).mapping;
  m.joints[0].tau = "torque_1";
  EXPECT_MESSAGE_HAS(messageOf<InputError>([&] { checkLogColumnMapping(m, columns, 1, "a.csv", 3); }), "a.csv",
                     "line 3", "column 'torque_1'", "not found");
  m.joints[0].tau.clear();
  EXPECT_MESSAGE_HAS(messageOf<InputError>([&] { checkLogColumnMapping(m, columns, 1, "a.csv", 3); }), "a.csv",
                     "column 'tau1'", "no torque column");
  m = guessLogColumnMapping(columns, {}, guessOptionsWithDof(1)).mapping;
  EXPECT_MESSAGE_HAS(messageOf<InputError>([&] { checkLogColumnMapping(m, columns, 2, "a.csv", 3); }),
                     "1 joints but the robot has 2");
}

TEST(LogColumnMapping, NoTimeColumnUsesSampleRate) {
  const std::vector<std::string> columns = {"q1", "tau1"};
  LogGuessOptions o = guessOptionsWithDof(1);
  EXPECT_TRUE(guessLogColumnMapping(columns, {}, o).mapping.timeColumn.empty());
  EXPECT_THROW(checkLogColumnMapping(guessLogColumnMapping(columns, {}, o).mapping, columns, 1), InputError);
  o.sampleRateHz = 250.0;
  const LogColumnMapping m = guessLogColumnMapping(columns, {}, o).mapping;
  EXPECT_DOUBLE_EQ(m.sampleRateHz, 250.0);
  EXPECT_NO_THROW(checkLogColumnMapping(m, columns, 1));
}
