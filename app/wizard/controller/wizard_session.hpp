#pragma once
// WizardSession: what the wizard's pages share — the robot, its ROBOT spec,
// the identification document, and the controller that runs every job and
// holds the live results (identification_controller.hpp), which the document
// only summarises. Pages observe its signals.

#include "app/wizard/controller/identification_controller.hpp"
#include "app/wizard/controller/document_types.hpp"

#include "model/robot_model.hpp"

#include <QObject>
#include <QString>

#include <memory>
#include <string>
#include <vector>

namespace eb::wizard {

class WizardSession : public QObject {
  Q_OBJECT
 public:
  WizardSession(const RobotModel& model, const QString& robotSpec, IdentificationDocument* document,
                QObject* parent = nullptr);

  const RobotModel& model() const { return *model_; }
  /// The model, for work on worker threads (outlives the session while they run).
  std::shared_ptr<const RobotModel> modelPointer() const { return model_; }
  const QString& robotSpec() const { return robotSpec_; }
  IdentificationDocument* document() const { return document_; }
  /// Model joint names, in model order.
  std::vector<std::string> jointNames() const { return model_->jointNames(); }

  /// Runs every job and holds their results.
  IdentificationController* controller() const { return controller_; }
  /// The controller's live estimate for the current document settings (null when none): the one exported.
  std::shared_ptr<const EstimateResult> estimate() const { return controller_->estimate(); }
  /// The controller's estimates made on the current logs, import and preprocessing.
  const std::vector<std::shared_ptr<const EstimateResult>>& estimates() const { return controller_->estimates(); }
  /// The controller's live validation (null when none).
  std::shared_ptr<const ValidationData> validation() const { return controller_->validation(); }

  /// The URDF text the robot was built from (embedded for built-ins, the file for a .urdf spec);
  /// empty with `why` set when there is none (generated robots, DH tables).
  std::string urdfText(QString* why = nullptr) const;

 signals:
  void estimateChanged();
  /// estimates() changed: one added or replaced, or all dropped.
  void estimatesChanged();
  void validationChanged();

 private:
  std::shared_ptr<const RobotModel> model_;
  QString robotSpec_;
  IdentificationDocument* document_;
  IdentificationController* controller_;
};

}  // namespace eb::wizard
