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

EnvelopeBuffer::EnvelopeBuffer(std::size_t capacity) : capacity_(capacity < 2 ? 2 : capacity) {
  buckets_.reserve(capacity_ + 1);
}

void EnvelopeBuffer::add(double x, double y) {
  if (std::isnan(y)) return;
  ++samples_;
  if (buckets_.empty() || inBucket_ == bucketSize_) {
    if (buckets_.size() == capacity_) merge();
    buckets_.push_back({x, y, x, y, true});
    inBucket_ = 1;
    return;
  }
  Bucket& b = buckets_.back();
  if (y < b.yMin) {
    b.xMin = x;
    b.yMin = y;
    b.minFirst = false;  // the new minimum is later than the maximum so far
  }
  if (y > b.yMax) {
    b.xMax = x;
    b.yMax = y;
    b.minFirst = true;
  }
  ++inBucket_;
}

void EnvelopeBuffer::merge() {
  // Pairs of neighbours become one bucket: min of mins, max of maxes, their order kept by x.
  std::vector<Bucket> merged;
  merged.reserve(capacity_ + 1);
  for (std::size_t k = 0; k < buckets_.size(); k += 2) {
    Bucket m = buckets_[k];
    if (k + 1 < buckets_.size()) {
      const Bucket& b = buckets_[k + 1];
      if (b.yMin < m.yMin) {
        m.xMin = b.xMin;
        m.yMin = b.yMin;
      }
      if (b.yMax > m.yMax) {
        m.xMax = b.xMax;
        m.yMax = b.yMax;
      }
      m.minFirst = m.xMin <= m.xMax;
    }
    merged.push_back(m);
  }
  buckets_.swap(merged);
  // The last bucket may be partly filled (an odd count): the new size counts it as full, which
  // only makes it a little longer than the others.
  bucketSize_ *= 2;
  inBucket_ = bucketSize_;
}

void EnvelopeBuffer::points(std::vector<double>& x, std::vector<double>& y) const {
  x.clear();
  y.clear();
  for (const Bucket& b : buckets_) {
    const bool same = b.xMin == b.xMax && b.yMin == b.yMax;
    if (same || b.minFirst) {
      x.push_back(b.xMin);
      y.push_back(b.yMin);
      if (!same) {
        x.push_back(b.xMax);
        y.push_back(b.yMax);
      }
    } else {
      x.push_back(b.xMax);
      y.push_back(b.yMax);
      x.push_back(b.xMin);
      y.push_back(b.yMin);
    }
  }
}

}  // namespace eb
