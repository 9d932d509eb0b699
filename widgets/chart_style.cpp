#include "widgets/chart_style.hpp"

#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QLogValueAxis>
#include <QValueAxis>

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

void setNiceRange(QValueAxis* axis, double lo, double hi, int maxTicks) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) return;
  if (hi - lo < 1e-12) {
    lo -= 0.5;
    hi += 0.5;
  }
  // Smallest round step that needs no more than maxTicks ticks.
  const double raw = (hi - lo) / std::max(1, maxTicks - 1);
  const double decade = std::pow(10.0, std::floor(std::log10(raw)));
  double step = decade * 10.0;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * decade >= raw) {
      step = m * decade;
      break;
    }
  double first = std::floor(lo / step) * step, last = std::ceil(hi / step) * step;
  while (std::lround((last - first) / step) + 1 > maxTicks) {  // rounding out both ends can add a tick
    step *= 2.0;
    first = std::floor(lo / step) * step;
    last = std::ceil(hi / step) * step;
  }
  axis->setRange(first, last);
  axis->setTickCount(static_cast<int>(std::lround((last - first) / step)) + 1);
}

}  // namespace eb::widgets
