#pragma once
// Bounds-checked little-endian reads from a byte range (MCAP records, CDR
// payloads, ROS 1 messages): every read says whether the bytes were there, so a
// hostile length can never read past the end, and nothing is read unaligned.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace eb {

/// A read position in [data, data + size); reads fail (return false) instead of overrunning.
class ByteCursor {
 public:
  ByteCursor() = default;
  ByteCursor(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  std::size_t offset() const { return pos_; }
  std::size_t size() const { return size_; }
  std::size_t remaining() const { return size_ - pos_; }
  const std::uint8_t* here() const { return data_ + pos_; }
  const std::uint8_t* data() const { return data_; }

  /// Skips n bytes; false (position unchanged) when fewer remain.
  bool skip(std::uint64_t n) {
    if (n > remaining()) return false;
    pos_ += static_cast<std::size_t>(n);
    return true;
  }
  /// Moves to the next multiple of `alignment` counted from `origin` (CDR counts after its header).
  bool align(std::size_t alignment, std::size_t origin) {
    const std::size_t rel = pos_ - origin;
    const std::size_t pad = (alignment - rel % alignment) % alignment;
    return skip(pad);
  }
  bool u8(std::uint8_t& v) { return fixed(&v, 1, false); }
  /// Little-endian (or, with `swap`, big-endian) unsigned integers.
  bool u16(std::uint16_t& v, bool swap = false) { return fixed(&v, 2, swap); }
  bool u32(std::uint32_t& v, bool swap = false) { return fixed(&v, 4, swap); }
  bool u64(std::uint64_t& v, bool swap = false) { return fixed(&v, 8, swap); }
  /// `n` bytes as a view into the range.
  bool bytes(std::uint64_t n, const std::uint8_t*& p) {
    if (n > remaining()) return false;
    p = data_ + pos_;
    pos_ += static_cast<std::size_t>(n);
    return true;
  }
  /// A string of `n` bytes as a view into the range.
  bool text(std::uint64_t n, std::string_view& s) {
    const std::uint8_t* p = nullptr;
    if (!bytes(n, p)) return false;
    s = std::string_view(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n));
    return true;
  }

 private:
  // The host is little-endian (x86-64, aarch64 as Debian builds them): a copy is a little-endian
  // read, and a byte swap reads big-endian.
  [[gnu::always_inline]] bool fixed(void* out, std::size_t n, bool swap) {
    if (n > remaining()) return false;
    if (!swap) {
      std::memcpy(out, data_ + pos_, n);
    } else {
      auto* o = static_cast<std::uint8_t*>(out);
      for (std::size_t i = 0; i < n; ++i) o[i] = data_[pos_ + n - 1 - i];
    }
    pos_ += n;
    return true;
  }

  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0, pos_ = 0;
};

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "byte_cursor.hpp reads little-endian by copying");

}  // namespace eb
