// scanLog, what the wizard and inspect-log know of a log before reading it in full, and
// sameLoggerChoice, the rule that gives a new log the mapping of a listed one of its logger.
#include "logs/log_inspection.hpp"
#include "logs/log_scan.hpp"
#include "test_log_support.hpp"

#include <gtest/gtest.h>

namespace eb::test::log_scan {

// A listed log read with a one-joint mapping on column `q`, edited by hand, ';'-delimited.
ListedLog listedWith(const LogScan& scan, const std::string& q) {
  ListedLog listed;
  listed.scan = &scan;
  listed.choice.mapping.timeColumn = "t";
  JointColumns joint;
  joint.name = "j1";
  joint.q = q;
  listed.choice.mapping.joints.push_back(joint);
  listed.choice.mappingEdited = true;
  listed.choice.delimiter = ';';
  return listed;
}

TEST(LogScan, CsvGivesItsKindColumnsAndFirstRows) {
  const LogScan scan = scanLog(logFixture("excitebench_2dof.csv"), 3);
  ASSERT_TRUE(scan.ok()) << scan.error.message;
  EXPECT_EQ(scan.kind, LogFileKind::DelimitedText);
  ASSERT_TRUE(scan.preview);
  EXPECT_EQ(scan.columns(),
            (std::vector<std::string>{"t", "q1", "q2", "qd1", "qd2", "qdd1", "qdd2", "tau1", "tau2"}));
  EXPECT_EQ(scan.preview->layout.format.delimiter, ',');
  ASSERT_EQ(scan.preview->values.rows(), 3);
  EXPECT_EQ(scan.preview->lines.front(), 2u);  // line 1 is the header
  EXPECT_EQ(scan.preview->value(0, 2), 1.0);   // q2 of the first row
  EXPECT_EQ(scan.preview->value(1, 0), 0.002);
  EXPECT_EQ(scan.preview->value(1, 8), 0.006);
  EXPECT_FALSE(scan.bag);
  EXPECT_TRUE(scan.matVariables.empty());
}

TEST(LogScan, ForcedFormatIsUsed) {
  const TempFile file("a;b\n1,5;2\n", ".csv");
  CsvFormat format;
  format.delimiter = ';';
  format.decimal = ',';
  format.hasHeader = true;
  const LogScan scan = scanLog(file.path(), 10, format);
  ASSERT_TRUE(scan.ok()) << scan.error.message;
  EXPECT_EQ(scan.columns(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(scan.preview->value(0, 0), 1.5);
  EXPECT_EQ(scan.preview->value(0, 1), 2.0);
}

TEST(LogScan, ABagScannedWithoutCountingTakesItsSummarysCounts) {
  // The wizard's scan of an MCAP with a complete summary: the same topics, joints and message
  // counts as the counted scan, without reading the data (no first/last times, no rate).
  const std::string path = logFixture("mcap_layouts/everything.mcap");
  const LogScan counted = scanLog(path), quick = scanLog(path, 200, std::nullopt, false);
  ASSERT_TRUE(counted.ok() && quick.ok()) << quick.error.message;
  ASSERT_EQ(quick.topics.size(), counted.topics.size());
  ASSERT_FALSE(quick.topics.empty());
  for (std::size_t k = 0; k < quick.topics.size(); ++k) {
    EXPECT_EQ(quick.topics[k].name, counted.topics[k].name);
    EXPECT_TRUE(quick.topics[k].messagesKnown);
    EXPECT_EQ(quick.topics[k].messages, counted.topics[k].messages);
    EXPECT_TRUE(counted.topics[k].counted);
    EXPECT_FALSE(quick.topics[k].counted);
  }
  ASSERT_TRUE(quick.jointStates && counted.jointStates);
  EXPECT_EQ(quick.jointStates->joints, counted.jointStates->joints);
  const std::vector<std::string> lines = describeLogScan(quick);
  bool topicLine = false;
  for (const std::string& line : lines)
    if (line.rfind("  topic ", 0) == 0) {
      topicLine = true;
      EXPECT_EQ(line.find(" Hz"), std::string::npos) << line;  // no span without reading
      EXPECT_NE(line.find(" message"), std::string::npos) << line;
    }
  EXPECT_TRUE(topicLine);
}

TEST(LogScan, BagGivesItsTopicAndJoints) {
  const LogScan scan = scanLog(logFixture("rosbag_db3/joint_states.db3"));
  ASSERT_TRUE(scan.ok()) << scan.error.message;
  EXPECT_EQ(scan.kind, LogFileKind::RosBag);
  EXPECT_FALSE(scan.preview);
  EXPECT_TRUE(scan.columns().empty());
  ASSERT_TRUE(scan.bag);
  ASSERT_EQ(scan.topics.size(), 1u);
  EXPECT_EQ(scan.topics[0].name, "/joint_states");
  EXPECT_EQ(scan.topics[0].messages, 20u);
  ASSERT_TRUE(scan.jointStates) << scan.jointStatesError.message;
  EXPECT_EQ(scan.jointStates->topic, "/joint_states");
  EXPECT_EQ(scan.jointStates->joints, (std::vector<std::string>{"j0", "j1", "j2"}));
  EXPECT_TRUE(scan.jointStates->velocity);
  EXPECT_TRUE(scan.jointStates->effort);
  // inspect-log describes the same scan: its JointState line names the same joints.
  const std::vector<std::string> lines = describeLogScan(scan);
  ASSERT_FALSE(lines.empty());
  EXPECT_MESSAGE_HAS(lines.back(), "JointState on /joint_states: 3 joints (j0, j1, j2)");
}

TEST(LogScan, UnreadableFileIsAnErrorNotAThrow) {
  const LogScan scan = scanLog(logFixture("rosbag_db3/corrupt_header.db3"));
  EXPECT_FALSE(scan.ok());
  EXPECT_EQ(scan.kind, LogFileKind::RosBag);
  EXPECT_FALSE(scan.jointStates);
  EXPECT_THROW(describeLogScan(scan), InputError);
}

TEST(LogScan, InspectLogCountsTheRowsOfACsv) {
  const TempFile file("t,q1\n0,1\n0.5,2\n1,3\n", ".csv");
  const std::vector<std::string> lines = inspectLog(file.path());
  ASSERT_GE(lines.size(), 3u);  // the first line, the layout's notes, a line per column
  EXPECT_MESSAGE_HAS(lines.front(), "2 columns, 3 data rows");
  EXPECT_MESSAGE_HAS(lines.back(), "column 2 'q1'");
}

TEST(GuessScanMapping, RecognisedColumnsGiveTheWholeMapping) {
  const LogScan scan = scanLog(logFixture("excitebench_2dof.csv"));
  LogGuessOptions options;
  options.dof = 2;
  options.jointNames = {"shoulder", "elbow"};
  const ScanMappingGuess guessed = guessScanMapping(scan, options);
  EXPECT_TRUE(guessed.error.message.empty()) << guessed.error.message;
  EXPECT_EQ(guessed.guess.mapping.timeColumn, "t");
  ASSERT_EQ(guessed.guess.mapping.joints.size(), 2u);
  EXPECT_EQ(guessed.guess.mapping.joints[1].q, "q2");
  EXPECT_EQ(guessed.guess.mapping.joints[1].qdd, "qdd2");
  EXPECT_EQ(guessed.guess.mapping.joints[1].tau, "tau2");
}

TEST(GuessScanMapping, AMissingColumnLosesOnlyThatOne) {
  const TempFile file("t,q1,q2,tau1\n0,1,2,3\n0.01,1,2,3\n", ".csv");
  LogGuessOptions options;
  options.dof = 2;
  options.jointNames = {"shoulder", "elbow"};
  const ScanMappingGuess guessed = guessScanMapping(scanLog(file.path()), options);
  EXPECT_FALSE(guessed.error.message.empty());
  const LogColumnMapping& m = guessed.guess.mapping;
  EXPECT_EQ(m.timeColumn, "t");
  ASSERT_EQ(m.joints.size(), 2u);
  EXPECT_EQ(m.joints[0].name, "shoulder");
  EXPECT_EQ(m.joints[0].q, "q1");
  EXPECT_EQ(m.joints[0].tau, "tau1");
  EXPECT_EQ(m.joints[1].name, "elbow");
  EXPECT_EQ(m.joints[1].q, "q2");
  EXPECT_EQ(m.joints[1].tau, "");
  EXPECT_THROW(guessScanMapping(scanLog(logFixture("rosbag_db3/joint_states.db3")), options), InputError);
}

TEST(SameLoggerChoice, SameColumnsReuseTheListedLogsChoice) {
  const TempFile first("t,q1\n0,1\n", ".csv"), second("t,q1\n0,2\n", ".csv");
  const LogScan a = scanLog(first.path()), b = scanLog(second.path());
  const std::optional<LogReadChoice> choice = sameLoggerChoice(b, {listedWith(a, "q1")});
  ASSERT_TRUE(choice);
  ASSERT_EQ(choice->mapping.joints.size(), 1u);
  EXPECT_EQ(choice->mapping.joints[0].q, "q1");
  EXPECT_EQ(choice->mapping.timeColumn, "t");
  EXPECT_TRUE(choice->mappingEdited);
  EXPECT_EQ(choice->delimiter, std::optional<char>(';'));
  EXPECT_FALSE(choice->decimal);
}

TEST(SameLoggerChoice, TheLastListedLogOfTheLoggerWins) {
  const TempFile first("t,q1\n0,1\n", ".csv"), second("t,q1\n0,2\n", ".csv");
  const LogScan a = scanLog(first.path()), b = scanLog(second.path());
  const std::optional<LogReadChoice> choice = sameLoggerChoice(b, {listedWith(a, "q1"), listedWith(a, "t")});
  ASSERT_TRUE(choice);
  EXPECT_EQ(choice->mapping.joints[0].q, "t");
}

TEST(SameLoggerChoice, OtherColumnsOrNoMappingReuseNothing) {
  const TempFile first("t,q1\n0,1\n", ".csv"), other("t,q1,q2\n0,1,2\n", ".csv"), same("t,q1\n1,1\n", ".csv");
  const LogScan a = scanLog(first.path()), b = scanLog(other.path()), c = scanLog(same.path());
  EXPECT_FALSE(sameLoggerChoice(b, {listedWith(a, "q1")}));
  ListedLog unmapped = listedWith(a, "q1");
  unmapped.choice.mapping.joints.clear();
  EXPECT_FALSE(sameLoggerChoice(c, {unmapped}));
  EXPECT_FALSE(sameLoggerChoice(c, {}));
  // A bag has no columns: it never takes a CSV logger's mapping.
  const LogScan bag = scanLog(logFixture("rosbag_db3/joint_states.db3"));
  EXPECT_FALSE(sameLoggerChoice(bag, {listedWith(a, "q1")}));
}

}  // namespace eb::test::log_scan
