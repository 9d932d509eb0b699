#pragma once
// Locale-independent number reading for the robot-description importers: a
// decimal comma ("1,5") must be an error, never a silently truncated 1.

#include <string>
#include <string_view>
#include <vector>

namespace eb {

/// Parses the whole of `text` (surrounding whitespace allowed) as a decimal
/// number in the C locale; accepts a leading '+', exponents, "inf" and "nan"
/// (so callers can report them as non-finite). False if it is not a number.
bool parseNumber(std::string_view text, double& out);

/// parseNumber, or a multiple of pi as people write angles: "pi", "-pi/2",
/// "2*pi", "0.5*pi/3" (also "1/3"). False if it is neither.
bool parseNumberOrPi(std::string_view text, double& out);

/// Splits on runs of whitespace; no empty pieces.
std::vector<std::string_view> splitWhitespace(std::string_view text);

/// Shortest text that reads back to the same double ("0.1", "1e-07").
std::string formatNumber(double value);

}  // namespace eb
