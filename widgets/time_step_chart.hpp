#pragma once
// TimeStepChart: what the importer found on a log's time axis, at a glance — a
// histogram of the time steps in units of the nominal step (jitter shows as
// width, dropped samples as bars at 2, 3, ...) and the one summary line
// (nominal rate, spread, gaps and segments, samples dropped).

#include "logs/time_base.hpp"

#include <QWidget>

class QChartView;
class QLabel;

namespace eb::widgets {

class TimeStepChart : public QWidget {
  Q_OBJECT
 public:
  explicit TimeStepChart(QWidget* parent = nullptr);
  /// Shows `summary` of the log `name`; nullptr shows `placeholder` instead.
  void setTimeBase(const TimeBaseSummary* summary, const QString& name, const QString& placeholder = {});
  /// The summary line shown (for tests).
  QString summaryText() const;
  /// Whether the summary line is shown under the chart (a page that shows it elsewhere hides it).
  void setSummaryVisible(bool on);
  /// Steps counted in the bars (for tests).
  std::size_t stepsShown() const { return stepsShown_; }

 private:
  QChartView* view_;
  QLabel* summary_;
  std::size_t stepsShown_ = 0;
};

}  // namespace eb::widgets
