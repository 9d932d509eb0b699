// The check of one log before identification (log_check.hpp), on one read: a sound log reads
// with its rows, rate and time axis and passes the convention check; a log whose
// gravity-loaded joints are logged with the opposite sign is refused with the same error
// accumulateLogs (the CLI's identify) throws, until the signs are stated; an unreadable
// line is an error with its place; a cutoff the log's rate refuses is a warning, not an error.
#include "identification/log_check.hpp"

#include "excitation/default_excitation.hpp"
#include "logs/test_log_support.hpp"
#include "model/builtin_robots.hpp"
#include "simulation/logger_artifacts.hpp"
#include "simulation/simulated_log_csv.hpp"
#include "util/input_error.hpp"

#include <gtest/gtest.h>

using namespace eb;
using eb::test::TempFile;

namespace log_check_test {

const RobotModel& panda() {
  static const RobotModel model = builtinRobot("panda");
  return model;
}

// Six seconds of the default excitation at 500 Hz, as the simulator's CSV; `artifacts` applied.
std::string pandaLog(const LoggerArtifacts& artifacts = {}) {
  SimulationSettings s;
  s.rateHz = 500.0;
  s.noiseTorque = 0.05;
  s.seed = 4;
  const SimulatedLog log = simulateExperiment(panda(), Trajectory(defaultExcitation(panda(), 6.0, 5)), s);
  return formatSimulatedLogCsv(artifacts.any() ? applyLoggerArtifacts(log, artifacts) : log);
}

}  // namespace log_check_test

TEST(LogCheck, ASoundLogReadsOnceWithItsRowsRateAndConventions) {
  TempFile file(log_check_test::pandaLog(), ".csv");
  IdentificationSettings settings;
  double last = -1.0;
  const LogCheck check = checkLog(log_check_test::panda(), file.path(), settings, [&](double f) {
    EXPECT_GE(f, last);
    last = f;
    return true;
  });
  ASSERT_TRUE(check.ok) << check.error.text();
  EXPECT_TRUE(check.error.message.empty());
  EXPECT_EQ(check.path, file.path());
  const ExperimentLog whole = importLog(file.path(), importOptionsFor(log_check_test::panda(), settings));
  EXPECT_EQ(check.rows, whole.rows());
  EXPECT_NEAR(static_cast<double>(check.rows), 3000.0, 1.0);  // 6 s at 500 Hz
  EXPECT_NEAR(check.rateHz, 500.0, 1e-6);
  EXPECT_EQ(check.timeBase.segments.size(), 1u);
  ASSERT_TRUE(check.conventions.has_value());
  EXPECT_TRUE(check.conventions->refusedJoints().empty());
  EXPECT_FALSE(refusesLog(*check.conventions, settings.import));
  EXPECT_NEAR(check.conventions->joints[1].slope, 1.0, 0.05);
  for (const LogWarning& w : check.warnings) EXPECT_NE(w.field, "torque sign") << w.text();
}

TEST(LogCheck, AReversedLogIsRefusedAsTheCliRefusesIt) {
  LoggerArtifacts reversed;
  reversed.reversedTorque = {1, 3};  // shoulder and elbow: gravity-loaded
  TempFile file(log_check_test::pandaLog(reversed), ".csv");
  IdentificationSettings settings;
  const LogCheck check = checkLog(log_check_test::panda(), file.path(), settings);
  EXPECT_FALSE(check.ok);
  ASSERT_TRUE(check.conventions.has_value());
  EXPECT_EQ(check.conventions->refusedJoints(), (std::vector<int>{1, 3}));
  EXPECT_TRUE(refusesLog(*check.conventions, settings.import));
  EXPECT_EQ(check.error.file, file.path());
  EXPECT_EQ(check.error.field, "torque sign");
  EXPECT_NE(check.error.message.find("--torque-sign 1,-1,1,-1,1,1,1"), std::string::npos) << check.error.text();
  // The CLI's accumulation refuses it with the very same error.
  try {
    accumulateLogs(log_check_test::panda(), {file.path()}, settings);
    ADD_FAILURE() << "accumulateLogs accepted a reversed log";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostic().text(), check.error.text());
  }
  // Signs stated: the log is taken as it is, by both.
  settings.import.torqueSigns = {1, -1, 1, -1, 1, 1, 1};
  const LogCheck stated = checkLog(log_check_test::panda(), file.path(), settings);
  EXPECT_TRUE(stated.ok) << stated.error.text();
  ASSERT_TRUE(stated.conventions.has_value());
  EXPECT_TRUE(stated.conventions->refusedJoints().empty());
  EXPECT_FALSE(refusesLog(*stated.conventions, settings.import));
  EXPECT_NO_THROW(accumulateLogs(log_check_test::panda(), {file.path()}, settings));
}

TEST(LogCheck, AnUnreadableLineIsAnErrorWithItsPlace) {
  std::string text = log_check_test::pandaLog();
  // Line 3 (the second data row) loses its last fields: a short row.
  const std::size_t second = text.find('\n', text.find('\n') + 1) + 1;
  const std::size_t end = text.find('\n', second);
  text.replace(second, end - second, "0.002,1,2");
  TempFile file(text, ".csv");
  IdentificationSettings settings;
  const LogCheck check = checkLog(log_check_test::panda(), file.path(), settings);
  EXPECT_FALSE(check.ok);
  EXPECT_EQ(check.error.file, file.path());
  EXPECT_EQ(check.error.line, 3u) << check.error.text();
  EXPECT_FALSE(check.conventions.has_value());
}

TEST(LogCheck, ACutoffTheRateRefusesIsAWarningAndTheLogStillReads) {
  TempFile file(log_check_test::pandaLog(), ".csv");
  IdentificationSettings settings;
  settings.preprocess.cutoffHz = 400.0;  // above the 250 Hz Nyquist frequency of a 500 Hz log
  const LogCheck check = checkLog(log_check_test::panda(), file.path(), settings);
  EXPECT_TRUE(check.ok) << check.error.text();
  EXPECT_NEAR(static_cast<double>(check.rows), 3000.0, 1.0);
  EXPECT_FALSE(check.conventions.has_value());
  bool said = false;
  for (const LogWarning& w : check.warnings)
    said = said || (w.severity == Severity::Warning && w.file == file.path() && w.message.find("Hz") != std::string::npos);
  EXPECT_TRUE(said);
  EXPECT_THROW(accumulateLogs(log_check_test::panda(), {file.path()}, settings), InputError);
}
