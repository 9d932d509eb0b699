#pragma once
// Page 6, Payload (optional): the 10 inertial parameters of a tool or payload
// fixed to a link, with their standard deviations, from a log recorded with it
// — on the robot this session identified, on the model's own parameters, or
// from a loaded/unloaded pair that estimates the robot with it — and the
// payload written as payload.json and as a URDF fixed link. The engine does the
// work (identifyPayload, docs/payload-identification.md) on a worker thread; the
// logs are read like the validation log (extra_log_settings.hpp). Current logs:
// the torque constants can be calibrated here with a known payload
// (gain_calibration_panel.hpp) and the payload's logs read with them.

#include "app/common/background_task.hpp"
#include "app/wizard/wizard_session.hpp"

#include "identification/payload_identification.hpp"

#include <QWizardPage>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace eb::wizard {

class GainCalibrationPanel;

class PayloadPage : public QWizardPage {
  Q_OBJECT
 public:
  /// What predicts the robot's own torques under the payload.
  enum class RobotSource { SessionEstimate, ModelParameters, UnloadedLog };
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
  void setOffsets(bool on);
  /// Identifies the payload with the page's inputs on a worker thread.
  void startIdentification();
  void cancelIdentification();
  bool isRunning() const;
  /// Calibration of the torque constants with a known payload.
  GainCalibrationPanel* gainCalibration() const { return gains_; }
  /// The latest payload run (null when none).
  std::shared_ptr<const PayloadRun> result() const { return result_; }
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

  WizardSession* session_;
  common::BackgroundTask* task_;
  std::shared_ptr<const PayloadRun> result_;
  QStringList resultLogs_;
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
  QTableWidget* table_;
  QLabel* consistencyLabel_;
  QLabel* notesLabel_;
  QPushButton* exportButtons_[2];
  GainCalibrationPanel* gains_;
};

}  // namespace eb::wizard
