#pragma once
// Shared look of the workbench's charts: compact margins, small fonts, no
// animation (charts redraw on every slider step, animations would lag).

#include <QString>
#include <QStringList>

class QCategoryAxis;
class QChart;
class QChartView;
class QLogValueAxis;
class QValueAxis;

namespace eb::widgets {

/// Gives `view` and its chart the common style and a title.
void styleChartView(QChartView* view, const QString& title);
/// A new chart view with the common style.
QChartView* makeChartView(const QString& title);
/// Log axis spanning [lo, hi] rounded out to whole decades.
void setLogRange(QLogValueAxis* axis, double lo, double hi);
/// Linear axis spanning [lo, hi] plus a 5 % margin (a unit span around a single value).
void setPaddedRange(QValueAxis* axis, double lo, double hi);
/// Linear axis covering [lo, hi] with at most `maxTicks` ticks on round numbers (1, 2, 5 x 10^k).
void setNiceRange(QValueAxis* axis, double lo, double hi, int maxTicks);

/// Ticks k * step for k = firstIndex .. firstIndex + count - 1: at most `maxTicks` of them on
/// round numbers (step 1, 2, 5 x 10^k, doubled if rounding out both ends adds a tick), covering [lo, hi].
struct NiceTicks {
  long firstIndex = 0;
  int count = 2;
  double step = 1.0;
  double first() const { return static_cast<double>(firstIndex) * step; }
  double last() const { return static_cast<double>(firstIndex + count - 1) * step; }
  /// Labels with the decimals the step needs: tick 0 reads "0", never "2.78e-17" or "-0".
  QStringList labels() const;
};
NiceTicks niceTicks(double lo, double hi, int maxTicks);

/// Like setNiceRange, but the labels are written here (NiceTicks::labels) instead of by Qt's
/// printf of min + i * (max - min) / (n - 1), which prints round-off next to zero as 2.78e-17.
void setNiceTicks(QCategoryAxis* axis, double lo, double hi, int maxTicks);

/// Most labels a left-hand category axis can show whole (not elided to "...") beside a plot
/// area `plotHeight` px high with an x axis under it; at least 2.
int wholeCategoryLabels(const QCategoryAxis* axis, double plotHeight);

}  // namespace eb::widgets
