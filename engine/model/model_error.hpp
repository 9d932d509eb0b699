#pragma once
// The one exception type for bad robot descriptions and bad input files.
// Messages are one line: "<file>: <element/place>: <what is wrong>".
//
// Messages quote what the input holds (a name, a field, a parser's complaint),
// and input can hold anything: the constructors keep the message one line by
// escaping control characters (a quoted "a\nb" is shown as a\nb) and cap its
// length, so a 1 MB field cannot become a 1 MB message.

#include <cstddef>
#include <stdexcept>
#include <string>

namespace eb {

/// Longest message kept [bytes]; longer ones end in "... (N more bytes)".
inline constexpr std::size_t kMaxMessageBytes = 2000;

/// `message` as one line of at most about kMaxMessageBytes: control characters
/// escaped (\n, \r, \t stays, \xNN), cut at a UTF-8 character boundary.
inline std::string oneLineMessage(const std::string& message) {
  static const char* const hex = "0123456789ABCDEF";
  std::string out;
  out.reserve(message.size() < kMaxMessageBytes ? message.size() : kMaxMessageBytes);
  std::size_t i = 0;
  for (; i < message.size() && out.size() < kMaxMessageBytes; ++i) {
    const auto c = static_cast<unsigned char>(message[i]);
    if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if ((c < 0x20 && c != '\t') || c == 0x7F) out += std::string("\\x") + hex[c >> 4] + hex[c & 0xF];
    else out += static_cast<char>(c);
  }
  if (i < message.size()) {
    // Do not end inside a UTF-8 sequence.
    while (i > 0 && (static_cast<unsigned char>(message[i]) & 0xC0) == 0x80) {
      --i;
      out.pop_back();
    }
    out += "... (" + std::to_string(message.size() - i) + " more bytes)";
  }
  return out;
}

/// Thrown by importers and builders for invalid input; what() is a one-line message
/// naming the file, the element or place, and the field.
class ModelError : public std::runtime_error {
 public:
  explicit ModelError(const std::string& what) : std::runtime_error(oneLineMessage(what)) {}
  explicit ModelError(const char* what) : ModelError(std::string(what)) {}
};

/// Thrown for bad input data (CSV logs, parameter files, trajectories).
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& what) : std::runtime_error(oneLineMessage(what)) {}
  explicit InputError(const char* what) : InputError(std::string(what)) {}
};

}  // namespace eb
