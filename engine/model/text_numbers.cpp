#include "model/text_numbers.hpp"

#include <charconv>
#include <cmath>
#include <limits>

namespace eb {
namespace {
bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
}  // namespace

bool parseNumber(std::string_view text, double& out) {
  while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty() || text.front() == '+') return false;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  if (ptr != end) return false;
  // from_chars reports out-of-range values as errors: 1e999 is infinite, 1e-999 is zero.
  if (ec == std::errc::result_out_of_range) {
    const bool negative = text.front() == '-';
    const size_t e = text.find_first_of("eE");
    const bool underflow = e != std::string_view::npos && e + 1 < text.size() && text[e + 1] == '-';
    const double magnitude = underflow ? 0.0 : std::numeric_limits<double>::infinity();
    out = negative ? -magnitude : magnitude;
    return true;
  }
  return ec == std::errc();
}

bool parseNumberOrPi(std::string_view text, double& out) {
  if (parseNumber(text, out)) return true;
  std::string s;
  for (char c : text)
    if (!isSpace(c)) s += c;
  double denominator = 1.0;
  if (const size_t slash = s.find('/'); slash != std::string::npos) {
    if (!parseNumber(std::string_view(s).substr(slash + 1), denominator)) return false;
    s.erase(slash);
  }
  double sign = 1.0;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    sign = s[0] == '-' ? -1.0 : 1.0;
    s.erase(0, 1);
  }
  double value = 1.0;
  if (s.size() >= 2 && s.compare(s.size() - 2, 2, "pi") == 0) {
    s.erase(s.size() - 2);
    if (!s.empty()) {
      if (s.back() != '*' || !parseNumber(std::string_view(s).substr(0, s.size() - 1), value)) return false;
    }
    value *= 3.14159265358979323846;
  } else if (s.empty() || s[0] == '-' || s[0] == '+' || !parseNumber(s, value)) {
    return false;
  }
  out = sign * value / denominator;
  return true;
}

std::vector<std::string_view> splitWhitespace(std::string_view text) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && isSpace(text[i])) ++i;
    const size_t b = i;
    while (i < text.size() && !isSpace(text[i])) ++i;
    if (i > b) out.push_back(text.substr(b, i - b));
  }
  return out;
}

std::string formatNumber(double value) {
  char buf[64];
  const auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, value);
  return ec == std::errc() ? std::string(buf, ptr) : std::string("nan");
}

}  // namespace eb
