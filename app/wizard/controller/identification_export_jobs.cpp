// The controller's jobs for the Export page: the consistent estimate a model file of a
// non-consistent estimate is written from (cached while that estimate is live), and the HTML
// report (written, not cached).

#include "app/wizard/controller/identification_controller.hpp"
#include "io/params_file.hpp"
#include "report/held_out_prediction.hpp"
#include "report/html_report.hpp"
#include "report/report_builder.hpp"
#include "report/run_details.hpp"

namespace eb::wizard {

bool IdentificationController::runModelFileEstimate(QString* why) {
  if (isRunning(Job::ModelFileEstimate)) return false;
  const auto source = estimate_;
  if (!source) {
    if (why) *why = tr("No estimate: run the Estimate page first.");
    return false;
  }
  EstimationOptions options = document_->commonSettings().estimation;
  options.method = EstimationMethod::Consistent;
  const std::shared_ptr<const RobotModel> model = model_;
  auto out = std::make_shared<ModelFileEstimate>();
  out->source = source;
  modelFileRunningFor_ = source;
  return start(
      Job::ModelFileEstimate,
      [=](const common::BackgroundTask::Progress& progress) {
        // The pipeline's estimate step: its errors name the logs, as the estimate's do.
        out->estimate = estimateFromLogs(*model, *source->logs, options, [&](double f) {
                          return progress(f, "estimating (consistent)");
                        }).estimate;
      },
      [=](const common::BackgroundTask::Outcome& outcome) {
        modelFileRunningFor_.reset();
        finishRun(Job::ModelFileEstimate, outcome, failureText(outcome), estimate_ != source, [&] {
          modelFile_ = out;
          emit resultChanged(Job::ModelFileEstimate);
        });
      });
}

bool IdentificationController::runReport(const QString& path, const std::string& robotSpec, QString* why) {
  if (isRunning(Job::Report)) {
    if (why) *why = tr("A report is still being written.");
    return false;
  }
  const auto estimate = estimate_;
  if (!estimate) {
    if (why) *why = tr("No estimate: run the Estimate page first.");
    return false;
  }
  const IdentificationDocument& doc = *document_;
  const std::shared_ptr<const RobotModel> model = model_;
  const std::string file = path.toStdString();
  const std::vector<std::string> paths = doc.logPaths();
  std::vector<LogInput> logs;
  try {
    logs = trainingLogs(doc);
  } catch (const std::exception& e) {
    if (why) *why = QString::fromUtf8(e.what());  // a forced format the log's head no longer fits
    return false;
  }
  // The settings the estimate was made with, as identify has them.
  const IdentificationSettings settings = doc.commonSettings();
  return start(
      Job::Report,
      [=](const common::BackgroundTask::Progress&) {
        IdentifiedParameters p = makeIdentifiedParameters(robotSpec, *model, estimate->logs->base, estimate->estimate,
                                                          paths, &estimate->plausibility);
        describeRun(p, *estimate->logs, estimate->estimate, settings, estimate->warnings);
        const HeldOutPrediction heldOut =
            predictHeldOut(*model, estimate->logs->base, estimate->estimate.values, logs, settings);
        recordHeldOut(p, heldOut);
        writeHtmlReport(file, reportOfRun(p, *model, &heldOut));
      },
      [=](const common::BackgroundTask::Outcome& outcome) {
        emit jobFinished(Job::Report, outcome.ok, outcome.cancelled, failureText(outcome));
      });
}

}  // namespace eb::wizard
