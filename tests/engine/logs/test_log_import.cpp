// CSV log import: real-world formats from tests/data/logs and every validation message.

#include "logs/log_import.hpp"
#include "util/input_error.hpp"
#include "util/cancelled.hpp"
#include "test_log_support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <vector>

using namespace eb;
using eb::test::logFixture;
using eb::test::messageOf;
using eb::test::TempFile;
using eb::test::withDof;

namespace {

bool anyWarningHas(const std::vector<LogWarning>& warnings, const std::string& part) {
  for (const LogWarning& w : warnings)
    if (w.message.find(part) != std::string::npos) return true;
  return false;
}

// A small valid log in our format: t, q1, q2, tau1, tau2 at 100 Hz, `rows` rows.
std::string ourLog(int rows) {
  std::string text = "t,q1,q2,tau1,tau2\n";
  for (int i = 0; i < rows; ++i)
    text += std::to_string(i * 0.01) + "," + std::to_string(0.1 * i) + ",0.5," + std::to_string(i) + ",-1\n";
  return text;
}

}  // namespace

TEST(LogImport, OurFormat) {
  const ExperimentLog log = importCsvLog(logFixture("excitebench_2dof.csv"), withDof(2));
  ASSERT_EQ(log.rows(), 30u);
  EXPECT_EQ(log.dof(), 2);
  EXPECT_TRUE(log.hasVelocity());
  EXPECT_TRUE(log.hasAcceleration());
  EXPECT_NEAR(log.t(29), 29 * 0.002, 1e-12);
  EXPECT_NEAR(log.q(10, 0), std::sin(0.02), 1e-9);
  EXPECT_NEAR(log.qdd(10, 1), -std::cos(0.02), 1e-9);
  EXPECT_NEAR(log.tau(29, 1), 3 * 29 * 0.002, 1e-9);
  EXPECT_NEAR(log.sampleRateHz(), 500.0, 1e-6);
  EXPECT_TRUE(log.warnings.empty());
}

TEST(LogImport, UrRtdeSpaceDelimited) {
  const ExperimentLog log = importCsvLog(logFixture("ur_rtde_record.csv"), withDof(6));
  ASSERT_EQ(log.rows(), 40u);
  EXPECT_NEAR(log.t(1), 0.008, 1e-9);
  EXPECT_NEAR(log.timeOrigin, 1523.6, 1e-9);
  EXPECT_NEAR(log.q(5, 3), 0.3 + 0.002 * 5, 1e-12);   // actual_q_3, not target_q_3
  EXPECT_NEAR(log.qd(0, 5), 0.30, 1e-12);
  EXPECT_NEAR(log.tau(4, 2), 20.0 - 2.0, 1e-12);     // target_moment_2
  EXPECT_TRUE(anyWarningHas(log.warnings, "target_moment"));

  LogImportOptions o = withDof(6);
  o.torqueConstants = {2, 2, 2, 2, 2, 10};
  const ExperimentLog current = importCsvLog(logFixture("ur_rtde_record.csv"), o);
  EXPECT_NEAR(current.tau(3, 5), 10.0 * (1.5 + 0.03), 1e-12);  // actual_current_5 x 10 N m/A
  EXPECT_TRUE(anyWarningHas(current.warnings, "torque constants"));
}

TEST(LogImport, FrankaMillisecondsAndSpacedHeader) {
  const ExperimentLog log = importCsvLog(logFixture("franka_log.csv"), withDof(7));
  ASSERT_EQ(log.rows(), 50u);
  EXPECT_NEAR(log.t(49), 0.049, 1e-12);   // time in ms
  EXPECT_NEAR(log.timeOrigin, 8.0, 1e-12);
  EXPECT_NEAR(log.q(10, 6), -1.2 + 0.010, 1e-12);  // state.q[6], not state.q_d[6]
  EXPECT_NEAR(log.qd(0, 2), 0.8, 1e-12);
  EXPECT_NEAR(log.tau(20, 1), 5.0 + 0.2, 1e-12);   // state.tau_J[1], not cmd.tau_J_d
  EXPECT_TRUE(anyWarningHas(log.warnings, "ms"));
}

TEST(LogImport, RosJointStateExport) {
  LogImportOptions o = withDof(7);
  for (int k = 1; k <= 7; ++k) o.jointNames.push_back("panda_joint" + std::to_string(k));
  const ExperimentLog log = importCsvLog(logFixture("ros_joint_states.csv"), o);
  ASSERT_EQ(log.rows(), 40u);
  EXPECT_EQ(log.jointNames[0], "panda_joint1");
  for (int k = 1; k <= 7; ++k) {
    EXPECT_NEAR(log.q(3, k - 1), 0.1 * k + 0.003, 1e-9) << "joint " << k;
    EXPECT_NEAR(log.qd(3, k - 1), -0.05 * k, 1e-9);
    EXPECT_NEAR(log.tau(3, k - 1), 1.5 * k + 0.03, 1e-9);
  }
  EXPECT_NEAR(log.t(3), 0.1, 1e-6);
  EXPECT_TRUE(anyWarningHas(log.warnings, "sample rate 30"));  // franka_ros default rate: too slow
  // A property of the whole file: no line and no column named (they are not at fault).
  for (const LogWarning& w : log.warnings) {
    if (w.text().find("sample rate 30") != std::string::npos) {
      EXPECT_EQ(w.text().rfind(logFixture("ros_joint_states.csv") + ": sample rate 30", 0), 0u) << w.text();
    }
  }
}

TEST(LogImport, RostopicNanosecondsAndTextColumns) {
  const ExperimentLog log = importCsvLog(logFixture("rostopic_joint_states.csv"), withDof(3));
  ASSERT_EQ(log.rows(), 30u);
  EXPECT_NEAR(log.t(1), 0.01, 1e-6);
  EXPECT_NEAR(log.q(2, 1), 0.5 - 0.02, 1e-12);
  EXPECT_NEAR(log.tau(0, 2), 4.0, 1e-12);
}

TEST(LogImport, DecimalCommaAndDegrees) {
  const ExperimentLog log = importCsvLog(logFixture("decimal_comma_deg.csv"), withDof(2));
  ASSERT_EQ(log.rows(), 20u);
  EXPECT_NEAR(log.t(3), 0.03, 1e-12);
  EXPECT_NEAR(log.q(2, 0), 11.0 * M_PI / 180.0, 1e-12);
  EXPECT_NEAR(log.q(0, 1), -M_PI / 2.0, 1e-12);
  EXPECT_NEAR(log.tau(4, 0), 5.0, 1e-12);
}

TEST(LogImport, GivenMappingAndSampleRate) {
  TempFile file("a b c\n1 2 3\n4 5 6\n7 8 9\n", ".txt");
  LogImportOptions o = withDof(1);
  o.minRows = 3;
  LogColumnMapping m;
  m.sampleRateHz = 10.0;
  m.positionUnit = PositionUnit::Degree;
  m.joints.push_back({"j", "c", "", "", "a", -2.0});
  o.mapping = m;
  const ExperimentLog log = importCsvLog(file.path(), o);
  EXPECT_NEAR(log.t(2), 0.2, 1e-12);
  EXPECT_NEAR(log.q(1, 0), 6.0 * M_PI / 180.0, 1e-12);
  EXPECT_NEAR(log.tau(2, 0), -14.0, 1e-12);
  EXPECT_FALSE(log.hasVelocity());
}

TEST(LogImport, BadInputsNameFileLineAndColumn) {
  struct Case {
    std::string name, text, line, column, what;
  };
  std::string gap = ourLog(20);
  const Case cases[] = {
      {"non-numeric", "t,q1,q2,tau1,tau2\n0,1,2,3,4\n0.01,1,x2,3,4\n", "line 3", "column 'q2'", "'x2' is not a number"},
      {"nan", "t,q1,q2,tau1,tau2\n0,1,2,3,4\n0.01,1,2,NaN,4\n", "line 3", "column 'tau1'", "not finite"},
      {"inf", "t,q1,q2,tau1,tau2\n0,1,2,3,4\n0.01,1,2,3,-inf\n", "line 3", "column 'tau2'", "not finite"},
      {"missing column", "t,q1,q2,tau1\n0,1,2,3\n", "line 1", "column 'tau2'", "missing"},
      {"too few rows", ourLog(5), "line 6", "column 't'", "only 5 data rows"},
      {"short row", "t,q1,q2,tau1,tau2\n0,1,2,3,4\n0.01,1,2,3\n0.02,1,2,3,4\n", "line 3", "column 'tau2'",
       "expected 5 fields"},
      {"joint count", "t,q1,q2,q3,tau1,tau2,tau3\n0,1,2,3,4,5,6\n", "line 1", "", "found 3 joint position columns"},
  };
  for (const Case& c : cases) {
    TempFile file(c.text, ".csv");
    const std::string msg = messageOf<InputError>([&] { importCsvLog(file.path(), withDof(2)); });
    SCOPED_TRACE("case: " + c.name);
    EXPECT_MESSAGE_HAS(msg, file.path(), c.line, c.column, c.what);
    EXPECT_EQ(msg.find('\n'), std::string::npos) << "not one line: " << c.name;
  }
}

TEST(LogImport, DroppedSamplesAreBridgedNotWarnedOneByOne) {
  std::string text = "t,q1,q2,tau1,tau2\n";
  for (int i = 0; i < 40; ++i) {
    if (i == 25 || i == 26) continue;  // two samples dropped: a 3x step, below the 5-step gap threshold
    text += std::to_string(i * 0.01) + ",0,0,0,0\n";
  }
  TempFile file(text, ".csv");
  const ExperimentLog log = importCsvLog(file.path(), withDof(2));
  EXPECT_EQ(log.rows(), 38u);
  EXPECT_TRUE(log.warnings.empty());
  ASSERT_EQ(log.timeBase.segments.size(), 1u);
  EXPECT_EQ(log.timeBase.gaps, 0u);
  EXPECT_NEAR(log.timeBase.nominalStep, 0.01, 1e-12);
  EXPECT_NEAR(log.timeBase.stepMax, 0.03, 1e-12);
  EXPECT_NEAR(log.timeBase.stepMin, 0.01, 1e-12);
  EXPECT_EQ(log.timeBase.histogram.counts[20], 36u);  // 1.00 step: bin [1.00, 1.05)
  EXPECT_EQ(log.timeBase.histogram.counts[59] + log.timeBase.histogram.beyond, 1u);  // the 3x step
}

TEST(LogImport, AHugeGapSplitsTheLogWithoutIntegerOverflow) {
  // Found by fuzz_csv_log_import: a stamp 1.7e19 s on made "samples dropped" an integer
  // overflow (undefined behaviour). Counts are doubles now, and a stamp that far is refused as
  // corrupt (AnAbsurdTimeStampIsACorruptRowNotAGap); a gap of 1e7 s (four months) is a gap.
  std::string text = "t,q1,tau1\n";
  for (int i = 0; i < 30; ++i) text += std::to_string(i * 0.01) + ",0,0\n";
  for (int i = 0; i < 3; ++i) text += std::to_string(1e7 + i * 0.01) + ",0,0\n";
  TempFile file(text, ".csv");
  const ExperimentLog log = importCsvLog(file.path(), withDof(1));
  EXPECT_TRUE(log.warnings.empty());
  ASSERT_EQ(log.timeBase.segments.size(), 2u);
  EXPECT_EQ(log.timeBase.segments[1].firstRow, 30u);
  EXPECT_EQ(log.timeBase.segments[1].line, 32u);
  EXPECT_EQ(log.timeBase.segments[1].start, SegmentStart::Gap);
  EXPECT_EQ(log.timeBase.longestGapLine, 32u);
  EXPECT_MESSAGE_HAS(log.timeBase.text(), "33 samples in 2 segments", "1 gap over 5 steps (longest 1e+07 s at line 32)");
}

TEST(LogImport, GapsAreCountedOnceInTheSummary) {
  std::string text = "t,q1,tau1\n";
  double t = 0;
  for (int i = 0; i < 200; ++i) {
    text += std::to_string(t) + ",0,0\n";
    t += (i % 4 == 3) ? 0.06 : 0.01;  // every fourth step is a gap of 6 steps
  }
  TempFile file(text, ".csv");
  const ExperimentLog log = importCsvLog(file.path(), withDof(1));
  EXPECT_TRUE(log.warnings.empty());
  EXPECT_EQ(log.timeBase.gaps, 49u);
  EXPECT_EQ(log.timeBase.segments.size(), 50u);
  EXPECT_MESSAGE_HAS(log.timeBase.text(), "200 samples in 50 segments: 49 gaps over 5 steps (longest 60 ms at line");
}

TEST(LogImport, RepeatedStampsAndRowsAreDroppedAndCounted) {
  // Row 4 repeats row 3 exactly, row 6 repeats row 5's stamp with other values.
  LogImportOptions o = withDof(2);
  o.minRows = 3;
  TempFile small("t,q1,q2,tau1,tau2\n0,1,2,3,4\n0.01,1,2,3,4\n0.01,1,2,3,4\n0.02,1,2,3,4\n0.02,1,2,3,5\n0.03,1,2,3,4\n",
                 ".csv");
  const ExperimentLog log = importCsvLog(small.path(), o);
  EXPECT_EQ(log.rows(), 4u);
  EXPECT_EQ(log.timeBase.repeatedRows, 1u);
  EXPECT_EQ(log.timeBase.repeatedStamps, 1u);
  EXPECT_EQ(log.timeBase.firstRepeatLine, 4u);
  EXPECT_EQ(log.tau(2, 1), 4.0);  // the first sample at 0.02 s is kept
  EXPECT_MESSAGE_HAS(log.timeBase.text(), "dropped 1 repeated time stamp, 1 repeated row (first at line 4)");
}

TEST(LogImport, TimeGoingBackStartsASegmentShiftedAfterThePrevious) {
  std::string text = "t,q1,tau1\n";
  for (int i = 0; i < 30; ++i) text += std::to_string(5.0 + i * 0.01) + ",0,0\n";
  for (int i = 0; i < 30; ++i) text += std::to_string(i * 0.01) + ",1,1\n";  // the logger restarted at 0
  TempFile file(text, ".csv");
  const ExperimentLog log = importCsvLog(file.path(), withDof(1));
  ASSERT_EQ(log.rows(), 60u);
  ASSERT_EQ(log.timeBase.segments.size(), 2u);
  EXPECT_EQ(log.timeBase.resets, 1u);
  EXPECT_EQ(log.timeBase.segments[1].start, SegmentStart::TimeReset);
  EXPECT_EQ(log.timeBase.segments[1].line, 32u);
  EXPECT_NEAR(log.t(30), log.t(29) + 0.01, 1e-9);  // continues one nominal step later
  for (Eigen::Index i = 1; i < 60; ++i) EXPECT_GT(log.t(i), log.t(i - 1));
  EXPECT_MESSAGE_HAS(log.timeBase.text(), "1 time reset (time went back at line 32)");
}

TEST(LogImport, CorruptRowsAreRefusedOrDroppedOnRequest) {
  std::string text = "t,q1,q2,tau1,tau2\n";
  for (int i = 0; i < 40; ++i) {
    if (i == 10) text += "0.1,1,oops,3,4\n";
    else if (i == 20) text += "0.2,1e30,2,3,4\n";
    else if (i == 30) text += "0.3,1,2\n";
    else text += std::to_string(i * 0.01) + ",0.5,0.25,1,2\n";
  }
  TempFile file(text, ".csv");
  EXPECT_MESSAGE_HAS(messageOf<InputError>([&] { importCsvLog(file.path(), withDof(2)); }), file.path(), "line 12",
                     "column 'q2'", "'oops' is not a number");
  LogImportOptions o = withDof(2);
  o.dropBadRows = true;
  const ExperimentLog log = importCsvLog(file.path(), o);
  EXPECT_EQ(log.rows(), 37u);
  EXPECT_EQ(log.timeBase.badRows, 3u);
  EXPECT_EQ(log.timeBase.firstBadLine, 12u);
  ASSERT_EQ(log.timeBase.segments.size(), 4u);  // split at each dropped row
  EXPECT_EQ(log.timeBase.segments[1].start, SegmentStart::DroppedRows);
  EXPECT_EQ(log.timeBase.segments[2].line, 23u);
  EXPECT_MESSAGE_HAS(log.timeBase.text(), "3 bad rows (line 12 first: column 'q2': 'oops' is not a number)");
}

TEST(LogImport, AnAbsurdTimeStampIsACorruptRowNotAGap) {
  // Found by fuzz_csv_log_import: two stamps run together (1.7e27 ns) read as a gap of 1.7e18 s;
  // after it no double could tell the millisecond steps apart. Beyond 1e8 s from the first
  // sample a stamp is refused at its line, or dropped with the row.
  std::string text = "t,q1,tau1\n";
  for (int i = 0; i < 40; ++i) text += (i == 20 ? std::string("1.7e18") : std::to_string(i * 0.01)) + ",0.5,1\n";
  TempFile file(text, ".csv");
  EXPECT_MESSAGE_HAS(messageOf<InputError>([&] { importCsvLog(file.path(), withDof(1)); }), file.path(), "line 22",
                     "column 't'", "beyond 1e+08 s (not a plausible time stamp");
  LogImportOptions o = withDof(1);
  o.dropBadRows = true;
  const ExperimentLog log = importCsvLog(file.path(), o);
  EXPECT_EQ(log.rows(), 39u);
  EXPECT_EQ(log.timeBase.badRows, 1u);
  for (Eigen::Index i = 1; i < log.t.size(); ++i) EXPECT_GT(log.t(i), log.t(i - 1));
}

TEST(LogImport, PositionsFarOutsideTheJointRangeAreCorrupt) {
  // A UR log's corrupt row: 253 rad in the middle of a joint limited to +-2 pi.
  std::string text = "t,q1,tau1\n";
  for (int i = 0; i < 40; ++i) text += std::to_string(i * 0.008) + "," + (i == 17 ? "253" : "0.5") + ",1\n";
  TempFile file(text, ".csv");
  LogImportOptions o = withDof(1);
  o.positionBounds = {PositionBounds::aroundLimits(-2 * M_PI, 2 * M_PI)};
  EXPECT_MESSAGE_HAS(messageOf<InputError>([&] { importCsvLog(file.path(), o); }), file.path(), "line 19",
                     "column 'q1'", "position 253 is far outside joint 1's range");
  o.dropBadRows = true;
  const ExperimentLog log = importCsvLog(file.path(), o);
  EXPECT_EQ(log.rows(), 39u);
  EXPECT_EQ(log.timeBase.badRows, 1u);
  // Without bounds only absurd magnitudes are refused: 253 passes.
  EXPECT_EQ(importCsvLog(file.path(), withDof(1)).rows(), 40u);
}

TEST(LogImport, HeaderlessLogWithAGivenLayout) {
  // A MATLAB/Simulink UR logger: no header, t, q1..2, qd1..2, i1..2, then three columns to skip.
  std::string text;
  for (int i = 0; i < 30; ++i)
    text += std::to_string(i * 0.008) + ",0.1,0.2,0.01,0.02,1.5,-2,9,9,9\n";
  TempFile file(text, ".csv");
  LogImportOptions o = withDof(2);
  o.columnLayout = "t, q1..q2, qd1..2, i1..i2, _*3";
  EXPECT_MESSAGE_HAS(messageOf<InputError>([&] { importCsvLog(file.path(), o); }), file.path(), "line 1",
                     "motor current columns need 2 torque constants");
  o.torqueConstants = {0.1, 0.2};
  const ExperimentLog log = importCsvLog(file.path(), o);
  ASSERT_EQ(log.rows(), 30u);
  EXPECT_TRUE(log.hasVelocity());
  EXPECT_DOUBLE_EQ(log.tau(3, 0), 0.15);
  EXPECT_DOUBLE_EQ(log.tau(3, 1), -0.4);
  EXPECT_DOUBLE_EQ(log.qd(3, 1), 0.02);
  // Without a layout the refusal names the first data line, never "line 0".
  const std::string msg = messageOf<InputError>([&] { importCsvLog(file.path(), withDof(2)); });
  EXPECT_EQ(msg.find("line 0"), std::string::npos) << msg;
  EXPECT_MESSAGE_HAS(msg, file.path(), "line 1", "--columns");
}

TEST(LogImport, BlockReaderMatchesWholeImport) {
  const std::string path = logFixture("franka_log.csv");
  const ExperimentLog whole = importCsvLog(path, withDof(7));
  LogBlockReader reader(path, withDof(7));
  LogBlock block;
  std::size_t row = 0;
  while (std::size_t got = reader.read(block, 7)) {
    EXPECT_EQ(block.firstRow, row);
    for (std::size_t i = 0; i < got; ++i) {
      const auto r = static_cast<Eigen::Index>(row + i), b = static_cast<Eigen::Index>(i);
      EXPECT_EQ(block.t(b), whole.t(r));
      EXPECT_EQ(block.q.row(b), whole.q.row(r));
      EXPECT_EQ(block.qd.row(b), whole.qd.row(r));
      EXPECT_EQ(block.tau.row(b), whole.tau.row(r));
    }
    row += got;
  }
  EXPECT_EQ(row, whole.rows());
}

TEST(LogImport, StackedLogsKeepTheirBoundaries) {
  TempFile a(ourLog(20), ".csv"), b(ourLog(30), ".csv");
  const std::vector<ExperimentLog> logs = importLogs({a.path(), b.path()}, withDof(2));
  ASSERT_EQ(logs.size(), 2u);
  EXPECT_EQ(logs[0].rows(), 20u);
  EXPECT_EQ(logs[1].rows(), 30u);
  EXPECT_EQ(logs[1].source, b.path());
  EXPECT_EQ(logs[1].t(0), 0.0);
  // One bad file fails the stack with its own name.
  TempFile bad("t,q1,q2,tau1,tau2\n0,1,2,3,4\n0,1,2,3,4\n", ".csv");
  EXPECT_MESSAGE_HAS(messageOf<InputError>([&] { importLogs({a.path(), bad.path()}, withDof(2)); }), bad.path());
}

TEST(LogImport, ProgressAndCancel) {
  TempFile file(ourLog(100000), ".csv");
  LogImportOptions o = withDof(2);
  double last = -1.0;
  o.progress = [&](double f) {
    EXPECT_GE(f, last);
    last = f;
    return true;
  };
  importCsvLog(file.path(), o);
  EXPECT_DOUBLE_EQ(last, 1.0);
  o.progress = [](double) { return false; };
  EXPECT_MESSAGE_HAS(messageOf<Cancelled>([&] { importCsvLog(file.path(), o); }), "cancelled");
}

TEST(LogImportOptions, EqualityComparesEverySettingButTheProgressCallback) {
  // A document holding these options (the wizard's) drops its results when they change: each
  // setting, changed alone, makes the options differ; the progress callback does not.
  const LogImportOptions base;
  const std::vector<std::function<void(LogImportOptions&)>> edits = {
      [](LogImportOptions& o) { o.dof = 6; },
      [](LogImportOptions& o) { o.jointNames = {"j1"}; },
      [](LogImportOptions& o) { o.mapping = LogColumnMapping{}; },
      [](LogImportOptions& o) { o.columnLayout = "t,q1,tau1"; },
      [](LogImportOptions& o) { o.torqueConstants = {0.1}; },
      [](LogImportOptions& o) { o.positionUnit = PositionUnit::Degree; },
      [](LogImportOptions& o) { o.timeUnit = TimeUnit::Milliseconds; },
      [](LogImportOptions& o) { o.sampleRateHz = 500.0; },
      [](LogImportOptions& o) { o.format = CsvFormat{}; },
      [](LogImportOptions& o) { o.matVariables.qdd = "acc"; },
      [](LogImportOptions& o) { o.minRows = 8; },
      [](LogImportOptions& o) { o.maxRows = 100; },
      [](LogImportOptions& o) { o.positionBounds = {PositionBounds::aroundLimits(-1.0, 1.0)}; },
      [](LogImportOptions& o) { o.dropBadRows = true; },
      [](LogImportOptions& o) { o.gapSteps = 9.0; },
  };
  for (std::size_t k = 0; k < edits.size(); ++k) {
    LogImportOptions changed = base;
    edits[k](changed);
    EXPECT_FALSE(changed == base) << "edit " << k;
  }
  // Nested settings compare field by field too: a mapping's joint, a forced format's decimal.
  LogImportOptions a = base, b = base;
  a.mapping = b.mapping = LogColumnMapping{};
  a.mapping->joints.resize(1);
  b.mapping->joints.resize(1);
  EXPECT_TRUE(a == b);
  b.mapping->joints[0].torqueScale = 0.5;
  EXPECT_FALSE(a == b);
  a.format = b.format = CsvFormat{};
  b.mapping = a.mapping;
  b.format->decimal = ',';
  EXPECT_FALSE(a == b);
  LogImportOptions withProgress = base;
  withProgress.progress = [](double) { return true; };
  EXPECT_TRUE(withProgress == base);
}
