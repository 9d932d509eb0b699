#pragma once
// Reading MCAP files (https://mcap.dev/spec, the container rosbag2 writes since
// ROS 2 Iron) front to back, record by record, without an MCAP library (Debian
// has none): chunks uncompressed, zstd or lz4, with or without the summary and
// index sections. Memory holds one chunk at a time, never the file.
//
// The summary section is optional and need not repeat the channels or the
// schemas (the reference writer leaves them out on request, keeping statistics
// or chunk indexes only): the data section declares them in any case, so a
// summary that lacks any is not trusted (summaryIsComplete()) and reading
// finds them there, inside chunks too.
//
// A file that ends inside a record (a recorder that was killed) yields every
// complete message before the cut; lostBytes() says how much was lost. A record
// that contradicts itself (bad magic, a chunk whose size or CRC does not match
// its data, an unknown compression, a record overrunning its chunk, a message on
// a channel no Channel record declares) throws InputError "<file>: offset <n>:
// <what>", the offset being the record's (or its chunk's). Nothing else leaves the reader.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace eb {

class TaskQueue;

/// A channel (a topic with its message encoding) and its schema's name and encoding.
struct McapChannel {
  std::uint16_t id = 0;
  std::uint16_t schemaId = 0;        ///< 0: no schema
  std::string topic;
  std::string messageEncoding;       ///< "cdr" (ROS 2), "ros1" (converted ROS 1 bags), ...
  std::string schemaName;            ///< e.g. "sensor_msgs/msg/JointState"; empty without schema
  std::string schemaEncoding;        ///< "ros2msg", "ros1msg", ...
};

/// A message as read: a view into the reader's buffer, valid until the next call to next().
struct McapMessage {
  std::uint16_t channelId = 0;
  const McapChannel* channel = nullptr;  ///< its declared channel: never null once next() returned it
  std::uint64_t logTime = 0;         ///< [ns] since the epoch (receive time)
  const std::uint8_t* data = nullptr;
  std::size_t size = 0;
  std::uint64_t recordOffset = 0;    ///< file offset of the Message record, or of the Chunk holding it
  std::size_t index = 0;             ///< 1-based number of the message in the file (every channel)
};

/// Bounds on what one record may make the reader allocate.
struct McapLimits {
  std::uint64_t maxChunkBytes = 1ull << 30;   ///< uncompressed chunk [bytes]
  std::uint64_t maxRecordBytes = 1ull << 30;  ///< a record outside chunks [bytes]
};

/// Streams the messages of one MCAP file in file order.
class McapReader {
 public:
  /// Opens `path` and checks its magic; reads the summary section when the file has one.
  /// Throws InputError.
  explicit McapReader(const std::string& path, McapLimits limits = {});
  ~McapReader();
  McapReader(const McapReader&) = delete;
  McapReader& operator=(const McapReader&) = delete;

  /// Channels known so far: those of the summary at once, the others as the data section declares them.
  const std::map<std::uint16_t, McapChannel>& channels() const { return channels_; }
  /// Whether the summary section declares every channel of the file with its schema, so that
  /// channels() is complete before reading. False without a summary, or when it lacks a Channel or
  /// Schema record that its own statistics or chunk indexes imply: then only reading finds them.
  bool summaryIsComplete() const { return summaryComplete_; }
  /// Message count per channel from the summary's Statistics record (empty without one).
  const std::map<std::uint16_t, std::uint64_t>& summaryCounts() const { return summaryCounts_; }
  /// The Header record's profile ("ros2", "ros1", ...).
  const std::string& profile() const { return profile_; }

  /// Only messages of channels for which `wanted` is true are returned; the others are skipped
  /// undecoded (large ones outside chunks are not even read). Default: every channel.
  void setFilter(std::function<bool(const McapChannel&)> wanted) {
    wanted_ = std::move(wanted);
    wantedCache_.clear();
    lastChannelId_ = -1;
  }
  /// The next wanted message; false at the end of the data (or at a truncation).
  bool next(McapMessage& out);

  /// Whether the file ended inside a record or without its footer (a recorder that stopped).
  bool truncated() const { return truncated_; }
  /// Bytes after the last complete record of a truncated file (0 when the cut fell between records).
  std::uint64_t lostBytes() const { return lostBytes_; }
  /// File offset where the truncation was found.
  std::uint64_t truncationOffset() const { return truncationOffset_; }
  /// Fraction of the file read, in [0, 1].
  double progress() const;
  /// File size [bytes].
  std::uint64_t fileSize() const { return fileSize_; }
  const std::string& path() const { return path_; }

 private:
  [[noreturn]] void fail(std::uint64_t offset, const std::string& what) const;
  bool readAt(std::uint64_t offset, void* out, std::size_t n);
  void readSummary();
  void parseHeader(const std::uint8_t* p, std::size_t n);
  void addSchema(const std::uint8_t* p, std::size_t n, std::uint64_t offset);
  // Returns the channel's id.
  std::uint16_t addChannel(const std::uint8_t* p, std::size_t n, std::uint64_t offset);
  struct SummaryFacts;
  void addStatistics(const std::uint8_t* p, std::size_t n, SummaryFacts& facts);
  bool declaresEverything(const SummaryFacts& facts) const;
  // The channel `id` of the message just counted, at `offset` (and `chunkByte` of that chunk, or
  // kOutsideChunk); throws InputError naming the message when no Channel record declares it.
  static constexpr std::size_t kOutsideChunk = ~std::size_t{0};
  const McapChannel& declaredChannel(std::uint16_t id, std::uint64_t offset, std::size_t chunkByte) const;
  bool wanted(std::uint16_t channelId);
  // Parses a Message record's content; fills out (data view into `p`). Throws when too short.
  void parseMessage(const std::uint8_t* p, std::size_t n, std::uint64_t offset, McapMessage& out);
  void openChunk(std::uint64_t offset, std::uint64_t length);
  struct DecodedChunk {
    std::uint64_t offset = 0;
    std::vector<std::uint8_t> bytes, record;  // the chunk's records; its Chunk record as read
  };
  // Reads the Chunk record at `offset` and decodes it on a worker (errors come out of get()).
  std::future<DecodedChunk> startChunk(std::uint64_t offset, std::uint64_t length);
  // Starts the Chunk records that follow `from` (up to kChunksAhead).
  void readAhead(std::uint64_t from);
  struct Ahead {
    std::uint64_t offset, next;  // the record's offset, and the offset after it
    std::future<DecodedChunk> decoded;
  };
  static constexpr std::size_t kChunksAhead = 2;
  static constexpr std::uint64_t kMaxChunkAheadBytes = 64ull << 20;  // larger ones are read in turn
  void stopTruncated(std::uint64_t offset);

  std::string path_;
  McapLimits limits_;
  std::FILE* file_ = nullptr;
  std::uint64_t fileSize_ = 0, pos_ = 0, filePos_ = 0;  // next record; where the FILE stands
  std::string profile_;
  struct Schema {
    std::string name, encoding;
  };
  std::map<std::uint16_t, Schema> schemas_;
  std::map<std::uint16_t, McapChannel> channels_;
  std::map<std::uint16_t, std::uint64_t> summaryCounts_;
  std::map<std::uint16_t, bool> wantedCache_;
  std::function<bool(const McapChannel&)> wanted_;
  int lastChannelId_ = -1;                      // the last message's channel (-1: none), declared and wanted
  const McapChannel* lastChannel_ = nullptr;
  bool lastWanted_ = false;
  std::vector<std::uint8_t> record_, chunk_;
  std::unique_ptr<TaskQueue> workers_;          // decode the chunks read ahead
  std::deque<Ahead> ahead_;                     // chunks being decoded ahead, in file order
  std::vector<std::vector<std::uint8_t>> spareRecords_, spareChunks_;  // buffers to reuse
  std::size_t chunkPos_ = 0, chunkEnd_ = 0;     // unread records of the current chunk
  std::uint64_t chunkOffset_ = 0;
  std::size_t messages_ = 0;
  bool summaryComplete_ = false, done_ = false, truncated_ = false;
  std::uint64_t lostBytes_ = 0, truncationOffset_ = 0;
};

/// Whether the file at `path` starts with the MCAP magic.
bool isMcapFile(const std::string& path);

}  // namespace eb
