#pragma once
// IdentificationWizard: the guided identification of a robot's dynamic
// parameters from logged experiments, six pages over the engine's pipeline:
//
//   1. Import      logs, format, column mapping; every problem with its line
//   2. Preprocess  cutoff, differentiation; raw vs filtered q, qd, qdd, tau
//   3. Estimate    OLS / WLS / ridge / physically consistent, friction and
//                  armature columns; base parameters with std. dev.
//   4. Validate    torque prediction on an independent log, RMSE / NRMSE
//   5. Export      params.json / params.yaml, identified URDF
//   6. Payload     optional: a tool's inertial parameters on the identified
//                  robot, as payload.json and a URDF fixed link
//
// Long work (reading logs, preprocessing, accumulating, estimating,
// validating) runs on worker threads with progress and cancel; errors are
// shown on the page and the wizard stays usable.
//
// Everything the user chose lives in document() (an IdentificationDocument),
// which a project file saves with toJson() and restores with fromJson()
// before or after the wizard is shown:
//
//   eb::wizard::IdentificationWizard wizard(model, robotSpec, this);
//   wizard.document()->fromJson(project["identification"].toObject(), projectDir);
//   wizard.exec();
//   project["identification"] = wizard.document()->toJson(projectDir);

#include "app/wizard/pages/export_page.hpp"
#include "app/wizard/controller/document_types.hpp"
#include "app/wizard/controller/wizard_session.hpp"
#include "app/project/wizard_session_store.hpp"

#include "model/robot_model.hpp"

#include <QStringList>
#include <QWizard>

#include <memory>
#include <optional>

namespace eb::wizard {

using project::KeptSession;  // the kept session lives beside the document (app/project)
using project::WizardSessionStore;

class ImportPage;
class PreprocessPage;
class EstimatePage;
class ValidatePage;
class PayloadPage;

class IdentificationWizard : public QWizard {
  Q_OBJECT
 public:
  enum PageId { ImportPageId, PreprocessPageId, EstimatePageId, ValidatePageId, ExportPageId, PayloadPageId };

  /// A wizard for `model`, loaded from `robotSpec` (the ROBOT argument: a built-in name or a path;
  /// recorded in the exported files and used to find the URDF for the identified URDF).
  IdentificationWizard(const RobotModel& model, const QString& robotSpec, QWidget* parent = nullptr);
  /// Cancels running work and waits for it.
  ~IdentificationWizard() override;

  /// The identification document (owned by the wizard).
  IdentificationDocument* document() const { return document_; }
  const RobotModel& model() const { return session_->model(); }
  const QString& robotSpec() const { return session_->robotSpec(); }

  // ---- what the pages' buttons do, without file dialogs (scripts, tests) ----
  /// Adds logs on the Import page (their mapping guessed from the header); they are then read in full.
  void addLogs(const QStringList& paths);
  /// Starts estimating with the document's settings (the Estimate page's button).
  void startEstimation();
  /// Cancels a running estimation.
  void cancelEstimation();
  /// Sets the validation log and validates it with the current estimate.
  void setValidationLog(const QString& path);
  /// Writes the current estimate as JSON, YAML or identified URDF; false with `error` on failure
  /// (the URDF of an OLS, WLS or ridge estimate: started, see ExportPage::exportTo).
  bool exportParameters(ExportFormat format, const QString& path, QString* error = nullptr);

  // ---- the session kept between wizards ----
  /// Keeps the document in `store` when the wizard closes, and offers to reopen what the store
  /// kept for this robot (the "Reopen last session" button) while the document has no logs.
  void keepSessionIn(const WizardSessionStore& store);
  /// The session the store kept for this robot (none without a store or when nothing is kept).
  std::optional<KeptSession> keptSession() const;
  /// Replaces the document with the kept session; false when there is none or it does not load.
  bool reopenKeptSession(QString* error = nullptr);

  // ---- state ----
  /// True while any page has work running (reading, preprocessing, estimating, validating).
  bool isBusy() const;
  /// The latest estimate for the current settings (null when none).
  std::shared_ptr<const EstimateResult> estimate() const { return session_->estimate(); }
  /// What the pages share: the live results and the estimates made on these logs.
  WizardSession* session() const { return session_; }
  /// The latest validation (null when none).
  std::shared_ptr<const ValidationData> validation() const { return session_->validation(); }

  ImportPage* importPage() const { return importPage_; }
  PreprocessPage* preprocessPage() const { return preprocessPage_; }
  EstimatePage* estimatePage() const { return estimatePage_; }
  ValidatePage* validatePage() const { return validatePage_; }
  ExportPage* exportPage() const { return exportPage_; }
  PayloadPage* payloadPage() const { return payloadPage_; }

 signals:
  /// An estimation ended (ok; or cancelled; or failed with `message`).
  void estimationFinished(bool ok, bool cancelled, const QString& message);
  /// A validation ended.
  void validationFinished(bool ok, const QString& message);
  /// A payload identification ended.
  void payloadIdentified(bool ok, const QString& message);
  /// One line on a finished estimate or validation (wizard_result_lines.hpp), for the workbench's log.
  void resultReady(const QString& line);
  /// One line on an estimate or validation that failed (not on a cancel), for the workbench's log.
  void problemReported(const QString& line);

 protected:
  void done(int result) override;

 private:
  void reportEstimation(bool ok, bool cancelled, const QString& message);
  void reportValidation(bool ok, const QString& message);
  void updateReopenButton();

  IdentificationDocument* document_;
  WizardSession* session_;
  ImportPage* importPage_;
  PreprocessPage* preprocessPage_;
  EstimatePage* estimatePage_;
  ValidatePage* validatePage_;
  ExportPage* exportPage_;
  PayloadPage* payloadPage_;
  std::optional<WizardSessionStore> store_;
};

}  // namespace eb::wizard
