#include "widgets/chart_style.hpp"

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QGraphicsTextItem>
#include <QTextDocument>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace eb::widgets {

void styleChartView(QChartView* view, const QString& title) {
  QChart* chart = view->chart();
  chart->setAnimationOptions(QChart::NoAnimation);
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->layout()->setContentsMargins(0, 0, 0, 0);
  chart->setBackgroundRoundness(0);
  QFont f = chart->titleFont();
  f.setPointSizeF(9.0);
  f.setBold(true);
  chart->setTitleFont(f);
  chart->setTitle(title);
  chart->legend()->setFont(QFont(f.family(), 8));
  view->setRenderHint(QPainter::Antialiasing, true);
  view->setMinimumSize(160, 110);
}

QChartView* makeChartView(const QString& title) {
  auto* view = new QChartView;
  styleChartView(view, title);
  return view;
}

void setLogRange(QLogValueAxis* axis, double lo, double hi) {
  if (!(lo > 0.0) || !std::isfinite(lo)) lo = 1e-12;
  if (!(hi > lo) || !std::isfinite(hi)) hi = lo * 10.0;
  const double first = std::floor(std::log10(lo)), last = std::ceil(std::log10(hi));
  // At most ~6 labelled ticks: a tick every 1, 2, 3... decades (labels are elided when crowded).
  const double step = std::max(1.0, std::ceil((last - first) / 4.0));
  // Ticks sit on powers of the base, so the range ends on them too.
  axis->setBase(std::pow(10.0, step));
  axis->setRange(std::pow(10.0, step * std::floor(first / step)), std::pow(10.0, step * std::ceil(last / step)));
}

void setPaddedRange(QValueAxis* axis, double lo, double hi) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) return;
  if (hi - lo < 1e-12) {
    lo -= 0.5;
    hi += 0.5;
  }
  const double pad = 0.05 * (hi - lo);
  axis->setRange(lo - pad, hi + pad);
}

}  // namespace eb::widgets

namespace eb::widgets {

NiceTicks niceTicks(double lo, double hi, int maxTicks) {
  NiceTicks t;
  if (!std::isfinite(lo) || !std::isfinite(hi)) return t;
  if (hi - lo < 1e-12) {
    lo -= 0.5;
    hi += 0.5;
  }
  maxTicks = std::max(2, maxTicks);
  // Smallest round step that needs no more than maxTicks ticks.
  const double raw = (hi - lo) / (maxTicks - 1);
  const double decade = std::pow(10.0, std::floor(std::log10(raw)));
  t.step = decade * 10.0;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * decade >= raw) {
      t.step = m * decade;
      break;
    }
  long first = 0, last = 0;
  for (;;) {  // rounding out both ends can add a tick
    // An end within round-off of a tick is on it: -2.8e-17 must not add a tick at -step.
    first = std::lround(std::floor(lo / t.step + 1e-9));
    last = std::lround(std::ceil(hi / t.step - 1e-9));
    if (last - first + 1 <= maxTicks) break;
    t.step *= 2.0;
  }
  t.firstIndex = first;
  t.count = static_cast<int>(last - first + 1);
  return t;
}

QStringList NiceTicks::labels() const {
  // Enough decimals to tell neighbouring ticks apart, and no more.
  const int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
  QStringList out;
  for (long k = firstIndex; k < firstIndex + count; ++k)
    out << (k == 0 ? QStringLiteral("0") : QString::number(static_cast<double>(k) * step, 'f', decimals));
  return out;
}

void setNiceRange(QValueAxis* axis, double lo, double hi, int maxTicks) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) return;  // keep the last good range
  const NiceTicks t = niceTicks(lo, hi, maxTicks);
  axis->setRange(t.first(), t.last());
  axis->setTickCount(t.count);
}

void setNiceTicks(QCategoryAxis* axis, double lo, double hi, int maxTicks) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) return;
  const NiceTicks t = niceTicks(lo, hi, maxTicks);
  const QStringList labels = t.labels();
  // Category boundaries are the ticks; the start boundary has no label, so it sits one step below
  // the range where it is not drawn. Rebuilt only on a change: each rebuild re-lays out the chart.
  if (axis->categoriesLabels() != labels || axis->startValue() != t.first() - t.step ||
      axis->endValue(labels.back()) != t.last()) {
    for (const QString& label : axis->categoriesLabels()) axis->remove(label);
    axis->setStartValue(t.first() - t.step);
    for (int i = 0; i < t.count; ++i) axis->append(labels[i], static_cast<double>(t.firstIndex + i) * t.step);
  }
  axis->setRange(t.first(), t.last());
}

int wholeCategoryLabels(const QCategoryAxis* axis, double plotHeight) {
  // Qt Charts (6.4, VerticalAxis::updateGeometry) gives each of the n labels and the unlabelled
  // start boundary (axis height) / (n + 1) - 2 x 4 px and elides a taller text to "...". The
  // label's height is that of a text item with a 0.5 px document margin, as Qt measures it; the
  // axis spans the plot and the x axis row under it, measured as one label height + 20 px.
  QGraphicsTextItem probe;
  probe.document()->setDocumentMargin(0.5);
  probe.setFont(axis->labelsFont());
  probe.setHtml(QStringLiteral("0"));
  const double label = probe.boundingRect().height();
  const double axisHeight = plotHeight + label + 20.0;
  return std::max(2, static_cast<int>(std::floor(axisHeight / (label + 8.0))) - 1);
}

}  // namespace eb::widgets
