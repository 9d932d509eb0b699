#pragma once
// Page 5, Export: the estimate as params.json or params.yaml (the files
// excitebench-cli reads back), the identified URDF (the robot's own URDF with
// the identified inertials and <dynamics damping friction>) and the identified
// MJCF (an MJCF robot's own file with the values in place, a URDF robot
// converted), the same files as `excitebench-cli export`. An OLS, WLS or ridge
// estimate has no per-link inertia, so its model files are written from the
// physically consistent estimate of the same accumulated equations, computed by
// the session's IdentificationController on a worker thread when one is saved
// (progress, cancel) and kept for that estimate; the session's estimate stays the
// one the user chose. Every file is written atomically by the engine's writers.

#include "app/wizard/controller/wizard_session.hpp"

#include <QWizardPage>

#include <memory>

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;

namespace eb::wizard {

/// What the export page can write.
enum class ExportFormat { Json, Yaml, Urdf, Mjcf, Report };
/// Number of ExportFormat values.
inline constexpr int kExportFormatCount = 5;
/// Whether the format is a robot model (written from a physically consistent estimate).
inline bool isModelFormat(ExportFormat f) { return f == ExportFormat::Urdf || f == ExportFormat::Mjcf; }

class ExportPage : public QWizardPage {
  Q_OBJECT
 public:
  explicit ExportPage(WizardSession* session, QWidget* parent = nullptr);

  void initializePage() override;
  void cleanupPage() override {}

  /// Whether `format` can be written now; `why` says why not.
  bool canExport(ExportFormat format, QString* why = nullptr) const;
  /// Writes the current estimate to `path` (atomically). Returns false with `error` set on failure.
  /// A URDF that needs the consistent estimate first is written when that has run: true means
  /// started, isBusy() until it ends, then exported() or exportFailed().
  bool exportTo(ExportFormat format, const QString& path, QString* error = nullptr);
  /// Whether the consistent estimate for a model file, or a report, is being made.
  bool isBusy() const {
    return controller_->isRunning(Job::ModelFileEstimate) || controller_->isRunning(Job::Report);
  }
  /// Stops a running consistent estimate; nothing is written.
  void cancelUrdf();
  /// The consistent estimate the URDF of the current (non-consistent) estimate is written from, once run.
  const BaseEstimate* urdfEstimate() const;

 signals:
  void exported(eb::wizard::ExportFormat format, const QString& path);
  /// A deferred export (a model file after its consistent estimate) failed or was cancelled.
  void exportFailed(eb::wizard::ExportFormat format, const QString& message);

 private:
  void refresh();
  QWidget* buildUrdfProgress();
  void exportWithDialog(ExportFormat format);
  void startConsistentFor(ExportFormat format, const QString& path);
  /// Writes the identification report (report/html_report.hpp) on a worker: it reads the logs'
  /// held-out seconds once more. exported() or exportFailed() when done.
  void startReport(const QString& path);
  /// The controller's consistent estimate (then the pending model file) or report ended.
  void onJobFinished(Job job, bool ok, bool cancelled, const QString& message);
  bool writeModel(ExportFormat format, const QString& path, const BaseEstimate& consistent, QString* error);
  void reportWritten(ExportFormat format, const QString& path);
  void reportError(const QString& message, QString* error);

  WizardSession* session_;
  IdentificationController* controller_;
  // The model file written once the controller's consistent estimate has run, and the report's path.
  ExportFormat pendingFormat_ = ExportFormat::Urdf;
  QString pendingPath_;
  QString reportPath_;
  QLabel* urdfNote_;
  QProgressBar* urdfProgress_;
  QPushButton* urdfCancel_;
  QLabel* summaryLabel_;
  QPushButton* buttons_[kExportFormatCount];
  QLabel* reasons_[kExportFormatCount];
  QListWidget* writtenList_;
  QLabel* statusLabel_;
};

}  // namespace eb::wizard
