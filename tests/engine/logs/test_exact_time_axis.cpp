// Issue 46 item 2: the time since the first sample is formed exactly, from integer
// nanoseconds in a bag and from the time column's text in a CSV. A bag stamped exactly every
// 10 ms at 1.7e9 s gives the same uniform axis, bit for bit, as the same samples in a CSV
// without a time column read at 100 Hz; a CSV whose epoch stamps are 10 ms apart too.
#include "logs/decimal_ticks.hpp"
#include "logs/log_import.hpp"
#include "mcap_test_writer.hpp"
#include "test_log_support.hpp"

#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstring>
#include <string>

using namespace eb;

namespace exact_time_axis_test {

constexpr std::int64_t kEpochNs = 1700000000000000000;  // 1.7e9 s: a double of it keeps 0.24 us
constexpr std::int64_t kStepNs = 10000000;              // 10 ms
constexpr int kRows = 3000;

double position(int i, int j) { return 0.4 * std::sin(0.013 * i + 0.7 * j); }
double effort(int i, int j) { return 3.0 * std::cos(0.011 * i * (j + 1)) + j; }

std::string shortest(double v) {
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, v).ptr);
}

// The samples as a bag: stamps kEpochNs + k * 10 ms.
void writeBag(const std::string& path) {
  test::McapTestWriter w(path, "zstd", 16 * 1024);
  const auto ch = w.addChannel("/joint_states", "sensor_msgs/msg/JointState");
  for (int i = 0; i < kRows; ++i) {
    test::TestJointState m;
    m.stampNs = kEpochNs + kStepNs * i;
    for (int j = 0; j < 2; ++j) {
      m.names.push_back("j" + std::to_string(j));
      m.position.push_back(position(i, j));
      m.effort.push_back(effort(i, j));
    }
    w.write(ch, static_cast<std::uint64_t>(m.stampNs + 300000), test::encodeJointStateCdr(m));
  }
  w.close();
}

// The samples as a CSV; with `epochText`, a time column "1700000000.010000000"-style first.
std::string csvText(bool epochText) {
  std::string out = epochText ? "time,q1,q2,tau1,tau2\n" : "q1,q2,tau1,tau2\n";
  for (int i = 0; i < kRows; ++i) {
    if (epochText) {
      const std::int64_t ns = kEpochNs + kStepNs * i;
      char frac[16];
      std::snprintf(frac, sizeof frac, ".%09lld", static_cast<long long>(ns % 1000000000));
      out += std::to_string(ns / 1000000000) + frac + ",";
    }
    out += shortest(position(i, 0)) + "," + shortest(position(i, 1)) + "," + shortest(effort(i, 0)) + "," +
           shortest(effort(i, 1)) + "\n";
  }
  return out;
}

LogImportOptions twoJoints() {
  LogImportOptions o;
  o.dof = 2;
  o.jointNames = {"j0", "j1"};
  return o;
}

}  // namespace exact_time_axis_test

namespace ett = exact_time_axis_test;

TEST(ExactTimeAxis, DecimalTextSubtractsExactly) {
  DecimalText a, b;
  ASSERT_TRUE(parseDecimalText("1700000000.000", '.', a));
  ASSERT_TRUE(parseDecimalText("1700000000.01", '.', b));  // fewer digits: aligned exactly
  double ticks = 0.0;
  ASSERT_TRUE(ticksBetween(a, b, ticks));
  EXPECT_EQ(ticks, 1e7);
  ASSERT_TRUE(parseDecimalText("-1,5e3", ',', a));
  EXPECT_EQ(a.digits, -15);
  EXPECT_EQ(a.exponent, 2);
  EXPECT_FALSE(parseDecimalText("1.5e", '.', a));
  EXPECT_FALSE(parseDecimalText("12345678901234567890123", '.', a));  // beyond an int64: parsed as a double
  // 1700000000.010 - 1700000000.000 as doubles is 0.010000228881835938; exactly, 0.01.
  EXPECT_NE(1700000000.010 - 1700000000.000, 0.01);
}

TEST(ExactTimeAxis, EpochBagGivesTheUniformAxisOfACsvReadAtItsRate) {
  test::TempFile bag(".mcap");
  ett::writeBag(bag.path());
  const test::TempFile csv(ett::csvText(false), ".csv");
  LogImportOptions atRate = ett::twoJoints();
  atRate.columnLayout = "q1..q2,tau1..tau2";
  atRate.sampleRateHz = 100.0;
  const ExperimentLog fromBag = importLog(bag.path(), ett::twoJoints());
  const ExperimentLog fromCsv = importLog(csv.path(), atRate);
  ASSERT_EQ(fromBag.rows(), ett::kRows);
  ASSERT_EQ(fromCsv.rows(), ett::kRows);
  EXPECT_EQ(std::memcmp(fromBag.t.data(), fromCsv.t.data(), sizeof(double) * ett::kRows), 0);
  EXPECT_EQ(fromBag.t[2999], 29.99);
  EXPECT_TRUE(fromBag.q == fromCsv.q);
  EXPECT_TRUE(fromBag.tau == fromCsv.tau);
  EXPECT_EQ(fromBag.timeBase.nominalStep, 0.01);
  EXPECT_EQ(fromBag.timeBase.stepMax - fromBag.timeBase.stepMin < 1e-6 * 0.01, true);
  EXPECT_NE(fromBag.timeBase.text().find("all steps equal"), std::string::npos) << fromBag.timeBase.text();
  EXPECT_FALSE(fromBag.timeBase.irregular());
  EXPECT_EQ(fromBag.timeOrigin, 1700000000.0);
}

TEST(ExactTimeAxis, EpochTextInACsvGivesTheExactAxis) {
  const test::TempFile csv(ett::csvText(true), ".csv");
  LogImportOptions o = ett::twoJoints();
  o.columnLayout = "t,q1..q2,tau1..tau2";
  const ExperimentLog log = importLog(csv.path(), o);
  ASSERT_EQ(log.rows(), ett::kRows);
  for (int i : {1, 2, 3, 1234, 2999}) EXPECT_EQ(log.t[i], i / 100.0) << i;
  EXPECT_EQ(log.timeBase.nominalStep, 0.01);
  EXPECT_NE(log.timeBase.text().find("all steps equal"), std::string::npos) << log.timeBase.text();
  EXPECT_EQ(log.timeOrigin, 1700000000.0);
  // And equals the bag of the same stamps, bit for bit.
  test::TempFile bag(".mcap");
  ett::writeBag(bag.path());
  const ExperimentLog fromBag = importLog(bag.path(), ett::twoJoints());
  EXPECT_EQ(std::memcmp(fromBag.t.data(), log.t.data(), sizeof(double) * ett::kRows), 0);
}

TEST(ExactTimeAxis, MillisecondTextIsExactToo) {
  // "1700000000010.5" ms: the unit's digits subtract exactly, then scale once.
  std::string text = "t,q1,tau1\n";
  for (int i = 0; i < 400; ++i)
    text += std::to_string(1700000000000LL + 2 * i) + (i % 2 ? ".5" : ".0") + "," + ett::shortest(ett::position(i, 0)) + "," +
            ett::shortest(ett::effort(i, 0)) + "\n";
  const test::TempFile csv(text, ".csv");
  LogImportOptions o;
  o.dof = 1;
  o.columnLayout = "t,q1,tau1";
  o.timeUnit = TimeUnit::Milliseconds;
  const ExperimentLog log = importLog(csv.path(), o);
  ASSERT_EQ(log.rows(), 400);
  EXPECT_EQ(log.t[1], 0.0025);
  EXPECT_EQ(log.t[3], 0.0065);
  EXPECT_EQ(log.t[399], 0.7985);
}
