#pragma once
// Findings about a ROS 2 bag name the storage file and the record: "offset <n>"
// (an MCAP record's byte offset) or "message <n>" (1-based, in the file's order).

#include "util/diagnostic.hpp"
#include "util/input_error.hpp"

#include <cstdint>
#include <string>

namespace eb {

/// A Diagnostic at `place` ("offset" or "message") number `n` of `file`.
inline Diagnostic bagDiagnostic(Severity severity, const std::string& file, const char* place, std::uint64_t n,
                                const std::string& message) {
  Diagnostic d = diagnosticAt(severity, file, static_cast<std::size_t>(n), "", message);
  d.place = place;
  return d;
}

/// The InputError of bagDiagnostic.
inline InputError bagError(const std::string& file, const char* place, std::uint64_t n, const std::string& message) {
  return InputError(bagDiagnostic(Severity::Error, file, place, n, message));
}

}  // namespace eb
