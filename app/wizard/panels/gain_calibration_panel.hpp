#pragma once
// On the Payload page: the joints' torque constants calibrated with a known payload
// (identifyDriveGains, as `excitebench-cli identify-gains` does), from a log with the payload
// (motor currents or torques) and optionally one without it, run by the session's
// IdentificationController on a worker thread with progress
// and cancel; the gains and constants with their standard deviations, and the choice to read
// the page's payload logs with them, their deviations propagated into the payload's
// (docs/payload-identification.md).

#include "app/wizard/controller/wizard_session.hpp"

#include <QGroupBox>

#include <memory>
#include <optional>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace eb::wizard {

class GainCalibrationPanel : public QGroupBox {
  Q_OBJECT
 public:
  explicit GainCalibrationPanel(WizardSession* session, QWidget* parent = nullptr);

  void setKnownPayload(const QString& payloadJson);
  void setLoadedLog(const QString& path);
  void setUnloadedLog(const QString& path);
  /// The link the payload is fixed to when its file names none (empty: the tip).
  void setMountLink(const QString& link) { link_ = link; }
  /// Calibrates on a worker thread (the button's action); finished() reports.
  void start();
  void cancel();
  bool isRunning() const;
  /// The last calibration (null before one).
  std::shared_ptr<const PayloadRun> result() const;
  /// Torque constants [N m/A, or per unit of the logged effort] with their standard deviations
  /// when the user chose to read the payload's logs with them; empty otherwise.
  std::optional<DriveGains> gainsForLogs() const;
  void setUseForLogs(bool on);
  QString status() const;

 signals:
  void finished(bool ok, const QString& message);

 private:
  /// Shows the controller's calibration (an empty table when there is none).
  void show();
  /// The controller's calibration ended: the status line and finished().
  void onCalibrationFinished(Job job, bool ok, bool cancelled, const QString& message);

  WizardSession* session_;
  IdentificationController* controller_;
  QString link_;
  QLineEdit* payloadEdit_;
  QLineEdit* loadedEdit_;
  QLineEdit* unloadedEdit_;
  QPushButton* runButton_;
  QLabel* status_;
  QTableWidget* table_;
  QCheckBox* useForLogs_;
};

}  // namespace eb::wizard
