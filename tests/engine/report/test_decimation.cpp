// Decimation for drawing: every pixel column keeps its smallest and largest sample in their
// original order (the envelope), nothing else is dropped silently; the streamed envelope of a
// series of unknown length stays bounded and keeps the extremes.

#include "report/decimation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace eb {
namespace decimation_test {

// A wiggly series with a spike and a dip in the middle.
std::vector<double> series(std::size_t n) {
  std::vector<double> y(n);
  for (std::size_t i = 0; i < n; ++i) y[i] = std::sin(0.013 * static_cast<double>(i)) + 0.1 * std::cos(0.7 * i);
  y[n / 3] = 50.0;
  y[n / 3 + 5] = -40.0;
  return y;
}

}  // namespace decimation_test

TEST(Decimation, KeepsEveryColumnsMinimumAndMaximumInOrder) {
  const std::vector<double> y = decimation_test::series(100003);
  const std::size_t columns = 700;
  const std::vector<std::size_t> kept = envelopeIndices(y.data(), y.size(), columns);
  ASSERT_LE(kept.size(), 2 * columns);
  EXPECT_TRUE(std::is_sorted(kept.begin(), kept.end()));
  EXPECT_EQ(std::adjacent_find(kept.begin(), kept.end()), kept.end());  // no index twice
  for (std::size_t c = 0; c < columns; ++c) {
    const std::size_t begin = c * y.size() / columns, end = (c + 1) * y.size() / columns;
    const double lo = *std::min_element(y.begin() + begin, y.begin() + end);
    const double hi = *std::max_element(y.begin() + begin, y.begin() + end);
    bool seenLo = false, seenHi = false;
    for (std::size_t i : kept)
      if (i >= begin && i < end) {
        seenLo = seenLo || y[i] == lo;
        seenHi = seenHi || y[i] == hi;
      }
    EXPECT_TRUE(seenLo && seenHi) << "column " << c;
  }
  EXPECT_NE(std::find(kept.begin(), kept.end(), y.size() / 3), kept.end());      // the spike
  EXPECT_NE(std::find(kept.begin(), kept.end(), y.size() / 3 + 5), kept.end());  // the dip
}

TEST(Decimation, ShortSeriesAreKeptWholeAndNothingComesFromNoColumns) {
  const std::vector<double> y{3.0, 1.0, 2.0};
  EXPECT_EQ(envelopeIndices(y.data(), y.size(), 10), (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_TRUE(envelopeIndices(y.data(), y.size(), 0).empty());
  EXPECT_TRUE(envelopeIndices(y.data(), 0, 10).empty());
}

TEST(Decimation, NanSamplesAreNotChosenWhenAColumnHasNumbers) {
  const double nan = std::nan("");
  const std::vector<double> y{nan, 1.0, nan, 5.0, nan, nan, 2.0, nan};
  const std::vector<std::size_t> kept = envelopeIndices(y.data(), y.size(), 2);
  EXPECT_EQ(kept, (std::vector<std::size_t>{1, 3, 6}));
}

TEST(Decimation, DecimateEnvelopeCarriesTheTimesAlong) {
  std::vector<double> x(1000), y(1000);
  for (std::size_t i = 0; i < x.size(); ++i) {
    x[i] = 0.001 * static_cast<double>(i);
    y[i] = static_cast<double>(i % 10);
  }
  std::vector<double> xs, ys;
  decimateEnvelope(x, y, 50, xs, ys);
  ASSERT_EQ(xs.size(), ys.size());
  EXPECT_EQ(xs.size(), 100u);
  for (std::size_t k = 0; k < xs.size(); ++k) EXPECT_EQ(y[static_cast<std::size_t>(std::lround(xs[k] * 1000))], ys[k]);
}

TEST(Decimation, StreamedEnvelopeIsBoundedAndKeepsTheExtremesInOrder) {
  const std::vector<double> y = decimation_test::series(3600000);  // one hour at 1 kHz
  EnvelopeBuffer buffer(1024);
  for (std::size_t i = 0; i < y.size(); ++i) buffer.add(0.001 * static_cast<double>(i), y[i]);
  std::vector<double> xs, ys;
  buffer.points(xs, ys);
  EXPECT_EQ(buffer.samples(), y.size());
  EXPECT_LE(xs.size(), 2 * 1024u);
  EXPECT_GE(xs.size(), 512u);  // at least half the buckets after the last merge
  EXPECT_TRUE(std::is_sorted(xs.begin(), xs.end()));
  EXPECT_EQ(*std::max_element(ys.begin(), ys.end()), 50.0);
  EXPECT_EQ(*std::min_element(ys.begin(), ys.end()), -40.0);
}

}  // namespace eb
