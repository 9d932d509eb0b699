#pragma once
// Page 4, Validate: predict the torques of an independent log with the
// estimated parameters (preprocessed exactly like the training logs) and show
// measured against predicted torque per joint, with RMSE and NRMSE per joint.
// Beside them, the drift check of the validation log's residual and the closed-loop
// validation along its motion. The session's IdentificationController runs it on a worker
// thread; optional (Next is always allowed).

#include "app/wizard/controller/wizard_session.hpp"

#include <QWizardPage>

class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QLineSeries;
class QPushButton;
class QTableWidget;
class QTabWidget;

namespace eb::widgets {
class JointBarChart;
}

namespace eb::wizard {

class ClosedLoopPanel;
class DriftPanel;

/// Why `path` cannot be a validation log (no such file, not a file, unreadable); empty when it can.
QString validationPathProblem(const QString& path);

class ValidatePage : public QWizardPage {
  Q_OBJECT
 public:
  explicit ValidatePage(WizardSession* session, QWidget* parent = nullptr);

  void initializePage() override;
  void cleanupPage() override {}

  /// Sets the validation log and validates with the current estimate.
  void setValidationLog(const QString& path);
  /// Validates the document's validation log with the current estimate.
  void startValidation();
  bool isRunning() const;
  /// Joint shown in the chart (0-based).
  void setChartJoint(int joint);
  /// Points of the measured (0), predicted (1) chart series, for tests.
  int seriesPointCount(int series) const;
  /// The tabs beside the chart: prediction error (0), drift (1), closed loop (2).
  void showTab(int index);
  DriftPanel* driftPanel() const { return drift_; }
  ClosedLoopPanel* closedLoopPanel() const { return closedLoop_; }

 signals:
  void validationFinished(bool ok, const QString& message);

 private:
  void buildUi();
  void browse();
  void takeTypedPath();  // the path typed in the box, checked, as the validation log
  void showValidation();
  void plot();
  /// The controller's validation ended: the status line, the document's summary, validationFinished().
  void onValidationFinished(Job job, bool ok, bool cancelled, const QString& message);

  WizardSession* session_;
  IdentificationController* controller_;
  QString runningPath_;  // the log of the last run started (its name in the error line)
  QLineEdit* pathEdit_;
  QPushButton* browseButton_;
  QPushButton* runButton_;
  QLabel* statusLabel_;
  QLabel* independenceLabel_;
  QComboBox* jointCombo_;
  QChartView* chart_;
  QLineSeries* measuredSeries_;
  QLineSeries* predictedSeries_;
  QLineSeries* errorSeries_;
  QTableWidget* table_;
  widgets::JointBarChart* barChart_;
  QTabWidget* tabs_;
  DriftPanel* drift_;
  ClosedLoopPanel* closedLoop_;
  const ValidationData* shownValidation_ = nullptr;  // the one drift and closed loop were made for
};

}  // namespace eb::wizard
