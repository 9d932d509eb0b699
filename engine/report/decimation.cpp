#include "report/decimation.hpp"

#include <cmath>
#include <stdexcept>

namespace eb {

std::vector<std::size_t> envelopeIndices(const double* y, std::size_t n, std::size_t columns) {
  std::vector<std::size_t> out;
  if (columns == 0 || n == 0) return out;
  if (n <= 2 * columns) {
    out.resize(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = i;
    return out;
  }
  out.reserve(2 * columns);
  for (std::size_t c = 0; c < columns; ++c) {
    // Column bounds from integer arithmetic: every sample in exactly one column, none skipped.
    const std::size_t begin = c * n / columns, end = (c + 1) * n / columns;
    if (begin >= end) continue;
    std::size_t lo = begin, hi = begin;
    for (std::size_t i = begin; i < end; ++i) {
      if (std::isnan(y[i])) continue;
      if (std::isnan(y[lo]) || y[i] < y[lo]) lo = i;
      if (std::isnan(y[hi]) || y[i] > y[hi]) hi = i;
    }
    if (lo == hi) {
      out.push_back(lo);
    } else {
      out.push_back(lo < hi ? lo : hi);
      out.push_back(lo < hi ? hi : lo);
    }
  }
  return out;
}

void decimateEnvelope(const std::vector<double>& x, const std::vector<double>& y, std::size_t columns,
                      std::vector<double>& xOut, std::vector<double>& yOut) {
  if (x.size() != y.size()) throw std::invalid_argument("decimateEnvelope: x and y differ in size");
  const std::vector<std::size_t> keep = envelopeIndices(y.data(), y.size(), columns);
  xOut.resize(keep.size());
  yOut.resize(keep.size());
  for (std::size_t k = 0; k < keep.size(); ++k) {
    xOut[k] = x[keep[k]];
    yOut[k] = y[keep[k]];
  }
}

}  // namespace eb
