#include "widgets/line_charts.hpp"

#include <QGraphicsLayout>
#include <QPen>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QCategoryAxis>

#include <algorithm>
#include <cmath>
#include <vector>

namespace eb::widgets {

QChartView* makeLineChart(const QString& title, const QString& yTitle, QWidget* parent) {
  auto* chart = new QChart;
  chart->setTitle(title);
  QFont titleFont = chart->titleFont();
  titleFont.setBold(true);
  chart->setTitleFont(titleFont);
  chart->legend()->setAlignment(Qt::AlignTop);
  chart->setMargins(QMargins(4, 2, 4, 2));
  chart->layout()->setContentsMargins(0, 0, 0, 0);
  chart->setBackgroundRoundness(0);
  auto* x = new QCategoryAxis;
  x->setTitleText(QObject::tr("t [s]"));
  auto* y = new QCategoryAxis;
  y->setTitleText(yTitle);
  for (QCategoryAxis* a : {x, y}) {
    a->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    QFont f = a->titleFont();
    f.setPointSizeF(f.pointSizeF() * 0.9);
    f.setBold(false);
    a->setTitleFont(f);
  }
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  auto* view = new QChartView(chart, parent);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumSize(240, kMinChartHeight);
  return view;
}

QLineSeries* addLineSeries(QChart* chart, const QString& name, const QColor& color, double width) {
  auto* series = new QLineSeries;
  series->setName(name);
  QPen pen(color);
  pen.setWidthF(width);
  series->setPen(pen);
  chart->addSeries(series);
  for (QAbstractAxis* axis : chart->axes()) series->attachAxis(axis);
  return series;
}

void setSeriesData(QLineSeries* series, const Eigen::Ref<const Eigen::VectorXd>& x,
                   const Eigen::Ref<const Eigen::VectorXd>& y, Eigen::Index maxPoints) {
  const Eigen::Index n = std::min(x.size(), y.size());
  const Eigen::Index stride = std::max<Eigen::Index>(1, (n + maxPoints - 1) / std::max<Eigen::Index>(maxPoints, 1));
  QList<QPointF> points;
  points.reserve(static_cast<qsizetype>(n / stride + 1));
  for (Eigen::Index i = 0; i < n; i += stride)
    if (std::isfinite(y[i])) points.append(QPointF(x[i], y[i]));
  series->replace(points);
}

std::pair<double, double> quantileRange(const Eigen::Ref<const Eigen::VectorXd>& y, double low, double high) {
  std::vector<double> v;
  v.reserve(static_cast<size_t>(y.size()));
  for (Eigen::Index i = 0; i < y.size(); ++i)
    if (std::isfinite(y[i])) v.push_back(y[i]);
  if (v.empty()) return {0.0, 0.0};
  auto at = [&](double q) {
    const size_t k = static_cast<size_t>(std::clamp(q, 0.0, 1.0) * static_cast<double>(v.size() - 1));
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
    return v[k];
  };
  const double lo = at(low), hi = at(high);
  return {lo, hi};
}

namespace {

// 1, 2 or 5 times a power of ten, at least `raw`.
double niceStep(double raw) {
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  const double f = raw / p;
  return (f <= 1.0 ? 1.0 : f <= 2.0 ? 2.0 : f <= 5.0 ? 5.0 : 10.0) * p;
}

// Ticks at the multiples k * step of a nice step, labelled with just the decimals the step needs.
// The labels are made here (a category axis with labels on the values): QValueAxis accumulates
// the step and prints "-0.0" or "-1.1e-16" for the tick at zero.
void setNiceAxis(QCategoryAxis* axis, double lo, double hi, bool snapRange) {
  const double step = niceStep((hi - lo) / 5.0);
  const double first = std::ceil(lo / step - 1e-9), last = std::floor(hi / step + 1e-9);
  if (snapRange) {
    lo = std::min(lo, first * step);
    hi = std::max(hi, last * step);
    lo = std::floor(lo / step + 1e-9) * step;
    hi = std::ceil(hi / step - 1e-9) * step;
  }
  const int decimals = std::clamp(static_cast<int>(-std::floor(std::log10(step) + 1e-9)), 0, 9);
  for (const QString& label : axis->categoriesLabels()) axis->remove(label);
  axis->setRange(lo, hi);
  axis->setStartValue(lo);
  for (double k = std::ceil(lo / step - 1e-9); k * step <= hi + 1e-9 * step; k += 1.0) {
    const double value = k == 0.0 ? 0.0 : k * step;
    axis->append(k == 0.0 ? QStringLiteral("0") : QString::number(value, 'f', decimals), value);
  }
}

}  // namespace

void setChartRanges(QChart* chart, double x0, double x1, double lo, double hi) {
  const auto xs = chart->axes(Qt::Horizontal), ys = chart->axes(Qt::Vertical);
  if (!xs.isEmpty()) setNiceAxis(static_cast<QCategoryAxis*>(xs.front()), x0, x1 > x0 ? x1 : x0 + 1.0, false);
  if (ys.isEmpty()) return;
  double span = hi - lo;
  const double scale = std::max(std::abs(lo), std::abs(hi));
  if (!(span > 1e-9 * scale) || !(span > 1e-12)) {
    const double half = std::max(0.5 * scale, 1e-3);
    lo -= half;
    hi += half;
    span = hi - lo;
  }
  setNiceAxis(static_cast<QCategoryAxis*>(ys.front()), lo - 0.05 * span, hi + 0.05 * span, true);
}

}  // namespace eb::widgets
