// ROS 2 bags of ../shared/ros-bags (real KUKA LWR4+ logs in every rosbag2 layout): each good bag
// gives the same samples as the CSV it was written from, bit for bit (stamps through integer
// nanoseconds, floats exact); the hostile files are refused, or read as far as they are whole,
// with one line naming the file and the record. Skipped when ../shared is absent.
#include "logs/bag_message_stream.hpp"
#include "logs/log_import.hpp"
#include "logs/mcap_reader.hpp"
#include "logs/rosbag_directory.hpp"
#include "logs/rosbag_sqlite_reader.hpp"
#include "test_log_support.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>

using namespace eb;

namespace {

namespace fs = std::filesystem;

std::string bags() { return std::string(test_paths::kSharedRosBagsDir); }
std::string kukaBag(const std::string& name) { return bags() + "/kuka_lwr4/" + name; }
std::string hostile(const std::string& name) { return bags() + "/hostile/" + name; }
std::string csv(int k) {
  return std::string(test_paths::kSharedRealLogsDir) + "/kuka_lwr4/measurements_" + std::to_string(k) + ".csv";
}

LogImportOptions kukaOptions() {
  LogImportOptions o;
  o.dof = 7;
  for (int j = 0; j < 7; ++j) o.jointNames.push_back("lwr_" + std::to_string(j) + "_joint");
  return o;
}

#define SKIP_WITHOUT_BAGS()                                                                   \
  if (!fs::exists(bags()) || !fs::exists(csv(1))) GTEST_SKIP() << "../shared/ros-bags absent"

// Bit-for-bit equality of two logs' samples and time axes.
void expectSameSamples(const ExperimentLog& bag, const ExperimentLog& reference, const std::string& what) {
  ASSERT_EQ(bag.rows(), reference.rows()) << what;
  ASSERT_EQ(bag.hasVelocity(), reference.hasVelocity()) << what;
  EXPECT_EQ(bag.timeOrigin, reference.timeOrigin) << what;
  EXPECT_EQ(std::memcmp(bag.t.data(), reference.t.data(), sizeof(double) * static_cast<std::size_t>(bag.t.size())), 0) << what;
  EXPECT_TRUE(bag.q == reference.q) << what;
  EXPECT_TRUE(bag.qd == reference.qd) << what;
  EXPECT_TRUE(bag.tau == reference.tau) << what;
  EXPECT_EQ(bag.timeBase.segments.size(), reference.timeBase.segments.size()) << what;
}

TEST(RosBags, EveryGoodBagEqualsItsCsvBitForBit) {
  SKIP_WITHOUT_BAGS();
  const ExperimentLog m1 = importLog(csv(1), kukaOptions());
  const ExperimentLog m3 = importLog(csv(3), kukaOptions());
  ASSERT_EQ(m1.rows(), 5027);
  for (const char* name : {"lwr4_m1_mcap_zstd", "lwr4_m3_mcap_zstd", "lwr4_m1_mcap_lz4", "lwr4_m3_mcap_lz4",
                           "lwr4_m1_mcap_unchunked", "lwr4_m3_mcap_unchunked", "lwr4_m1_mcap_chunked_uncompressed",
                           "lwr4_m1_db3_humble", "lwr4_m3_db3_humble_early", "lwr4_m1_db3_jazzy", "lwr4_m3_db3_jazzy",
                           "lwr4_m1_mcap_split_joints", "lwr4_m3_mcap_split_files"}) {
    const ExperimentLog bag = importLog(kukaBag(name), kukaOptions());
    expectSameSamples(bag, std::strstr(name, "_m1_") ? m1 : m3, name);
    EXPECT_EQ(bag.jointNames, kukaOptions().jointNames) << name;
  }
}

TEST(RosBags, SingleStorageFilesAreBagsToo) {
  SKIP_WITHOUT_BAGS();
  const ExperimentLog m1 = importLog(csv(1), kukaOptions());
  expectSameSamples(importLog(kukaBag("lwr4_m1_mcap_zstd/lwr4_m1_mcap_zstd_0.mcap"), kukaOptions()), m1, "mcap file");
  expectSameSamples(importLog(kukaBag("lwr4_m1_db3_jazzy/lwr4_m1_db3_jazzy_0.db3"), kukaOptions()), m1, "db3 file");
}

TEST(RosBags, SplitJointsMergeIntoRowsInJointOrder) {
  SKIP_WITHOUT_BAGS();
  const ExperimentLog log = importLog(kukaBag("lwr4_m1_mcap_split_joints"), kukaOptions());
  ASSERT_EQ(log.rows(), 5027);
  // Row 1 of the README: stamp 1460034856.881657000, position of lwr_6 and effort of lwr_4.
  // Time since the first stamp is formed from integer nanoseconds (the CSV's from its text):
  // exact, without the 2.4e-7 s grain of a double of epoch seconds.
  EXPECT_NEAR(log.t[1], 0.004495, 3e-7);
  EXPECT_EQ(log.t[1], 0.004495);
  EXPECT_EQ(log.t[1], importLog(csv(1), kukaOptions()).t[1]);
  EXPECT_EQ(log.q(1, 6), -1.2681139256996385);
  EXPECT_EQ(log.tau(1, 4), -1.8686292120494477);
  EXPECT_EQ(log.tau(0, 3), 11.908942068587146);
}

TEST(RosBags, SplitFilesAreReadInTheOrderOfMetadata) {
  SKIP_WITHOUT_BAGS();
  const BagFiles files = resolveBagFiles(kukaBag("lwr4_m3_mcap_split_files"));
  ASSERT_EQ(files.files.size(), 2u);
  EXPECT_NE(files.files[0].find("_0.mcap"), std::string::npos);
  EXPECT_NE(files.files[1].find("_1.mcap"), std::string::npos);
  const ExperimentLog log = importLog(kukaBag("lwr4_m3_mcap_split_files"), kukaOptions());
  ASSERT_EQ(log.rows(), 5027);
  // The first sample of _1 (stamp 1460037391.584798000) is row 2500.
  EXPECT_NEAR(log.timeOrigin + log.t[2500], 1460037391.584798, 1e-5);
}

TEST(RosBags, TruncatedBagYieldsItsCompleteChunksAndSaysWhatWasLost) {
  SKIP_WITHOUT_BAGS();
  const ExperimentLog log = importLog(hostile("truncated_mid_chunk"), kukaOptions());
  ASSERT_EQ(log.rows(), 1472);
  EXPECT_NEAR(log.timeOrigin + log.t[1471], 1460034864.231638, 1e-5);
  const ExperimentLog m1 = importLog(csv(1), kukaOptions());
  EXPECT_TRUE(log.tau == m1.tau.topRows(1472));
  int lost = 0;
  for (const LogWarning& w : log.warnings)
    if (w.text().find("68088 bytes") != std::string::npos && w.text().find("offset 280072") != std::string::npos) ++lost;
  EXPECT_EQ(lost, 1);
}

TEST(RosBags, ChunkWhoseSizeDoesNotMatchIsRefusedNamingItsOffset) {
  SKIP_WITHOUT_BAGS();
  for (const char* name : {"chunk_uncompressed_size_too_large", "chunk_uncompressed_size_huge"}) {
    const std::string message = test::messageOf<InputError>([&] { importLog(hostile(name), kukaOptions()); });
    EXPECT_NE(message.find(std::string(name) + "_0.mcap: offset 35197: "), std::string::npos) << message;
    EXPECT_NE(message.find("uncompressed_size"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos);
  }
}

TEST(RosBags, LengthMismatchIsRefusedOrDroppedWithItsMessageNumber) {
  SKIP_WITHOUT_BAGS();
  const std::string message = test::messageOf<InputError>([&] { importLog(hostile("jointstate_length_mismatch"), kukaOptions()); });
  EXPECT_NE(message.find("jointstate_length_mismatch_0.mcap: message 300: JointState: name[] has 7 entries but position[] has 6"),
            std::string::npos)
      << message;
  LogImportOptions drop = kukaOptions();
  drop.dropBadRows = true;
  const ExperimentLog log = importLog(hostile("jointstate_length_mismatch"), drop);
  EXPECT_EQ(log.rows(), 599);
  EXPECT_EQ(log.timeBase.badRows, 1u);
}

TEST(RosBags, ThreeByteCdrInADb3IsNamedByItsId) {
  SKIP_WITHOUT_BAGS();
  const std::string message = test::messageOf<InputError>([&] { importLog(hostile("db3_cdr_3_bytes"), kukaOptions()); });
  EXPECT_NE(message.find("db3_cdr_3_bytes_0.db3: message id 301: JointState: the 3-byte message is shorter than the 4-byte CDR"),
            std::string::npos)
      << message;
  LogImportOptions drop = kukaOptions();
  drop.dropBadRows = true;
  const ExperimentLog log = importLog(hostile("db3_cdr_3_bytes"), drop);
  EXPECT_EQ(log.rows(), 599);
}

TEST(RosBags, BagWithoutJointStateNamesTheTopicsFound) {
  SKIP_WITHOUT_BAGS();
  const std::string message = test::messageOf<InputError>([&] { importLog(hostile("no_jointstate_topic"), kukaOptions()); });
  EXPECT_NE(message.find("no sensor_msgs/msg/JointState topic"), std::string::npos) << message;
  EXPECT_NE(message.find("/joint_states (std_msgs/msg/Float64MultiArray)"), std::string::npos) << message;
  EXPECT_NE(message.find("/chatter (std_msgs/msg/String)"), std::string::npos) << message;
  LogImportOptions asked = kukaOptions();
  asked.topic = "/chatter";
  EXPECT_NE(test::messageOf<InputError>([&] { importLog(hostile("no_jointstate_topic"), asked); })
                .find("topic /chatter is std_msgs/msg/String, not sensor_msgs/msg/JointState"),
            std::string::npos);
}

TEST(RosBags, WalBagOpensInAReadOnlyCopyWithoutWriting) {
  SKIP_WITHOUT_BAGS();
  const fs::path dir = fs::temp_directory_path() / ("eb_wal_bag_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::copy(kukaBag("lwr4_m3_db3_humble_early"), dir);
  for (const auto& e : fs::directory_iterator(dir))
    fs::permissions(e.path(), fs::perms::owner_read | fs::perms::group_read, fs::perm_options::replace);
  fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec, fs::perm_options::replace);
  const ExperimentLog log = importLog(dir.string(), kukaOptions());
  EXPECT_EQ(log.rows(), 5027);
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 2u);  // metadata.yaml and the .db3: no -wal, no -shm
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace);
  fs::remove_all(dir);
}

TEST(RosBags, TopicsOfBothStoragesAreListedWithCounts) {
  SKIP_WITHOUT_BAGS();
  for (const char* name : {"lwr4_m1_mcap_split_joints", "lwr4_m1_db3_jazzy"}) {
    std::vector<BagTopic> topics = listBagTopics(resolveBagFiles(kukaBag(name)), true);
    const bool split = std::strstr(name, "split") != nullptr;
    ASSERT_EQ(topics.size(), split ? 2u : 1u) << name;
    if (split) {
      ASSERT_EQ(topics[0].name, "/robot_description");
      EXPECT_EQ(topics[0].messages, 1u);
      topics.erase(topics.begin());
    }
    EXPECT_EQ(topics[0].name, "/joint_states");
    EXPECT_EQ(topics[0].type, "sensor_msgs/msg/JointState");
    EXPECT_EQ(topics[0].messages, split ? 10054u : 5027u);
    if (!split) {
      EXPECT_EQ(topics[0].first, 1460034856877324345);
    }
  }
}

}  // namespace
