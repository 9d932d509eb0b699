#include "app/wizard/controller/identification_controller.hpp"

#include "app/wizard/controller/result_summaries.hpp"

#include <algorithm>

namespace eb::wizard {

LogsInputs logsInputsOf(const IdentificationDocument& document) {
  return {document.logs(), document.import(), document.preprocessing()};
}

AccumulationInputs accumulationInputsOf(const IdentificationDocument& document) {
  // The method and ridge weight only reach the estimate step: changing them reuses the equations.
  EstimationSettings columns = document.estimation();
  columns.estimation.method = EstimationOptions{}.method;
  columns.estimation.ridgeLambda = EstimationOptions{}.ridgeLambda;
  return {logsInputsOf(document), columns};
}

FrictionInputs frictionInputsOf(const IdentificationDocument& document) {
  // compareFrictionModels reads the offset and armature columns and replaces the friction ones.
  RegressorOptions columns = document.commonSettings().regressor.withPlainFriction();
  columns.viscous = true;
  columns.coulomb = false;
  columns.coulombWidth = 0.0;
  return {logsInputsOf(document), columns};
}

IdentificationController::IdentificationController(std::shared_ptr<const RobotModel> model,
                                                   IdentificationDocument* document, QObject* parent)
    : QObject(parent), model_(std::move(model)), document_(document) {
  for (int k = 0; k < kJobCount; ++k) {
    const Job job = static_cast<Job>(k);
    auto* t = new common::BackgroundTask(this);
    tasks_[static_cast<std::size_t>(k)] = t;
    // The progress and start of every job, wired once here.
    connect(t, &common::BackgroundTask::started, this, [this, job] { emit jobStarted(job); });
    connect(t, &common::BackgroundTask::progressChanged, this,
            [this, job](double f, const QString& what) { emit jobProgress(job, f, what); });
  }
  // Every settings edit: the results made with other inputs go at once (the document drops its
  // summaries itself).
  for (auto signal : {&IdentificationDocument::logsChanged, &IdentificationDocument::importChanged,
                      &IdentificationDocument::preprocessingChanged, &IdentificationDocument::estimationChanged,
                      &IdentificationDocument::validationLogChanged})
    connect(document_, signal, this, &IdentificationController::dropStale);
}

bool IdentificationController::isRunning(Job job) const { return task(job)->isRunning(); }

void IdentificationController::cancel(Job job) {
  if (job == Job::Estimate) restartEstimate_ = false;
  task(job)->cancel();
}

void IdentificationController::wait(Job job) { task(job)->wait(); }

bool IdentificationController::start(Job job, common::BackgroundTask::Work work, Done done) {
  return task(job)->start(std::move(work), std::move(done));
}

void IdentificationController::dropStale() {
  const IdentificationDocument& doc = *document_;
  const AccumulationInputs accumulation = accumulationInputsOf(doc);
  if (logChecks_ && logChecks_->inputs != accumulation.logs) {
    logChecks_.reset();
    emit resultChanged(Job::LogCheck);
  }
  if (accumulated_ && accumulated_->inputs != accumulation) accumulated_.reset();
  // Estimates made on other logs, import or preprocessing go; other columns or methods on the
  // same logs stay for the comparison table.
  const LogsInputs logs = logsInputsOf(doc);
  const auto before = estimates_.size();
  estimates_.erase(std::remove_if(estimates_.begin(), estimates_.end(),
                                  [&](const auto& e) { return !e->logs || e->logs->inputs.logs != logs; }),
                   estimates_.end());
  if (estimates_.size() != before) emit estimatesChanged();
  // The estimate made with the current settings, if any, is live (again).
  std::shared_ptr<const EstimateResult> live;
  for (const auto& e : estimates_)
    if (e->settings == doc.estimation() && e->logs->inputs == accumulation) live = e;
  setEstimate(live);
  if (friction_ && friction_->inputs != frictionInputsOf(doc)) setFriction(nullptr);
  if (validation_ && validation_->inputs != ValidationInputs{estimate_, doc.validationLog()}) setValidation(nullptr);
  dropStaleExtras();
}

void IdentificationController::dropStaleExtras() {
  if (closedLoop_ && (closedLoop_->inputs.estimate != estimate_ || closedLoop_->inputs.validation != validation_)) {
    closedLoop_.reset();
    emit resultChanged(Job::ClosedLoop);
  }
  const LogsInputs logs = logsInputsOf(*document_);
  if (payload_) {
    const bool byEstimate = payload_->inputs.request.robot == PayloadRobot::SessionEstimate;
    if (payload_->inputs.logs != logs || (byEstimate && payload_->inputs.estimate != estimate_)) {
      payload_.reset();
      emit resultChanged(Job::Payload);
    }
  }
  if (gains_ && gains_->inputs.logs != logs) {
    gains_.reset();
    emit resultChanged(Job::GainCalibration);
  }
  if (modelFile_ && modelFile_->source != estimate_) {
    modelFile_.reset();
    emit resultChanged(Job::ModelFileEstimate);
  }
  // A consistent estimate for a model file of an estimate no longer live: no file will be written.
  if (isRunning(Job::ModelFileEstimate) && modelFileRunningFor_ != estimate_) cancel(Job::ModelFileEstimate);
}

void IdentificationController::setEstimate(std::shared_ptr<const EstimateResult> estimate) {
  if (estimate == estimate_) return;
  if (estimate) {
    auto same = std::find_if(estimates_.begin(), estimates_.end(),
                             [&](const auto& e) { return e->settings == estimate->settings; });
    if (same == estimates_.end()) {
      estimates_.push_back(estimate);
      emit estimatesChanged();
    } else if (*same != estimate) {
      *same = estimate;
      emit estimatesChanged();
    }
  }
  estimate_ = std::move(estimate);
  // A validation predicts with one estimate: another one makes it stale.
  validation_.reset();
  drift_.reset();
  // The live estimate's summary is what the project file keeps (new results drop its validation's).
  if (estimate_) document_->setResults(estimateSummary(*estimate_, *model_));
  emit resultChanged(Job::Estimate);
  emit resultChanged(Job::Validation);
  dropStaleExtras();
}

void IdentificationController::finishRun(Job job, const common::BackgroundTask::Outcome& outcome,
                                         const QString& failure, bool stale, const std::function<void()>& store) {
  QString message = failure;
  if (message.isEmpty() && stale) message = staleRunText(job);
  if (message.isEmpty()) store();
  emit jobFinished(job, message.isEmpty(), outcome.cancelled, message);
}

QString IdentificationController::failureText(const common::BackgroundTask::Outcome& outcome) {
  if (outcome.cancelled) return tr("Cancelled.");
  return outcome.ok ? QString() : outcome.error;
}

std::vector<LogInput> IdentificationController::trainingLogs(const IdentificationDocument& document) {
  std::vector<LogInput> logs;
  for (int i = 0; i < static_cast<int>(document.logs().size()); ++i)
    logs.emplace_back(document.logs()[std::size_t(i)].path.toStdString(), document.settingsFor(i).import);
  return logs;
}

void IdentificationController::setFriction(std::shared_ptr<const FrictionResult> friction) {
  if (friction == friction_) return;
  friction_ = std::move(friction);
  emit resultChanged(Job::FrictionComparison);
}

void IdentificationController::setValidation(std::shared_ptr<const ValidationData> validation) {
  if (!validation && !validation_) return;
  validation_ = std::move(validation);
  if (validation_) document_->setValidation(validationSummary(*validation_, *model_));
  drift_.reset();
  emit resultChanged(Job::Validation);
  dropStaleExtras();
}

}  // namespace eb::wizard
