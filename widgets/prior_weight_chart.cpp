#include "widgets/prior_weight_chart.hpp"


#include <QGraphicsLayout>
#include <QPen>
#include <QtCharts/QChart>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>

#include <algorithm>
#include <cmath>

namespace eb::widgets {

PriorWeightChart::PriorWeightChart(QWidget* parent) : QChartView(parent) {
  setObjectName("priorWeightChart");
  auto* chart = new QChart;
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->layout()->setContentsMargins(0, 0, 0, 0);
  chart->setBackgroundRoundness(0);
  chart->legend()->setAlignment(Qt::AlignTop);
  x_ = new QLogValueAxis;
  x_->setTitleText(tr("prior weight"));
  x_->setLabelFormat("%.0e");
  y_ = new QLogValueAxis;
  y_->setTitleText(tr("held-out score"));
  y_->setLabelFormat("%.3g");
  for (QLogValueAxis* a : {x_, y_}) {
    a->setBase(10.0);
    QFont f = a->titleFont();
    f.setPointSizeF(f.pointSizeF() * 0.9);
    f.setBold(false);
    a->setTitleFont(f);
    QFont l = a->labelsFont();
    l.setPointSizeF(l.pointSizeF() * 0.85);
    a->setLabelsFont(l);
  }
  chart->addAxis(x_, Qt::AlignBottom);
  chart->addAxis(y_, Qt::AlignLeft);
  line_ = new QLineSeries;
  line_->setName(tr("held-out score"));
  line_->setPen(QPen(QColor(0x1f, 0x77, 0xb4), 1.5));
  line_->setPointsVisible(true);
  marker_ = new QScatterSeries;
  marker_->setName(tr("chosen"));
  marker_->setColor(QColor(0xd6, 0x27, 0x28));
  marker_->setMarkerSize(11.0);
  for (QXYSeries* s : std::initializer_list<QXYSeries*>{line_, marker_}) {
    chart->addSeries(s);
    s->attachAxis(x_);
    s->attachAxis(y_);
  }
  chart->legend()->markers(line_).first()->setVisible(false);  // the y axis says what the line is
  setChart(chart);
  setToolTip(tr("Held-out score (weighted mean squared residual on the held-out samples) of each prior weight "
                "tried; the largest weight scoring close to the best is kept (the notes say how close)"));
  setRenderHint(QPainter::Antialiasing);
  setMinimumSize(240, 150);
}

void PriorWeightChart::setCurve(const std::vector<std::pair<double, double>>& curve, double chosen) {
  QList<QPointF> points, mark;
  for (const auto& [weight, score] : curve)
    if (weight > 0.0 && score > 0.0 && std::isfinite(weight) && std::isfinite(score)) {
      points.append(QPointF(weight, score));
      if (weight == chosen) mark.append(QPointF(weight, score));
    }
  std::sort(points.begin(), points.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
  line_->replace(points);
  marker_->replace(mark);
  marker_->setName(tr("chosen weight %1").arg(QString::number(chosen, 'g', 3)));  // a weight of the curve: finite
  if (points.isEmpty()) return;
  double x0 = points.front().x(), x1 = points.back().x(), y0 = points.front().y(), y1 = y0;
  for (const QPointF& p : points) {
    y0 = std::min(y0, p.y());
    y1 = std::max(y1, p.y());
  }
  // At most 5 labels on x: one every k decades, the range whole steps of k decades.
  const double d0 = std::floor(std::log10(x0)), d1 = std::ceil(std::log10(x1));
  const double k = std::max(1.0, std::ceil((d1 - d0) / 4.0));
  x_->setBase(std::pow(10.0, k));
  x_->setRange(std::pow(10.0, k * std::floor(d0 / k)), std::pow(10.0, k * std::ceil(d1 / k)));
  y_->setRange(std::pow(10.0, std::floor(std::log10(y0))), std::pow(10.0, std::ceil(std::log10(y1 * 1.01))));
}

}  // namespace eb::widgets
