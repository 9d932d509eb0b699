#pragma once
// Closed-loop validation on the Validate page (closed_loop_tracking.hpp): the session's
// estimate as the model of a computed-torque controller tracking the validation log's
// motion (its longest segment) on the simulated robot description, beside the description's
// own parameters as the controller's model; tracking error per joint against the 0.01 rad
// bar. The same engine call as `excitebench-cli closed-loop`, on a worker thread, with
// progress and cancel.

#include "app/common/background_task.hpp"
#include "app/wizard/wizard_session.hpp"

#include "simulation/closed_loop_tracking.hpp"

#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace eb::wizard {

class ClosedLoopPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ClosedLoopPanel(WizardSession* session, QWidget* parent = nullptr);

  /// Tracks the live validation's motion with the live estimate (the button's action).
  void start();
  bool isRunning() const;
  /// Forgets the last result (the estimate or the validation log changed).
  void clear();
  /// Sets the controller's gains kp [1/s^2], kd [1/s].
  void setGains(double kp, double kd);
  /// The last result (null before a run), for tests.
  const ClosedLoopComparison* result() const { return result_ ? &*result_ : nullptr; }
  /// The verdict line, for tests.
  QString summary() const;

 signals:
  void finished(bool ok, const QString& message);

 private:
  void show();

  WizardSession* session_;
  common::BackgroundTask* task_;
  QDoubleSpinBox* kp_;
  QDoubleSpinBox* kd_;
  QPushButton* runButton_;
  QLabel* summary_;
  QTableWidget* table_;
  std::optional<ClosedLoopComparison> result_;
};

}  // namespace eb::wizard
