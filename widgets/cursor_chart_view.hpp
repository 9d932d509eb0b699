#pragma once
// CursorChartView: a chart view that keeps its last rendering in a pixmap and
// draws a vertical time cursor over it. Moving the cursor then costs a blit,
// not a re-render of every series (which, in software, costs tens of ms per
// chart and would starve the 3D view during playback). The cache is dropped
// whenever the chart's scene changes or the view is resized.

#include <QChartView>
#include <QPixmap>

namespace eb::widgets {

class CursorChartView : public QChartView {
  Q_OBJECT
 public:
  explicit CursorChartView(QWidget* parent = nullptr);
  /// Cursor at x (in the axis units of `series`); NaN hides it.
  void setCursorX(double x, QAbstractSeries* series);
  /// Full renders since construction (tests and profiling).
  int renderCount() const { return renders_; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  QPixmap cache_;
  bool dirty_ = true;
  double cursor_;
  QAbstractSeries* series_ = nullptr;
  int renders_ = 0;
};

}  // namespace eb::widgets
