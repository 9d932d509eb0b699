#include "util/csv_text.hpp"

#include <charconv>
#include <system_error>

namespace eb {

namespace csv_text {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::string unquote(std::string_view s) {
  s = trim(s);
  if (s.size() < 2 || s.front() != '"' || s.back() != '"') return std::string(s);
  std::string out;
  for (std::size_t i = 1; i + 1 < s.size(); ++i) {
    out.push_back(s[i]);
    if (s[i] == '"' && s[i + 1] == '"') ++i;
  }
  return std::string(trim(out));
}

ParseStatus parseDouble(std::string_view field, char decimal, double& value) {
  field = trim(field);
  if (field.size() >= 2 && field.front() == '"' && field.back() == '"') field = trim(field.substr(1, field.size() - 2));
  if (field.empty()) return ParseStatus::Empty;
  if (field.front() == '+') field.remove_prefix(1);
  const char* first = field.data();
  const char* last = first + field.size();
  char local[64];
  if (decimal != '.') {
    // Locale decimal comma: rewrite it to '.' in a stack copy (fields are short).
    if (field.size() >= sizeof local) return ParseStatus::NotNumber;
    for (std::size_t i = 0; i < field.size(); ++i) local[i] = field[i] == decimal ? '.' : field[i];
    first = local;
    last = local + field.size();
  }
  const auto [ptr, ec] = std::from_chars(first, last, value);
  if (ec == std::errc::result_out_of_range) return ParseStatus::OutOfRange;
  if (ec != std::errc() || ptr != last) return ParseStatus::NotNumber;
  return ParseStatus::Ok;
}

std::vector<std::string_view> splitQuoted(std::string_view line, char delimiter) {
  std::vector<std::string_view> fields;
  const std::size_t n = line.size();
  std::size_t i = 0;
  if (delimiter == ' ') {
    while (i < n) {
      while (i < n && (line[i] == ' ' || line[i] == '\t')) ++i;
      if (i == n) break;
      const std::size_t start = i;
      bool quoted = false;
      while (i < n && (quoted || (line[i] != ' ' && line[i] != '\t'))) {
        if (line[i] == '"') quoted = !quoted;
        ++i;
      }
      fields.push_back(line.substr(start, i - start));
    }
    return fields;
  }
  if (n == 0) return fields;
  std::size_t start = 0;
  bool quoted = false;
  for (i = 0; i <= n; ++i) {
    if (i < n && line[i] == '"') quoted = !quoted;
    if (i == n || (!quoted && line[i] == delimiter)) {
      fields.push_back(line.substr(start, i - start));
      start = i + 1;
      if (i + 1 == n) break;  // trailing delimiter
    }
  }
  return fields;
}

TextLines::TextLines(std::string_view text) : text_(text) {
  if (text_.substr(0, 3) == "\xEF\xBB\xBF") text_.remove_prefix(3);
}

bool TextLines::next(std::string_view& line) {
  if (pos_ >= text_.size()) return false;
  const std::size_t nl = text_.find('\n', pos_);
  const std::size_t end = nl == std::string_view::npos ? text_.size() : nl;
  line = text_.substr(pos_, end - pos_);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  pos_ = nl == std::string_view::npos ? text_.size() : nl + 1;
  ++number_;
  return true;
}

std::vector<std::string_view> splitTrimmed(std::string_view line, char delimiter) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  for (;;) {
    const std::size_t stop = line.find(delimiter, start);
    fields.push_back(trim(line.substr(start, stop == std::string_view::npos ? std::string_view::npos : stop - start)));
    if (stop == std::string_view::npos) return fields;
    start = stop + 1;
  }
}

}  // namespace csv_text

}  // namespace eb
