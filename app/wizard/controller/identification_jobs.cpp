// The controller's jobs: what each copies from the document, runs on its worker thread (the
// engine's calls, as the CLI makes them) and stores when its inputs are still the document's.

#include <algorithm>
#include <stdexcept>

#include <QFileInfo>

#include "app/wizard/controller/extra_log_settings.hpp"
#include "app/wizard/controller/identification_controller.hpp"
#include "widgets/display_text.hpp"

namespace eb::wizard {

QString IdentificationController::staleRunText(Job job) {
  switch (job) {
    case Job::LogCheck:
      return tr("The logs or their settings changed during the check.");
    case Job::Estimate:
      return tr("The settings changed during the run: press Estimate.");
    case Job::FrictionComparison:
      return tr("The logs changed during the run: compare again.");
    case Job::Validation:
      return tr("The estimate or the log changed during the run: validate again.");
    case Job::ClosedLoop:
      return tr("The estimate or the validation changed during the run: simulate again.");
    case Job::Payload:
      return tr("The inputs changed during the run: identify again.");
    case Job::GainCalibration:
      return tr("The inputs changed during the run: calibrate again.");
    case Job::ModelFileEstimate:
      return tr("The estimate changed meanwhile: no model file written.");
    case Job::Report:
      return {};  // the report of the estimate it started with is written whatever happens after
  }
  return {};
}

bool IdentificationController::runLogChecks(QString* why) {
  if (isRunning(Job::LogCheck)) {
    task(Job::LogCheck)->cancel();
    if (why) *why = tr("A check is running: it is cancelled.");
    return false;
  }
  const IdentificationDocument& doc = *document_;
  const LogsInputs inputs = logsInputsOf(doc);
  // Everything the worker needs, copied: the settings are the estimation's own (position ranges
  // from the model included), so the check finds what the estimate would.
  struct Request {
    std::string path;
    IdentificationSettings settings;
    std::string setupError;  // the settings could not be made: the log's error
  };
  std::vector<Request> requests;
  for (int i = 0; i < static_cast<int>(doc.logs().size()); ++i) {
    Request request;
    request.path = doc.logs()[std::size_t(i)].path.toStdString();
    try {
      request.settings = doc.settingsFor(i);
    } catch (const std::exception& e) {
      request.setupError = e.what();
    }
    requests.push_back(std::move(request));
  }
  const std::shared_ptr<const RobotModel> model = model_;
  auto result = std::make_shared<LogChecksResult>();
  result->inputs = inputs;
  return start(
      Job::LogCheck,
      [requests, result, model](const common::BackgroundTask::Progress& progress) {
        // A failing log does not stop the others.
        const double n = static_cast<double>(std::max<std::size_t>(requests.size(), 1));
        for (std::size_t i = 0; i < requests.size(); ++i) {
          const Request& r = requests[i];
          const std::string what = "reading " + QFileInfo(QString::fromStdString(r.path)).fileName().toStdString();
          if (!progress(static_cast<double>(i) / n, what)) return;
          if (!r.setupError.empty()) {
            LogCheck failed;
            failed.path = r.path;
            failed.error = diagnosticAt(Severity::Error, r.path, 0, "", r.setupError);
            result->checks.push_back(std::move(failed));
            continue;
          }
          result->checks.push_back(checkLog(*model, r.path, r.settings, [&](double f) {
            return progress((static_cast<double>(i) + f) / n, what);
          }));
        }
        progress(1.0, "done");
      },
      [=](const common::BackgroundTask::Outcome& outcome) {
        finishRun(Job::LogCheck, outcome, failureText(outcome), inputs != logsInputsOf(*document_), [&] {
          logChecks_ = result;
          emit resultChanged(Job::LogCheck);
        });
      });
}

bool IdentificationController::runEstimate(QString* why) {
  if (isRunning(Job::Estimate)) {
    // The running estimate is for other settings: stop it and start again when it has ended.
    restartEstimate_ = true;
    task(Job::Estimate)->cancel();
    return true;
  }
  restartEstimate_ = false;
  const IdentificationDocument& doc = *document_;
  std::vector<LogInput> logs;
  try {
    if (doc.logs().empty()) throw std::runtime_error(tr("No log: add logs on the Import page.").toStdString());
    logs = trainingLogs(doc);
  } catch (const std::exception& e) {
    if (why) *why = QString::fromUtf8(e.what());
    return false;
  }
  const AccumulationInputs inputs = accumulationInputsOf(doc);
  const EstimationSettings estimation = doc.estimation();
  const IdentificationSettings settings = doc.commonSettings();
  const EstimationOptions options = settings.estimation;
  const std::shared_ptr<const RobotModel> model = model_;
  auto accumulated = std::make_shared<std::shared_ptr<const AccumulatedLogs>>(accumulated_);
  auto estimate = std::make_shared<LogsEstimate>();
  return start(
      Job::Estimate,
      [=](const common::BackgroundTask::Progress& progress) {
        const bool consistent =
            options.method == EstimationMethod::Consistent || options.method == EstimationMethod::Auto;
        const double share = consistent ? 0.8 : 0.95;  // of the bar for the accumulation
        if (!*accumulated) {
          auto read = std::make_shared<AccumulatedLogs>();
          static_cast<AccumulatedEquations&>(*read) = accumulateLogs(
              *model, logs, settings, [&](double f, const std::string& what) { return progress(share * f, what); });
          read->inputs = inputs;
          *accumulated = std::move(read);
        }
        const std::string what = std::string("estimating (") + estimationMethodName(options.method) + ")";
        if (!progress(share, what)) return;
        // The consistent solver reports its stages and iterations and stops between two of them on cancel.
        *estimate = estimateFromLogs(*model, **accumulated, options,
                                     [&](double f) { return progress(share + (1.0 - share) * f, what); });
        // The estimate comes with its plausibility (the geometry's mesh files read here, off the GUI thread).
        progress(1.0, "done");
      },
      [=](const common::BackgroundTask::Outcome& outcome) {
        const AccumulationInputs now = accumulationInputsOf(*document_);
        // Keep the accumulated equations even when the estimate failed: changing the method is cheap.
        if (*accumulated && (*accumulated)->inputs == now) accumulated_ = *accumulated;
        const bool restart = restartEstimate_;
        QString message;
        if (outcome.cancelled) {
          message = restart ? QString() : tr("Cancelled.");
        } else if (!outcome.ok) {
          message = outcome.error;
        } else if (inputs != now || !(estimation == document_->estimation())) {
          message = staleRunText(Job::Estimate);
        } else {
          auto result = std::make_shared<EstimateResult>();
          result->logs = *accumulated;
          result->settings = estimation;
          result->estimate = estimate->estimate;
          result->warnings = estimate->warnings;
          result->plausibility = estimate->plausibility;
          setEstimate(result);
        }
        emit jobFinished(Job::Estimate, outcome.ok && message.isEmpty(), outcome.cancelled, message);
        if (restart) {
          QString reason;
          if (!runEstimate(&reason)) emit jobFinished(Job::Estimate, false, false, reason);
        }
      });
}

bool IdentificationController::runFrictionComparison(QString* why) {
  if (isRunning(Job::FrictionComparison)) return false;
  const IdentificationDocument& doc = *document_;
  std::vector<LogInput> logs;
  try {
    logs = trainingLogs(doc);
  } catch (const std::exception& e) {
    if (why) *why = QString::fromUtf8(e.what());
    return false;
  }
  if (logs.empty()) {
    if (why) *why = tr("No log: add logs on the Import page.");
    return false;
  }
  const IdentificationSettings settings = doc.commonSettings();
  const std::shared_ptr<const RobotModel> model = model_;
  auto result = std::make_shared<FrictionResult>();
  result->inputs = frictionInputsOf(doc);
  return start(
      Job::FrictionComparison,
      [=](const common::BackgroundTask::Progress& progress) {
        result->comparison = compareFrictionModels(*model, logs, settings, progress);
      },
      [=](const common::BackgroundTask::Outcome& outcome) {
        finishRun(Job::FrictionComparison, outcome, failureText(outcome),
                  result->inputs != frictionInputsOf(*document_), [&] { setFriction(result); });
      });
}

bool IdentificationController::runValidation(QString* why) {
  if (isRunning(Job::Validation)) return false;
  const IdentificationDocument& doc = *document_;
  const QString path = doc.validationLog();
  const auto estimate = estimate_;
  if (path.isEmpty() || !estimate) {
    if (why)
      *why =
          path.isEmpty() ? tr("Choose a validation log.") : tr("No estimate: run the Estimate page first.");
    return false;
  }
  const ExtraLogSettings read = settingsForExtraLog(doc, path, model_->dof());
  const IdentificationSettings settings = read.settings;
  const std::shared_ptr<const RobotModel> model = model_;
  const std::string file = path.toStdString();
  auto out = std::make_shared<ValidationData>();
  out->inputs = {estimate, path};
  out->logPath = path;
  out->mappingNote = read.mappingNote;
  return start(
      Job::Validation,
      [=](const common::BackgroundTask::Progress& progress) {
        // The CLI's validate runs the same engine call (log_validation.hpp).
        out->run = validateOnLog(*model, estimate->logs->base, estimate->estimate.values, file, settings, progress);
      },
      [=](const common::BackgroundTask::Outcome& outcome) {
        // An input error with a place is shown as the page shows every log problem.
        const bool placed = !outcome.ok && !outcome.cancelled && !outcome.detail.file.empty();
        finishRun(Job::Validation, outcome, placed ? widgets::diagnosticText(outcome.detail) : failureText(outcome),
                  out->inputs != ValidationInputs{estimate_, document_->validationLog()}, [&] { setValidation(out); });
      });
}

std::shared_ptr<const DriftResult> IdentificationController::drift(double window) {
  if (!validation_ || validation_->run.log.t.size() == 0) return nullptr;
  const DriftInputs inputs{validation_, window};
  if (drift_ && drift_->inputs == inputs) return drift_;
  auto out = std::make_shared<DriftResult>();
  out->inputs = inputs;
  // "2 windows of 20 s ...": what is wrong with the window, as data for the panel to show.
  const PreprocessedLog& log = validation_->run.log;
  out->problem = driftWindowProblem(log.t, window);
  if (out->problem.empty()) {
    try {
      out->report = checkDrift(log.t, log.tau - validation_->run.identified.predicted, window);
    } catch (const std::invalid_argument& e) {
      out->problem = e.what();  // a residual that does not match its times: shown, not a crash
    }
  }
  drift_ = out;
  return drift_;
}

}  // namespace eb::wizard
