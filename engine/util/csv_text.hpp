#pragma once
// The text plumbing of every delimited-text reader in the engine (experiment
// logs, trajectory CSV, DH tables): lines of a text with their numbers, fields
// of a line, and numbers parsed with std::from_chars that must use the whole
// field ("1,5" read with a '.' decimal is an error, never a silent 1).

#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace eb {

/// Low-level text helpers shared by the CSV readers and the column guesser.
namespace csv_text {

/// The lines of a text in memory, numbered from 1: a UTF-8 byte order mark at the start and a
/// '\r' before each '\n' are not part of them.
class TextLines {
 public:
  explicit TextLines(std::string_view text);
  /// The next line (without its end); false at the end of the text.
  bool next(std::string_view& line);
  /// 1-based number of the line next() returned last (0 before the first).
  std::size_t number() const { return number_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0, number_ = 0;
};

/// The fields of `line` split at every `delimiter` (no quotes; a trailing delimiter makes an
/// empty last field), each trimmed of blanks. For small files whose field count is checked.
std::vector<std::string_view> splitTrimmed(std::string_view line, char delimiter = ',');

/// Outcome of parsing one field.
enum class ParseStatus { Ok, Empty, NotNumber, OutOfRange };

/// `s` without leading/trailing blanks (space, tab, CR).
std::string_view trim(std::string_view s);
/// Trimmed `s` without one pair of surrounding double quotes ("" inside becomes ").
std::string unquote(std::string_view s);
/// Parses a whole (trimmed, unquoted, optional '+') field as a double with the given decimal
/// separator; the whole field must be consumed, so "1,5" with '.' is NotNumber, never 1.
ParseStatus parseDouble(std::string_view field, char decimal, double& value);
/// Splits a line honouring double quotes (for headers and format detection, not the hot path).
/// delimiter ' ' splits on runs of blanks.
std::vector<std::string_view> splitQuoted(std::string_view line, char delimiter);

/// Calls f(field) for every field of `line` (no quote handling; fast path). delimiter ' ' means
/// runs of blanks with leading/trailing blanks ignored; otherwise one trailing delimiter is ignored.
template <class F>
void forEachField(std::string_view line, char delimiter, F&& f) {
  const char* p = line.data();
  const char* end = p + line.size();
  if (delimiter == ' ') {
    for (;;) {
      while (p < end && (*p == ' ' || *p == '\t')) ++p;
      if (p == end) return;
      const char* start = p;
      while (p < end && *p != ' ' && *p != '\t') ++p;
      f(std::string_view(start, static_cast<std::size_t>(p - start)));
    }
  }
  if (p == end) return;
  for (;;) {
    const void* d = std::memchr(p, delimiter, static_cast<std::size_t>(end - p));
    const char* stop = d ? static_cast<const char*>(d) : end;
    f(std::string_view(p, static_cast<std::size_t>(stop - p)));
    if (!d) return;
    p = stop + 1;
    if (p == end) return;  // trailing delimiter: no empty last field
  }
}

}  // namespace csv_text

}  // namespace eb
