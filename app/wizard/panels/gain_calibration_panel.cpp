#include "app/wizard/panels/gain_calibration_panel.hpp"

#include "widgets/result_table.hpp"
#include "app/wizard/controller/wizard_text.hpp"

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
      controller_(session->controller()) {
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
    if (isRunning())
      cancel();
    else
      start();
  });
  connect(controller_, &IdentificationController::jobProgress, this, [this](Job job, double f, const QString& what) {
    if (job == Job::GainCalibration) status_->setText(tr("Calibrating: %1 (%2 %)...").arg(what).arg(int(100 * f)));
  });
  connect(controller_, &IdentificationController::jobFinished, this, &GainCalibrationPanel::onCalibrationFinished);
  connect(controller_, &IdentificationController::resultChanged, this, [this](Job job) {
    if (job != Job::GainCalibration) return;
    // Dropped, not replaced: the logs' reading changed (a new run says so itself when it starts).
    if (!controller_->gainCalibration() && !isRunning())
      status_->setText(tr("The logs' reading changed since the calibration: calibrate again."));
    show();
  });
  status_ = new QLabel(tr("A known payload scales the currents to torques: the gain per joint, with its standard "
                          "deviation, as excitebench-cli identify-gains finds it."));
  status_->setObjectName("gainCalibrationStatus");
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  table_ = widgets::makeResultTable({tr("Joint"), tr("Gain"), tr("± 1σ"), tr("Torque constant"), tr("± 1σ")},
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
bool GainCalibrationPanel::isRunning() const { return controller_->isRunning(Job::GainCalibration); }
void GainCalibrationPanel::cancel() { controller_->cancel(Job::GainCalibration); }

std::shared_ptr<const PayloadRun> GainCalibrationPanel::result() const {
  const auto current = controller_->gainCalibration();
  return current ? std::shared_ptr<const PayloadRun>(current, &current->run) : nullptr;
}
QString GainCalibrationPanel::status() const { return status_->text(); }
void GainCalibrationPanel::setUseForLogs(bool on) { useForLogs_->setChecked(on); }

std::optional<DriveGains> GainCalibrationPanel::gainsForLogs() const {
  const auto current = controller_->gainCalibration();
  if (!current || !useForLogs_->isChecked() || !isChecked()) return std::nullopt;
  return current->gains;
}

void GainCalibrationPanel::start() {
  if (isRunning()) return;
  const QString payloadPath = payloadEdit_->text().trimmed(), loaded = loadedEdit_->text().trimmed(),
                unloaded = unloadedEdit_->text().trimmed();
  // The panel's choices as the controller's request (absolute paths); the controller reads them.
  const auto absolute = [](const QString& path) { return path.isEmpty() ? path : QFileInfo(path).absoluteFilePath(); };
  const GainRequest request{absolute(payloadPath), absolute(loaded), absolute(unloaded), link_};
  QString why;
  if (!controller_->runGainCalibration(request, &why)) {
    status_->setText(why);
    emit finished(false, why);
    return;
  }
  useForLogs_->setEnabled(false);
  runButton_->setText(tr("Cancel"));
  status_->setText(tr("Reading %1...").arg(QFileInfo(loaded).fileName()));
}

void GainCalibrationPanel::onCalibrationFinished(Job job, bool ok, bool cancelled, const QString& message) {
  if (job != Job::GainCalibration) return;
  runButton_->setText(tr("Calibrate"));
  QString text = message;
  if (ok) {
    const GainResult& r = *controller_->gainCalibration();
    text = tr("Calibrated with the %1 kg payload on link '%2'.")
               .arg(formatNumber(r.knownMass, 4), QString::fromStdString(r.run.mount.link));
  }
  status_->setText(text);
  emit finished(ok && !cancelled, text);
}

void GainCalibrationPanel::show() {
  const auto current = controller_->gainCalibration();
  if (!current) {
    // None yet, or dropped (the training logs' reading changed): no constants to offer.
    table_->setRowCount(0);
    useForLogs_->setEnabled(false);
    return;
  }
  const PayloadRun& run = current->run;
  const DriveGains& gains = current->gains;
  const RobotModel& model = session_->model();
  table_->setRowCount(model.dof());
  for (int j = 0; j < model.dof(); ++j) {
    const double cells[4] = {run.fit.values[run.gainColumn + j], run.fit.stddev[run.gainColumn + j],
                             gains.constants[std::size_t(j)], gains.stddev[std::size_t(j)]};
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
