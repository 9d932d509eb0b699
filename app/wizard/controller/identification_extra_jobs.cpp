// The controller's jobs beyond the estimate and its validation: closed-loop tracking, the
// payload and the torque-constant calibration. Each copies its inputs, runs the engine's call
// (as the CLI makes it) on its worker thread, and stores the result when its inputs are still
// current.

#include <QFileInfo>
#include <cmath>

#include "app/wizard/controller/extra_log_settings.hpp"
#include "app/wizard/controller/identification_controller.hpp"
#include "identification/closed_loop_plant.hpp"
#include "io/params_file.hpp"
#include "util/input_error.hpp"

namespace eb::wizard {

bool IdentificationController::runClosedLoop(const ClosedLoopRequest& request, QString* why) {
  if (isRunning(Job::ClosedLoop)) return false;
  const auto live = validation_;
  const auto estimate = estimate_;
  QString problem;
  if (!live || live->run.log.q.rows() < 2)
    problem = tr("Validate on a log first: its motion is what the controller tracks.");
  else if (!estimate)
    problem = tr("No estimate: run the Estimate page first.");
  else if (request.plant == ClosedLoopRequest::Plant::File && request.plantPath.isEmpty())
    problem = tr("Choose the plant's params.json first.");
  std::optional<LogInput> plantLog;
  IdentificationSettings plantSettings;
  if (problem.isEmpty() && request.plant == ClosedLoopRequest::Plant::Log) {
    const IdentificationDocument& doc = *document_;
    int index = -1;
    for (int i = 0; i < int(doc.logs().size()); ++i)
      if (doc.logs()[size_t(i)].path == request.plantPath) index = i;
    try {
      plantSettings =
          index >= 0 ? doc.settingsFor(index) : settingsForExtraLog(doc, request.plantPath, model_->dof()).settings;
    } catch (const std::exception& e) {
      problem = QString::fromUtf8(e.what());
    }
    plantLog.emplace(request.plantPath.toStdString(), plantSettings.import);
    // The controller's columns, friction at least: a frictionless plant is no robot.
    plantSettings.regressor = estimate->logs->base.options;
    if (!plantSettings.regressor.viscous && !plantSettings.regressor.coulomb)
      plantSettings.regressor.viscous = plantSettings.regressor.coulomb = true;
  }
  if (!problem.isEmpty()) {
    if (why) *why = problem;
    return false;
  }
  const std::shared_ptr<const RobotModel> model = model_;
  const bool fromFile = request.plant == ClosedLoopRequest::Plant::File;
  const std::string plantFile = request.plantPath.toStdString();
  SimulationSettings settings;
  settings.kp = request.kp;
  settings.kd = request.kd;
  auto out = std::make_shared<ClosedLoopResult>();
  out->inputs = {estimate, live, request};
  // A new run replaces the last one, which is not shown while it works.
  if (closedLoop_) {
    closedLoop_.reset();
    emit resultChanged(Job::ClosedLoop);
  }
  return start(
      Job::ClosedLoop,
      [=](const common::BackgroundTask::Progress& progress) {
        // The same plants and motion `excitebench-cli closed-loop` uses (a log's longest segment).
        ClosedLoopPlant plant;
        double share = 0.0;  // of the bar for identifying the plant
        if (plantLog) {
          share = 0.5;
          plant = consistentPlantOfLog(*model, *plantLog, plantSettings, [&progress](double f, const std::string&) {
            return progress(0.5 * f, "identifying the plant");
          });
        } else if (fromFile) {
          const IdentifiedParameters pp = readParamsJson(plantFile);
          if (!pp.fullParameters)
            throw InputError(plantFile + ": method '" + pp.method +
                             "' has no standard parameters; a plant must be a consistent estimate");
          baseParametersFor(*model, pp, plantFile);  // the same robot and joints
          plant = estimatePlant(*model, pp.options, *pp.fullParameters,
                                QFileInfo(QString::fromStdString(plantFile)).fileName().toStdString() +
                                    " (consistent estimate, its friction and armature)");
        } else {
          plant = descriptionPlant(*model);
        }
        const PreprocessedLog& log = live->run.log;
        const LoggedMotion motion = loggedMotion(log.t, log.q, log.qd, log.qdd, log.segmentStarts);
        out->comparison = compareClosedLoop(
            *model, estimate->logs->base, estimate->estimate.values, plant, motion.desired, motion.duration, settings,
            [&progress, share](double f) { return progress(share + (1.0 - share) * f, "tracking"); });
      },
      [=](const common::BackgroundTask::Outcome& outcome) {
        finishRun(Job::ClosedLoop, outcome, failureText(outcome), estimate_ != estimate || validation_ != live, [&] {
          closedLoop_ = out;
          emit resultChanged(Job::ClosedLoop);
        });
      });
}

bool IdentificationController::runPayload(const PayloadRequest& request, QString* why) {
  if (isRunning(Job::Payload)) return false;
  const bool pair = request.robot == PayloadRobot::UnloadedLog;
  QString problem;
  if (request.loaded.isEmpty())
    problem = tr("Choose the log recorded with the payload.");
  else if (pair && request.unloaded.isEmpty())
    problem = tr("Choose the log recorded without the payload.");
  else if (request.robot == PayloadRobot::SessionEstimate && !estimate_)
    problem = tr(
        "No estimate in this session yet: run the Estimate page, or predict the robot with the "
        "model's own parameters or a log without the payload.");
  if (!problem.isEmpty()) {
    if (why) *why = problem;
    return false;
  }
  ExtraLogSettings read = settingsForExtraLog(*document_, request.loaded, model_->dof());
  read.settings.regressor.offset = request.offsets;
  PayloadExperiment logs;
  if (request.gains) {
    read.settings.import.torqueConstants = request.gains->constants;
    logs.torqueConstantStd = request.gains->stddev;
    read.mappingNote += tr(", currents times the calibrated constants");
  }
  logs.loaded = {request.loaded.toStdString()};
  if (pair) logs.unloaded = {request.unloaded.toStdString()};
  const std::shared_ptr<const RobotModel> model = model_;
  // Without a known robot and without unloaded logs, identifyPayload predicts the robot with the
  // model's own parameters (and says so in its notes): the ModelParameters source.
  std::shared_ptr<KnownRobot> known;
  std::shared_ptr<const EstimateResult> estimate;
  if (request.robot == PayloadRobot::SessionEstimate) {
    estimate = estimate_;
    known = std::make_shared<KnownRobot>(
        KnownRobot{estimate->logs->base, estimate->estimate.values, "this session's estimate"});
  }
  auto out = std::make_shared<PayloadResult>();
  out->inputs = {request, estimate, logsInputsOf(*document_)};
  out->mappingNote = read.mappingNote;
  return start(
      Job::Payload,
      [=](const common::BackgroundTask::Progress& progress) {
        out->run = identifyPayload(*model, logs, request.link, known.get(), read.settings, progress);
      },
      [=](const common::BackgroundTask::Outcome& outcome) {
        // An error names the file: the page reads two logs.
        const bool stale = out->inputs.logs != logsInputsOf(*document_) || (estimate && estimate != estimate_);
        finishRun(Job::Payload, outcome, failureText(outcome), stale, [&] {
          payload_ = out;
          emit resultChanged(Job::Payload);
        });
      });
}

bool IdentificationController::runGainCalibration(const GainRequest& request, QString* why) {
  if (isRunning(Job::GainCalibration)) return false;
  QString problem;
  if (request.payloadFile.isEmpty())
    problem = tr("Choose the known payload's payload.json.");
  else if (request.loaded.isEmpty())
    problem = tr("Choose the log recorded with the known payload.");
  ExtraLogSettings read;
  KnownPayload known;
  if (problem.isEmpty()) {
    try {
      known = readPayloadJson(request.payloadFile.toStdString());
      read = settingsForExtraLog(*document_, request.loaded, model_->dof());
    } catch (const std::exception& e) {
      problem = QString::fromUtf8(e.what());
    }
  }
  if (!problem.isEmpty()) {
    if (why) *why = problem;
    return false;
  }
  PayloadExperiment logs;
  logs.loaded = {request.loaded.toStdString()};
  if (!request.unloaded.isEmpty()) logs.unloaded = {request.unloaded.toStdString()};
  const std::string link = !known.link.empty() ? known.link : request.link.toStdString();
  const std::shared_ptr<const RobotModel> model = model_;
  auto out = std::make_shared<GainResult>();
  out->inputs = {request, logsInputsOf(*document_)};
  out->knownMass = known.parameters[0];
  // A new calibration replaces the last one: its constants are not offered while it works.
  if (gains_) {
    gains_.reset();
    emit resultChanged(Job::GainCalibration);
  }
  return start(
      Job::GainCalibration,
      [=](const common::BackgroundTask::Progress& progress) {
        out->run = identifyDriveGains(*model, logs, link, known.parameters, read.settings, progress);
        // Constants already given to the logs: the gains multiply them (torque_constant = gain x given).
        const std::vector<double>& given = read.settings.import.torqueConstants;
        for (int j = 0; j < model->dof(); ++j) {
          const double k = given.size() == std::size_t(model->dof()) ? given[std::size_t(j)] : 1.0;
          out->gains.constants.push_back(out->run.fit.values[out->run.gainColumn + j] * k);
          out->gains.stddev.push_back(out->run.fit.stddev[out->run.gainColumn + j] * std::abs(k));
        }
      },
      [=](const common::BackgroundTask::Outcome& outcome) {
        const bool stale = out->inputs.logs != logsInputsOf(*document_);
        finishRun(Job::GainCalibration, outcome, failureText(outcome), stale, [&] {
          gains_ = out;
          emit resultChanged(Job::GainCalibration);
        });
      });
}

}  // namespace eb::wizard
