#pragma once
// Time since a log's first sample, formed exactly from the stamps' text. A stamp
// of 1.7e9 s parsed to a double keeps only 0.24 us (its last bit), so stamps
// 10 ms apart would come out 10 ms +- 0.24 us apart: jitter the log never had.
// Kept as decimal digits instead, the difference of two stamps is exact, and
// only its conversion to a double rounds (once, to the nearest).

#include <cstdint>
#include <string_view>

namespace eb {

/// Ticks in one unit of a time column (the tick is 1e-9 of the unit: 1 ns for seconds).
inline constexpr double kTimeTicksPerUnit = 1e9;

/// A decimal number as written: value = digits * 10^exponent.
struct DecimalText {
  std::int64_t digits = 0;
  int exponent = 0;
};

/// Parses a whole trimmed field ("1700000000.010", "-12,5" with decimal ',', "1.5e3", an
/// optional '+') into its digits; false when it is no such number or has more digits than an
/// int64 holds (the caller then parses it as a double).
bool parseDecimalText(std::string_view field, char decimal, DecimalText& out);

/// (to - from) in ticks (1e-9 of the unit), as the double nearest to the exact difference;
/// false when the exponents are too far apart to align exactly (then `ticks` is not set).
bool ticksBetween(const DecimalText& from, const DecimalText& to, double& ticks);

}  // namespace eb
