#include "logs/cdr_joint_state.hpp"

#include "logs/byte_cursor.hpp"

namespace eb {

namespace {

constexpr std::size_t kCdrHeader = 4;
constexpr std::size_t kNoIndex = static_cast<std::size_t>(-1);

// CDR representation identifiers (the second byte of the encapsulation header).
const char* representationName(std::uint8_t id) {
  switch (id) {
    case 0x02: return "PL_CDR_BE";
    case 0x03: return "PL_CDR_LE";
    case 0x06: return "CDR2_BE";
    case 0x07: return "CDR2_LE";
    case 0x08: return "D_CDR2_BE";
    case 0x09: return "D_CDR2_LE";
    case 0x0A: return "PL_CDR2_BE";
    case 0x0B: return "PL_CDR2_LE";
    default: return nullptr;
  }
}

struct Decoder {
  ByteCursor c;
  bool cdr = true, swap = false;
  std::string error;

  // The refusals are built out of line and the reads forced inline: six u32 reads and three arrays
  // per message are the decoder's whole cost once names repeat.
  [[gnu::cold, gnu::noinline]] bool fail(const std::string& what) {
    if (error.empty()) error = what;
    return false;
  }
  [[gnu::cold, gnu::noinline]] bool failShort(const char* field, std::size_t index = kNoIndex) {
    return fail(shortAt(field, index));
  }
  [[gnu::always_inline]] bool align(std::size_t n) { return !cdr || c.align(n, kCdrHeader) || failShort("padding"); }
  std::string shortAt(const char* field, std::size_t index = kNoIndex) const {
    const std::string name = index == kNoIndex ? std::string(field) : std::string(field) + "[" + std::to_string(index) + "]";
    return "the " + std::to_string(c.size()) + "-byte message ends inside " + name + " (at byte " +
           std::to_string(c.offset()) + ")";
  }
  [[gnu::always_inline]] bool u32(std::uint32_t& v, const char* field, std::size_t index = kNoIndex) {
    return (align(4) && c.u32(v, swap)) || failShort(field, index);
  }
  bool string(std::string_view& s, const char* field, std::size_t index = kNoIndex) {
    std::uint32_t n = 0;
    if (!u32(n, field, index) || !c.text(n, s)) return failShort(field, index);
    // CDR counts the terminating NUL; ROS 1 does not store one.
    if (cdr && !s.empty() && s.back() == '\0') s.remove_suffix(1);
    return true;
  }
  [[gnu::cold, gnu::noinline]] bool tooMany(const char* field, std::uint32_t n) {
    return fail(std::string(field) + "[] claims " + std::to_string(n) + " values, but only " +
                std::to_string(c.remaining()) + " bytes are left");
  }
  [[gnu::always_inline]] bool doubles(JointStateView::Array& a, const char* field) {
    std::uint32_t n = 0;
    if (!u32(n, field)) return false;
    a = {};
    a.swap = swap;
    if (n == 0) return true;  // an empty sequence has no padding (Fast-CDR, Cyclone and foxglove agree)
    if (!align(8)) return false;
    if (n > c.remaining() / 8) return tooMany(field, n);
    a.count = n;
    c.bytes(8ull * n, a.data);
    return true;
  }
};

// Where frame_id starts, after the encapsulation header and the stamp (CDR), or after seq and
// the stamp (ROS 1): the same 12 bytes in both.
constexpr std::size_t kNamesStart = 12;

// Whether the payload's bytes from frame_id on start with `out`'s cached frame_id and name[].
bool repeatsNames(const std::uint8_t* data, std::size_t size, const Decoder& d, JointStateEncoding encoding,
                  const JointStateView& out) {
  const std::size_t n = out.namesBytes.size();
  return n > 0 && out.namesEncoding == encoding && out.namesSwap == d.swap && size >= kNamesStart + n &&
         std::memcmp(data + kNamesStart, out.namesBytes.data(), n) == 0;
}

// Keeps the bytes from frame_id to the end of name[] and points `names` into them.
void cacheNames(const std::uint8_t* data, std::size_t namesEnd, const Decoder& d, JointStateEncoding encoding,
                JointStateView& out) {
  const std::uint8_t* start = data + kNamesStart;
  out.namesBytes.assign(start, data + namesEnd);
  out.namesEncoding = encoding;
  out.namesSwap = d.swap;
  const char* base = reinterpret_cast<const char*>(out.namesBytes.data());
  for (std::string_view& name : out.names)
    name = std::string_view(base + (reinterpret_cast<const std::uint8_t*>(name.data()) - start), name.size());
}

}  // namespace

bool isJointStateType(std::string_view type) {
  return type == "sensor_msgs/msg/JointState" || type == "sensor_msgs/JointState";
}

std::string decodeJointState(const std::uint8_t* data, std::size_t size, JointStateEncoding encoding,
                             JointStateView& out) {
  Decoder d;
  d.c = ByteCursor(data, size);
  d.cdr = encoding == JointStateEncoding::Cdr;
  out.namesRepeated = false;
  if (d.cdr) {
    if (size < kCdrHeader)
      return "the " + std::to_string(size) + "-byte message is shorter than the 4-byte CDR encapsulation header";
    const std::uint8_t id = data[1];
    if (data[0] != 0 || id > 0x01) {
      const char* name = data[0] == 0 ? representationName(id) : nullptr;
      return std::string("CDR encapsulation ") + (name ? name : "0x" + std::to_string(data[0]) + "/0x" + std::to_string(id)) +
             " is not supported (only CDR_LE and CDR_BE, as ROS 2 writes)";
    }
    d.swap = id == 0x00;  // CDR_BE
    d.c.skip(kCdrHeader);
    std::uint32_t sec = 0, nanosec = 0;
    if (!d.u32(sec, "header.stamp") || !d.u32(nanosec, "header.stamp")) return d.error;
    out.sec = static_cast<std::int32_t>(sec);  // builtin_interfaces/Time.sec is int32
    out.nanosec = nanosec;
  } else {
    std::uint32_t seq = 0, sec = 0, nsec = 0;
    if (!d.u32(seq, "header.seq") || !d.u32(sec, "header.stamp") || !d.u32(nsec, "header.stamp")) return d.error;
    out.sec = sec;  // ROS 1 time is unsigned
    out.nanosec = nsec;
  }
  out.namesRepeated = repeatsNames(data, size, d, encoding, out);
  if (out.namesRepeated) {
    d.c.skip(out.namesBytes.size());
  } else {
    out.namesBytes.clear();
    out.names.clear();
    std::string_view frame;
    if (!d.string(frame, "header.frame_id")) return d.error;
    std::uint32_t count = 0;
    if (!d.u32(count, "name count")) return d.error;
    if (count > d.c.remaining() / 4)
      return "name[] claims " + std::to_string(count) + " entries, but only " + std::to_string(d.c.remaining()) +
             " bytes are left";
    out.names.resize(count);
    for (std::uint32_t i = 0; i < count; ++i)
      if (!d.string(out.names[i], "name", i)) return d.error;
    cacheNames(data, d.c.offset(), d, encoding, out);
  }
  const auto count = static_cast<std::uint32_t>(out.names.size());
  if (!d.doubles(out.position, "position") || !d.doubles(out.velocity, "velocity") || !d.doubles(out.effort, "effort"))
    return d.error;
  if (out.position.count != count)
    return "name[] has " + std::to_string(count) + " entries but position[] has " + std::to_string(out.position.count);
  if (out.velocity.count != 0 && out.velocity.count != count)
    return "name[] has " + std::to_string(count) + " entries but velocity[] has " + std::to_string(out.velocity.count);
  if (out.effort.count != 0 && out.effort.count != count)
    return "name[] has " + std::to_string(count) + " entries but effort[] has " + std::to_string(out.effort.count);
  return "";
}

}  // namespace eb
