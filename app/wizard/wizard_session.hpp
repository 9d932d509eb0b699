#pragma once
// WizardSession: what the wizard's pages share — the robot, its ROBOT spec,
// the identification document, and the live results of the latest runs (the
// accumulated normal equations and the estimate, the validation prediction),
// which the document only summarises. Pages observe its signals.

#include "app/wizard/identification_document.hpp"

#include "identification/base_estimation.hpp"
#include "dynamics/base_parameters.hpp"
#include "identification/identification_pipeline.hpp"
#include "logs/experiment_log.hpp"
#include "identification/normal_equations.hpp"
#include "identification/plausibility.hpp"
#include "identification/validation.hpp"
#include "model/robot_model.hpp"

#include <QObject>
#include <QString>

#include <memory>
#include <string>
#include <vector>

namespace eb::wizard {

/// Normal equations of all logs (accumulateLogs) for one set of logs, mappings, import options,
/// preprocessing and regressor columns.
struct AccumulatedLogs : AccumulatedEquations {
  QString key;  ///< WizardSession::accumulationKey() they were computed for
};

/// A finished estimate.
struct EstimateResult {
  std::shared_ptr<const AccumulatedLogs> logs;
  EstimationSettings settings;  ///< what it was estimated with
  BaseEstimate estimate;
  std::vector<LogWarning> warnings;  ///< the estimate's residual findings (estimateFromLogs: a missing torque offset)
  /// Consistent estimate: each body's plausibility against its geometry's bounds, checked with
  /// the estimate on the worker thread (the bounds read mesh files); empty otherwise.
  std::vector<BodyPlausibility> plausibility;
};

/// A finished validation: the measured and predicted torques of the validation log.
struct ValidationData {
  QString logPath;
  Eigen::VectorXd t;                    ///< (N) [s]
  Eigen::MatrixXd measured;             ///< (N x dof) [N m]; predicted: result.predicted
  Eigen::MatrixXd q, qd, qdd;           ///< (N x dof) the logged motion, filtered: what closed-loop tracks
  std::vector<std::size_t> segmentStarts;  ///< first row of each segment
  ValidationResult result;
  ValidationResult model;  ///< the same log predicted with the robot's own model parameters (URDF / CAD)
  QString mappingNote;  ///< how the log's columns were mapped
  QString summary;      ///< the log's time base and preprocessing, as the CLI prints it
  std::vector<LogWarning> warnings;  ///< importer findings and residual offsets
};

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
  std::vector<std::string> jointNames() const;

  /// Identifies what the accumulated equations depend on (logs, mappings, import options,
  /// preprocessing, columns).
  QString accumulationKey() const;

  /// Cached normal equations (null when none or stale).
  std::shared_ptr<const AccumulatedLogs> accumulated() const { return accumulated_; }
  void setAccumulated(std::shared_ptr<const AccumulatedLogs> logs) { accumulated_ = std::move(logs); }
  /// The live estimate for the current document settings (null when none): the one exported.
  std::shared_ptr<const EstimateResult> estimate() const { return estimate_; }
  /// Makes `estimate` the live one; a new estimate joins estimates() (replacing the one made with
  /// the same settings).
  void setEstimate(std::shared_ptr<const EstimateResult> estimate);
  /// Every estimate made on the current logs, import and preprocessing, one per estimation
  /// settings (method, columns, friction model), in the order they were first made. Kept while
  /// only the estimation settings change, so that they can be compared side by side; going back
  /// to the settings of one makes it live again without estimating anew.
  const std::vector<std::shared_ptr<const EstimateResult>>& estimates() const { return estimates_; }
  /// The live validation (null when none).
  std::shared_ptr<const ValidationData> validation() const { return validation_; }
  void setValidation(std::shared_ptr<const ValidationData> validation);

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
  std::shared_ptr<const AccumulatedLogs> accumulated_;
  std::shared_ptr<const EstimateResult> estimate_;
  std::vector<std::shared_ptr<const EstimateResult>> estimates_;
  std::shared_ptr<const ValidationData> validation_;
};

}  // namespace eb::wizard
