#pragma once
// DriftReportView: the engine's DriftReport (drift_check.hpp) as people read it: one line
// saying how many windows over how long and how many joints drifted, a table per joint (the
// residual's change over the log, its ± 1 σ, the residual RMS [N m] and the verdict "steady" or
// "drifted", in red) and a chart of each joint's residual mean per window over time. It shows
// a report, or the line saying why there is none; it never computes one.

#include "identification/drift_check.hpp"

#include <QWidget>

#include <string>
#include <vector>

class QChartView;
class QLabel;
class QTableWidget;

namespace eb::widgets {

class DriftReportView : public QWidget {
  Q_OBJECT
 public:
  /// An empty view (no rows, no series, no summary).
  explicit DriftReportView(QWidget* parent = nullptr);

  /// Shows `report` for the joints named `jointNames` (model order, one row each).
  void setReport(const DriftReport& report, const std::vector<std::string>& jointNames);
  /// No report: empties the table and the chart and shows `problem` (plain text) in red.
  void showProblem(const QString& problem);
  /// No report: empties the table and the chart and shows `note` as the summary.
  void showNote(const QString& note);

  /// The verdict shown for joint j (0-based): "steady", "drifted", or empty without a report.
  QString verdict(int joint) const;
  /// The summary line as shown (rich text when it is a problem).
  QString summary() const;

 private:
  void clearReport();

  QLabel* summary_;
  QTableWidget* table_;
  QChartView* chart_;
};

}  // namespace eb::widgets
