#include "logs/mcap_reader.hpp"

#include "logs/bag_diagnostic.hpp"
#include "logs/byte_cursor.hpp"
#include "logs/chunk_decompression.hpp"
#include "util/task_queue.hpp"

#include <libdeflate.h>
#include <unistd.h>

#include <cerrno>

#include <cstring>
#include <memory>
#include <set>
#include <string_view>

namespace eb {

namespace {

constexpr std::uint8_t kMagic[8] = {0x89, 'M', 'C', 'A', 'P', 0x30, '\r', '\n'};
constexpr std::size_t kRecordHead = 9;           // opcode u8 + length u64
constexpr std::uint64_t kFooterLength = 20;      // summary_start, summary_offset_start, summary_crc
constexpr std::uint64_t kMaxSummaryRecord = 64ull << 20;
constexpr std::size_t kMessageHead = 2 + 4 + 8 + 8;

enum Opcode : std::uint8_t {
  kHeader = 0x01, kFooter = 0x02, kSchema = 0x03, kChannel = 0x04, kMessage = 0x05, kChunk = 0x06,
  kChunkIndex = 0x08, kStatistics = 0x0B, kDataEnd = 0x0F
};

bool readString(ByteCursor& c, std::string& s) {
  std::uint32_t n = 0;
  std::string_view v;
  if (!c.u32(n) || !c.text(n, v)) return false;
  s.assign(v);
  return true;
}

std::uint32_t crc32Of(const std::uint8_t* p, std::size_t n) { return libdeflate_crc32(0, p, n); }

// Adds the channel ids of a Chunk Index record's message_index_offsets to `out`; false when the
// record does not parse. (An empty map only says the chunk has no message indexes.)
bool addChunkIndexChannels(const std::uint8_t* p, std::size_t n, std::set<std::uint16_t>& out) {
  ByteCursor c(p, n);
  std::uint64_t startTime = 0, endTime = 0, chunkOffset = 0, chunkLength = 0;
  std::uint32_t mapBytes = 0;
  if (!c.u64(startTime) || !c.u64(endTime) || !c.u64(chunkOffset) || !c.u64(chunkLength) || !c.u32(mapBytes) ||
      mapBytes > c.remaining())
    return false;
  ByteCursor m(c.here(), mapBytes);
  while (m.remaining() > 0) {
    std::uint16_t id = 0;
    std::uint64_t offset = 0;
    if (!m.u16(id) || !m.u64(offset)) return false;
    out.insert(id);
  }
  return true;
}

}  // namespace

// What the summary section says about the channels, to judge whether it declares them all.
struct McapReader::SummaryFacts {
  std::set<std::uint16_t> channels;    // declared by the summary's Channel records
  std::set<std::uint16_t> referenced;  // named by its Statistics counts and Chunk Index message indexes
  bool statistics = false;
  std::uint64_t channelCount = 0;      // the Statistics record's channel_count
};

bool isMcapFile(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  std::uint8_t head[8] = {};
  const bool ok = std::fread(head, 1, 8, f) == 8 && std::memcmp(head, kMagic, 8) == 0;
  std::fclose(f);
  return ok;
}

McapReader::McapReader(const std::string& path, McapLimits limits) : path_(path), limits_(limits) {
  file_ = std::fopen(path.c_str(), "rb");
  if (!file_) throw inputErrorAt(path, 0, "", "cannot open the file");
  if (std::fseek(file_, 0, SEEK_END) == 0) {
    const long long end = ftello(file_);
    fileSize_ = end > 0 ? static_cast<std::uint64_t>(end) : 0;
  }
  filePos_ = ~0ull;  // unknown: the first read seeks
  std::uint8_t head[8] = {};
  if (!readAt(0, head, 8) || std::memcmp(head, kMagic, 8) != 0)
    throw inputErrorAt(path, 0, "", "not an MCAP file (bad magic: the file does not start with 89 'MCAP0' 0D 0A)");
  pos_ = 8;
  readSummary();
}

McapReader::~McapReader() {
  ahead_.clear();
  workers_.reset();  // waits for the workers: they read through file_'s descriptor
  if (file_) std::fclose(file_);
}

void McapReader::fail(std::uint64_t offset, const std::string& what) const { throw bagError(path_, "offset", offset, what); }

bool McapReader::readAt(std::uint64_t offset, void* out, std::size_t n) {
  if (offset > fileSize_ || n > fileSize_ - offset) return false;
  if (filePos_ != offset) {
    if (fseeko(file_, static_cast<off_t>(offset), SEEK_SET) != 0) return false;
  }
  const bool ok = std::fread(out, 1, n, file_) == n;
  filePos_ = ok ? offset + n : ~0ull;
  return ok;
}

double McapReader::progress() const {
  return fileSize_ > 0 ? static_cast<double>(pos_ < fileSize_ ? pos_ : fileSize_) / static_cast<double>(fileSize_) : 1.0;
}

void McapReader::readSummary() {
  // Footer record then the closing magic: the last 8 + 9 + 20 bytes of a complete file.
  constexpr std::uint64_t tail = 8 + kRecordHead + kFooterLength;
  if (fileSize_ < 8 + tail) return;
  std::uint8_t end[tail];
  if (!readAt(fileSize_ - tail, end, tail) || std::memcmp(end + tail - 8, kMagic, 8) != 0) return;
  ByteCursor c(end, tail);
  std::uint8_t op = 0;
  std::uint64_t length = 0, summaryStart = 0;
  if (!c.u8(op) || !c.u64(length) || op != kFooter || length != kFooterLength || !c.u64(summaryStart)) return;
  const std::uint64_t footer = fileSize_ - tail;
  if (summaryStart == 0 || summaryStart < 8 || summaryStart >= footer) return;
  // A summary that does not parse is ignored: the data section declares everything again.
  std::map<std::uint16_t, Schema> schemas = schemas_;
  std::map<std::uint16_t, McapChannel> channels = channels_;
  SummaryFacts facts;
  try {
    std::uint64_t at = summaryStart;
    while (at < footer) {
      std::uint8_t head[kRecordHead];
      if (!readAt(at, head, kRecordHead)) throw std::runtime_error("summary");
      ByteCursor h(head, kRecordHead);
      h.u8(op);
      h.u64(length);
      if (length > footer - at - kRecordHead) throw std::runtime_error("summary");
      if (op == kSchema || op == kChannel || op == kStatistics || op == kChunkIndex) {
        if (length > kMaxSummaryRecord) throw std::runtime_error("summary");
        record_.resize(static_cast<std::size_t>(length));
        if (!readAt(at + kRecordHead, record_.data(), record_.size())) throw std::runtime_error("summary");
        if (op == kSchema) addSchema(record_.data(), record_.size(), at);
        if (op == kChannel) facts.channels.insert(addChannel(record_.data(), record_.size(), at));
        if (op == kStatistics) addStatistics(record_.data(), record_.size(), facts);
        if (op == kChunkIndex && !addChunkIndexChannels(record_.data(), record_.size(), facts.referenced))
          throw std::runtime_error("summary");
      }
      at += kRecordHead + length;
    }
    summaryComplete_ = declaresEverything(facts);
  } catch (const std::exception&) {
    schemas_ = std::move(schemas);
    channels_ = std::move(channels);
    summaryCounts_.clear();
  }
}

bool McapReader::declaresEverything(const SummaryFacts& facts) const {
  // Without Channel records the summary declares nothing, unless its statistics say there is nothing.
  if (facts.channels.empty() && !(facts.statistics && facts.channelCount == 0)) return false;
  if (facts.statistics && facts.channelCount > facts.channels.size()) return false;
  for (const std::uint16_t id : facts.referenced)
    if (facts.channels.count(id) == 0) return false;
  // Channels repeated without their schemas: the data section has the schemas.
  for (const auto& [id, ch] : channels_)
    if (ch.schemaId != 0 && schemas_.count(ch.schemaId) == 0) return false;
  return true;
}

void McapReader::parseHeader(const std::uint8_t* p, std::size_t n) {
  ByteCursor c(p, n);
  readString(c, profile_);
}

void McapReader::addSchema(const std::uint8_t* p, std::size_t n, std::uint64_t offset) {
  ByteCursor c(p, n);
  std::uint16_t id = 0;
  Schema s;
  if (!c.u16(id) || !readString(c, s.name) || !readString(c, s.encoding)) fail(offset, "Schema record shorter than its fields");
  if (id == 0) return;  // the specification's "invalid, ignore": schema 0 means a channel has none
  schemas_[id] = std::move(s);
  // Channels may name a schema before it is seen (in the summary): resolve them now.
  for (auto& [cid, ch] : channels_)
    if (ch.schemaId == id && ch.schemaName.empty()) {
      ch.schemaName = schemas_[id].name;
      ch.schemaEncoding = schemas_[id].encoding;
    }
}

std::uint16_t McapReader::addChannel(const std::uint8_t* p, std::size_t n, std::uint64_t offset) {
  ByteCursor c(p, n);
  McapChannel ch;
  if (!c.u16(ch.id) || !c.u16(ch.schemaId) || !readString(c, ch.topic) || !readString(c, ch.messageEncoding))
    fail(offset, "Channel record shorter than its fields");
  const auto s = schemas_.find(ch.schemaId);
  if (s != schemas_.end()) {
    ch.schemaName = s->second.name;
    ch.schemaEncoding = s->second.encoding;
  }
  wantedCache_.erase(ch.id);
  lastChannelId_ = -1;
  const std::uint16_t id = ch.id;
  channels_[id] = std::move(ch);  // assigned in place: McapMessage::channel pointers stay valid
  return id;
}

void McapReader::addStatistics(const std::uint8_t* p, std::size_t n, SummaryFacts& facts) {
  ByteCursor c(p, n);
  std::uint64_t messages = 0, start = 0, end = 0;
  std::uint16_t schemas = 0;
  std::uint32_t channels = 0, attachments = 0, metadata = 0, chunks = 0, mapBytes = 0;
  if (!c.u64(messages) || !c.u16(schemas) || !c.u32(channels) || !c.u32(attachments) || !c.u32(metadata) ||
      !c.u32(chunks) || !c.u64(start) || !c.u64(end) || !c.u32(mapBytes) || mapBytes > c.remaining())
    throw std::runtime_error("statistics");
  facts.statistics = true;
  facts.channelCount = channels;
  ByteCursor m(c.here(), mapBytes);
  while (m.remaining() > 0) {
    std::uint16_t id = 0;
    std::uint64_t count = 0;
    if (!m.u16(id) || !m.u64(count)) throw std::runtime_error("statistics");
    summaryCounts_[id] = count;
    facts.referenced.insert(id);
  }
}

bool McapReader::wanted(std::uint16_t channelId) {
  if (!wanted_) return true;
  const auto cached = wantedCache_.find(channelId);
  if (cached != wantedCache_.end()) return cached->second;
  const auto ch = channels_.find(channelId);
  // A message before its channel breaks the format's rule; nothing can decode it.
  const bool w = ch != channels_.end() && wanted_(ch->second);
  if (ch != channels_.end()) wantedCache_[channelId] = w;
  return w;
}

const McapChannel& McapReader::declaredChannel(std::uint16_t id, std::uint64_t offset, std::size_t chunkByte) const {
  const auto ch = channels_.find(id);
  if (ch == channels_.end())
    fail(offset, "message " + std::to_string(messages_) +
                     (chunkByte == kOutsideChunk ? std::string()
                                                 : " (the record at byte " + std::to_string(chunkByte) + " of the chunk)") +
                     " is on channel " + std::to_string(id) + ", which no Channel record declares");
  return ch->second;
}

void McapReader::parseMessage(const std::uint8_t* p, std::size_t n, std::uint64_t offset, McapMessage& out) {
  ByteCursor c(p, n);
  std::uint32_t sequence = 0;
  std::uint64_t publishTime = 0;
  if (!c.u16(out.channelId) || !c.u32(sequence) || !c.u64(out.logTime) || !c.u64(publishTime))
    fail(offset, "Message record of " + std::to_string(n) + " bytes, shorter than its 22-byte header");
  out.data = c.here();
  out.size = c.remaining();
  out.recordOffset = offset;
}

void McapReader::stopTruncated(std::uint64_t offset) {
  truncated_ = true;
  done_ = true;
  truncationOffset_ = offset;
  lostBytes_ = fileSize_ - offset;
}

namespace {

// A Chunk record's content (`length` bytes at `p`, the record at `offset`) decompressed and
// CRC-checked into `out`; throws InputError naming the chunk's offset. Touches no reader state:
// it runs on a worker for the chunks read ahead.
void decodeChunk(const std::string& path, const McapLimits& limits, std::uint64_t offset, const std::uint8_t* p,
                 std::uint64_t length, std::vector<std::uint8_t>& out) {
  auto fail = [&](const std::string& what) { throw bagError(path, "offset", offset, what); };
  // Fixed fields: message_start_time, message_end_time, uncompressed_size, uncompressed_crc,
  // then the compression string and the u64 length of the records.
  constexpr std::uint64_t kFixed = 8 + 8 + 8 + 4 + 4;
  if (length < kFixed + 8) fail("Chunk record of " + std::to_string(length) + " bytes, shorter than its fields");
  ByteCursor c(p, static_cast<std::size_t>(length));
  std::uint64_t startTime = 0, endTime = 0, uncompressedSize = 0;
  std::uint32_t crc = 0, compressionLength = 0;
  c.u64(startTime);
  c.u64(endTime);
  c.u64(uncompressedSize);
  c.u32(crc);
  c.u32(compressionLength);
  if (compressionLength > length - kFixed - 8 || compressionLength > 256)
    fail("Chunk record's compression name of " + std::to_string(compressionLength) + " bytes overruns the record");
  std::string_view name;
  c.text(compressionLength, name);
  const std::string compression(name);
  std::uint64_t records = 0;
  c.u64(records);
  const std::uint64_t headBytes = kFixed + compressionLength + 8;
  if (records > length - headBytes)
    fail("Chunk record's records size " + std::to_string(records) + " overruns the record (" +
         std::to_string(length - headBytes) + " bytes left)");
  if (uncompressedSize > limits.maxChunkBytes)
    fail("Chunk uncompressed_size " + std::to_string(uncompressedSize) + " bytes is beyond the " +
         std::to_string(limits.maxChunkBytes) + "-byte limit of one chunk (a corrupt chunk?)");
  const std::uint8_t* data = p + headBytes;
  if (compression.empty()) {
    if (records != uncompressedSize)
      fail("uncompressed Chunk holds " + std::to_string(records) + " bytes, but its uncompressed_size says " +
           std::to_string(uncompressedSize));
    out.assign(data, data + records);
  } else {
    if (compression != "zstd" && compression != "lz4")
      fail("Chunk compression '" + compression + "' is not supported (supported: none, zstd, lz4)");
    const std::string error = decompressChunk(compression, data, static_cast<std::size_t>(records), uncompressedSize, out);
    if (!error.empty()) fail("Chunk (" + compression + "): " + error);
  }
  if (crc != 0) {
    const std::uint32_t actual = crc32Of(out.data(), out.size());
    if (actual != crc)
      fail("Chunk CRC mismatch: uncompressed_crc " + std::to_string(crc) + ", the data gives " + std::to_string(actual));
  }
}

// Reads n bytes at `offset` of `fd` without moving its file position; false when they are not all there.
bool preadAll(int fd, std::uint8_t* out, std::size_t n, std::uint64_t offset) {
  while (n > 0) {
    const ssize_t got = ::pread(fd, out, n, static_cast<off_t>(offset));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    out += got;
    n -= static_cast<std::size_t>(got);
    offset += static_cast<std::uint64_t>(got);
  }
  return true;
}

}  // namespace

std::future<McapReader::DecodedChunk> McapReader::startChunk(std::uint64_t offset, std::uint64_t length) {
  constexpr std::uint64_t kFixed = 8 + 8 + 8 + 4 + 4 + 8;
  // Buffers go round (record, chunk, spare): fresh ones per chunk would cost a page fault per 4 KiB.
  DecodedChunk chunk;
  chunk.offset = offset;
  if (!spareRecords_.empty()) {
    chunk.record = std::move(spareRecords_.back());
    spareRecords_.pop_back();
  }
  if (!spareChunks_.empty()) {
    chunk.bytes = std::move(spareChunks_.back());
    spareChunks_.pop_back();
  }
  // The worker reads the record too (pread: the reader's own position stays put). Only what
  // the record holds is read: a short or unreadable one fails in decodeChunk, in order.
  auto decode = [path = path_, limits = limits_, length, fd = ::fileno(file_), chunk = std::move(chunk)]() mutable {
    if (length >= kFixed) {
      chunk.record.resize(static_cast<std::size_t>(length));
      if (!preadAll(fd, chunk.record.data(), chunk.record.size(), chunk.offset + kRecordHead))
        throw bagError(path, "offset", chunk.offset, "Chunk record cannot be read");
    }
    decodeChunk(path, limits, chunk.offset, chunk.record.data(), length, chunk.bytes);
    return std::move(chunk);
  };
  // Threads kept for the whole read: each keeps its decompression context from chunk to chunk.
  if (!workers_) workers_ = std::make_unique<TaskQueue>(static_cast<int>(kChunksAhead));
  return workers_->submit(std::move(decode));
}

void McapReader::openChunk(std::uint64_t offset, std::uint64_t length) {
  std::future<DecodedChunk> decoded;
  if (!ahead_.empty() && ahead_.front().offset == offset) {
    decoded = std::move(ahead_.front().decoded);
    ahead_.pop_front();
  } else {
    ahead_.clear();
    decoded = startChunk(offset, length);
  }
  readAhead(offset + kRecordHead + length);
  // A worker's error comes out here, in file order, as it would have read in turn.
  DecodedChunk chunk = decoded.get();
  spareChunks_.push_back(std::move(chunk_));
  spareRecords_.push_back(std::move(chunk.record));
  chunk_ = std::move(chunk.bytes);
  chunkPos_ = 0;
  chunkEnd_ = chunk_.size();
  chunkOffset_ = offset;
}

void McapReader::readAhead(std::uint64_t from) {
  // The chunks that follow are decompressed and CRC-checked on other cores while this one's
  // messages are decoded; a few at most, so memory stays a few chunks.
  std::uint64_t at = ahead_.empty() ? from : ahead_.back().next;
  while (ahead_.size() < kChunksAhead) {
    std::uint8_t head[kRecordHead];
    if (at >= fileSize_ || !readAt(at, head, kRecordHead)) return;
    ByteCursor h(head, kRecordHead);
    std::uint8_t op = 0;
    std::uint64_t length = 0;
    h.u8(op);
    h.u64(length);
    // Anything else (a truncated record, the data end) is met in turn by next().
    if (op != kChunk || length > fileSize_ - at - kRecordHead || length > kMaxChunkAheadBytes) return;
    ahead_.push_back({at, at + kRecordHead + length, startChunk(at, length)});
    at += kRecordHead + length;
  }
}

bool McapReader::next(McapMessage& out) {
  while (true) {
    // Records inside the current chunk.
    while (chunkPos_ < chunkEnd_) {
      ByteCursor c(chunk_.data() + chunkPos_, chunkEnd_ - chunkPos_);
      std::uint8_t op = 0;
      std::uint64_t length = 0;
      if (!c.u8(op) || !c.u64(length) || length > c.remaining())
        fail(chunkOffset_, "record at byte " + std::to_string(chunkPos_) + " of the chunk overruns the chunk");
      const std::uint8_t* content = c.here();
      const auto n = static_cast<std::size_t>(length);
      const std::size_t recordByte = chunkPos_;
      chunkPos_ += kRecordHead + n;
      if (op == kSchema) addSchema(content, n, chunkOffset_);
      else if (op == kChannel) addChannel(content, n, chunkOffset_);
      else if (op == kMessage) {
        ++messages_;
        if (n < kMessageHead) parseMessage(content, n, chunkOffset_, out);  // throws: too short
        std::uint16_t channel = 0;
        ByteCursor(content, n).u16(channel);
        // Messages come in runs on one channel: its lookups are kept until the channel changes.
        if (channel != lastChannelId_) {
          lastChannel_ = &declaredChannel(channel, chunkOffset_, recordByte);
          lastWanted_ = wanted(channel);
          lastChannelId_ = channel;
        }
        if (!lastWanted_) continue;
        parseMessage(content, n, chunkOffset_, out);
        out.channel = lastChannel_;
        out.index = messages_;
        return true;
      }
    }
    if (done_) return false;
    // The next record of the file.
    if (pos_ == fileSize_) {
      // Every record complete, but no footer: a recorder that stopped between records.
      stopTruncated(pos_);
      return false;
    }
    std::uint8_t head[kRecordHead];
    if (!readAt(pos_, head, kRecordHead)) {
      stopTruncated(pos_);
      return false;
    }
    ByteCursor h(head, kRecordHead);
    std::uint8_t op = 0;
    std::uint64_t length = 0;
    h.u8(op);
    h.u64(length);
    const std::uint64_t offset = pos_;
    if (length > fileSize_ - offset - kRecordHead) {
      stopTruncated(offset);
      return false;
    }
    pos_ = offset + kRecordHead + length;
    switch (op) {
      case kChunk:
        openChunk(offset, length);
        break;
      case kMessage: {
        ++messages_;
        std::uint8_t channelBytes[2] = {};
        if (length < kMessageHead) fail(offset, "Message record of " + std::to_string(length) + " bytes, shorter than its 22-byte header");
        if (!readAt(offset + kRecordHead, channelBytes, 2)) fail(offset, "Message record cannot be read");
        std::uint16_t channel = 0;
        ByteCursor(channelBytes, 2).u16(channel);
        const McapChannel& declared = declaredChannel(channel, offset, kOutsideChunk);
        if (!wanted(channel)) break;
        if (length > limits_.maxRecordBytes)
          fail(offset, "Message record of " + std::to_string(length) + " bytes is beyond the reader's limit");
        record_.resize(static_cast<std::size_t>(length));
        if (!readAt(offset + kRecordHead, record_.data(), record_.size())) fail(offset, "Message record cannot be read");
        parseMessage(record_.data(), record_.size(), offset, out);
        out.channel = &declared;
        out.index = messages_;
        return true;
      }
      case kHeader:
      case kSchema:
      case kChannel: {
        if (length > kMaxSummaryRecord) fail(offset, "record of " + std::to_string(length) + " bytes is beyond the reader's limit");
        record_.resize(static_cast<std::size_t>(length));
        if (!readAt(offset + kRecordHead, record_.data(), record_.size())) fail(offset, "record cannot be read");
        if (op == kHeader) parseHeader(record_.data(), record_.size());
        if (op == kSchema) addSchema(record_.data(), record_.size(), offset);
        if (op == kChannel) addChannel(record_.data(), record_.size(), offset);
        break;
      }
      case kDataEnd:
      case kFooter:
        // The data section is over: what follows is the summary (read at open).
        done_ = true;
        return false;
      default:
        break;  // indexes, attachments, metadata: nothing a log needs
    }
  }
}

}  // namespace eb
