#pragma once
// Numbers in messages and summaries: a fixed count of significant digits, the C
// locale, no trailing zeros ("5", "0.1", "1.7e+19"). For numbers that must read
// back exactly use formatDoubleExact (io/matrix_csv.hpp).

#include <string>

namespace eb {

/// `value` with at most `digits` significant digits (printf's %g).
std::string formatSignificant(double value, int digits = 6);

}  // namespace eb
