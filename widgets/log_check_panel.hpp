#pragma once
// LogCheckPanel: a "Time axis, problems and notes" box for logs being read: the check's status
// line and progress, one log's time-step chart (TimeStepChart), the problems of every log
// (DiagnosticList) and the current problem's whole text below them. It shows what it is given;
// reading the logs is the caller's, off the GUI thread.

#include "logs/time_base.hpp"
#include "util/diagnostic.hpp"

#include <QGroupBox>

#include <cstddef>
#include <vector>

class QLabel;
class QProgressBar;

namespace eb::widgets {

class DiagnosticList;
class TimeStepChart;

class LogCheckPanel : public QGroupBox {
  Q_OBJECT
 public:
  explicit LogCheckPanel(QWidget* parent = nullptr);
  /// A check of `logs` logs has started: the progress bar from 0.
  void startChecking(std::size_t logs);
  /// The running check's progress, `fraction` in [0, 1], and what it reads.
  void showProgress(double fraction, const QString& what);
  /// The check has ended; a non-empty `failure` is put in the status line (with its tooltip).
  void endChecking(const QString& failure);
  /// The problems of all `logs` logs, the first one current; the status line counts the errors
  /// and warnings, or the `rows` samples read when `checked` and none is an error.
  void showProblems(const std::vector<Diagnostic>& problems, int logs, bool checked, std::size_t rows);
  /// The time axis of the log `name` in the chart; nullptr shows `placeholder`.
  void showTimeBase(const TimeBaseSummary* timeBase, const QString& name, const QString& placeholder = {});

 signals:
  /// A problem was clicked: its log, line (0: none) and column (empty: none).
  void placeActivated(const QString& path, std::size_t line, const QString& field);

 private:
  TimeStepChart* timeChart_;
  DiagnosticList* problemList_;
  QLabel* problemDetail_;  // the current problem's whole text
  QProgressBar* checkProgress_;
  QLabel* checkStatus_;
};

}  // namespace eb::widgets
