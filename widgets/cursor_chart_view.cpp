#include "widgets/cursor_chart_view.hpp"

#include <QAbstractSeries>
#include <QChart>
#include <QGraphicsScene>
#include <QPainter>

#include <cmath>
#include <limits>

namespace eb::widgets {

CursorChartView::CursorChartView(QWidget* parent)
    : QChartView(parent), cursor_(std::numeric_limits<double>::quiet_NaN()) {
  connect(scene(), &QGraphicsScene::changed, this, [this](const QList<QRectF>& regions) {
    if (!regions.isEmpty()) dirty_ = true;
  });
}

void CursorChartView::setCursorX(double x, QAbstractSeries* series) {
  if (x == cursor_ && series == series_) return;
  cursor_ = x;
  series_ = series;
  viewport()->update();
}

void CursorChartView::paintEvent(QPaintEvent*) {
  const qreal dpr = devicePixelRatioF();
  const QSize pixels = viewport()->size() * dpr;
  if (dirty_ || cache_.size() != pixels) {
    cache_ = QPixmap(pixels);
    cache_.setDevicePixelRatio(dpr);
    cache_.fill(palette().color(QPalette::Base));
    QPainter painter(&cache_);
    painter.setRenderHints(renderHints());
    render(&painter, QRectF(QPointF(0, 0), viewport()->size()), viewport()->rect());
    dirty_ = false;
    ++renders_;
  }
  QPainter painter(viewport());
  painter.drawPixmap(0, 0, cache_);
  if (!std::isfinite(cursor_) || !series_) return;
  const QRectF plot = chart()->plotArea();
  const QPointF atCursor = chart()->mapToPosition(QPointF(cursor_, 0.0), series_);
  if (atCursor.x() < plot.left() || atCursor.x() > plot.right()) return;
  const QPoint top = mapFromScene(chart()->mapToScene(QPointF(atCursor.x(), plot.top())));
  const QPoint bottom = mapFromScene(chart()->mapToScene(QPointF(atCursor.x(), plot.bottom())));
  painter.setPen(QPen(QColor(0x44, 0x44, 0x44), 1));
  painter.drawLine(top, bottom);
}

}  // namespace eb::widgets
