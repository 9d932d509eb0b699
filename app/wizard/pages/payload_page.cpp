#include "app/wizard/pages/payload_page.hpp"

#include "app/wizard/panels/gain_calibration_panel.hpp"
#include "app/wizard/controller/wizard_text.hpp"
#include "widgets/payload_table.hpp"

#include "io/payload_file.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <cmath>

namespace eb::wizard {

PayloadPage::PayloadPage(WizardSession* session, QWidget* parent)
    : QWizardPage(parent), session_(session), controller_(session->controller()) {
  setTitle(tr("Payload (optional)"));
  setSubTitle(tr("Estimate the mass, centre of mass and inertia of a tool or payload from a log recorded with it "
                 "fixed to a link."));
  buildUi();
  refreshSources();
  connect(controller_, &IdentificationController::jobProgress, this, [this](Job job, double f, const QString& what) {
    if (job != Job::Payload) return;
    progress_->setValue(static_cast<int>(std::lround(1000 * f)));
    statusLabel_->setText(tr("Identifying the payload: %1...").arg(what));
  });
  connect(controller_, &IdentificationController::jobFinished, this, &PayloadPage::onIdentificationFinished);
  // Dropped by the controller (the estimate or the logs' reading changed): the table goes too.
  connect(controller_, &IdentificationController::resultChanged, this, [this](Job job) {
    if (job != Job::Payload) return;
    // The controller only drops a payload when what it was identified with changed.
    if (!controller_->payload() && !isRunning())
      statusLabel_->setText(tr("The estimate or the logs' reading changed since the payload was identified: "
                               "identify again."));
    showResult();
  });
  connect(session_, &WizardSession::estimateChanged, this, &PayloadPage::refreshSources);
}

void PayloadPage::buildUi() {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(buildInputs());
  gains_ = new GainCalibrationPanel(session_);
  layout->addWidget(gains_);
  connect(linkCombo_, qOverload<int>(&QComboBox::currentIndexChanged), this,
          [this]() { gains_->setMountLink(linkCombo_->currentData().toString()); });
  auto* runRow = new QHBoxLayout;
  runButton_ = new QPushButton(tr("Identify payload"));
  runButton_->setObjectName("identifyPayloadButton");
  runButton_->setAutoDefault(false);
  connect(runButton_, &QPushButton::clicked, this, &PayloadPage::startIdentification);
  cancelButton_ = new QPushButton(tr("Cancel"));
  cancelButton_->setObjectName("cancelPayloadButton");
  cancelButton_->setAutoDefault(false);
  cancelButton_->setEnabled(false);
  connect(cancelButton_, &QPushButton::clicked, this, &PayloadPage::cancelIdentification);
  progress_ = new QProgressBar;
  progress_->setRange(0, 1000);
  progress_->setTextVisible(false);
  runRow->addWidget(runButton_);
  runRow->addWidget(cancelButton_);
  runRow->addWidget(progress_, 1);
  layout->addLayout(runRow);
  statusLabel_ = new QLabel;
  statusLabel_->setObjectName("payloadStatus");
  statusLabel_->setWordWrap(true);
  statusLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(statusLabel_);
  layout->addWidget(buildResults(), 1);
}

QWidget* PayloadPage::buildInputs() {
  auto* box = new QGroupBox(tr("Experiment"));
  auto* form = new QFormLayout(box);
  robotSource_ = new QComboBox;
  robotSource_->setObjectName("payloadRobotSource");
  robotSource_->addItem(tr("This session's estimate"), int(RobotSource::SessionEstimate));
  robotSource_->addItem(tr("The model's own parameters (no friction)"), int(RobotSource::ModelParameters));
  robotSource_->addItem(tr("Estimated with the payload, from a log without it"), int(RobotSource::UnloadedLog));
  robotSource_->setToolTip(
      tr("What predicts the robot's own torques under the payload. With a log of the same trajectory without the "
         "payload, the robot's base parameters and friction are estimated together with the payload, so the "
         "robot's model errors do not leak into it."));
  connect(robotSource_, qOverload<int>(&QComboBox::currentIndexChanged), this, &PayloadPage::refreshSources);
  form->addRow(tr("Robot"), robotSource_);

  auto pathRow = [this](QLineEdit*& edit, const QString& name, const QString& title) {
    edit = new QLineEdit;
    edit->setObjectName(name);
    edit->setPlaceholderText(tr("a CSV or MAT log, read like the training logs"));
    auto* browseButton = new QPushButton(tr("Browse..."));
    browseButton->setAutoDefault(false);
    QLineEdit* target = edit;
    connect(browseButton, &QPushButton::clicked, this, [this, target, title]() { browse(target, title); });
    auto* row = new QHBoxLayout;
    row->addWidget(edit, 1);
    row->addWidget(browseButton);
    return std::make_pair(row, browseButton);
  };
  auto loaded = pathRow(loadedEdit_, "payloadLoadedLog", tr("Choose the log with the payload"));
  form->addRow(tr("Log with the payload"), loaded.first);
  auto unloaded = pathRow(unloadedEdit_, "payloadUnloadedLog", tr("Choose the log without the payload"));
  unloadedBrowse_ = unloaded.second;
  form->addRow(tr("Log without it"), unloaded.first);

  linkCombo_ = new QComboBox;
  linkCombo_->setObjectName("payloadLink");
  const RobotModel& model = session_->model();
  const std::string tip = payloadMount(model, "").link;
  linkCombo_->addItem(tr("%1 (the tip)").arg(QString::fromStdString(tip)), QString());
  for (const LinkFrame& link : model.links())
    if (link.body >= 0 && link.name != tip) linkCombo_->addItem(QString::fromStdString(link.name),
                                                                QString::fromStdString(link.name));
  form->addRow(tr("Fixed to link"), linkCombo_);
  offsets_ = new QCheckBox(tr("Estimate a constant torque offset per joint too"));
  offsets_->setObjectName("payloadOffsets");
  form->addRow(QString(), offsets_);
  return box;
}

QWidget* PayloadPage::buildResults() {
  auto* box = new QGroupBox(tr("Payload in the link's frame"));
  auto* layout = new QVBoxLayout(box);
  table_ = new widgets::PayloadTable;
  layout->addWidget(table_, 1);
  notesLabel_ = new QLabel;
  notesLabel_->setObjectName("payloadNotes");
  notesLabel_->setWordWrap(true);
  notesLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  notesLabel_->setStyleSheet("color: #555");
  layout->addWidget(notesLabel_);
  auto* exportRow = new QHBoxLayout;
  exportButtons_[0] = new QPushButton(tr("Save payload.json..."));
  exportButtons_[0]->setObjectName("exportPayloadJson");
  exportButtons_[1] = new QPushButton(tr("Save as URDF link..."));
  exportButtons_[1]->setObjectName("exportPayloadUrdf");
  exportButtons_[1]->setToolTip(tr("A xacro-includable fixed link with the payload's inertial, on the mount link"));
  for (int k = 0; k < 2; ++k) {
    exportButtons_[k]->setAutoDefault(false);
    exportButtons_[k]->setEnabled(false);
    const auto format = k == 0 ? PayloadFormat::Json : PayloadFormat::Urdf;
    connect(exportButtons_[k], &QPushButton::clicked, this, [this, format]() { exportWithDialog(format); });
    exportRow->addWidget(exportButtons_[k]);
  }
  exportRow->addStretch(1);
  layout->addLayout(exportRow);
  return box;
}

void PayloadPage::initializePage() { refreshSources(); }

void PayloadPage::refreshSources() {
  const bool pair = RobotSource(robotSource_->currentData().toInt()) == RobotSource::UnloadedLog;
  unloadedEdit_->setEnabled(pair);
  unloadedBrowse_->setEnabled(pair);
  if (isRunning()) return;
  // The note says what is missing now: an estimate made since it was written clears it.
  const QString why = missingRobot();
  if (!why.isEmpty()) statusLabel_->setText(why);
  else if (statusLabel_->text() == noSessionEstimateText()) statusLabel_->clear();
}

void PayloadPage::browse(QLineEdit* edit, const QString& title) {
  QSettings settings;
  const QString dir = settings.value("identificationWizard/logDirectory").toString();
  const QString path = QFileDialog::getOpenFileName(this, title, dir,
                                                    logFileDialogFilter());
  if (path.isEmpty()) return;
  settings.setValue("identificationWizard/logDirectory", QFileInfo(path).absolutePath());
  edit->setText(path);
}

void PayloadPage::setLoadedLog(const QString& path) { loadedEdit_->setText(path); }
void PayloadPage::setUnloadedLog(const QString& path) { unloadedEdit_->setText(path); }

void PayloadPage::setRobotSource(RobotSource source) {
  robotSource_->setCurrentIndex(robotSource_->findData(int(source)));
}

void PayloadPage::setLink(const QString& link) {
  const int index = linkCombo_->findData(link);
  if (index >= 0) linkCombo_->setCurrentIndex(index);
}

bool PayloadPage::isRunning() const { return controller_->isRunning(Job::Payload); }

void PayloadPage::cancelIdentification() { controller_->cancel(Job::Payload); }

std::shared_ptr<const PayloadRun> PayloadPage::result() const {
  const auto current = controller_->payload();
  return current ? std::shared_ptr<const PayloadRun>(current, &current->run) : nullptr;
}

QString PayloadPage::noSessionEstimateText() const {
  return tr("No estimate in this session yet: run the Estimate page, or predict the robot with the model's own "
            "parameters or a log without the payload.");
}

QString PayloadPage::missingRobot() const {
  if (RobotSource(robotSource_->currentData().toInt()) != RobotSource::SessionEstimate || session_->estimate())
    return {};
  return noSessionEstimateText();
}

void PayloadPage::startIdentification() {
  if (isRunning()) return;
  // The page's choices as the controller's request; the controller reads the logs.
  PayloadRequest request;
  const QString loaded = loadedEdit_->text().trimmed();
  const QString unloaded = unloadedEdit_->text().trimmed();
  request.robot = RobotSource(robotSource_->currentData().toInt());
  request.loaded = loaded.isEmpty() ? QString() : QFileInfo(loaded).absoluteFilePath();
  if (request.robot == RobotSource::UnloadedLog && !unloaded.isEmpty())
    request.unloaded = QFileInfo(unloaded).absoluteFilePath();
  request.link = linkCombo_->currentData().toString().toStdString();
  request.offsets = offsets_->isChecked();
  request.gains = gains_->gainsForLogs();
  QString why;
  if (!controller_->runPayload(request, &why)) {
    statusLabel_->setText(why);
    emit payloadIdentified(false, why);
    return;
  }
  resultLogs_ = request.unloaded.isEmpty() ? QStringList{loaded} : QStringList{loaded, unloaded};
  runButton_->setEnabled(false);
  cancelButton_->setEnabled(true);
  progress_->setValue(0);
  statusLabel_->setText(tr("Reading %1...").arg(QFileInfo(loaded).fileName()));
}

void PayloadPage::onIdentificationFinished(Job job, bool ok, bool cancelled, const QString& message) {
  if (job != Job::Payload) return;
  runButton_->setEnabled(true);
  cancelButton_->setEnabled(false);
  QString text = message;
  if (ok) {
    const PayloadResult& r = *controller_->payload();
    text = tr("Identified the payload on link '%1': %2 ± %3 kg (%4).")
               .arg(QString::fromStdString(r.run.mount.link), formatNumber(r.run.payload.mass, 5),
                    formatNumber(r.run.payload.massStd, 2), r.mappingNote);
  }
  statusLabel_->setText(text);
  showResult();
  emit payloadIdentified(ok && !cancelled, text);
}

void PayloadPage::showResult() {
  const std::shared_ptr<const PayloadRun> result = this->result();
  for (QPushButton* b : exportButtons_) b->setEnabled(result != nullptr);
  if (!result) {
    // None, or dropped because its inputs changed: no figures of another estimate or reading.
    table_->setPayload(nullptr);
    notesLabel_->clear();
    return;
  }
  table_->setPayload(&result->payload);
  QStringList notes;
  for (const std::string& note : result->notes) notes << QString::fromStdString(note);
  for (const LogWarning& w : result->warnings) notes << QString::fromStdString(w.message);
  QStringList rms;
  for (int j = 0; j < result->fit.residualRms.size(); ++j) rms << formatNumber(result->fit.residualRms[j], 3);
  notes << tr("Residual RMS per joint [N m]: %1 (%2 samples).").arg(rms.join("  ")).arg(result->fit.samples);
  notesLabel_->setText(notes.join("\n"));
}

bool PayloadPage::exportTo(PayloadFormat format, const QString& path, QString* error) {
  const std::shared_ptr<const PayloadRun> result = this->result();
  if (!result) {
    if (error) *error = tr("No payload identified yet.");
    return false;
  }
  try {
    if (format == PayloadFormat::Urdf) {
      writePayloadUrdf(path.toStdString(), result->payload);
    } else {
      PayloadReport report;
      report.robot = session_->robotSpec().toStdString();
      report.method = result->robotEstimated ? "loaded/unloaded pair, robot estimated with it"
                                              : "known robot (" + robotSource_->currentText().toStdString() + ")";
      report.estimate = result->payload;
      report.residualRms = result->fit.residualRms;
      report.samples = result->fit.samples;
      report.uncertainty = result->gainUncertainty;
      for (const QString& log : resultLogs_) report.sources.push_back(log.toStdString());
      writePayloadJson(path.toStdString(), report);
    }
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
  return true;
}

void PayloadPage::exportWithDialog(PayloadFormat format) {
  const bool json = format == PayloadFormat::Json;
  const QString path = QFileDialog::getSaveFileName(this, json ? tr("Save the payload") : tr("Save the URDF link"),
                                                    json ? "payload.json" : "payload.urdf",
                                                    json ? tr("JSON (*.json)") : tr("URDF (*.urdf *.xacro)"));
  if (path.isEmpty()) return;
  QString error;
  statusLabel_->setText(exportTo(format, path, &error) ? tr("Wrote %1.").arg(path) : error);
}

}  // namespace eb::wizard
