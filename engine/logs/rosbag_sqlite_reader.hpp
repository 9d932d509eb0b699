#pragma once
// Reading rosbag2's sqlite3 storage (.db3) without ROS: the Galactic/early
// Humble schema (topics + messages), Humble's (schema v3) and Iron+'s (v4, with
// message_definitions). Opened immutable and read-only through a file: URI, so
// a WAL-mode bag is read in place without creating -shm/-wal files beside it.
// Messages of one topic stream in (timestamp, id) order through one statement:
// memory does not grow with the file. rosbag2's per-message zstd compression is
// undone message by message. The database handle is owned from the moment
// sqlite3_open_v2 makes it: a file refused in the constructor releases it (and
// its file descriptor) like one read to the end.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace eb {

/// A topic of a db3 file.
struct SqliteTopic {
  std::int64_t id = 0;
  std::string name, type, serializationFormat;
};

/// A message as read: a view valid until the next call to next().
struct SqliteMessage {
  std::int64_t timestamp = 0;      ///< receive time [ns] since the epoch
  std::int64_t id = 0;             ///< messages.id
  const std::uint8_t* data = nullptr;
  std::size_t size = 0;
};

/// Streams the messages of a rosbag2 .db3 file.
class RosbagSqliteReader {
 public:
  /// Opens `path` read-only and immutable; checks the tables. Throws InputError.
  explicit RosbagSqliteReader(const std::string& path);
  ~RosbagSqliteReader();
  RosbagSqliteReader(const RosbagSqliteReader&) = delete;
  RosbagSqliteReader& operator=(const RosbagSqliteReader&) = delete;

  const std::vector<SqliteTopic>& topics() const { return topics_; }
  /// rosbag2 schema version: 2 without a `schema` table, else its value.
  int schemaVersion() const { return schemaVersion_; }
  /// Messages of topic `id`, count and first/last timestamp [ns] (one pass over the index).
  struct TopicStats {
    std::uint64_t count = 0;
    std::int64_t first = 0, last = 0;
  };
  TopicStats stats(std::int64_t topicId) const;
  /// Starts streaming the messages of topic `id` (order: timestamp, id).
  void select(std::int64_t topicId);
  /// The next message of the selected topic; false at the end.
  bool next(SqliteMessage& out);
  /// Fraction of the selected topic's messages read (needs a count: 0 until known).
  double progress() const { return total_ > 0 ? static_cast<double>(read_) / static_cast<double>(total_) : 0.0; }
  const std::string& path() const { return path_; }

 private:
  struct CloseDatabase {
    void operator()(sqlite3* db) const;
  };
  struct FinalizeStatement {
    void operator()(sqlite3_stmt* s) const;
  };
  [[noreturn]] void fail(const std::string& what) const;
  std::string path_;
  std::unique_ptr<sqlite3, CloseDatabase> db_;
  std::unique_ptr<sqlite3_stmt, FinalizeStatement> stmt_;  // after db_: finalized before it is closed
  std::vector<SqliteTopic> topics_;
  int schemaVersion_ = 2;
  std::uint64_t total_ = 0, read_ = 0;
  std::vector<std::uint8_t> inflated_;
};

/// The sqlite URI opening `path` read-only and immutable ("file:/a%20b.db3?mode=ro&immutable=1").
std::string immutableSqliteUri(const std::string& path);

}  // namespace eb
