// rosbag2's sqlite3 storage without ../shared, on the files of tests/data/logs/rosbag_db3
// (make_db3.py): a good .db3 reads the same samples as the MCAP layouts; a .db3 without the
// rosbag2 tables, one that is no database and one cut in half are each refused in one line naming
// the file; and 200 refused opens leave the process with as many file descriptors as before.
#include "logs/log_import.hpp"
#include "logs/rosbag_sqlite_reader.hpp"
#include "test_log_support.hpp"
#include "util/input_error.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace eb::sqlite_reader_tests {

std::string db3File(const std::string& name) { return test::logFixture("rosbag_db3/" + name + ".db3"); }

const char* const kBadFiles[] = {"no_tables", "corrupt_header", "truncated"};

// The process's open file descriptors (entries of /proc/self/fd); -1 where there is no /proc.
int openDescriptors() {
  std::error_code ec;
  int n = 0;
  for (std::filesystem::directory_iterator it("/proc/self/fd", ec), end; !ec && it != end; it.increment(ec)) ++n;
  return ec ? -1 : n;
}

// Opens `path` and reads every message of every topic, as an import would.
std::size_t readEverything(const std::string& path) {
  RosbagSqliteReader reader(path);
  std::size_t messages = 0;
  for (const SqliteTopic& t : reader.topics()) {
    reader.stats(t.id);
    reader.select(t.id);
    SqliteMessage m;
    while (reader.next(m)) ++messages;
  }
  return messages;
}

TEST(RosbagSqliteReader, GoodDb3ReadsTheSamplesOfTheMcapLayouts) {
  EXPECT_EQ(readEverything(db3File("joint_states")), 20u);
  LogImportOptions o;
  o.dof = 3;
  o.jointNames = {"j0", "j1", "j2"};
  const ExperimentLog log = importLog(db3File("joint_states"), o);
  ASSERT_EQ(log.rows(), 20u);
  for (int i = 0; i < 20; ++i)
    for (int j = 0; j < 3; ++j) {
      // make_layouts.mjs's values: binary fractions, exact in a double.
      EXPECT_EQ(log.q(i, j), 0.25 * i + j);
      EXPECT_EQ(log.qd(i, j), j - 0.125 * i);
      EXPECT_EQ(log.tau(i, j), 10.0 * j + 0.5 * i);
    }
}

TEST(RosbagSqliteReader, BadDb3IsRefusedInOneLineNamingTheFile) {
  for (const char* name : kBadFiles) {
    const std::string message = test::messageOf<InputError>([&] { readEverything(db3File(name)); });
    EXPECT_NE(message.find(std::string(name) + ".db3: "), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
  EXPECT_MESSAGE_HAS(test::messageOf<InputError>([&] { RosbagSqliteReader reader(db3File("no_tables")); }),
                     "not a rosbag2 database: the tables 'topics' and 'messages' are missing");
}

TEST(RosbagSqliteReader, RefusedDb3ReleasesItsHandleAndDescriptor) {
  if (openDescriptors() < 0) GTEST_SKIP() << "no /proc/self/fd";
  // One refusal first: whatever sqlite sets up once per process is not a leak.
  for (const char* name : kBadFiles) test::messageOf<InputError>([&] { RosbagSqliteReader reader(db3File(name)); });
  const int before = openDescriptors();
  for (int i = 0; i < 200; ++i) {
    const char* name = kBadFiles[i % 3];
    test::messageOf<InputError>([&] { readEverything(db3File(name)); });
  }
  EXPECT_EQ(openDescriptors(), before);
}

}  // namespace eb::sqlite_reader_tests
