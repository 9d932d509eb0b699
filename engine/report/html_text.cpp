#include "report/html_text.hpp"

#include "util/input_error.hpp"

#include <cmath>
#include <iomanip>
#include <locale>
#include <sstream>

namespace eb {

std::string htmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8SequenceLength(text, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD: a browser would show it anyway, the file stays valid UTF-8
      ++i;
      continue;
    }
    if (n > 1) {
      out.append(text, i, n);
      i += n;
      continue;
    }
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default:
        if (c >= 0x20 && c != 0x7F) out += static_cast<char>(c);
        else if (c == '\t' || c == '\n') out += static_cast<char>(c);
    }
    ++i;
  }
  return out;
}

std::string reportNumber(double value, int digits) {
  if (std::isnan(value)) return "n/a";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  // A stream in the classic locale: the wizard runs under the user's locale (Qt sets it), where
  // printf would write "0,5".
  std::ostringstream out;
  out.imbue(std::locale::classic());
  out << std::setprecision(digits) << value;
  return out.str();
}

std::string svgCoordinate(double value) {
  if (!std::isfinite(value)) value = 0.0;
  value = value < -1e9 ? -1e9 : (value > 1e9 ? 1e9 : value);  // far outside any drawing, and llround stays defined
  // Integer tenths, written by hand: independent of the C locale's decimal point.
  const long long tenths = std::llround(value * 10.0);
  const long long magnitude = tenths < 0 ? -tenths : tenths;
  return (tenths < 0 ? "-" : "") + std::to_string(magnitude / 10) + "." + std::to_string(magnitude % 10);
}

std::string shortenNumbers(const std::string& text, int digits) {
  std::string out;
  std::size_t i = 0;
  const auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
  const auto isNameChar = [&](char c) { return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  while (i < text.size()) {
    const bool starts = isDigit(text[i]) && (i == 0 || (!isNameChar(text[i - 1]) && text[i - 1] != '.'));
    if (!starts) {
      out += text[i++];
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && (isDigit(text[end]) || text[end] == '.')) ++end;
    if (end < text.size() && (text[end] == 'e' || text[end] == 'E')) {
      std::size_t e = end + 1;
      if (e < text.size() && (text[e] == '+' || text[e] == '-')) ++e;
      if (e < text.size() && isDigit(text[e])) {
        while (e < text.size() && isDigit(text[e])) ++e;
        end = e;
      }
    }
    const std::string number = text.substr(i, end - i);
    // Integers and numbers already short stay as written.
    if (number.find_first_of(".eE") == std::string::npos || number.size() <= static_cast<std::size_t>(digits) + 2)
      out += number;
    else
    {
      std::istringstream in(number);
      in.imbue(std::locale::classic());  // not strtod: the wizard runs under the user's locale
      double value = 0.0;
      in >> value;
      out += in.fail() ? number : reportNumber(value, digits);
    }
    i = end;
  }
  return out;
}

}  // namespace eb
