#pragma once
// Line-chart helpers for the application's pages (Qt Charts): a compact line chart with
// value axes, series filled from Eigen columns thinned to a few thousand
// points (a chart of 100k points is slow and shows nothing more), and axis
// ranges that follow the signal of interest rather than its noise.

#include <Eigen/Core>

#include <QColor>
#include <QString>
#include <QtCharts/QChartView>

#include <utility>

class QLineSeries;

namespace eb::widgets {

/// [px] the least height of a page's chart: a title, a legend row, the plot and the time axis's
/// labels and title, each whole (Qt Charts cuts a label that does not fit to "...").
constexpr int kMinChartHeight = 210;

/// A chart view with a title, a time axis [s] and a value axis titled `yTitle` (both category axes
/// whose labels setChartRanges() makes); no series yet.
QChartView* makeLineChart(const QString& title, const QString& yTitle, QWidget* parent = nullptr);

/// Adds a line series named `name` in `color` (width in pixels) attached to the chart's two axes.
QLineSeries* addLineSeries(QChart* chart, const QString& name, const QColor& color, double width = 1.5);

/// Replaces the points of `series` by (x[i], y[i]), keeping at most `maxPoints` evenly spaced ones.
void setSeriesData(QLineSeries* series, const Eigen::Ref<const Eigen::VectorXd>& x,
                   const Eigen::Ref<const Eigen::VectorXd>& y, Eigen::Index maxPoints = 4000);

/// [min, max] of y between the given quantiles (0 and 1 give the true range), NaN ignored.
std::pair<double, double> quantileRange(const Eigen::Ref<const Eigen::VectorXd>& y, double low = 0.0,
                                        double high = 1.0);

/// Sets the chart's x range and a y range covering [lo, hi] with a 5 % margin (a small span is widened).
void setChartRanges(QChart* chart, double x0, double x1, double lo, double hi);

}  // namespace eb::widgets
