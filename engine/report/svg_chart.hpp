#pragma once
// Small inline SVG charts for the HTML report: no script, no external font or style, so
// the file opens and prints anywhere. A line chart with axes, nice ticks and a legend, whose
// long series are decimated to the envelope per pixel column (decimation.hpp); a bar chart
// of grouped values per category, on a linear or logarithmic axis.

#include <string>
#include <vector>

namespace eb {

struct ChartSeries {
  std::string name;             ///< legend text (escaped when drawn)
  std::string color;            ///< CSS colour, e.g. "#1f77b4" (trusted: set by the report, not by input)
  std::vector<double> x, y;     ///< same size; x increasing; NaN in y breaks the line
};

struct LineChart {
  std::string title, xLabel, yLabel;
  std::vector<ChartSeries> series;
  int width = 760, height = 260;  ///< [px]
};

/// One SVG element drawing `chart`; each series is decimated to at most two points per pixel
/// column of the plot area. An empty or all-NaN chart draws its frame and "no data".
std::string lineChartSvg(const LineChart& chart);

struct BarGroup {
  std::string name, color;     ///< legend text, CSS colour
  std::vector<double> values;  ///< one per category; NaN draws no bar
};

struct BarChart {
  std::string title, yLabel;
  std::vector<std::string> categories;
  std::vector<BarGroup> groups;
  bool logScale = false;           ///< log10 axis: only positive values are drawn
  int width = 760, height = 240;   ///< [px]
};

/// One SVG element drawing `chart`, the groups' bars side by side within each category.
std::string barChartSvg(const BarChart& chart);

/// Round tick values covering [lo, hi] (steps of 1, 2 or 5 times a power of ten), at most about
/// `maxTicks` of them, all within [lo, hi]; lo == hi gives that value alone.
std::vector<double> niceTicks(double lo, double hi, int maxTicks);

}  // namespace eb
