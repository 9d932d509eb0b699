#include "logs/decimal_ticks.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace eb {

namespace {

// 38 digits: two 19-digit stamps aligned on one exponent subtract exactly.
__extension__ typedef __int128 Int128;

// Largest power of ten a double holds exactly (so x / 10^k rounds once).
constexpr int kExactPowersOfTen = 22;
constexpr double kPowersOfTen[kExactPowersOfTen + 1] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                                        1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                                        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

Int128 timesPowerOfTen(Int128 x, int k) {
  for (int i = 0; i < k; ++i) x *= 10;
  return x;
}

}  // namespace

bool parseDecimalText(std::string_view s, char decimal, DecimalText& out) {
  std::size_t i = 0;
  const std::size_t n = s.size();
  bool negative = false;
  if (i < n && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  std::uint64_t digits = 0;
  int significant = 0, fraction = 0, seen = 0;
  bool point = false;
  for (; i < n; ++i) {
    const char c = s[i];
    if (c == decimal && !point) {
      point = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    ++seen;
    if (point) ++fraction;
    if (digits == 0 && c == '0') continue;  // leading zeros hold no digit
    if (++significant > 19) return false;
    digits = digits * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (seen == 0) return false;
  int exponent = 0;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool negativeExponent = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) negativeExponent = s[i++] == '-';
    const std::size_t start = i;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; ++i) {
      exponent = exponent * 10 + (s[i] - '0');
      if (exponent > 400) return false;
    }
    if (i == start) return false;
    if (negativeExponent) exponent = -exponent;
  }
  if (i != n || digits > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return false;
  out.digits = negative ? -static_cast<std::int64_t>(digits) : static_cast<std::int64_t>(digits);
  out.exponent = exponent - fraction;
  return true;
}

bool ticksBetween(const DecimalText& from, const DecimalText& to, double& ticks) {
  // Aligned on the smaller exponent: 19 digits times 10^18 stays within an int128.
  const int e = std::min(from.exponent, to.exponent);
  if (from.exponent - e > 18 || to.exponent - e > 18) return false;
  const Int128 d = timesPowerOfTen(to.digits, to.exponent - e) - timesPowerOfTen(from.digits, from.exponent - e);
  const int k = e + 9;  // d * 10^k ticks
  if (k >= 0) {
    if (k > 18) return false;
    ticks = static_cast<double>(timesPowerOfTen(d, k));  // int128 to double rounds once
    return true;
  }
  if (-k > kExactPowersOfTen) return false;
  // Division rounds once when d is exact as a double; a longer d rounds twice (by < 1 ulp).
  const Int128 limit = static_cast<Int128>(1) << 53;
  if (d > limit || d < -limit) return false;
  ticks = static_cast<double>(d) / kPowersOfTen[-k];
  return true;
}

}  // namespace eb
