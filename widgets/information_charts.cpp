#include "widgets/information_charts.hpp"

#include "widgets/chart_style.hpp"

#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace eb::widgets {
namespace {

constexpr int kHistoryLength = 300;  // edits kept in the history line
constexpr double kHistoryStep = 50.0;  // the history's x axis grows and scrolls by this many edits

QFont smallFont() {
  QFont f;
  f.setPointSizeF(7.5);
  return f;
}

}  // namespace

EigenvalueChart::EigenvalueChart(QWidget* parent)
    : QChartView(parent),
      series_(new QBarSeries),
      set_(new QBarSet("lambda")),
      xAxis_(new QCategoryAxis),
      yAxis_(new QLogValueAxis) {
  styleChartView(this, tr("Eigenvalues of F (log)"));
  set_->setColor(QColor(0x3a, 0x6e, 0xc4));
  set_->setBorderColor(QColor(0x3a, 0x6e, 0xc4));
  series_->append(set_);
  series_->setBarWidth(0.8);
  chart()->addSeries(series_);
  chart()->legend()->hide();
  // A bar series on a value axis puts bar i at x = i; a category axis labels a few round indices
  // (all 40-70 would overlap) and its range keeps half a slot free beside the first and last bar.
  xAxis_->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
  xAxis_->setLabelsFont(smallFont());
  xAxis_->setGridLineVisible(false);
  xAxis_->setTitleText(tr("eigenvalue index (smallest first)"));
  xAxis_->setTitleFont(smallFont());
  yAxis_->setLabelFormat("%.0e");
  yAxis_->setLabelsFont(smallFont());
  yAxis_->setMinorTickCount(0);
  chart()->addAxis(xAxis_, Qt::AlignBottom);
  chart()->addAxis(yAxis_, Qt::AlignLeft);
  series_->attachAxis(xAxis_);
  series_->attachAxis(yAxis_);
  setLogRange(yAxis_, 1e-3, 1e3);
  labelIndices(0);
  // Room for the last index label, which may sit at the plot's right end.
  chart()->setMargins(QMargins(2, 2, 10, 2));
  connect(set_, &QBarSet::hovered, this, [this](bool on, int i) {
    if (on && i >= 0 && i < values_.size())
      QToolTip::showText(QCursor::pos(), tr("lambda_%1 = %2").arg(i + 1).arg(values_[i], 0, 'g', 4));
  });
}

void EigenvalueChart::setEigenvalues(const QList<double>& eigenvalues) {
  values_ = eigenvalues;
  double hi = 0.0;
  for (double v : eigenvalues) hi = std::max(hi, v);
  double lo = hi;
  for (double v : eigenvalues)
    if (v > 0.0) lo = std::min(lo, v);
  if (!(hi > 0.0)) hi = lo = 1.0;
  // Log bars grow from the axis floor; a zero or negative eigenvalue sits on it.
  const double floor = std::max(lo, hi * 1e-16);
  setLogRange(yAxis_, floor, hi);
  QList<qreal> shown;
  shown.reserve(eigenvalues.size());
  for (double v : eigenvalues) shown.append(std::max(v, yAxis_->min()));
  if (xAxis_->max() != eigenvalues.size() - 0.5) labelIndices(static_cast<int>(eigenvalues.size()));
  // Replacing values keeps the bar set (and its colours and hover hook) alive.
  if (set_->count() == shown.size()) {
    for (int i = 0; i < shown.size(); ++i) set_->replace(i, shown[i]);
  } else {
    set_->remove(0, set_->count());
    set_->append(shown);
  }
}

void EigenvalueChart::labelIndices(int count) {
  for (const QString& label : xAxis_->categoriesLabels()) xAxis_->remove(label);
  xAxis_->setStartValue(-0.5);
  const long step = std::max(1L, std::lround(niceTicks(0.0, std::max(count, 1), 6).step));
  if (count > 0) xAxis_->append("1", 0.0);
  for (long index = step; index <= count; index += step)
    if (index > 1) xAxis_->append(QString::number(index), static_cast<double>(index - 1));
  xAxis_->setRange(-0.5, std::max(count, 1) - 0.5);
}

QList<double> EigenvalueChart::values() const {
  QList<double> out;
  for (int i = 0; i < set_->count(); ++i) out.append(set_->at(i));
  return out;
}

MetricHistoryChart::MetricHistoryChart(QWidget* parent)
    : QChartView(parent),
      cond_(new QLineSeries),
      logdet_(new QLineSeries),
      lambda_(new QLineSeries),
      xAxis_(new QValueAxis),
      logAxis_(new QLogValueAxis),
      logdetAxis_(new QValueAxis) {
  styleChartView(this, tr("History while editing"));
  cond_->setName("cond");
  lambda_->setName("lambda_min");
  logdet_->setName("log det F");
  cond_->setPen(QPen(QColor(0xc0, 0x39, 0x2b), 2));
  lambda_->setPen(QPen(QColor(0x27, 0x8e, 0x4b), 2));
  logdet_->setPen(QPen(QColor(0x5b, 0x4d, 0xb7), 2, Qt::DashLine));
  for (QLineSeries* s : {cond_, lambda_, logdet_}) chart()->addSeries(s);
  xAxis_->setLabelFormat("%d");
  xAxis_->setLabelsFont(smallFont());
  xAxis_->setTitleText(tr("evaluation"));
  xAxis_->setTitleFont(smallFont());
  logAxis_->setLabelFormat("%.0e");
  logAxis_->setLabelsFont(smallFont());
  logAxis_->setMinorTickCount(0);
  logdetAxis_->setLabelsFont(smallFont());
  logdetAxis_->setLabelFormat("%.4g");
  // The legend names cond and lambda_min in their colours, so the log axis has no title: Qt Charts
  // gives both y axes together at most 40 % of the chart's width, and in the 230 px dock a rotated
  // title beside "log det F"'s left the log axis 24 px and cut "1e+02" to "1e..." (issue 43).
  // The right axis, in another unit, keeps its title, both in log det F's colour.
  logdetAxis_->setTitleText(logdet_->name());
  logdetAxis_->setTitleFont(smallFont());
  logdetAxis_->setTitleBrush(logdet_->pen().color());
  logdetAxis_->setLabelsBrush(logdet_->pen().color());
  chart()->addAxis(xAxis_, Qt::AlignBottom);
  chart()->addAxis(logAxis_, Qt::AlignLeft);
  chart()->addAxis(logdetAxis_, Qt::AlignRight);
  for (QLineSeries* s : {cond_, lambda_, logdet_}) s->attachAxis(xAxis_);
  cond_->attachAxis(logAxis_);
  lambda_->attachAxis(logAxis_);
  logdet_->attachAxis(logdetAxis_);
  chart()->legend()->setAlignment(Qt::AlignTop);
  redraw();
}

void MetricHistoryChart::append(double cond, double logdet, double lambdaMin) {
  // Log axes cannot show 0 or infinity: a rank-deficient design is drawn at the extremes.
  const double big = 1e16, tiny = 1e-16;
  const double x = next_++;
  const QPointF added[3] = {{x, std::isfinite(cond) && cond > 0 ? cond : big}, {x, std::isfinite(logdet) ? logdet : -1e3},
                            {x, lambdaMin > tiny ? lambdaMin : tiny}};
  for (int k = 0; k < 3; ++k) {
    points_[k].append(added[k]);
    // Trimmed by kHistoryStep at a time, so that the x axis scrolls once per kHistoryStep edits.
    if (points_[k].size() > kHistoryLength + kHistoryStep)
      points_[k].remove(0, points_[k].size() - kHistoryLength);
  }
  redraw();
}

void MetricHistoryChart::clear() {
  for (QList<QPointF>& p : points_) p.clear();
  redraw();
}

int MetricHistoryChart::pointCount() const { return static_cast<int>(points_[0].size()); }

double MetricHistoryChart::lastCond() const {
  return points_[0].isEmpty() ? std::numeric_limits<double>::quiet_NaN() : points_[0].back().y();
}

// A range change on a Qt Charts axis re-lays its labels and the geometry of every series on
// it: 1-3.5 ms of the GUI thread per slider edit when the x axis scrolled and the log det axis
// followed its data exactly on every edit (0.1-0.2 ms without). So the axes move in steps:
// the x axis by kHistoryStep evaluations, the y axes only when the data leave their range or
// fill too little of it; the series are then replaced once each.
void MetricHistoryChart::redraw() {
  const QList<QPointF>& c = points_[0];
  const QList<QPointF>& d = points_[1];
  const QList<QPointF>& l = points_[2];
  if (c.isEmpty()) {
    xAxis_->setRange(0, 10);
    setLogRange(logAxis_, 1e-2, 1e3);
    logdetAxis_->setRange(0, 1);
  } else {
    const double first = c.front().x(), last = c.back().x();
    const double span = std::max(10.0, kHistoryStep * std::ceil((last - first + 1.0) / kHistoryStep));
    if (xAxis_->min() != first || xAxis_->max() != first + span) {
      // Ticks on round evaluation numbers whatever the first one kept.
      const NiceTicks ticks = niceTicks(first, first + span, 6);
      xAxis_->setTickType(QValueAxis::TicksDynamic);
      xAxis_->setTickAnchor(0.0);
      xAxis_->setTickInterval(ticks.step);
      xAxis_->setRange(first, first + span);
    }
    double lo = std::numeric_limits<double>::infinity(), hi = 0.0, dlo = lo, dhi = -lo;
    for (qsizetype i = 0; i < c.size(); ++i) {
      lo = std::min({lo, c[i].y(), l[i].y()});
      hi = std::max({hi, c[i].y(), l[i].y()});
      dlo = std::min(dlo, d[i].y());
      dhi = std::max(dhi, d[i].y());
    }
    if (!(lo >= logAxis_->min() && hi <= logAxis_->max() && hi * 1e3 > logAxis_->max() && lo * 1e-3 < logAxis_->min()))
      setLogRange(logAxis_, lo, hi);
    // Room on each side: half the data's span, at least 2 % of its size (so a range that
    // grows, grows by steps); shrunk only when the data fill less than a third of it.
    const double pad = std::max({0.5 * (dhi - dlo), 0.02 * std::max(std::abs(dlo), std::abs(dhi)), 1e-3});
    const double range = logdetAxis_->max() - logdetAxis_->min();
    if (!(dlo >= logdetAxis_->min() && dhi <= logdetAxis_->max() && range <= 3.0 * (dhi - dlo + 2.0 * pad))) {
      const NiceTicks ticks = niceTicks(dlo - pad, dhi + pad, 5);  // labels on round values
      logdetAxis_->setTickType(QValueAxis::TicksDynamic);
      logdetAxis_->setTickAnchor(0.0);
      logdetAxis_->setTickInterval(ticks.step);
      logdetAxis_->setRange(dlo - pad, dhi + pad);
    }
  }
  // A lone first point is invisible as a line; markers on hundreds of points cost a lot to draw.
  const bool markers = c.size() < 3;
  QLineSeries* series[3] = {cond_, logdet_, lambda_};
  for (int k = 0; k < 3; ++k) {
    if (series[k]->pointsVisible() != markers) series[k]->setPointsVisible(markers);
    series[k]->replace(points_[k]);
  }
}

RDiagonalChart::RDiagonalChart(QWidget* parent)
    : QChartView(parent),
      kept_(new QScatterSeries),
      dropped_(new QScatterSeries),
      threshold_(new QLineSeries),
      xAxis_(new QValueAxis),
      yAxis_(new QLogValueAxis) {
  // A title that fits the 230 px dock whole; the tooltip says it in full.
  styleChartView(this, tr("|R_ii| (grey: below tolerance)"));
  setToolTip(tr("|R_ii|: the diagonal of the pivoted QR of the regressor, largest first. Grey points "
                "are below the rank tolerance (dashed red): those directions are not identifiable."));
  kept_->setName(tr("identifiable"));
  dropped_->setName(tr("below rank tolerance"));
  threshold_->setName(tr("tolerance"));
  kept_->setMarkerSize(6);
  dropped_->setMarkerSize(6);
  kept_->setColor(QColor(0x3a, 0x6e, 0xc4));
  dropped_->setColor(QColor(0xbb, 0xbb, 0xbb));
  kept_->setBorderColor(Qt::transparent);
  dropped_->setBorderColor(Qt::transparent);
  threshold_->setPen(QPen(QColor(0xc0, 0x39, 0x2b), 1.5, Qt::DashLine));
  for (QXYSeries* s : std::initializer_list<QXYSeries*>{kept_, dropped_, threshold_}) chart()->addSeries(s);
  xAxis_->setLabelFormat("%d");
  xAxis_->setLabelsFont(smallFont());
  yAxis_->setLabelFormat("%.0e");
  yAxis_->setLabelsFont(smallFont());
  yAxis_->setMinorTickCount(0);
  chart()->addAxis(xAxis_, Qt::AlignBottom);
  chart()->addAxis(yAxis_, Qt::AlignLeft);
  for (QXYSeries* s : std::initializer_list<QXYSeries*>{kept_, dropped_, threshold_}) {
    s->attachAxis(xAxis_);
    s->attachAxis(yAxis_);
  }
  // Colours are explained in the title; a legend would take a third of this small chart.
  chart()->legend()->hide();
  for (QScatterSeries* s : {kept_, dropped_})
    connect(s, &QScatterSeries::hovered, this, [this](const QPointF& p, bool on) {
      if (on) QToolTip::showText(QCursor::pos(), pointDescription(static_cast<int>(std::lround(p.x())) - 1));
    });
}

QString RDiagonalChart::pointDescription(int i) const {
  if (i < 0 || i >= values_.size()) return {};
  const QString column = i < columns_.size() ? QString(" (%1)").arg(columns_[i]) : QString();
  return tr("pivot %1%2: |R_ii| = %3").arg(i + 1).arg(column).arg(values_[i], 0, 'g', 3);
}

void RDiagonalChart::setProfile(const QList<double>& r, int rank, double relativeTolerance, const QStringList& columns) {
  values_ = r;
  columns_ = columns;
  QList<QPointF> kept, dropped;
  const double floor = r.isEmpty() ? 1e-16 : std::max(r.front() * 1e-17, 1e-300);
  double lo = std::numeric_limits<double>::infinity(), hi = 0.0;
  for (int i = 0; i < r.size(); ++i) {
    const double v = std::max(r[i], floor);
    (i < rank ? kept : dropped).append(QPointF(i + 1, v));
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  kept_->replace(kept);
  dropped_->replace(dropped);
  const double tol = r.isEmpty() ? 0.0 : r.front() * relativeTolerance;
  threshold_->replace(QList<QPointF>{{0.5, tol}, {r.size() + 0.5, tol}});
  xAxis_->setRange(0, std::max<qsizetype>(r.size(), 1) + 1);
  xAxis_->applyNiceNumbers();
  setLogRange(yAxis_, std::min(lo, tol), hi);
}

int RDiagonalChart::pointCount() const { return static_cast<int>(kept_->count() + dropped_->count()); }

}  // namespace eb::widgets
