#pragma once
// IdentificationController: owns every job of the identification wizard (estimate, friction
// comparison, validation, closed loop, payload, gain calibration, the exports' consistent
// estimate and report) and the drift check, as
// EvaluationService and OptimizerRunner own the workbench's: one BackgroundTask per job kind,
// their progress and cancellation wired once, and the results cached with the inputs they were
// computed from (identification_inputs.hpp). When the document changes, every result whose
// inputs no longer equal the document's is dropped at once and resultChanged() says which;
// a run whose inputs changed while it worked stores nothing. Pages start jobs here, observe the
// signals and show the engine's result objects.

#include <QObject>
#include <QString>
#include <array>
#include <functional>
#include <memory>
#include <vector>

#include "app/common/background_task.hpp"
#include "app/wizard/controller/identification_results.hpp"
#include "model/robot_model.hpp"

namespace eb::wizard {

/// The controller's jobs (each runs on its own worker thread, one run at a time). LogCheck: every
/// training log read and checked as the estimate will read it (the Import page's). ModelFileEstimate:
/// the consistent estimate a URDF or MJCF of a non-consistent estimate is written from; Report:
/// the HTML identification report.
enum class Job {
  LogCheck,
  Estimate,
  FrictionComparison,
  Validation,
  ClosedLoop,
  Payload,
  GainCalibration,
  ModelFileEstimate,
  Report
};
inline constexpr int kJobCount = 9;

class IdentificationController : public QObject {
  Q_OBJECT
 public:
  IdentificationController(std::shared_ptr<const RobotModel> model, IdentificationDocument* document,
                           QObject* parent = nullptr);

  /// The robot every job identifies.
  const RobotModel& model() const { return *model_; }
  /// The settings every job reads, and whose edits drop the results made with others.
  IdentificationDocument* document() const { return document_; }

  // ---- every job ----
  /// What jobFinished() says when the job's inputs changed while it ran (nothing was stored).
  static QString staleRunText(Job job);
  /// Whether `job` is working on its worker thread now.
  bool isRunning(Job job) const;
  /// Asks a running job to stop; jobFinished(job, false, true, ...) follows.
  void cancel(Job job);
  /// Blocks until the job's worker has ended (tests and destructors).
  void wait(Job job);

  // ---- log check ----
  /// Checks every training log (checkLog, one read each) with the document's settings; a running
  /// check is for other inputs and is cancelled (run again when jobFinished says so). A log whose
  /// settings cannot be made is checked as failed with the reason.
  bool runLogChecks(QString* why = nullptr);
  /// The checks of the current logs, import and preprocessing (null when none or stale).
  std::shared_ptr<const LogChecksResult> logChecks() const { return logChecks_; }
  /// Whether logChecks() is of the document's current inputs.
  bool logsChecked() const { return logChecks_ != nullptr; }

  // ---- estimate ----
  /// Estimates with the document's settings on a worker thread (from the cached normal equations
  /// when only the method changed); a running estimate is cancelled and started again. False,
  /// with the reason in `why`, when it cannot start (no log, a bad mapping).
  bool runEstimate(QString* why = nullptr);
  /// The live estimate for the document's current settings (null when none): the one exported.
  std::shared_ptr<const EstimateResult> estimate() const { return estimate_; }
  /// Every estimate made on the current logs, import and preprocessing, one per estimation
  /// settings, in the order first made; going back to the settings of one makes it live again.
  const std::vector<std::shared_ptr<const EstimateResult>>& estimates() const { return estimates_; }
  /// Cached normal equations of the current logs and columns (null when none).
  std::shared_ptr<const AccumulatedLogs> accumulated() const { return accumulated_; }
  /// Seeds the equations cache (they are used while their inputs are the document's).
  void setAccumulated(std::shared_ptr<const AccumulatedLogs> logs) { accumulated_ = std::move(logs); }
  /// Makes `estimate` live and adds it to estimates() (replacing the one with the same settings).
  void setEstimate(std::shared_ptr<const EstimateResult> estimate);

  // ---- friction comparison ----
  /// Compares the friction models on the document's logs (compareFrictionModels).
  bool runFrictionComparison(QString* why = nullptr);
  /// The comparison of the current logs and columns (null when none or stale).
  std::shared_ptr<const FrictionResult> frictionComparison() const { return friction_; }

  // ---- validation ----
  /// Predicts the document's validation log with the live estimate (validateOnLog).
  bool runValidation(QString* why = nullptr);
  /// The validation of the live estimate on the document's validation log (null when none).
  std::shared_ptr<const ValidationData> validation() const { return validation_; }

  // ---- drift (linear in the samples: computed on the calling thread) ----
  /// The drift check of the live validation's residual over windows of `window` [s], cached;
  /// null when there is no validation.
  std::shared_ptr<const DriftResult> drift(double window);

  // ---- closed loop ----
  /// Tracks the live validation's motion with the live estimate on the requested plant
  /// (compareClosedLoop, as `excitebench-cli closed-loop`).
  bool runClosedLoop(const ClosedLoopRequest& request, QString* why = nullptr);
  /// The last run for the live estimate and validation (null when none or stale).
  std::shared_ptr<const ClosedLoopResult> closedLoop() const { return closedLoop_; }

  // ---- payload ----
  /// Identifies the payload (identifyPayload) with the logs read like the validation log.
  bool runPayload(const PayloadRequest& request, QString* why = nullptr);
  /// The last payload for the current estimate and logs (null when none or stale).
  std::shared_ptr<const PayloadResult> payload() const { return payload_; }

  // ---- gain calibration ----
  /// Calibrates the torque constants with a known payload (identifyDriveGains).
  bool runGainCalibration(const GainRequest& request, QString* why = nullptr);
  /// The last calibration for the current logs (null when none or stale).
  std::shared_ptr<const GainResult> gainCalibration() const { return gains_; }

  // ---- exports ----
  /// The physically consistent estimate from the live estimate's accumulated equations (the
  /// same call and options as the consistent method, so the CLI's numbers), for its model files.
  bool runModelFileEstimate(QString* why = nullptr);
  /// That consistent estimate while the estimate it was made from is live (null otherwise).
  std::shared_ptr<const ModelFileEstimate> modelFileEstimate() const { return modelFile_; }
  /// Writes the HTML identification report of the live estimate of robot `robotSpec` to `path`
  /// (the logs' held-out seconds are predicted once more); nothing is cached.
  bool runReport(const QString& path, const std::string& robotSpec, QString* why = nullptr);

 signals:
  void jobStarted(eb::wizard::Job job);
  /// fraction in [0, 1]; `what` as the engine says it (file paths in full).
  void jobProgress(eb::wizard::Job job, double fraction, const QString& what);
  /// ok: a result was stored. `message`: why not (empty when ok, and when cancelled to restart).
  void jobFinished(eb::wizard::Job job, bool ok, bool cancelled, const QString& message);
  /// The job's result was replaced or dropped (Job::Validation also when the drift is dropped).
  void resultChanged(eb::wizard::Job job);
  /// estimates() changed: one added or replaced, or dropped.
  void estimatesChanged();

 private:
  using Done = std::function<void(const common::BackgroundTask::Outcome&)>;
  /// Starts `work` as `job`, the signals wired; false when that job is running.
  bool start(Job job, common::BackgroundTask::Work work, Done done);
  common::BackgroundTask* task(Job job) const { return tasks_[static_cast<std::size_t>(job)]; }
  /// Ends a run of `job` on the GUI thread: `failure` when it did not work (failureText), else
  /// the stale-run text when `stale`, else `store()` keeps its result; then jobFinished.
  void finishRun(Job job, const common::BackgroundTask::Outcome& outcome, const QString& failure, bool stale,
                 const std::function<void()>& store);
  /// Why a run ended without a result ("Cancelled.", the work's error), empty when it worked.
  static QString failureText(const common::BackgroundTask::Outcome& outcome);
  /// Each training log of `document` with its own import options (mapping, format, rate); throws InputError.
  static std::vector<LogInput> trainingLogs(const IdentificationDocument& document);
  /// Drops every result whose inputs differ from the document's (its change signals).
  void dropStale();
  void setFriction(std::shared_ptr<const FrictionResult> friction);
  void setValidation(std::shared_ptr<const ValidationData> validation);
  /// Drops the closed loop, payload and calibration whose inputs are no longer current.
  void dropStaleExtras();

  std::shared_ptr<const RobotModel> model_;
  IdentificationDocument* document_;
  std::array<common::BackgroundTask*, kJobCount> tasks_{};
  bool restartEstimate_ = false;
  std::shared_ptr<const LogChecksResult> logChecks_;
  std::shared_ptr<const AccumulatedLogs> accumulated_;
  std::shared_ptr<const EstimateResult> estimate_;
  std::vector<std::shared_ptr<const EstimateResult>> estimates_;
  std::shared_ptr<const FrictionResult> friction_;
  std::shared_ptr<const ValidationData> validation_;
  std::shared_ptr<const DriftResult> drift_;
  std::shared_ptr<const ClosedLoopResult> closedLoop_;
  std::shared_ptr<const PayloadResult> payload_;
  std::shared_ptr<const GainResult> gains_;
  std::shared_ptr<const ModelFileEstimate> modelFile_;
  std::shared_ptr<const EstimateResult> modelFileRunningFor_;  // the estimate the running one is for
};

}  // namespace eb::wizard
