#include "app/wizard/closed_loop_panel.hpp"

#include "app/wizard/extra_log_settings.hpp"
#include "app/wizard/result_table.hpp"
#include "app/wizard/wizard_text.hpp"

#include "identification/closed_loop_plant.hpp"
#include "io/params_file.hpp"
#include "util/input_error.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

namespace eb::wizard {

ClosedLoopPanel::ClosedLoopPanel(WizardSession* session, QWidget* parent)
    : QWidget(parent), session_(session), task_(new common::BackgroundTask(this)) {
  kp_ = new QDoubleSpinBox;
  kp_->setObjectName("closedLoopKp");
  kp_->setRange(0.0, 1e5);
  kp_->setDecimals(0);
  kp_->setValue(SimulationSettings{}.kp);
  kp_->setSuffix(" 1/s²");
  kp_->setToolTip(tr("Proportional gain of the computed-torque controller (an acceleration per rad)"));
  kd_ = new QDoubleSpinBox;
  kd_->setObjectName("closedLoopKd");
  kd_->setRange(0.0, 1e4);
  kd_->setDecimals(0);
  kd_->setValue(SimulationSettings{}.kd);
  kd_->setSuffix(" 1/s");
  kd_->setToolTip(tr("Derivative gain of the computed-torque controller"));
  plant_ = new QComboBox;
  plant_->setObjectName("closedLoopPlant");
  plant_->setToolTip(tr("The simulated robot both controllers drive. The description's own controller tracks the "
                        "description as a plant by construction: a consistent estimate of another log makes the "
                        "comparison informative."));
  connect(plant_, qOverload<int>(&QComboBox::activated), this, [this](int index) {
    if (plant_->itemData(index).toString() == "file") choosePlantFile();
  });
  runButton_ = new QPushButton(tr("Simulate tracking"));
  runButton_->setObjectName("closedLoopButton");
  runButton_->setAutoDefault(false);
  connect(runButton_, &QPushButton::clicked, this, [this]() {
    if (task_->isRunning())
      task_->cancel();
    else
      start();
  });
  connect(task_, &common::BackgroundTask::progressChanged, this, [this](double f, const QString&) {
    summary_->setText(tr("Tracking the validation log's motion (%1 %)...").arg(int(100 * f)));
  });
  auto* explanation = new QLabel(
      tr("The estimate as the model of a computed-torque controller that tracks the validation log's motion on a "
         "simulated plant, beside the description's own model; a model without friction is given the plant's. A "
         "model whose torques are the plant's tracks within 0.01 rad."));
  explanation->setWordWrap(true);
  summary_ = new QLabel;
  summary_->setObjectName("closedLoopSummary");
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  table_ = makeResultTable({tr("Joint"), tr("Identified\nRMS [rad]"), tr("Identified\nmax [rad]"),
                            tr("Description's\nRMS [rad]"), tr("Description's\nmax [rad]")},
                           "closedLoopTable");

  auto* plantRow = new QHBoxLayout;
  plantRow->addWidget(new QLabel(tr("Plant")));
  plantRow->addWidget(plant_, 1);
  auto* row = new QHBoxLayout;
  row->addWidget(new QLabel(tr("kp")));
  row->addWidget(kp_);
  row->addWidget(new QLabel(tr("kd")));
  row->addWidget(kd_);
  row->addStretch(1);
  row->addWidget(runButton_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(explanation);
  layout->addLayout(plantRow);
  layout->addLayout(row);
  layout->addWidget(summary_);
  layout->addWidget(table_, 1);
  connect(session_, &WizardSession::validationChanged, this, &ClosedLoopPanel::refreshPlants);
  connect(session_, &WizardSession::estimateChanged, this, &ClosedLoopPanel::refreshPlants);
  refreshPlants();
  clear();
}

void ClosedLoopPanel::refreshPlants() {
  const IdentificationDocument* doc = session_->document();
  QStringList logs;
  for (const LogSource& l : doc->logs()) logs << l.path;
  const auto live = session_->validation();
  const QString validation = live ? QFileInfo(live->logPath).absoluteFilePath() : QString();
  const bool second = !validation.isEmpty() && !logs.contains(validation);
  if (second) logs << validation;
  const QSignalBlocker block(plant_);
  const QString previous = plant_->currentData().toString();
  plant_->clear();
  plant_->addItem(tr("The robot description with simulate's default friction"), "description");
  for (const QString& path : logs)
    plant_->addItem(tr("A consistent estimate of %1").arg(QFileInfo(path).fileName()), "log:" + path);
  plant_->addItem(plantFile_.isEmpty() ? tr("A consistent params.json...")
                                       : tr("%1 (consistent estimate)").arg(QFileInfo(plantFile_).fileName()),
                  "file");
  // The informative default: the robot as a second log saw it, when there is one; a params.json
  // the user chose stays chosen.
  if (previous == "file" && !plantFile_.isEmpty())
    plant_->setCurrentIndex(plant_->findData("file"));
  else
    plant_->setCurrentIndex(second ? plant_->findData("log:" + validation) : 0);
}

void ClosedLoopPanel::setPlantDescription() { plant_->setCurrentIndex(0); }

bool ClosedLoopPanel::setPlantLog(const QString& path) {
  const int index = plant_->findData("log:" + QFileInfo(path).absoluteFilePath());
  if (index < 0) return false;
  plant_->setCurrentIndex(index);
  return true;
}

void ClosedLoopPanel::setPlantFile(const QString& path) {
  plantFile_ = path;
  const int index = plant_->findData("file");
  plant_->setItemText(index, tr("%1 (consistent estimate)").arg(QFileInfo(path).fileName()));
  plant_->setCurrentIndex(index);
}

QString ClosedLoopPanel::plantChoice() const { return plant_->currentText(); }

void ClosedLoopPanel::choosePlantFile() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Plant: a consistent params.json"), plantFile_,
                                                    tr("Parameters (*.json)"));
  if (path.isEmpty()) {
    if (plantFile_.isEmpty()) plant_->setCurrentIndex(0);
    return;
  }
  setPlantFile(path);
}

bool ClosedLoopPanel::isRunning() const { return task_->isRunning(); }

QString ClosedLoopPanel::summary() const { return summary_->text(); }

void ClosedLoopPanel::setGains(double kp, double kd) {
  kp_->setValue(kp);
  kd_->setValue(kd);
}

void ClosedLoopPanel::clear() {
  if (task_->isRunning()) task_->cancel();
  result_.reset();
  table_->setRowCount(0);
  summary_->setText(session_->validation() ? tr("Simulate the tracking to see the error per joint.")
                                           : tr("Validate on a log first: its motion is what the controller tracks."));
}

void ClosedLoopPanel::start() {
  if (task_->isRunning()) return;
  const auto live = session_->validation();
  const auto estimate = session_->estimate();
  if (!live || live->q.rows() < 2) {
    summary_->setText(tr("Validate on a log first: its motion is what the controller tracks."));
    return;
  }
  if (!estimate) {
    summary_->setText(tr("No estimate: run the Estimate page first."));
    return;
  }
  const std::shared_ptr<const RobotModel> model = session_->modelPointer();
  // What the worker builds the plant from, copied.
  const QString choice = plant_->currentData().toString();
  if (choice == "file" && plantFile_.isEmpty()) {
    summary_->setText(tr("Choose the plant's params.json first."));
    return;
  }
  std::optional<LogInput> plantLog;
  IdentificationSettings plantSettings;
  if (choice.startsWith("log:")) {
    const QString path = choice.mid(4);
    const IdentificationDocument& doc = *session_->document();
    int index = -1;
    for (int i = 0; i < int(doc.logs().size()); ++i)
      if (doc.logs()[size_t(i)].path == path) index = i;
    try {
      plantSettings = index >= 0 ? doc.settingsFor(index) : settingsForExtraLog(doc, path, model->dof()).settings;
    } catch (const std::exception& e) {
      summary_->setText(QString::fromUtf8(e.what()));
      return;
    }
    plantLog.emplace(path.toStdString(), plantSettings.import);
    // The controller's columns, friction at least: a frictionless plant is no robot.
    plantSettings.regressor = estimate->logs->base.options;
    if (!plantSettings.regressor.viscous && !plantSettings.regressor.coulomb)
      plantSettings.regressor.viscous = plantSettings.regressor.coulomb = true;
  }
  const std::string plantFile = plantFile_.toStdString();
  SimulationSettings settings;
  settings.kp = kp_->value();
  settings.kd = kd_->value();
  auto out = std::make_shared<ClosedLoopComparison>();
  result_.reset();
  table_->setRowCount(0);
  runButton_->setText(tr("Cancel"));
  summary_->setText(tr("Tracking the validation log's motion..."));
  task_->start(
      [=](const common::BackgroundTask::Progress& progress) {
        // The same plants and motion `excitebench-cli closed-loop` uses (a log's longest segment).
        ClosedLoopPlant plant;
        double share = 0.0;  // of the bar for identifying the plant
        if (plantLog) {
          share = 0.5;
          plant = consistentPlantOfLog(*model, *plantLog, plantSettings, [&progress](double f, const std::string&) {
            return progress(0.5 * f, "identifying the plant");
          });
        } else if (choice == "file") {
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
        const LoggedMotion motion = loggedMotion(live->t, live->q, live->qd, live->qdd, live->segmentStarts);
        *out = compareClosedLoop(*model, estimate->logs->base, estimate->estimate.values, plant, motion.desired,
                                 motion.duration, settings, [&progress, share](double f) {
                                   return progress(share + (1.0 - share) * f, "tracking");
                                 });
      },
      [=](const common::BackgroundTask::Outcome& outcome) {
        runButton_->setText(tr("Simulate tracking"));
        QString message;
        if (outcome.cancelled) {
          message = tr("Cancelled.");
        } else if (!outcome.ok) {
          message = outcome.error;
        } else if (session_->estimate() != estimate || session_->validation() != live) {
          message = tr("The estimate or the validation changed during the run: simulate again.");
        }
        if (!message.isEmpty()) {
          summary_->setText(message);
        } else {
          result_ = *out;
          show();
        }
        emit finished(message.isEmpty(), message);
      });
}

void ClosedLoopPanel::show() {
  const RobotModel& model = session_->model();
  const int n = model.dof();
  table_->setRowCount(n);
  for (int j = 0; j < n; ++j) {
    const TrackingReport* runs[4] = {&result_->identified, &result_->identified, &result_->robotsOwn,
                                     &result_->robotsOwn};
    const double values[4] = {result_->identified.rms[j], result_->identified.max[j], result_->robotsOwn.rms[j],
                              result_->robotsOwn.max[j]};
    auto* name = new QTableWidgetItem(QString("%1  %2").arg(j + 1).arg(QString::fromStdString(model.joint(j).name)));
    table_->setItem(j, 0, name);
    for (int c = 0; c < 4; ++c) {
      auto* item = new QTableWidgetItem(runs[c]->diverged ? tr("unstable") : formatNumber(values[c], 3));
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      if ((c == 1 || c == 3) && values[c] > kTrackingErrorBar) item->setForeground(QColor(176, 0, 32));
      table_->setItem(j, c + 1, item);
    }
  }
  const auto line = [&model](const TrackingReport& r) {
    if (r.diverged)
      return tr("unstable, the loop diverged at %1 s (a model with indefinite inertia does this: the physically "
                "consistent method keeps it positive)")
          .arg(formatNumber(r.divergedAt, 3));
    return tr("%1 rad (%2 at %3 s): %4 the %5 rad bar")
        .arg(formatNumber(r.maxError, 3), QString::fromStdString(model.joint(r.maxErrorJoint).name),
             formatNumber(r.maxErrorTime, 3), r.maxError <= kTrackingErrorBar ? tr("within") : tr("beyond"),
             formatNumber(kTrackingErrorBar, 2));
  };
  const auto given = [](const std::string& what) {
    return what.empty() ? QString() : tr(" (given %1)").arg(QString::fromStdString(what));
  };
  table_->horizontalHeaderItem(3)->setText(result_->robotsOwnGiven.empty() ? tr("Description's\nRMS [rad]")
                                                                            : tr("Description's +\nfriction RMS [rad]"));
  table_->horizontalHeaderItem(4)->setText(result_->robotsOwnGiven.empty() ? tr("Description's\nmax [rad]")
                                                                            : tr("Description's +\nfriction max [rad]"));
  summary_->setText(tr("%1 s tracked at 1 kHz. Worst error with the estimate%2: %3.<br>With the description's own "
                       "parameters%4: %5.<br>%6")
                        .arg(formatNumber(result_->identified.duration, 4), given(result_->identifiedGiven),
                             line(result_->identified), given(result_->robotsOwnGiven), line(result_->robotsOwn),
                             QString::fromStdString(closedLoopVerdict(*result_)).toHtmlEscaped()));
}

}  // namespace eb::wizard
