#pragma once
// Text into HTML and SVG: names come from URDFs, logs and file paths and can hold anything,
// so every piece of text the report shows goes through htmlEscape; numbers are formatted
// in the C locale.

#include <string>

namespace eb {

/// `text` safe inside an HTML or SVG element or a quoted attribute: & < > " ' escaped, control
/// characters other than tab and newline dropped, bytes that are not UTF-8 replaced by U+FFFD.
std::string htmlEscape(const std::string& text);

/// A number for a table: `digits` significant digits, "n/a" for NaN, "inf" / "-inf".
std::string reportNumber(double value, int digits = 4);

/// `text` with each decimal number in it (not a digit inside a name such as "m3") written with
/// `digits` significant digits: params.json keeps an expression's coefficients exact
/// ("0.31600000000000006*m3"), the report shows "0.316*m3".
std::string shortenNumbers(const std::string& text, int digits = 6);

/// A coordinate in an SVG path [px]: one decimal, "." whatever the locale ("12.3"); 0 for NaN.
std::string svgCoordinate(double value);

}  // namespace eb
