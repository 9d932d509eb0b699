#pragma once
// Decimation of long series for drawing: a chart a few hundred pixels wide cannot show
// 3.6 million samples, but it must not hide a spike either. Each pixel column keeps the
// smallest and the largest sample that fall in it, in their original order, so the drawn
// line covers the same envelope as the full series would.

#include <cstddef>
#include <vector>

namespace eb {

/// Indices into y[0..n) to draw in `columns` pixel columns: every sample when n <= 2 * columns;
/// otherwise, for each column (samples [c n / columns, (c + 1) n / columns)), the index of its
/// minimum and of its maximum (one index when they are the same sample), in increasing order.
/// NaN samples are never chosen unless a column holds nothing else. columns 0 gives none.
std::vector<std::size_t> envelopeIndices(const double* y, std::size_t n, std::size_t columns);

/// The envelope of (x, y) as two vectors (envelopeIndices applied to both). x and y have the same size.
void decimateEnvelope(const std::vector<double>& x, const std::vector<double>& y, std::size_t columns,
                      std::vector<double>& xOut, std::vector<double>& yOut);

/// The envelope of a series that arrives sample by sample and whose length is not known in
/// advance (an hour-long log streamed block by block), in bounded memory: samples are grouped
/// in buckets of equal count, each keeping its smallest and largest sample in order; when there
/// are more than `capacity` buckets, neighbours merge and the bucket size doubles. A chart up to
/// capacity / 2 columns wide drawn from the kept points shows each column's extremes, to within
/// the samples of one bucket at the column's edges.
class EnvelopeBuffer {
 public:
  explicit EnvelopeBuffer(std::size_t capacity = 4096);
  /// Appends one sample (x increasing across calls). NaN y is skipped.
  void add(double x, double y);
  /// The kept points in their original order.
  void points(std::vector<double>& x, std::vector<double>& y) const;
  std::size_t samples() const { return samples_; }

 private:
  struct Bucket {
    double xMin, yMin, xMax, yMax;  // the extreme samples; xMin is the x of the minimum, not the smallest x
    bool minFirst;                  // the minimum came before the maximum
  };
  void merge();
  std::size_t capacity_, bucketSize_ = 1, inBucket_ = 0, samples_ = 0;
  std::vector<Bucket> buckets_;
};

}  // namespace eb
