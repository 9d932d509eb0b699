#pragma once
// A tiny MCAP writer and JointState CDR encoder for tests and benchmarks: bags
// made on the spot, so the bag reader's tests do not need ../shared, and the
// benchmark can write an hour-long bag. Writes what rosbag2 writes: Header,
// Schema, Channel, chunks (none, zstd or lz4) or bare messages, DataEnd, a
// summary (Schema, Channel, Statistics) and the Footer.

#include <lz4frame.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace eb::test {

/// One JointState message.
struct TestJointState {
  std::int64_t stampNs = 0;
  std::vector<std::string> names;
  std::vector<double> position, velocity, effort;
  std::string frameId;
};

/// Appends little-endian values, with CDR alignment counted from `origin`.
struct ByteWriter {
  std::vector<std::uint8_t> bytes;
  std::size_t origin = 0;
  void align(std::size_t n) {
    while ((bytes.size() - origin) % n != 0) bytes.push_back(0);
  }
  template <class T>
  void raw(T v) {
    std::uint8_t b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    bytes.insert(bytes.end(), b, b + sizeof(T));
  }
  void str32(const std::string& s) {
    raw<std::uint32_t>(static_cast<std::uint32_t>(s.size()));
    bytes.insert(bytes.end(), s.begin(), s.end());
  }
  void blob(const std::vector<std::uint8_t>& b) { bytes.insert(bytes.end(), b.begin(), b.end()); }
};

/// The CDR (little-endian XCDR1) payload of a JointState, as rmw writes it.
inline std::vector<std::uint8_t> encodeJointStateCdr(const TestJointState& m) {
  ByteWriter w;
  w.bytes = {0x00, 0x01, 0x00, 0x00};
  w.origin = 4;
  const std::int64_t sec = m.stampNs / 1000000000;
  w.raw<std::int32_t>(static_cast<std::int32_t>(sec));
  w.raw<std::uint32_t>(static_cast<std::uint32_t>(m.stampNs - sec * 1000000000));
  auto cdrString = [&](const std::string& s) {
    w.align(4);
    w.raw<std::uint32_t>(static_cast<std::uint32_t>(s.size() + 1));
    w.bytes.insert(w.bytes.end(), s.begin(), s.end());
    w.bytes.push_back(0);
  };
  cdrString(m.frameId);
  w.align(4);
  w.raw<std::uint32_t>(static_cast<std::uint32_t>(m.names.size()));
  for (const std::string& n : m.names) cdrString(n);
  for (const std::vector<double>* a : {&m.position, &m.velocity, &m.effort}) {
    w.align(4);
    w.raw<std::uint32_t>(static_cast<std::uint32_t>(a->size()));
    if (!a->empty()) w.align(8);
    for (const double v : *a) w.raw<double>(v);
  }
  return w.bytes;
}

/// Writes an MCAP file record by record.
class McapTestWriter {
 public:
  /// compression: "" (uncompressed chunks), "zstd", "lz4", or "unchunked" (bare Message records).
  McapTestWriter(const std::string& path, std::string compression, std::size_t chunkBytes = 768 * 1024)
      : compression_(std::move(compression)), chunkBytes_(chunkBytes) {
    file_ = std::fopen(path.c_str(), "wb");
    if (!file_) throw std::runtime_error("cannot write " + path);
    put(magic());
    ByteWriter h;
    h.str32("ros2");
    h.str32("excitebench test writer");
    record(0x01, h.bytes, out_);
    flushOut();
  }
  ~McapTestWriter() {
    if (file_) std::fclose(file_);
  }

  /// Declares a schema + channel; returns the channel id.
  std::uint16_t addChannel(const std::string& topic, const std::string& schemaName, const std::string& encoding = "cdr") {
    const auto id = static_cast<std::uint16_t>(channels_.size() + 1);
    ByteWriter s;
    s.raw<std::uint16_t>(id);
    s.str32(schemaName);
    s.str32(encoding == "ros1" ? "ros1msg" : "ros2msg");
    s.str32("");
    ByteWriter c;
    c.raw<std::uint16_t>(id);
    c.raw<std::uint16_t>(id);
    c.str32(topic);
    c.str32(encoding);
    c.raw<std::uint32_t>(0);  // empty metadata map
    schemaRecords_.push_back(s.bytes);
    channelRecords_.push_back(c.bytes);
    channels_[id] = 0;
    record(0x03, s.bytes, out_);
    record(0x04, c.bytes, out_);
    flushOut();
    return id;
  }

  /// Writes a message (log time [ns]).
  void write(std::uint16_t channel, std::uint64_t logTime, const std::vector<std::uint8_t>& data) {
    ByteWriter m;
    m.raw<std::uint16_t>(channel);
    m.raw<std::uint32_t>(0);
    m.raw<std::uint64_t>(logTime);
    m.raw<std::uint64_t>(logTime);
    m.blob(data);
    ++channels_[channel];
    ++messages_;
    if (first_ == 0 || logTime < first_) first_ = logTime;
    if (logTime > last_) last_ = logTime;
    if (compression_ == "unchunked") {
      record(0x05, m.bytes, out_);
      flushOut();
      return;
    }
    if (chunk_.empty()) chunkStart_ = logTime;
    chunkEnd_ = logTime;
    record(0x05, m.bytes, chunk_);
    if (chunk_.size() >= chunkBytes_) flushChunk();
  }

  /// Ends the data section; with `summary`, writes the summary and the footer.
  void close(bool summary = true) {
    flushChunk();
    ByteWriter end;
    end.raw<std::uint32_t>(0);
    record(0x0F, end.bytes, out_);
    std::uint64_t summaryStart = 0;
    if (summary) {
      summaryStart = written_ + out_.size();
      for (const auto& s : schemaRecords_) record(0x03, s, out_);
      for (const auto& c : channelRecords_) record(0x04, c, out_);
      ByteWriter st;
      st.raw<std::uint64_t>(messages_);
      st.raw<std::uint16_t>(static_cast<std::uint16_t>(schemaRecords_.size()));
      st.raw<std::uint32_t>(static_cast<std::uint32_t>(channels_.size()));
      st.raw<std::uint32_t>(0);
      st.raw<std::uint32_t>(0);
      st.raw<std::uint32_t>(chunks_);
      st.raw<std::uint64_t>(first_);
      st.raw<std::uint64_t>(last_);
      st.raw<std::uint32_t>(static_cast<std::uint32_t>(channels_.size() * 10));
      for (const auto& [id, n] : channels_) {
        st.raw<std::uint16_t>(id);
        st.raw<std::uint64_t>(n);
      }
      record(0x0B, st.bytes, out_);
    }
    ByteWriter f;
    f.raw<std::uint64_t>(summaryStart);
    f.raw<std::uint64_t>(0);
    f.raw<std::uint32_t>(0);
    record(0x02, f.bytes, out_);
    out_.insert(out_.end(), magic().begin(), magic().end());
    flushOut();
    std::fclose(file_);
    file_ = nullptr;
  }

 private:
  static const std::vector<std::uint8_t>& magic() {
    static const std::vector<std::uint8_t> m = {0x89, 'M', 'C', 'A', 'P', 0x30, '\r', '\n'};
    return m;
  }
  static void record(std::uint8_t op, const std::vector<std::uint8_t>& content, std::vector<std::uint8_t>& to) {
    to.push_back(op);
    const std::uint64_t n = content.size();
    std::uint8_t b[8];
    std::memcpy(b, &n, 8);
    to.insert(to.end(), b, b + 8);
    to.insert(to.end(), content.begin(), content.end());
  }
  void put(const std::vector<std::uint8_t>& b) {
    std::fwrite(b.data(), 1, b.size(), file_);
    written_ += b.size();
  }
  void flushOut() {
    put(out_);
    out_.clear();
  }
  void flushChunk() {
    if (chunk_.empty()) return;
    std::vector<std::uint8_t> packed;
    if (compression_ == "zstd") {
      packed.resize(ZSTD_compressBound(chunk_.size()));
      packed.resize(ZSTD_compress(packed.data(), packed.size(), chunk_.data(), chunk_.size(), 3));
    } else if (compression_ == "lz4") {
      packed.resize(LZ4F_compressFrameBound(chunk_.size(), nullptr));
      packed.resize(LZ4F_compressFrame(packed.data(), packed.size(), chunk_.data(), chunk_.size(), nullptr));
    } else {
      packed = chunk_;
    }
    ByteWriter c;
    c.raw<std::uint64_t>(chunkStart_);
    c.raw<std::uint64_t>(chunkEnd_);
    c.raw<std::uint64_t>(chunk_.size());
    c.raw<std::uint32_t>(static_cast<std::uint32_t>(crc32(0L, chunk_.data(), static_cast<uInt>(chunk_.size()))));
    c.str32(compression_);
    c.raw<std::uint64_t>(packed.size());
    c.blob(packed);
    record(0x06, c.bytes, out_);
    flushOut();
    chunk_.clear();
    ++chunks_;
  }

  std::FILE* file_ = nullptr;
  std::string compression_;
  std::size_t chunkBytes_;
  std::vector<std::uint8_t> out_, chunk_;
  std::vector<std::vector<std::uint8_t>> schemaRecords_, channelRecords_;
  std::map<std::uint16_t, std::uint64_t> channels_;
  std::uint64_t messages_ = 0, first_ = 0, last_ = 0, chunkStart_ = 0, chunkEnd_ = 0, written_ = 0;
  std::uint32_t chunks_ = 0;
};

}  // namespace eb::test
