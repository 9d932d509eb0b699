#pragma once
// Shared look of the workbench's charts: compact margins, small fonts, no
// animation (charts redraw on every slider step, animations would lag).

#include <QString>

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

}  // namespace eb::widgets
