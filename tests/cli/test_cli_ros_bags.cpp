// The CLI on ROS 2 bags (../shared/ros-bags): identify on the measurements_1 bag and validate on
// the measurements_3 bag give the CSVs' figures exactly; inspect-log lists a bag's topics and a
// CSV's columns; a broken bag is refused in one line. Skipped when ../shared is absent.
#include "cli_fixtures.hpp"
#include "cli_runner.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

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
