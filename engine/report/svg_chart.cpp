#include "report/svg_chart.hpp"

#include "report/decimation.hpp"
#include "report/html_text.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace eb {
// A named namespace: the engine is compiled in unity batches, where anonymous ones would share names.
namespace svg_chart_detail {

constexpr double kLeft = 70.0, kRight = 14.0, kTop = 30.0, kBottom = 42.0;  // margins [px]

struct Frame {
  double x0, y0, w, h;  // plot area [px], y0 at the top
};

Frame frameOf(int width, int height) {
  const double w = std::max(40.0, width - kLeft - kRight), h = std::max(40.0, height - kTop - kBottom);
  return {kLeft, kTop, w, h};
}

std::string openSvg(int width, int height, const std::string& title) {
  const std::string w = std::to_string(width), h = std::to_string(height);
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"" + w + "\" height=\"" + h +
                  "\" viewBox=\"0 0 " + w + " " + h + "\" role=\"img\" font-family=\"sans-serif\" font-size=\"11\">";
  s += "<title>" + htmlEscape(title) + "</title>";
  s += "<text x=\"" + std::to_string(width / 2) + "\" y=\"16\" text-anchor=\"middle\" font-size=\"13\">" +
       htmlEscape(title) + "</text>";
  return s;
}

std::string text(double x, double y, const std::string& content, const char* anchor, const char* extra = "") {
  return "<text x=\"" + svgCoordinate(x) + "\" y=\"" + svgCoordinate(y) + "\" text-anchor=\"" + anchor + "\"" + extra +
         ">" + htmlEscape(content) + "</text>";
}

std::string line(double x1, double y1, double x2, double y2, const char* stroke) {
  return "<line x1=\"" + svgCoordinate(x1) + "\" y1=\"" + svgCoordinate(y1) + "\" x2=\"" + svgCoordinate(x2) +
         "\" y2=\"" + svgCoordinate(y2) + "\" stroke=\"" + stroke + "\"/>";
}

std::string legend(const Frame& f, const std::vector<std::pair<std::string, std::string>>& entries) {
  std::string s;
  double x = f.x0 + f.w;
  // Right-aligned, entries from the right edge leftwards; a rough width per character is enough.
  for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
    const double width = 18.0 + 6.2 * static_cast<double>(it->first.size());
    x -= width + 10.0;
    s += "<rect x=\"" + svgCoordinate(x) + "\" y=\"" + svgCoordinate(f.y0 - 11) + "\" width=\"12\" height=\"4\" fill=\"" +
         htmlEscape(it->second) + "\"/>";
    s += text(x + 16, f.y0 - 7, it->first, "start");
  }
  return s;
}

std::string frameAndLabels(const Frame& f, const std::string& xLabel, const std::string& yLabel, int height) {
  std::string s = "<rect x=\"" + svgCoordinate(f.x0) + "\" y=\"" + svgCoordinate(f.y0) + "\" width=\"" +
                  svgCoordinate(f.w) + "\" height=\"" + svgCoordinate(f.h) + "\" fill=\"none\" stroke=\"#888\"/>";
  if (!xLabel.empty()) s += text(f.x0 + f.w / 2, height - 6.0, xLabel, "middle");
  if (!yLabel.empty()) {
    const double x = 12.0, y = f.y0 + f.h / 2;
    s += "<text x=\"" + svgCoordinate(x) + "\" y=\"" + svgCoordinate(y) + "\" text-anchor=\"middle\" transform=\"rotate(-90 " +
         svgCoordinate(x) + " " + svgCoordinate(y) + ")\">" + htmlEscape(yLabel) + "</text>";
  }
  return s;
}

// Range of the finite values of several vectors; (0, 1) when there are none.
std::pair<double, double> finiteRange(const std::vector<const std::vector<double>*>& values, bool positiveOnly) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const std::vector<double>* v : values)
    for (double d : *v)
      if (std::isfinite(d) && (!positiveOnly || d > 0.0)) {
        lo = std::min(lo, d);
        hi = std::max(hi, d);
      }
  if (!(lo <= hi)) return {positiveOnly ? 1.0 : 0.0, positiveOnly ? 10.0 : 1.0};
  return {lo, hi};
}

// Widens a degenerate range so that a constant series is drawn mid-height.
std::pair<double, double> padded(double lo, double hi) {
  if (hi > lo) return {lo, hi};
  const double d = lo == 0.0 ? 1.0 : std::abs(lo) * 0.1;
  return {lo - d, hi + d};
}

}  // namespace svg_chart_detail

std::vector<double> niceTicks(double lo, double hi, int maxTicks) {
  std::vector<double> ticks;
  if (!std::isfinite(lo) || !std::isfinite(hi) || hi < lo) return ticks;
  if (hi == lo) return {lo};
  maxTicks = std::max(2, maxTicks);
  const double raw = (hi - lo) / (maxTicks - 1);
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  double step = power;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) {
      step = m * power;
      break;
    }
  // Multiples of the step within [lo, hi], by index so that no rounding drift accumulates.
  const double first = std::ceil(lo / step - 1e-9);
  for (double k = first; k * step <= hi + step * 1e-9; k += 1.0) ticks.push_back(std::abs(k) < 1e-12 ? 0.0 : k * step);
  return ticks;
}

std::string lineChartSvg(const LineChart& chart) {
  using namespace svg_chart_detail;
  const Frame f = frameOf(chart.width, chart.height);
  std::string s = openSvg(chart.width, chart.height, chart.title);
  std::vector<const std::vector<double>*> xs, ys;
  for (const ChartSeries& series : chart.series) {
    xs.push_back(&series.x);
    ys.push_back(&series.y);
  }
  // Plain variables, not structured bindings: C++17 lambdas cannot capture those (clang refuses).
  const std::pair<double, double> xr = finiteRange(xs, false), yr = finiteRange(ys, false);
  const std::pair<double, double> xp = padded(xr.first, xr.second), yp = padded(yr.first, yr.second);
  const double xlo = xp.first, xhi = xp.second, ylo = yp.first, yhi = yp.second;
  const auto px = [&](double x) { return f.x0 + (x - xlo) / (xhi - xlo) * f.w; };
  const auto py = [&](double y) { return f.y0 + f.h - (y - ylo) / (yhi - ylo) * f.h; };
  // At least three labelled ticks inside a small plot: a maximum of 3 rounded up to one or two.
  for (double t : niceTicks(ylo, yhi, std::max(6, static_cast<int>(f.h / 25)))) {
    s += line(f.x0, py(t), f.x0 + f.w, py(t), "#e4e4e4");
    s += text(f.x0 - 4, py(t) + 4, reportNumber(t, 4), "end");
  }
  for (double t : niceTicks(xlo, xhi, std::max(3, static_cast<int>(f.w / 80)))) {
    s += line(px(t), f.y0 + f.h, px(t), f.y0 + f.h + 4, "#888");
    s += text(px(t), f.y0 + f.h + 16, reportNumber(t, 4), "middle");
  }
  s += frameAndLabels(f, chart.xLabel, chart.yLabel, chart.height);
  bool any = false;
  std::vector<std::pair<std::string, std::string>> entries;
  for (const ChartSeries& series : chart.series) {
    std::vector<double> x, y;
    decimateEnvelope(series.x, series.y, static_cast<std::size_t>(f.w), x, y);
    // A jump in time far beyond the series' mean step is a gap (the held-out seconds are one in
    // five): the line stops there instead of drawing a straight segment nothing was measured on.
    const std::size_t n = series.x.size();
    const double meanStep = n > 1 ? (series.x[n - 1] - series.x[0]) / static_cast<double>(n - 1) : 0.0;
    std::string d;
    bool pen = false;
    for (std::size_t k = 0; k < x.size(); ++k) {
      if (!std::isfinite(x[k]) || !std::isfinite(y[k])) {
        pen = false;
        continue;
      }
      if (pen && k > 0 && x[k] - x[k - 1] > 20.0 * meanStep && px(x[k]) - px(x[k - 1]) > 4.0) pen = false;
      d += (pen ? " " : (d.empty() ? "M" : " M")) + svgCoordinate(px(x[k])) + "," + svgCoordinate(py(y[k]));
      pen = any = true;
    }
    if (!d.empty())
      s += "<path d=\"" + d + "\" fill=\"none\" stroke=\"" + htmlEscape(series.color) +
           "\" stroke-width=\"1.2\" stroke-linejoin=\"round\"/>";
    entries.emplace_back(series.name, series.color);
  }
  if (!any) s += text(f.x0 + f.w / 2, f.y0 + f.h / 2, "no data", "middle", " fill=\"#888\"");
  s += legend(f, entries);
  return s + "</svg>";
}

std::string barChartSvg(const BarChart& chart) {
  using namespace svg_chart_detail;
  const Frame f = frameOf(chart.width, chart.height);
  std::string s = openSvg(chart.width, chart.height, chart.title);
  std::vector<const std::vector<double>*> values;
  for (const BarGroup& g : chart.groups) values.push_back(&g.values);
  const auto range = finiteRange(values, chart.logScale);
  double lo = 0.0, hi = 1.0;
  if (chart.logScale) {
    lo = std::floor(std::log10(range.first));
    hi = std::ceil(std::log10(range.second));
    if (hi <= lo) hi = lo + 1.0;
  } else {
    lo = std::min(0.0, range.first);
    hi = std::max(0.0, range.second);
    std::tie(lo, hi) = padded(lo, hi);
  }
  const auto axis = [&](double v) { return chart.logScale ? std::log10(v) : v; };
  const auto py = [&](double v) { return f.y0 + f.h - (axis(v) - lo) / (hi - lo) * f.h; };
  if (chart.logScale) {
    // Powers of ten, every k-th when there are many decades.
    const int decades = static_cast<int>(hi - lo);
    const int every = std::max(1, decades / std::max(3, static_cast<int>(f.h / 30)));
    for (int e = static_cast<int>(lo); e <= static_cast<int>(hi); e += every) {
      const double v = std::pow(10.0, e);
      s += line(f.x0, py(v), f.x0 + f.w, py(v), "#e4e4e4");
      s += text(f.x0 - 4, py(v) + 4, "1e" + std::to_string(e), "end");
    }
  } else {
    for (double t : niceTicks(lo, hi, std::max(3, static_cast<int>(f.h / 40)))) {
      s += line(f.x0, py(t), f.x0 + f.w, py(t), "#e4e4e4");
      s += text(f.x0 - 4, py(t) + 4, reportNumber(t, 4), "end");
    }
  }
  s += frameAndLabels(f, "", chart.yLabel, chart.height);
  const std::size_t n = chart.categories.size(), groups = std::max<std::size_t>(1, chart.groups.size());
  const double slot = n > 0 ? f.w / static_cast<double>(n) : f.w;
  const double bar = std::max(1.0, 0.8 * slot / static_cast<double>(groups));
  const double base = chart.logScale ? f.y0 + f.h : py(0.0);
  // Category labels only where they fit (every k-th); the tables beside the charts name them all.
  const std::size_t labelEvery = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(60.0 / std::max(1.0, slot))));
  for (std::size_t c = 0; c < n; ++c) {
    for (std::size_t g = 0; g < chart.groups.size(); ++g) {
      const BarGroup& group = chart.groups[g];
      if (c >= group.values.size()) continue;
      const double v = group.values[c];
      if (!std::isfinite(v) || (chart.logScale && v <= 0.0)) continue;
      const double x = f.x0 + slot * static_cast<double>(c) + 0.1 * slot + bar * static_cast<double>(g);
      const double top = std::min(base, py(v)), height = std::abs(base - py(v));
      s += "<rect x=\"" + svgCoordinate(x) + "\" y=\"" + svgCoordinate(top) + "\" width=\"" + svgCoordinate(bar) +
           "\" height=\"" + svgCoordinate(std::max(0.5, height)) + "\" fill=\"" + htmlEscape(group.color) + "\"><title>" +
           htmlEscape(chart.categories[c] + ", " + group.name + ": " + reportNumber(v, 4)) + "</title></rect>";
    }
    if (c % labelEvery == 0)
      s += text(f.x0 + slot * (static_cast<double>(c) + 0.5), f.y0 + f.h + 14, chart.categories[c], "middle");
  }
  if (n == 0) s += text(f.x0 + f.w / 2, f.y0 + f.h / 2, "no data", "middle", " fill=\"#888\"");
  std::vector<std::pair<std::string, std::string>> entries;
  if (chart.groups.size() > 1)
    for (const BarGroup& g : chart.groups) entries.emplace_back(g.name, g.color);
  s += legend(f, entries);
  return s + "</svg>";
}

}  // namespace eb
