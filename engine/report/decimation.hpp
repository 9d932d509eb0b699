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

}  // namespace eb
