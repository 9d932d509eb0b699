#include "io/json_text.hpp"

#include "util/input_error.hpp"

#include <algorithm>

namespace eb {

nlohmann::json parseJsonText(const std::string& text, const std::string& path) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // The line and column of the byte the parser stopped at.
    const std::size_t at = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
    const auto end = text.begin() + static_cast<std::ptrdiff_t>(at);
    const std::size_t line = 1 + static_cast<std::size_t>(std::count(text.begin(), end, '\n'));
    const std::size_t lineStart = at == 0 ? std::string::npos : text.rfind('\n', at - 1);
    const std::size_t column = at - (lineStart == std::string::npos ? 0 : lineStart + 1) + 1;
    throw inputErrorIn(path,
                       "line " + std::to_string(line) + ", column " + std::to_string(column) + ": not valid JSON");
  } catch (const nlohmann::json::exception& e) {
    // e.g. out_of_range 406: a number too large for a double (1e400).
    const std::string what = e.what();
    const std::size_t bracket = what.find("] ");
    throw inputErrorIn(path,
                       "not valid JSON (" + (bracket == std::string::npos ? what : what.substr(bracket + 2)) + ")");
  }
}

}  // namespace eb
