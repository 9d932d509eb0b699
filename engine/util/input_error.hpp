#pragma once
// The one exception type for input the user can fix: a robot description, a log, a parameter,
// trajectory, project or session file, an output file that cannot be written. It carries the
// finding as data (util/diagnostic.hpp: file, line, column, field); what() is its one-line text,
// made once. Contract violations (a caller's bug) stay std::invalid_argument / std::logic_error.
//
// Messages quote what the input holds (a name, a field, a parser's complaint),
// and input can hold anything: the constructors keep the message one line by
// escaping control characters (a quoted "a\nb" is shown as a\nb) and cap its
// length, so a 1 MB field cannot become a 1 MB message.

#include "util/diagnostic.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>

namespace eb {

/// Longest message kept [bytes]; longer ones end in "... (N more bytes)".
inline constexpr std::size_t kMaxMessageBytes = 2000;

/// Length of the valid UTF-8 sequence starting at s[i] (1 to 4 bytes), or 0 if the bytes
/// there are not one (a stray continuation byte, a truncated or overlong sequence).
inline std::size_t utf8SequenceLength(const std::string& s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size() || (n == 2 && c < 0xC2) || (n == 4 && c > 0xF4)) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
  const auto c1 = static_cast<unsigned char>(s[i + 1 < s.size() ? i + 1 : i]);
  if ((n == 3 && c == 0xE0 && c1 < 0xA0) || (n == 3 && c == 0xED && c1 > 0x9F) || (n == 4 && c == 0xF0 && c1 < 0x90) ||
      (n == 4 && c == 0xF4 && c1 > 0x8F))
    return 0;  // overlong, surrogate or beyond U+10FFFF
  return n;
}

/// `message` as one line of at most about kMaxMessageBytes of valid UTF-8: control
/// characters escaped (\n, \r, \t stays, \xNN), bytes that are not UTF-8 (binary input
/// quoted by a parser) escaped as \xNN, cut at a character boundary.
inline std::string oneLineMessage(const std::string& message) {
  static const char* const hex = "0123456789ABCDEF";
  std::string out;
  out.reserve(message.size() < kMaxMessageBytes ? message.size() : kMaxMessageBytes);
  std::size_t i = 0;
  while (i < message.size() && out.size() < kMaxMessageBytes) {
    const auto c = static_cast<unsigned char>(message[i]);
    const std::size_t n = utf8SequenceLength(message, i);
    if (n > 1) {
      out.append(message, i, n);
      i += n;
      continue;
    }
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (n == 0 || (c < 0x20 && c != '\t') || c == 0x7F)
      out += std::string("\\x") + hex[c >> 4] + hex[c & 0xF];
    else
      out += static_cast<char>(c);
    ++i;
  }
  if (i < message.size()) out += "... (" + std::to_string(message.size() - i) + " more bytes)";
  return out;
}

/// Thrown for input the user can fix. Readers that know the place throw it from a Diagnostic,
/// which callers read back field by field (diagnostic()); from a plain message,
/// diagnostic().message holds the whole text.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& what) : std::runtime_error(oneLineMessage(what)) {
    diagnostic_.message = std::runtime_error::what();
  }
  explicit InputError(const char* what) : InputError(std::string(what)) {}
  explicit InputError(Diagnostic d) : std::runtime_error(d.text()), diagnostic_(std::move(d)) {
    diagnostic_.severity = Severity::Error;
  }
  /// The finding: file, line, field and message when the reader knew them.
  const Diagnostic& diagnostic() const { return diagnostic_; }

 private:
  Diagnostic diagnostic_;
};

/// An InputError at a place: "<file>: <place> <line>: column '<field>': <message>" with the parts
/// kept as data (line 0 and an empty field are left out of the text).
inline InputError inputErrorAt(const std::string& file, std::size_t line, const std::string& field,
                               const std::string& message, const char* place = "line") {
  Diagnostic d = diagnosticAt(Severity::Error, file, line, field, message);
  d.place = place;
  return InputError(std::move(d));
}

/// An InputError about a whole file: "<file>: <message>", the file kept as data.
inline InputError inputErrorIn(const std::string& file, const std::string& message) {
  return inputErrorAt(file, 0, "", message);
}

/// An InputError in a file people write by hand (URDF, DH table, XML): the compiler-style
/// "<file>:<line>: <subject>: <message>" those files' messages use, the parts kept as data
/// (`subject` names the element and field, e.g. "joint 'j1': limit"; line 0 leaves it out).
inline InputError sourceErrorAt(const std::string& file, std::size_t line, const std::string& subject,
                                const std::string& message) {
  return InputError(sourceDiagnosticAt(Severity::Error, file, line, subject, message));
}

/// `e` as a finding of `file` when it named none (an estimate failing is a property of the logs
/// it was made from); unchanged when it already names a file. Keeps every other part.
inline InputError inFile(const InputError& e, const std::string& file) {
  if (!e.diagnostic().file.empty() || file.empty()) return e;
  Diagnostic d = e.diagnostic();
  d.file = file;
  return InputError(std::move(d));
}

/// The finding behind an exception: an InputError's Diagnostic, else one holding the
/// exception's text, about `file` (empty: none).
inline Diagnostic diagnosticOf(const std::exception& error, const std::string& file = {}) {
  if (const auto* input = dynamic_cast<const InputError*>(&error)) return input->diagnostic();
  Diagnostic d;
  d.file = file;
  d.message = error.what();
  return d;
}

}  // namespace eb
