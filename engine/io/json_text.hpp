#pragma once
// Parsing JSON text with errors people can find: nlohmann counts bytes, a
// person looks for a line and a column. For the engine's .cpp files (the
// engine links nlohmann-json privately).

#include <nlohmann/json.hpp>

#include <string>

namespace eb {

/// Parses `text` read from `path`. Throws InputError "<path>: line L, column C: not valid JSON"
/// (or naming nlohmann's reason for numbers beyond a double).
nlohmann::json parseJsonText(const std::string& text, const std::string& path);

}  // namespace eb
