#pragma once
// The messages of a rosbag2 bag, whatever its storage (MCAP or sqlite3) and
// however many split files it has: one stream in file order, topics listed
// the same way for both storages.

#include "logs/cdr_joint_state.hpp"
#include "logs/experiment_log.hpp"
#include "logs/rosbag_directory.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace eb {

class McapReader;
class RosbagSqliteReader;

/// A topic of a bag with its message count and receive-time span (when counted).
struct BagTopic {
  std::string name, type;
  std::string encoding;            ///< "cdr", "ros1", ...
  std::uint64_t messages = 0;
  bool counted = false;            ///< messages, first and last are known
  bool messagesKnown = false;      ///< messages is known (from a summary's statistics, or counted)
  std::int64_t first = 0, last = 0;  ///< receive (log) time of the first and last message [ns]
};

/// A message as read: a view valid until the next call to next().
struct BagMessage {
  const std::uint8_t* data = nullptr;
  std::size_t size = 0;
  std::int64_t logTime = 0;        ///< receive time [ns]
  std::size_t index = 0;           ///< 1-based number among the streamed messages of the bag
  const char* place = "message";   ///< how `number` names the message in `file`
  std::uint64_t number = 0;        ///< MCAP: its 1-based message number; db3: messages.id
  const std::string* file = nullptr;
  JointStateEncoding encoding = JointStateEncoding::Cdr;
};

/// Topics of the bag: MCAP files whose summary declares every channel list its channels and
/// statistics; the others (and `count`) are read through once, which finds the channels and
/// schemas the summary lacks in the data section. Merged over the split files.
std::vector<BagTopic> listBagTopics(const BagFiles& bag, bool count);

/// Streams the messages of one topic over the bag's files in order.
class BagMessageStream {
 public:
  BagMessageStream(const BagFiles& bag, std::string topic);
  ~BagMessageStream();
  /// The next message of the topic; false at the end. Throws InputError for a corrupt record.
  bool next(BagMessage& out);
  /// Fraction of the bag read, in [0, 1].
  double progress() const;
  /// What was imperfect but usable: truncated files (one line each, with the bytes lost).
  const std::vector<LogWarning>& warnings() const { return warnings_; }

 private:
  bool open(std::size_t file);
  void closeFile();
  BagFiles bag_;
  std::string topic_;
  std::size_t file_ = 0;
  bool opened_ = false;
  std::unique_ptr<McapReader> mcap_;
  std::unique_ptr<RosbagSqliteReader> sqlite_;
  JointStateEncoding encoding_ = JointStateEncoding::Cdr;
  std::size_t index_ = 0;
  std::vector<LogWarning> warnings_;
};

}  // namespace eb
