#pragma once
// Page 6, Payload (optional): the 10 inertial parameters of a tool or payload
// fixed to a link, with their standard deviations, from a log recorded with it
// — on the robot this session identified, on the model's own parameters, or
// from a loaded/unloaded pair that estimates the robot with it — and the
// payload written as payload.json and as a URDF fixed link. The engine does the
// work (identifyPayload, docs/payload-identification.md) on a worker thread of the session's
// IdentificationController; the
// logs are read like the validation log (extra_log_settings.hpp). Current logs:
// the torque constants can be calibrated here with a known payload
// (gain_calibration_panel.hpp) and the payload's logs read with them.

#include "app/wizard/controller/wizard_session.hpp"

#include <QWizardPage>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace eb::widgets {
class PayloadTable;
}

namespace eb::wizard {

class GainCalibrationPanel;

class PayloadPage : public QWizardPage {
  Q_OBJECT
 public:
  /// What predicts the robot's own torques under the payload.
  using RobotSource = PayloadRobot;
  /// The two files the page writes.
  enum class PayloadFormat { Json, Urdf };

  explicit PayloadPage(WizardSession* session, QWidget* parent = nullptr);

  void initializePage() override;
  void cleanupPage() override {}

  void setLoadedLog(const QString& path);
  void setUnloadedLog(const QString& path);
  void setRobotSource(RobotSource source);
  /// Link the payload is fixed to; empty: the tip.
  void setLink(const QString& link);
  /// Identifies the payload with the page's inputs on a worker thread.
  void startIdentification();
  void cancelIdentification();
  bool isRunning() const;
  /// Calibration of the torque constants with a known payload.
  GainCalibrationPanel* gainCalibration() const { return gains_; }
  /// The controller's latest payload run (null when none, or dropped because its inputs changed).
  std::shared_ptr<const PayloadRun> result() const;
  /// Writes the latest payload to `path` (atomically). Returns false with `error` set.
  bool exportTo(PayloadFormat format, const QString& path, QString* error = nullptr);

 signals:
  void payloadIdentified(bool ok, const QString& message);

 private:
  void buildUi();
  QWidget* buildInputs();
  QWidget* buildResults();
  void browse(QLineEdit* edit, const QString& title);
  void refreshSources();
  void showResult();
  void exportWithDialog(PayloadFormat format);
  /// Why the chosen robot source cannot be used now (no estimate in the session yet), or empty.
  QString missingRobot() const;
  QString noSessionEstimateText() const;
  /// The controller's payload job ended: the status line, the table, payloadIdentified().
  void onIdentificationFinished(Job job, bool ok, bool cancelled, const QString& message);

  WizardSession* session_;
  IdentificationController* controller_;
  QStringList resultLogs_;  // the logs of the run started last, as typed (payload.json's sources)
  QComboBox* robotSource_;
  QLineEdit* loadedEdit_;
  QLineEdit* unloadedEdit_;
  QPushButton* unloadedBrowse_;
  QComboBox* linkCombo_;
  QCheckBox* offsets_;
  QPushButton* runButton_;
  QPushButton* cancelButton_;
  QProgressBar* progress_;
  QLabel* statusLabel_;
  widgets::PayloadTable* table_;  // the payload, its deviations and consistency
  QLabel* notesLabel_;
  QPushButton* exportButtons_[2];
  GainCalibrationPanel* gains_;
};

}  // namespace eb::wizard
