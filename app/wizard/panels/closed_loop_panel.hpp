#pragma once
// Closed-loop validation on the Validate page (closed_loop_tracking.hpp): the session's
// estimate as the model of a computed-torque controller tracking the validation log's
// motion (its longest segment) on a simulated plant, beside the description's own parameters
// as the controller's model (each given the plant's friction when its model has none);
// tracking error per joint against the 0.01 rad bar and the verdict that says what the plant
// is and what the check can show. The plant: the description with simulate's friction, a
// consistent estimate of a loaded log (by default the validation log when the estimate was
// not made on it), or a consistent params.json. The same engine calls as `excitebench-cli
// closed-loop`, run by the session's IdentificationController on a worker thread, with
// progress and cancel. The result's table and verdict text are widgets::ClosedLoopTable's.

#include "app/wizard/controller/wizard_session.hpp"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace eb::widgets {
class ClosedLoopTable;
}

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
  /// The plant: the description with simulate's friction; a consistent params.json.
  void setPlantDescription();
  void setPlantFile(const QString& path);
  /// The plant choice as the combo box shows it.
  QString plantChoice() const;
  /// Re-reads the loaded logs into the plant choice and picks the default (the validation log's
  /// consistent estimate when the estimate was not made on it, else the description).
  void refreshPlants();
  /// The last result (null before a run), for tests.
  const ClosedLoopComparison* result() const;
  /// The verdict line, for tests.
  QString summary() const;

 signals:
  void finished(bool ok, const QString& message);

 private:
  void show();
  void choosePlantFile();

  WizardSession* session_;
  IdentificationController* controller_;
  QDoubleSpinBox* kp_;
  QDoubleSpinBox* kd_;
  QComboBox* plant_;
  QString plantFile_;
  QPushButton* runButton_;
  QLabel* summary_;
  widgets::ClosedLoopTable* table_;
};

}  // namespace eb::wizard
