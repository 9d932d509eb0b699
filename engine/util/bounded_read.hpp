#pragma once
// Whole-file reads with a bound on the work: a file larger than a limit, or
// with a line longer than a limit, is refused after reading at most that much
// (a 1 GB line, /dev/zero or a runaway generator must not exhaust memory).
// Callers turn the outcome into their own one-line error.

#include <cstddef>
#include <istream>
#include <string>

namespace eb {

/// Bytes in a MiB, for the limits below and their messages.
inline constexpr std::size_t kMiB = std::size_t{1} << 20;

struct BoundedText {
  std::string text;             ///< what was read (complete only when ok())
  bool tooLarge = false;        ///< the stream holds more than maxBytes
  std::size_t longLine = 0;     ///< 1-based number of a line longer than maxLineBytes; 0 if none
  bool ok() const { return !tooLarge && longLine == 0; }
};

/// Reads `in` to its end, stopping early at the first limit exceeded.
BoundedText readBoundedText(std::istream& in, std::size_t maxBytes, std::size_t maxLineBytes);

/// "64 MiB", "1 MiB", "512 bytes": a limit for a message.
std::string describeByteLimit(std::size_t bytes);

}  // namespace eb
