#pragma once
// Decoding sensor_msgs/msg/JointState payloads without ROS: ROS 2 CDR (XCDR1,
// the 4-byte encapsulation header, alignment counted from the byte after it,
// little- or big-endian) and ROS 1 serialization (MCAP files converted from ROS 1
// bags, `ros1` message encoding). The layout is fixed, so no schema text is
// parsed. Every count is checked against the bytes left before anything is read.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace eb {

/// How a JointState payload is serialized.
enum class JointStateEncoding { Cdr, Ros1 };

/// A decoded JointState: arrays are views into the payload (valid while it is); names are views
/// into the view's own copy of the payload's name bytes (valid until the next decode into it, and
/// not in a copy of the view).
struct JointStateView {
  /// A float64[] in the payload.
  struct Array {
    const std::uint8_t* data = nullptr;
    std::size_t count = 0;
    bool swap = false;  ///< big-endian
    double at(std::size_t i) const {
      std::uint8_t b[8];
      std::memcpy(b, data + 8 * i, 8);
      if (swap)
        for (int k = 0; k < 4; ++k) std::swap(b[k], b[7 - k]);
      double v = 0.0;
      std::memcpy(&v, b, 8);
      return v;
    }
  };
  std::int64_t sec = 0;          ///< header.stamp.sec
  std::uint32_t nanosec = 0;     ///< header.stamp.nanosec
  /// Views into `namesBytes`.
  std::vector<std::string_view> names;
  Array position, velocity, effort;
  /// Whether frame_id and name[] are byte for byte those of the previous payload decoded into
  /// this view (so `names` are the same): a publisher repeats them in every message.
  bool namesRepeated = false;
  /// header.stamp [ns] since the epoch.
  std::int64_t stampNs() const { return sec * 1000000000 + static_cast<std::int64_t>(nanosec); }

  /// The previous payload's bytes from frame_id to the end of name[] (`names` point into them),
  /// and how it was encoded; empty when the previous payload did not decode.
  std::vector<std::uint8_t> namesBytes;
  JointStateEncoding namesEncoding{};
  bool namesSwap = false;
};

/// Decodes `size` bytes at `data` into `out` (reused from message to message: a payload whose frame_id
/// and name[] repeat the previous one's bytes is not parsed for them again). Returns "" on success, else one line saying what is
/// wrong (a payload shorter than its arrays, an unsupported encapsulation, name[] and position[]
/// of different lengths, velocity[] or effort[] neither empty nor as long as name[]).
std::string decodeJointState(const std::uint8_t* data, std::size_t size, JointStateEncoding encoding,
                             JointStateView& out);

/// Whether a schema name is JointState ("sensor_msgs/msg/JointState", or "sensor_msgs/JointState" from ROS 1).
bool isJointStateType(std::string_view type);

}  // namespace eb
