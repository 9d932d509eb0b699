// Column layouts typed by the user and mapping files saved by the wizard: what
// they map, and one-line refusals that name the item or the JSON path.
#include "logs/log_column_layout.hpp"
#include "logs/log_mapping_file.hpp"

#include "logs/test_log_support.hpp"
#include "util/input_error.hpp"

#include <gtest/gtest.h>

using namespace eb;
using eb::test::messageOf;
using eb::test::TempFile;

namespace {
std::vector<std::string> generated(int n) {
  std::vector<std::string> c;
  for (int k = 1; k <= n; ++k) c.push_back("column" + std::to_string(k));
  return c;
}
}  // namespace

TEST(LogColumnLayout, ASimulinkUrLogger) {
  // t, q1..6, qd1..6, i1..6, i_target1..6, tau_target1..6 (31 columns), times in ms.
  const LogColumnLayout layout = parseLogColumnLayout(" t[ms], q1..q6, qd1..6, current1..current6, _*12");
  EXPECT_EQ(layout.columns.size(), 31u);
  EXPECT_EQ(layout.joints, 6);
  EXPECT_EQ(layout.timeUnit, TimeUnit::Milliseconds);
  const LogColumnMapping m =
      mappingFromLayout(layout, generated(31), 6, {}, std::vector<double>(6, 0.125), "ur.csv", 1);
  EXPECT_EQ(m.timeColumn, "column1");
  EXPECT_EQ(m.timeUnit, TimeUnit::Milliseconds);
  EXPECT_EQ(m.joints[2].q, "column4");
  EXPECT_EQ(m.joints[5].qd, "column13");
  EXPECT_EQ(m.joints[0].tau, "column14");
  EXPECT_DOUBLE_EQ(m.joints[0].torqueScale, 0.125);
  EXPECT_TRUE(m.hasVelocity());
  // Header names are used when the file has them; degrees from the unit.
  const LogColumnMapping named =
      mappingFromLayout(parseLogColumnLayout("time,q1..q2[deg],tau1..tau2"), {"a", "b", "c", "d", "e"}, 2, {"s", "e"},
                        {}, "x.csv", 1);
  EXPECT_EQ(named.joints[1].q, "c");
  EXPECT_EQ(named.joints[1].name, "e");
  EXPECT_EQ(named.positionUnit, PositionUnit::Degree);
  EXPECT_TRUE(named.timeColumn == "a");
}

TEST(LogColumnLayout, RefusalsNameTheItem) {
  struct Case {
    std::string layout, message;
  };
  const Case cases[] = {
      {"t,,q1", "--columns: item 2 '': empty (two commas in a row?)"},
      {"t,x1", "--columns: item 2 'x1': not a column role"},
      {"t,q0", "--columns: item 2 'q0': joint numbers start at 1"},
      {"t,q3..q1", "--columns: item 2 'q3..q1': the range must run upwards"},
      {"t,q1..qd3", "--columns: item 2 'q1..qd3': a range runs over one role"},
      {"t[h],q1", "--columns: item 1 't[h]': unknown time unit 'h' (s, ms, us, ns)"},
      {"t,q1[grad]", "--columns: item 2 'q1[grad]': unknown unit 'grad' (rad or deg)"},
      {"t,_*0", "--columns: item 2 '_*0': '_*n' skips n columns"},
  };
  for (const Case& c : cases)
    EXPECT_EQ(messageOf<InputError>([&] { parseLogColumnLayout(c.layout); }).substr(0, c.message.size()), c.message)
        << c.layout;
  const LogColumnLayout layout = parseLogColumnLayout("t,q1..q2,tau1");
  EXPECT_EQ(messageOf<InputError>([&] { mappingFromLayout(layout, generated(4), 2, {}, {}, "f.csv", 3); }),
            "f.csv: line 3: --columns 't,q1..q2,tau1': no torque or current column for joint 2 (tau2 or i2)");
  EXPECT_EQ(messageOf<InputError>([&] { mappingFromLayout(layout, generated(3), 2, {}, {}, "f.csv", 3); }),
            "f.csv: line 3: --columns 't,q1..q2,tau1': names 4 columns but the file has 3");
  EXPECT_EQ(messageOf<InputError>([&] { mappingFromLayout(layout, generated(4), 3, {}, {}, "f.csv", 3); }),
            "f.csv: line 3: --columns 't,q1..q2,tau1': names joints 1..2 but the robot has 3");
}

TEST(LogMappingFile, RoundTripAndRefusals) {
  LogMappingFile f;
  CsvFormat format;
  format.delimiter = ' ';
  format.hasHeader = false;
  f.format = format;
  LogColumnMapping m;
  m.timeColumn = "column1";
  m.timeUnit = TimeUnit::Microseconds;
  m.positionUnit = PositionUnit::Degree;
  m.joints = {{"j1", "column2", "", "", "column3", 1.0 / 3.0}};
  f.mapping = m;
  TempFile file(formatLogMappingFile(f), ".json");
  const LogMappingFile back = readLogMappingFile(file.path());
  ASSERT_TRUE(back.format && back.mapping);
  EXPECT_EQ(back.format->delimiter, ' ');
  EXPECT_FALSE(back.format->hasHeader);
  EXPECT_EQ(back.mapping->timeUnit, TimeUnit::Microseconds);
  EXPECT_EQ(back.mapping->positionUnit, PositionUnit::Degree);
  EXPECT_EQ(back.mapping->joints[0].tau, "column3");
  EXPECT_EQ(back.mapping->joints[0].torqueScale, 1.0 / 3.0);  // bit for bit

  struct Case {
    std::string text, message;
  };
  const Case cases[] = {
      {"{\"format\":\"other\"}", ": /format: expected \"excitebench-log-mapping\""},
      {"{\"format\":\"excitebench-log-mapping\",\"version\":1}", ": /mapping: missing"},
      {"{\"format\":\"excitebench-log-mapping\",\"version\":1,\"columns\":\"t\",\"extra\":1}", ": /extra: unknown key"},
      {"{\"format\":\"excitebench-log-mapping\",\"version\":1,\"mapping\":{\"time_unit\":\"h\",\"joints\":[]}}",
       ": /mapping/time_unit: 'h' (s, ms, us, ns)"},
      {"{\"format\":\"excitebench-log-mapping\",\"version\":1,\"mapping\":{\"joints\":[{\"torque_scale\":\"x\"}]}}",
       ": /mapping/joints/0/torque_scale: not a number"},
      {"{\"format\":\n\"excitebench-log-mapping\",", ": line 2, column 27: not valid JSON"},
  };
  for (const Case& c : cases) {
    TempFile bad(c.text, ".json");
    const std::string msg = messageOf<InputError>([&] { readLogMappingFile(bad.path()); });
    EXPECT_EQ(msg.substr(0, bad.path().size() + c.message.size()), bad.path() + c.message) << msg;
  }
}
