#include "app/wizard/panels/closed_loop_panel.hpp"

#include "widgets/closed_loop_table.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace eb::wizard {

ClosedLoopPanel::ClosedLoopPanel(WizardSession* session, QWidget* parent)
    : QWidget(parent), session_(session), controller_(session->controller()) {
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
    if (isRunning())
      controller_->cancel(Job::ClosedLoop);
    else
      start();
  });
  connect(controller_, &IdentificationController::jobProgress, this, [this](Job job, double f, const QString&) {
    if (job == Job::ClosedLoop)
      summary_->setText(tr("Tracking the validation log's motion (%1 %)...").arg(int(100 * f)));
  });
  connect(controller_, &IdentificationController::jobStarted, this, [this](Job job) {
    if (job != Job::ClosedLoop) return;
    table_->clearComparison();
    runButton_->setText(tr("Cancel"));
    summary_->setText(tr("Tracking the validation log's motion..."));
  });
  connect(controller_, &IdentificationController::jobFinished, this,
          [this](Job job, bool ok, bool, const QString& message) {
            if (job != Job::ClosedLoop) return;
            runButton_->setText(tr("Simulate tracking"));
            if (ok) show();
            else summary_->setText(message);
            emit finished(ok, message);
          });
  connect(controller_, &IdentificationController::resultChanged, this, [this](Job job) {
    // Dropped (the estimate or the validation changed): the table goes with it.
    if (job == Job::ClosedLoop && !controller_->closedLoop() && !isRunning()) clear();
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
  table_ = new widgets::ClosedLoopTable;

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

bool ClosedLoopPanel::isRunning() const { return controller_->isRunning(Job::ClosedLoop); }

const ClosedLoopComparison* ClosedLoopPanel::result() const {
  const auto r = controller_->closedLoop();
  return r ? &r->comparison : nullptr;  // the controller keeps it alive while it is current
}

QString ClosedLoopPanel::summary() const { return summary_->text(); }

void ClosedLoopPanel::clear() {
  if (isRunning()) controller_->cancel(Job::ClosedLoop);
  table_->clearComparison();
  summary_->setText(session_->validation() ? tr("Simulate the tracking to see the error per joint.")
                                           : tr("Validate on a log first: its motion is what the controller tracks."));
}

void ClosedLoopPanel::start() {
  if (isRunning()) return;
  // The panel's choices as the controller's request; the controller copies the rest.
  ClosedLoopRequest request;
  const QString choice = plant_->currentData().toString();
  if (choice.startsWith("log:")) {
    request.plant = ClosedLoopRequest::Plant::Log;
    request.plantPath = choice.mid(4);
  } else if (choice == "file") {
    request.plant = ClosedLoopRequest::Plant::File;
    request.plantPath = plantFile_;
  }
  request.kp = kp_->value();
  request.kd = kd_->value();
  QString why;
  if (!controller_->runClosedLoop(request, &why)) summary_->setText(why);
}

void ClosedLoopPanel::show() {
  const auto current = controller_->closedLoop();
  if (!current) return;
  const std::vector<std::string> names = session_->jointNames();
  table_->setComparison(current->comparison, names);
  summary_->setText(widgets::ClosedLoopTable::summaryText(current->comparison, names));
}

}  // namespace eb::wizard
