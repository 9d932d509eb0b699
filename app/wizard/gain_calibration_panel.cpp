#include "app/wizard/gain_calibration_panel.hpp"

#include "app/wizard/extra_log_settings.hpp"
#include "app/wizard/result_table.hpp"
#include "app/wizard/wizard_text.hpp"

#include <QCheckBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace eb::wizard {

GainCalibrationPanel::GainCalibrationPanel(WizardSession* session, QWidget* parent)
    : QGroupBox(tr("Calibrate the torque constants with a known payload"), parent),
      session_(session),
      task_(new common::BackgroundTask(this)) {
  setObjectName("gainCalibration");
  setCheckable(true);
  setChecked(false);  // folded away until wanted: most logs are torques
  auto* form = new QFormLayout;
  const auto pathRow = [this](QLineEdit*& edit, const QString& name, const QString& placeholder,
                              const QString& filter) {
    edit = new QLineEdit;
    edit->setObjectName(name);
    edit->setPlaceholderText(placeholder);
    auto* browse = new QPushButton(tr("Browse..."));
    browse->setAutoDefault(false);
    QLineEdit* target = edit;
    connect(browse, &QPushButton::clicked, this, [this, target, filter]() {
      const QString path = QFileDialog::getOpenFileName(this, tr("Choose a file"), target->text(), filter);
      if (!path.isEmpty()) target->setText(path);
    });
    auto* row = new QHBoxLayout;
    row->addWidget(edit, 1);
    row->addWidget(browse);
    return row;
  };
  const QString logs = logFileDialogFilter();
  form->addRow(tr("Known payload"), pathRow(payloadEdit_, "gainPayloadFile",
                                            tr("payload.json: mass, com, inertia_com (and its link)"),
                                            tr("Payload (*.json)")));
  form->addRow(tr("Log with it"), pathRow(loadedEdit_, "gainLoadedLog", tr("motor currents (or torques)"), logs));
  form->addRow(tr("Log without it"),
               pathRow(unloadedEdit_, "gainUnloadedLog", tr("optional: the same trajectory without the payload"), logs));
  runButton_ = new QPushButton(tr("Calibrate"));
  runButton_->setObjectName("calibrateGainsButton");
  runButton_->setAutoDefault(false);
  connect(runButton_, &QPushButton::clicked, this, [this]() {
    if (task_->isRunning())
      task_->cancel();
    else
      start();
  });
  connect(task_, &common::BackgroundTask::progressChanged, this, [this](double f, const QString& what) {
    status_->setText(tr("Calibrating: %1 (%2 %)...").arg(what).arg(int(100 * f)));
  });
  status_ = new QLabel(tr("A known payload scales the currents to torques: the gain per joint, with its standard "
                          "deviation, as excitebench-cli identify-gains finds it."));
  status_->setObjectName("gainCalibrationStatus");
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  table_ = makeResultTable({tr("Joint"), tr("Gain"), tr("± 1σ"), tr("Torque constant"), tr("± 1σ")},
                           "gainCalibrationTable");
  useForLogs_ = new QCheckBox(tr("Read the payload's logs with these constants (their σ goes into the payload's)"));
  useForLogs_->setObjectName("useCalibratedGains");
  useForLogs_->setEnabled(false);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  auto* row = new QHBoxLayout;
  row->addWidget(runButton_);
  row->addWidget(status_, 1);
  layout->addLayout(row);
  layout->addWidget(table_, 1);
  layout->addWidget(useForLogs_);
}

void GainCalibrationPanel::setKnownPayload(const QString& path) { payloadEdit_->setText(path); }
void GainCalibrationPanel::setLoadedLog(const QString& path) { loadedEdit_->setText(path); }
void GainCalibrationPanel::setUnloadedLog(const QString& path) { unloadedEdit_->setText(path); }
bool GainCalibrationPanel::isRunning() const { return task_->isRunning(); }
void GainCalibrationPanel::cancel() { task_->cancel(); }
QString GainCalibrationPanel::status() const { return status_->text(); }
void GainCalibrationPanel::setUseForLogs(bool on) { useForLogs_->setChecked(on); }

std::optional<DriveGains> GainCalibrationPanel::gainsForLogs() const {
  if (!result_ || !useForLogs_->isChecked() || !isChecked()) return std::nullopt;
  return gains_;
}

void GainCalibrationPanel::start() {
  if (task_->isRunning()) return;
  const QString payloadPath = payloadEdit_->text().trimmed(), loaded = loadedEdit_->text().trimmed(),
                unloaded = unloadedEdit_->text().trimmed();
  QString why;
  if (payloadPath.isEmpty()) why = tr("Choose the known payload's payload.json.");
  else if (loaded.isEmpty()) why = tr("Choose the log recorded with the known payload.");
  if (!why.isEmpty()) {
    status_->setText(why);
    emit finished(false, why);
    return;
  }
  const std::shared_ptr<const RobotModel> model = session_->modelPointer();
  ExtraLogSettings read;
  KnownPayload known;
  try {
    known = readPayloadJson(QFileInfo(payloadPath).absoluteFilePath().toStdString());
    read = settingsForExtraLog(*session_->document(), QFileInfo(loaded).absoluteFilePath(), model->dof());
  } catch (const std::exception& e) {
    status_->setText(QString::fromUtf8(e.what()));
    emit finished(false, status_->text());
    return;
  }
  PayloadExperiment logs;
  logs.loaded = {QFileInfo(loaded).absoluteFilePath().toStdString()};
  if (!unloaded.isEmpty()) logs.unloaded = {QFileInfo(unloaded).absoluteFilePath().toStdString()};
  const std::string link = !known.link.empty() ? known.link : link_.toStdString();
  // Constants already given to the logs: the gains multiply them (torque_constant = gain x given).
  const std::vector<double> given = read.settings.import.torqueConstants;
  auto out = std::make_shared<PayloadRun>();
  result_.reset();
  table_->setRowCount(0);
  useForLogs_->setEnabled(false);
  runButton_->setText(tr("Cancel"));
  status_->setText(tr("Reading %1 (%2)...").arg(QFileInfo(loaded).fileName(), read.mappingNote));
  task_->start(
      [=](const common::BackgroundTask::Progress& progress) {
        *out = identifyDriveGains(*model, logs, link, known.parameters, read.settings, progress);
      },
      [=](const common::BackgroundTask::Outcome& outcome) {
        runButton_->setText(tr("Calibrate"));
        QString message;
        if (outcome.cancelled) {
          message = tr("Cancelled.");
        } else if (!outcome.ok) {
          message = outcome.error;
        } else {
          result_ = out;
          gains_ = DriveGains{};
          for (int j = 0; j < model->dof(); ++j) {
            const double k = given.size() == std::size_t(model->dof()) ? given[std::size_t(j)] : 1.0;
            gains_.constants.push_back(out->fit.values[out->gainColumn + j] * k);
            gains_.stddev.push_back(out->fit.stddev[out->gainColumn + j] * std::abs(k));
          }
          message = tr("Calibrated with the %1 kg payload on link '%2'.")
                        .arg(formatNumber(known.parameters[0], 4), QString::fromStdString(out->mount.link));
          show();
        }
        status_->setText(message);
        emit finished(outcome.ok && !outcome.cancelled, message);
      });
}

void GainCalibrationPanel::show() {
  const RobotModel& model = session_->model();
  table_->setRowCount(model.dof());
  for (int j = 0; j < model.dof(); ++j) {
    const double cells[4] = {result_->fit.values[result_->gainColumn + j], result_->fit.stddev[result_->gainColumn + j],
                             gains_.constants[std::size_t(j)], gains_.stddev[std::size_t(j)]};
    table_->setItem(j, 0, new QTableWidgetItem(QString::fromStdString(model.joint(j).name)));
    for (int c = 0; c < 4; ++c) {
      auto* item = new QTableWidgetItem(formatNumber(cells[c], c % 2 == 0 ? 5 : 2));
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      table_->setItem(j, c + 1, item);
    }
  }
  useForLogs_->setEnabled(true);
}

}  // namespace eb::wizard
