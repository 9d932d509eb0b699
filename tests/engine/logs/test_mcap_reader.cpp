// ROS 2 bags written by the test itself (tests/common/mcap_test_writer.hpp), so these run without
// ../shared: every chunk kind reads back the exact samples; split joints merge, other joints are
// ignored; empty velocity is differentiated, empty effort refused; zero stamps fall back to the
// receive time; truncated files, bad CRCs, several JointState topics and bad CDR are each one line.
// And the files of tests/data/logs/mcap_layouts, written by the reference writer (@mcap/core) in
// the layouts its options make (summary with or without channels, schemas, statistics, chunk
// indexes; chunked or not; zstd, lz4): each reads the same samples and lists the same topics with their
// counts; a message on a channel nothing declares is refused in one line naming file and record.
// And tests/data/logs/mcap_conformance, the conformance suite's variants written by its TypeScript
// writer: each reads its messages on the channel and schema its input declares.
#include "logs/bag_message_stream.hpp"
#include "logs/cdr_joint_state.hpp"
#include "logs/log_import.hpp"
#include "logs/mcap_reader.hpp"
#include "logs/rosbag_directory.hpp"
#include "mcap_test_writer.hpp"
#include "test_log_support.hpp"
#include "util/input_error.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace eb;
using eb::test::McapTestWriter;
using eb::test::TestJointState;

namespace {

namespace fs = std::filesystem;

constexpr std::int64_t kStart = 1700000000123456789;
constexpr std::int64_t kStep = 2000000;  // 500 Hz

double position(int i, int j) { return std::sin(0.01 * i + j) * (j + 1); }
double effort(int i, int j) { return 10.0 * std::cos(0.02 * i * (j + 1)) + j; }

TestJointState sample(int i, const std::vector<int>& joints, bool velocity = true, bool effortToo = true) {
  TestJointState m;
  m.stampNs = kStart + kStep * i;
  for (const int j : joints) {
    m.names.push_back(j < 0 ? "gripper" : "j" + std::to_string(j));
    m.position.push_back(j < 0 ? 0.5 : position(i, j));
    if (velocity) m.velocity.push_back(j < 0 ? 0.0 : 0.1 * j + 0.001 * i);
    if (effortToo) m.effort.push_back(j < 0 ? 1.0 : effort(i, j));
  }
  return m;
}

LogImportOptions threeJoints() {
  LogImportOptions o;
  o.dof = 3;
  o.jointNames = {"j0", "j1", "j2"};
  return o;
}

struct TempBag {
  fs::path path;
  explicit TempBag(const std::string& name) {
    path = fs::temp_directory_path() / ("eb_bag_" + std::to_string(::getpid()) + "_" + name + ".mcap");
  }
  ~TempBag() {
    std::error_code ec;
    fs::remove(path, ec);
  }
};

void writeBag(const fs::path& path, const std::string& compression, int rows, bool summary = true,
              std::size_t chunkBytes = 16 * 1024) {
  McapTestWriter w(path.string(), compression, chunkBytes);
  const auto ch = w.addChannel("/joint_states", "sensor_msgs/msg/JointState");
  for (int i = 0; i < rows; ++i)
    w.write(ch, static_cast<std::uint64_t>(kStart + kStep * i + 300000), test::encodeJointStateCdr(sample(i, {0, 1, 2})));
  w.close(summary);
}

}  // namespace

TEST(McapBags, EveryChunkKindReadsBackTheExactSamples) {
  for (const char* compression : {"zstd", "lz4", "", "unchunked"}) {
    for (const bool summary : {true, false}) {
      TempBag bag(std::string("kinds_") + compression + (summary ? "s" : "n"));
      writeBag(bag.path, compression, 700, summary);
      const ExperimentLog log = importLog(bag.path.string(), threeJoints());
      ASSERT_EQ(log.rows(), 700) << compression;
      ASSERT_TRUE(log.hasVelocity());
      for (int i : {0, 1, 350, 699}) {
        for (int j = 0; j < 3; ++j) {
          EXPECT_EQ(log.q(i, j), position(i, j)) << compression << " row " << i;
          EXPECT_EQ(log.tau(i, j), effort(i, j)) << compression << " row " << i;
        }
      }
      // The first stamp as decimal text, as a CSV of it would hold.
      EXPECT_EQ(log.timeOrigin, 1700000000.123456789);
      EXPECT_NEAR(log.t[699], 699 * 0.002, 1e-6);
      bool noFooterWarning = false;
      for (const LogWarning& w : log.warnings) noFooterWarning = noFooterWarning || w.text().find("footer") != std::string::npos;
      EXPECT_FALSE(noFooterWarning);
    }
  }
}

TEST(McapBags, SplitPublishersMergeAndOtherJointsAreIgnored) {
  TempBag bag("split");
  {
    McapTestWriter w(bag.path.string(), "zstd", 8192);
    const auto ch = w.addChannel("/joint_states", "sensor_msgs/msg/JointState");
    for (int i = 0; i < 300; ++i) {
      const auto a = test::encodeJointStateCdr(sample(i, {0, -1}));  // j0 and a gripper
      const auto b = test::encodeJointStateCdr(sample(i, {2, 1}));
      // Instant 100 misses its second publisher: a gap of one sample.
      if (i % 3 == 0) {
        if (i != 100) w.write(ch, static_cast<std::uint64_t>(kStart + kStep * i + 1000), b);
        w.write(ch, static_cast<std::uint64_t>(kStart + kStep * i + 2000), a);
      } else {
        w.write(ch, static_cast<std::uint64_t>(kStart + kStep * i + 1000), a);
        if (i != 100) w.write(ch, static_cast<std::uint64_t>(kStart + kStep * i + 2000), b);
      }
    }
    w.close();
  }
  const ExperimentLog log = importLog(bag.path.string(), threeJoints());
  ASSERT_EQ(log.rows(), 299);
  EXPECT_EQ(log.q(150, 1), position(151, 1));  // row 150 is instant 151 (instant 100 skipped)
  EXPECT_EQ(log.tau(99, 2), effort(99, 2));
  EXPECT_EQ(log.tau(100, 0), effort(101, 0));
  bool said = false;
  for (const LogWarning& w : log.warnings) said = said || w.text().find("1 instants lack a joint") != std::string::npos;
  EXPECT_TRUE(said);
}

TEST(McapBags, EmptyVelocityIsDifferentiatedAndEmptyEffortRefused) {
  TempBag bag("arrays");
  {
    McapTestWriter w(bag.path.string(), "zstd");
    const auto ch = w.addChannel("/joint_states", "sensor_msgs/msg/JointState");
    for (int i = 0; i < 100; ++i)
      w.write(ch, static_cast<std::uint64_t>(kStart + kStep * i), test::encodeJointStateCdr(sample(i, {0, 1, 2}, false)));
    w.close();
  }
  EXPECT_FALSE(importLog(bag.path.string(), threeJoints()).hasVelocity());
  TempBag noEffort("noeffort");
  {
    McapTestWriter w(noEffort.path.string(), "zstd");
    const auto ch = w.addChannel("/joint_states", "sensor_msgs/msg/JointState");
    for (int i = 0; i < 100; ++i)
      w.write(ch, static_cast<std::uint64_t>(kStart + kStep * i), test::encodeJointStateCdr(sample(i, {0, 1, 2}, true, false)));
    w.close();
  }
  const std::string message = test::messageOf<InputError>([&] { importLog(noEffort.path.string(), threeJoints()); });
  EXPECT_NE(message.find("/joint_states has no efforts"), std::string::npos) << message;
}

TEST(McapBags, ZeroStampsFallBackToTheReceiveTimeSaidOnce) {
  TempBag bag("zero");
  {
    McapTestWriter w(bag.path.string(), "");
    const auto ch = w.addChannel("/joint_states", "sensor_msgs/msg/JointState");
    for (int i = 0; i < 50; ++i) {
      TestJointState m = sample(i, {0, 1, 2});
      m.stampNs = 0;
      w.write(ch, static_cast<std::uint64_t>(kStart + kStep * i), test::encodeJointStateCdr(m));
    }
    w.close();
  }
  const ExperimentLog log = importLog(bag.path.string(), threeJoints());
  ASSERT_EQ(log.rows(), 50);
  EXPECT_EQ(log.timeOrigin, 1700000000.123456789);
  int said = 0;
  for (const LogWarning& w : log.warnings) said += w.text().find("zero header.stamp") != std::string::npos;
  EXPECT_EQ(said, 1);
}

TEST(McapBags, TruncatedFileKeepsItsCompleteChunksAndCountsTheLostBytes) {
  TempBag bag("cut");
  writeBag(bag.path, "zstd", 2000, true, 8192);
  const auto size = fs::file_size(bag.path);
  fs::resize_file(bag.path, size * 2 / 3);
  const ExperimentLog log = importLog(bag.path.string(), threeJoints());
  EXPECT_GT(log.rows(), 500);
  EXPECT_LT(log.rows(), 2000);
  EXPECT_EQ(log.tau(log.rows() - 1, 1), effort(static_cast<int>(log.rows()) - 1, 1));
  int said = 0;
  for (const LogWarning& w : log.warnings) said += w.text().find("bytes after the last complete record lost") != std::string::npos;
  EXPECT_EQ(said, 1);
}

TEST(McapBags, ChunkCrcMismatchAndBadMagicAreRefusedNamingTheOffset) {
  TempBag bag("crc");
  writeBag(bag.path, "", 200, true, 1u << 20);
  {
    // Flip one byte of a message inside the (only, uncompressed) chunk.
    std::fstream f(bag.path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(2000);
    char c = 0;
    f.read(&c, 1);
    f.seekp(2000);
    c = static_cast<char>(c ^ 0x55);
    f.write(&c, 1);
  }
  std::string message = test::messageOf<InputError>([&] { importLog(bag.path.string(), threeJoints()); });
  EXPECT_NE(message.find(bag.path.filename().string() + ": offset "), std::string::npos) << message;
  EXPECT_NE(message.find("Chunk CRC mismatch"), std::string::npos) << message;
  {
    std::fstream f(bag.path, std::ios::in | std::ios::out | std::ios::binary);
    f.write("XMCAP", 5);
  }
  message = test::messageOf<InputError>([&] { McapReader reader(bag.path.string()); });
  EXPECT_NE(message.find("bad magic"), std::string::npos) << message;
}

TEST(McapBags, SeveralJointStateTopicsAreNamedAndTopicChoosesOne) {
  TempBag bag("topics");
  {
    McapTestWriter w(bag.path.string(), "zstd");
    const auto a = w.addChannel("/left/joint_states", "sensor_msgs/msg/JointState");
    const auto b = w.addChannel("/right/joint_states", "sensor_msgs/msg/JointState");
    for (int i = 0; i < 60; ++i) {
      w.write(a, static_cast<std::uint64_t>(kStart + kStep * i), test::encodeJointStateCdr(sample(i, {0, 1, 2})));
      w.write(b, static_cast<std::uint64_t>(kStart + kStep * i), test::encodeJointStateCdr(sample(i + 1, {0, 1, 2})));
    }
    w.close();
  }
  const std::string message = test::messageOf<InputError>([&] { importLog(bag.path.string(), threeJoints()); });
  EXPECT_NE(message.find("several JointState topics: /left/joint_states, /right/joint_states; choose one with --topic"),
            std::string::npos)
      << message;
  LogImportOptions o = threeJoints();
  o.topic = "/right/joint_states";
  EXPECT_EQ(importLog(bag.path.string(), o).q(0, 2), position(1, 2));
}

TEST(CdrJointState, BigEndianAndShortPayloadsAreDecodedOrRefusedByName) {
  TestJointState m = sample(3, {0, 1});
  std::vector<std::uint8_t> le = test::encodeJointStateCdr(m);
  JointStateView view;
  ASSERT_EQ(decodeJointState(le.data(), le.size(), JointStateEncoding::Cdr, view), "");
  EXPECT_EQ(view.names[1], "j1");
  EXPECT_EQ(view.effort.at(1), effort(3, 1));
  EXPECT_EQ(view.stampNs(), kStart + 3 * kStep);
  // Every prefix is refused with the field it ends in, never read past.
  for (std::size_t n = 0; n < le.size(); ++n)
    EXPECT_NE(decodeJointState(le.data(), n, JointStateEncoding::Cdr, view), "") << n;
  std::vector<std::uint8_t> xcdr2 = le;
  xcdr2[1] = 0x07;
  EXPECT_NE(decodeJointState(xcdr2.data(), xcdr2.size(), JointStateEncoding::Cdr, view).find("CDR2_LE is not supported"),
            std::string::npos);
  // Big-endian: the same message with every scalar swapped (name count 2, one joint each array).
  const std::uint8_t be[] = {0x00, 0x00, 0x00, 0x00,                   // CDR_BE
                             0, 0, 0, 5, 0, 0, 0, 7,                   // stamp
                             0, 0, 0, 1, 0, 0, 0, 0,                   // frame_id "" and padding
                             0, 0, 0, 1, 0, 0, 0, 2, 'a', 0, 0, 0,     // name ["a"] and padding
                             0, 0, 0, 1, 0x3F, 0xF0, 0, 0, 0, 0, 0, 0, // position [1.0]
                             0, 0, 0, 0,                               // velocity []
                             0, 0, 0, 1, 0x40, 0, 0, 0, 0, 0, 0, 0};   // effort [2.0]
  ASSERT_EQ(decodeJointState(be, sizeof be, JointStateEncoding::Cdr, view), "");
  EXPECT_EQ(view.sec, 5);
  EXPECT_EQ(view.nanosec, 7u);
  ASSERT_EQ(view.names.size(), 1u);
  EXPECT_EQ(view.names[0], "a");
  EXPECT_EQ(view.position.at(0), 1.0);
  EXPECT_EQ(view.velocity.count, 0u);
  EXPECT_EQ(view.effort.at(0), 2.0);
}

TEST(CdrJointState, RepeatedNamesAreReusedAndChangedOrBrokenOnesParsedAgain) {
  JointStateView view;
  const std::vector<std::uint8_t> first = test::encodeJointStateCdr(sample(1, {0, 1}));
  ASSERT_EQ(decodeJointState(first.data(), first.size(), JointStateEncoding::Cdr, view), "");
  EXPECT_FALSE(view.namesRepeated);
  const std::vector<std::uint8_t> second = test::encodeJointStateCdr(sample(2, {0, 1}));
  ASSERT_EQ(decodeJointState(second.data(), second.size(), JointStateEncoding::Cdr, view), "");
  EXPECT_TRUE(view.namesRepeated);
  ASSERT_EQ(view.names.size(), 2u);
  EXPECT_EQ(view.names[1], "j1");
  EXPECT_EQ(view.position.at(1), position(2, 1));
  EXPECT_EQ(view.effort.at(0), effort(2, 0));
  // Names of the same lengths in another order: the bytes differ, so they are parsed again.
  const std::vector<std::uint8_t> swapped = test::encodeJointStateCdr(sample(3, {1, 0}));
  ASSERT_EQ(decodeJointState(swapped.data(), swapped.size(), JointStateEncoding::Cdr, view), "");
  EXPECT_FALSE(view.namesRepeated);
  EXPECT_EQ(view.names[0], "j1");
  EXPECT_EQ(view.position.at(0), position(3, 1));
  // A payload cut inside its names is refused, and the next one is parsed in full.
  ASSERT_NE(decodeJointState(first.data(), 20, JointStateEncoding::Cdr, view), "");
  ASSERT_EQ(decodeJointState(first.data(), first.size(), JointStateEncoding::Cdr, view), "");
  EXPECT_FALSE(view.namesRepeated);
  EXPECT_EQ(view.names[0], "j0");
  // A payload that repeats the names but ends inside its arrays is still refused.
  EXPECT_NE(decodeJointState(second.data(), second.size() - 3, JointStateEncoding::Cdr, view), "");
}

TEST(McapBags, ABadMessageBetweenPublishersDoesNotLeaveItsJointOrderBehind) {
  // Publisher A sends j0, j1; a broken message names j1, j0 and ends inside its arrays; the
  // next one names j1, j0 in full. Its values must land in j1's and j0's columns, not A's order.
  TempBag bag("names_after_bad");
  {
    McapTestWriter w(bag.path.string(), "zstd", 8192);
    const auto ch = w.addChannel("/joint_states", "sensor_msgs/msg/JointState");
    for (int i = 0; i < 40; ++i) {
      std::vector<std::uint8_t> a = test::encodeJointStateCdr(sample(i, {0, 1, 2}));
      if (i == 20) {
        std::vector<std::uint8_t> broken = test::encodeJointStateCdr(sample(i, {2, 1, 0}));
        broken.resize(broken.size() - 5);
        w.write(ch, static_cast<std::uint64_t>(kStart + kStep * i), broken);
        a = test::encodeJointStateCdr(sample(i, {2, 1, 0}));
      }
      w.write(ch, static_cast<std::uint64_t>(kStart + kStep * i + 1000), a);
    }
    w.close();
  }
  LogImportOptions o = threeJoints();
  o.dropBadRows = true;
  const ExperimentLog log = importLog(bag.path.string(), o);
  ASSERT_EQ(log.rows(), 40);
  for (int i : {19, 20, 21})
    for (int j = 0; j < 3; ++j) {
      EXPECT_EQ(log.q(i, j), position(i, j)) << "row " << i << " joint " << j;
      EXPECT_EQ(log.tau(i, j), effort(i, j)) << "row " << i << " joint " << j;
    }
}

namespace eb::mcap_layout_tests {

// The layouts make_layouts.mjs writes (its `layouts` table), each with the same messages.
const std::vector<std::string> kLayouts = {
    "no_summary",           "statistics_only",           "chunk_indexes_only",        "channels_without_schemas",
    "schemas_without_channels", "everything",            "unchunked_no_summary",      "unchunked_statistics_only",
    "unchunked_everything", "zstd_chunk_indexes_only",   "zstd_everything",           "lz4_statistics_only",
    "lz4_everything"};

std::string layoutFile(const std::string& name) { return test::logFixture("mcap_layouts/" + name + ".mcap"); }

// The values make_layouts.mjs gives message i, joint j: binary fractions, exact in a double.
double layoutPosition(int i, int j) { return 0.25 * i + j; }
double layoutVelocity(int i, int j) { return j - 0.125 * i; }
double layoutEffort(int i, int j) { return 10.0 * j + 0.5 * i; }

LogImportOptions layoutJoints() {
  LogImportOptions o;
  o.dof = 3;
  o.jointNames = {"j0", "j1", "j2"};
  return o;
}

const BagTopic* topicNamed(const std::vector<BagTopic>& topics, const std::string& name) {
  for (const BagTopic& t : topics)
    if (t.name == name) return &t;
  return nullptr;
}

TEST(McapLayouts, EveryReferenceWriterLayoutReadsTheSameSamples) {
  for (const std::string& name : kLayouts) {
    const ExperimentLog log = importLog(layoutFile(name), layoutJoints());
    ASSERT_EQ(log.rows(), 20u) << name;
    ASSERT_TRUE(log.hasVelocity()) << name;
    EXPECT_EQ(log.timeOrigin, 1700000000.0) << name;
    for (int i = 0; i < 20; ++i) {
      EXPECT_NEAR(log.t[i], 0.002 * i, 1e-6) << name << " row " << i;  // epoch seconds' 2.4e-7 s grain
      for (int j = 0; j < 3; ++j) {
        EXPECT_EQ(log.q(i, j), layoutPosition(i, j)) << name << " row " << i;
        EXPECT_EQ(log.qd(i, j), layoutVelocity(i, j)) << name << " row " << i;
        EXPECT_EQ(log.tau(i, j), layoutEffort(i, j)) << name << " row " << i;
      }
    }
  }
}

TEST(McapLayouts, EveryLayoutListsBothTopicsWithTypesAndCounts) {
  for (const std::string& name : kLayouts) {
    const std::vector<BagTopic> topics = listBagTopics(resolveBagFiles(layoutFile(name)), false);
    ASSERT_EQ(topics.size(), 2u) << name;
    const BagTopic* joints = topicNamed(topics, "/joint_states");
    const BagTopic* chatter = topicNamed(topics, "/chatter");
    ASSERT_TRUE(joints && chatter) << name;
    EXPECT_EQ(joints->type, "sensor_msgs/msg/JointState") << name;
    EXPECT_EQ(joints->encoding, "cdr") << name;
    EXPECT_TRUE(joints->messagesKnown) << name;
    EXPECT_EQ(joints->messages, 20u) << name;
    EXPECT_EQ(chatter->type, "std_msgs/msg/String") << name;
    EXPECT_EQ(chatter->messages, 5u) << name;
  }
}

TEST(McapLayouts, OnlyASummaryDeclaringEveryChannelAndSchemaIsTrusted) {
  for (const char* name : {"everything", "unchunked_everything", "zstd_everything", "lz4_everything"}) {
    const McapReader reader(layoutFile(name));
    EXPECT_TRUE(reader.summaryIsComplete()) << name;
    ASSERT_EQ(reader.channels().size(), 2u) << name;
    EXPECT_EQ(reader.channels().at(1).schemaName, "sensor_msgs/msg/JointState") << name;
  }
  for (const char* name : {"no_summary", "statistics_only", "chunk_indexes_only", "channels_without_schemas",
                           "schemas_without_channels", "zstd_chunk_indexes_only", "lz4_statistics_only"}) {
    McapReader reader(layoutFile(name));
    EXPECT_FALSE(reader.summaryIsComplete()) << name;
    // Reading finds the channels and schemas in the data section, inside compressed chunks too.
    McapMessage m;
    std::size_t messages = 0;
    while (reader.next(m)) {
      ASSERT_NE(m.channel, nullptr) << name;
      EXPECT_FALSE(m.channel->schemaName.empty()) << name;
      ++messages;
    }
    EXPECT_EQ(messages, 25u) << name;
    ASSERT_EQ(reader.channels().size(), 2u) << name;
    EXPECT_EQ(reader.channels().at(1).schemaName, "sensor_msgs/msg/JointState") << name;
  }
}

TEST(McapLayouts, NoJointStateRefusalNamesTheTopicsWithTheirCounts) {
  const std::string message =
      test::messageOf<InputError>([&] { importLog(layoutFile("chatter_only_statistics_only"), layoutJoints()); });
  EXPECT_MESSAGE_HAS(message, "chatter_only_statistics_only.mcap: ",
                     "no sensor_msgs/msg/JointState topic in the bag; topics: /chatter (std_msgs/msg/String) 5 messages");
  EXPECT_EQ(message.find('\n'), std::string::npos);
}

TEST(McapLayouts, MessageOnAnUndeclaredChannelIsRefusedNamingFileAndRecord) {
  const std::string expected =
      "undeclared_channel.mcap: offset 1678: message 10 is on channel 9, which no Channel record declares";
  const std::string path = layoutFile("undeclared_channel");
  std::string message = test::messageOf<InputError>([&] { importLog(path, layoutJoints()); });
  EXPECT_NE(message.find(expected), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos);
  // Refused whatever the filter: nothing can say which topic the message belongs to.
  for (const bool filtered : {false, true}) {
    message = test::messageOf<InputError>([&] {
      McapReader reader(path);
      if (filtered) reader.setFilter([](const McapChannel& ch) { return ch.topic == "/joint_states"; });
      McapMessage m;
      while (reader.next(m)) {
      }
    });
    EXPECT_NE(message.find(expected), std::string::npos) << message;
  }
}

// One row of mcap_conformance/expected.tsv: a conformance variant and what its input declares.
struct ConformanceFile {
  std::string file, topic, schemaName, messageEncoding;  // "-" in the table: none (empty here)
  std::size_t messages = 0;
};

std::vector<ConformanceFile> conformanceFiles() {
  std::ifstream in(test::logFixture("mcap_conformance/expected.tsv"));
  std::vector<ConformanceFile> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    ConformanceFile f;
    fields >> f.file >> f.messages >> f.topic >> f.schemaName >> f.messageEncoding;
    for (std::string* s : {&f.topic, &f.schemaName, &f.messageEncoding})
      if (*s == "-") s->clear();
    out.push_back(f);
  }
  return out;
}

TEST(McapConformance, EveryVariantOfTheSuiteReadsItsMessagesOnItsDeclaredChannel) {
  const std::vector<ConformanceFile> files = conformanceFiles();
  ASSERT_EQ(files.size(), 208u);
  for (const ConformanceFile& f : files) {
    const std::string path = test::logFixture("mcap_conformance/" + f.file);
    McapReader reader(path);
    McapMessage m;
    std::size_t messages = 0;
    while (reader.next(m)) {
      ++messages;
      ASSERT_NE(m.channel, nullptr) << f.file;
      EXPECT_EQ(m.channel->topic, f.topic) << f.file;
      EXPECT_EQ(m.channel->schemaName, f.schemaName) << f.file;
      EXPECT_EQ(m.channel->messageEncoding, f.messageEncoding) << f.file;
      EXPECT_EQ(m.size, 3u) << f.file;
    }
    EXPECT_EQ(messages, f.messages) << f.file;
    EXPECT_FALSE(reader.truncated()) << f.file;
    // Listing without counting finds the channel and its schema whatever the summary repeats.
    const std::vector<BagTopic> topics = listBagTopics(resolveBagFiles(path), false);
    ASSERT_EQ(topics.size(), f.topic.empty() ? 0u : 1u) << f.file;
    if (f.topic.empty()) continue;
    EXPECT_EQ(topics[0].name, f.topic) << f.file;
    EXPECT_EQ(topics[0].type, f.schemaName) << f.file;
    if (topics[0].messagesKnown) {
      EXPECT_EQ(topics[0].messages, f.messages) << f.file;
    }
  }
}

}  // namespace eb::mcap_layout_tests
