// The CLI on ROS 2 bags (../shared/ros-bags): identify on the measurements_1 bag and validate on
// the measurements_3 bag give the CSVs' figures exactly; inspect-log lists a bag's topics and a
// CSV's columns; a broken bag is refused in one line. Skipped when ../shared is absent.
#include "cli_fixtures.hpp"
#include "cli_runner.hpp"
#include "mcap_test_writer.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace eb;
using eb::test::runCli;
using eb::test::tempDir;

namespace {

const std::string kKuka = std::string(test_paths::kSharedRealLogsDir) + "/kuka_lwr4";
const std::string kBags = std::string(test_paths::kSharedRosBagsDir);

#define SKIP_WITHOUT_BAGS()                                                                                \
  if (!std::filesystem::exists(kBags) || !std::filesystem::exists(kKuka)) GTEST_SKIP() << "../shared absent"

}  // namespace

TEST(CliRosBags, IdentifyAndValidateOnBagsGiveTheCsvFigures) {
  SKIP_WITHOUT_BAGS();
  const auto dir = tempDir("cli_bags");
  const std::string urdf = kKuka + "/kuka_lwr4.urdf";
  const std::string fromBag = (dir / "bag.json").string(), fromCsv = (dir / "csv.json").string();
  auto r = runCli({"identify", urdf, kBags + "/kuka_lwr4/lwr4_m1_mcap_zstd", "--out", fromBag});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"identify", urdf, kKuka + "/measurements_1.csv", "--out", fromCsv});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"validate", urdf, fromBag, kBags + "/kuka_lwr4/lwr4_m3_db3_jazzy", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto bag = nlohmann::json::parse(r.out);
  r = runCli({"validate", urdf, fromCsv, kKuka + "/measurements_3.csv", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto csv = nlohmann::json::parse(r.out);
  ASSERT_EQ(bag["joints"].size(), 7u);
  for (std::size_t j = 0; j < 7; ++j) {
    EXPECT_EQ(bag["joints"][j]["nrmse_percent"].get<double>(), csv["joints"][j]["nrmse_percent"].get<double>()) << j;
    EXPECT_EQ(bag["joints"][j]["rmse"].get<double>(), csv["joints"][j]["rmse"].get<double>()) << j;
  }
}

TEST(CliRosBags, InspectLogListsTopicsOrColumns) {
  SKIP_WITHOUT_BAGS();
  auto r = runCli({"inspect-log", kBags + "/kuka_lwr4/lwr4_m1_mcap_split_joints"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("ROS 2 bag, mcap storage, 1 file"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("topic /joint_states  sensor_msgs/msg/JointState  cdr  10054 messages  25.130 s  400.0 Hz"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("topic /robot_description  std_msgs/msg/String  cdr  1 message"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("7 joints (lwr_0_joint"), std::string::npos) << r.out;
  r = runCli({"inspect-log", kKuka + "/measurements_1.csv"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("22 columns, 5027 data rows"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("column 9 'lwr_0_joint/velocity': velocity of joint lwr_0_joint"), std::string::npos) << r.out;
}

TEST(CliRosBags, BrokenBagIsRefusedInOneLine) {
  SKIP_WITHOUT_BAGS();
  const auto r = runCli({"identify", kKuka + "/kuka_lwr4.urdf", kBags + "/hostile/chunk_uncompressed_size_huge", "--out",
                         (tempDir("cli_bags_bad") / "p.json").string()});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("chunk_uncompressed_size_huge_0.mcap: offset 35197: Chunk uncompressed_size 1099511627776"),
            std::string::npos)
      << r.err;
}

namespace cli_ros_bags_test {

// The samples of measurements_1 restamped exactly every 10 ms from 1.7e9 s, as a bag, and as a
// CSV without a time column (shortest round-trip text, so both hold the same doubles).
void writeEpochBagAndRateCsv(const std::string& bag, const std::string& csv) {
  std::ifstream in(kKuka + "/measurements_1.csv");
  std::string line;
  std::getline(in, line);
  std::ofstream out(csv);
  out << line.substr(line.find(',') + 1) << "\n";
  test::McapTestWriter writer(bag, "zstd");
  const auto channel = writer.addChannel("/joint_states", "sensor_msgs/msg/JointState");
  test::TestJointState m;
  for (int j = 0; j < 7; ++j) m.names.push_back("lwr_" + std::to_string(j) + "_joint");
  for (std::int64_t k = 0; std::getline(in, line); ++k) {
    std::vector<double> v;
    std::stringstream fields(line.substr(line.find(',') + 1));
    std::string field, text;
    while (std::getline(fields, field, ',')) {
      v.push_back(std::stod(field));
      char buffer[32];
      text += (text.empty() ? "" : ",") + std::string(buffer, std::to_chars(buffer, buffer + 32, v.back()).ptr);
    }
    out << text << "\n";
    m.position.assign(v.begin(), v.begin() + 7);
    m.velocity.assign(v.begin() + 7, v.begin() + 14);
    m.effort.assign(v.begin() + 14, v.begin() + 21);
    m.stampNs = 1700000000000000000 + 10000000 * k;
    writer.write(channel, static_cast<std::uint64_t>(m.stampNs), test::encodeJointStateCdr(m));
  }
  writer.close();
}

}  // namespace cli_ros_bags_test

// Issue 46 item 2: an epoch bag stamped exactly every 10 ms reads as the same samples at
// --rate 100: a uniform axis (no resampling, no jitter) and the same identify and validate figures.
TEST(CliRosBags, EpochBagEveryTenMillisecondsGivesTheFiguresOfItsSamplesAtRate100) {
  SKIP_WITHOUT_BAGS();
  const auto dir = tempDir("cli_epoch_bag");
  const std::string urdf = kKuka + "/kuka_lwr4.urdf";
  const std::string bag = (dir / "epoch_0.mcap").string(), csv = (dir / "samples.csv").string();
  cli_ros_bags_test::writeEpochBagAndRateCsv(bag, csv);
  const std::string fromBag = (dir / "bag.json").string(), fromCsv = (dir / "csv.json").string();
  auto r = runCli({"identify", urdf, bag, "--out", fromBag});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string bagOut = r.out;
  EXPECT_NE(bagOut.find("100 Hz nominal (step 10 ms, all steps equal), 5027 samples"), std::string::npos) << bagOut;
  EXPECT_NE(bagOut.find("uniform at 100 Hz"), std::string::npos) << bagOut;
  EXPECT_EQ(bagOut.find("resampled"), std::string::npos) << bagOut;
  r = runCli({"identify", urdf, csv, "--rate", "100", "--out", fromCsv});
  ASSERT_EQ(r.status, 0) << r.err;
  // The parameter table, conditioning and notes agree to the last printed digit (all but the
  // solver's run time and the file written).
  const auto table = [](std::string out, const std::string& log) {
    for (std::size_t at; (at = out.find(log)) != std::string::npos;) out.replace(at, log.size(), "<log>");
    std::string kept;
    std::istringstream lines(out.substr(out.find('\n') + 1));  // the first line names the log
    for (std::string line; std::getline(lines, line);)
      if (line.find(" iterations, ") == std::string::npos && line.rfind("wrote ", 0) != 0 &&
          line.find(": 100 Hz nominal") == std::string::npos && line.find(": uniform samples") == std::string::npos)
        kept += line + "\n";
    return kept;
  };
  EXPECT_NE(table(bagOut, bag).find("cond(Phi_b)"), std::string::npos);
  EXPECT_EQ(table(bagOut, bag), table(r.out, csv));
  for (const std::string& params : {fromBag, fromCsv}) {
    r = runCli({"validate", urdf, params, bag, "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const auto onBag = nlohmann::json::parse(r.out);
    r = runCli({"validate", urdf, params, csv, "--rate", "100", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const auto onCsv = nlohmann::json::parse(r.out);
    ASSERT_EQ(onBag["joints"].size(), 7u);
    for (std::size_t j = 0; j < 7; ++j) {
      EXPECT_EQ(onBag["joints"][j]["nrmse_percent"].get<double>(), onCsv["joints"][j]["nrmse_percent"].get<double>()) << j;
      EXPECT_EQ(onBag["joints"][j]["rmse"].get<double>(), onCsv["joints"][j]["rmse"].get<double>()) << j;
    }
  }
}
