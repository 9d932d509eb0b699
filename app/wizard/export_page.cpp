#include "app/wizard/export_page.hpp"

#include "app/wizard/wizard_text.hpp"

#include "io/atomic_file.hpp"
#include "io/params_file.hpp"
#include "io/urdf_export.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStyle>
#include <QVBoxLayout>

namespace eb::wizard {
namespace {

const char* kSuffix[3] = {"json", "yaml", "urdf"};

}  // namespace

ExportPage::ExportPage(WizardSession* session, QWidget* parent) : QWizardPage(parent), session_(session) {
  setTitle(tr("Export the identified parameters"));
  setSubTitle(tr("Save the parameters for excitebench-cli (validate, torques, export) and your controller, or the "
                 "robot's URDF with the identified inertials."));
  summaryLabel_ = new QLabel;
  summaryLabel_->setObjectName("exportSummary");
  summaryLabel_->setWordWrap(true);

  const QString titles[3] = {tr("Parameters, JSON"), tr("Parameters, YAML"), tr("Identified URDF")};
  const QString descriptions[3] = {
      tr("Base parameters with standard deviations and expressions, friction, residuals and sources: the "
         "params.json of excitebench-cli identify, read by its validate, torques and export commands."),
      tr("The same content as YAML."),
      tr("The robot's URDF with each link's identified mass, centre of mass and inertia; everything else kept as "
         "it was.")};
  const char* names[3] = {"exportJsonButton", "exportYamlButton", "exportUrdfButton"};
  auto* box = new QGroupBox(tr("Files"));
  auto* grid = new QGridLayout(box);
  grid->setColumnStretch(1, 1);
  grid->setVerticalSpacing(14);
  for (int f = 0; f < 3; ++f) {
    auto* title = new QLabel(QString("<b>%1</b>").arg(titles[f]));
    auto* description = new QLabel(descriptions[f]);
    description->setWordWrap(true);
    reasons_[f] = new QLabel;
    reasons_[f]->setWordWrap(true);
    reasons_[f]->setStyleSheet("color: #9a5b00");
    buttons_[f] = new QPushButton(tr("Save %1...").arg(QString(kSuffix[f]).toUpper()));
    buttons_[f]->setObjectName(names[f]);
    buttons_[f]->setAutoDefault(false);
    buttons_[f]->setMinimumWidth(130);
    const auto format = static_cast<ExportFormat>(f);
    connect(buttons_[f], &QPushButton::clicked, this, [this, format]() { exportWithDialog(format); });
    auto* text = new QVBoxLayout;
    text->addWidget(description);
    text->addWidget(reasons_[f]);
    grid->addWidget(title, f, 0, Qt::AlignTop);
    grid->addLayout(text, f, 1);
    grid->addWidget(buttons_[f], f, 2, Qt::AlignTop);
  }
  writtenList_ = new QListWidget;
  writtenList_->setObjectName("writtenFiles");
  auto* writtenBox = new QGroupBox(tr("Written"));
  (new QVBoxLayout(writtenBox))->addWidget(writtenList_);
  statusLabel_ = new QLabel;
  statusLabel_->setObjectName("exportStatus");
  statusLabel_->setWordWrap(true);
  statusLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(summaryLabel_);
  layout->addWidget(box);
  layout->addWidget(statusLabel_);
  layout->addWidget(writtenBox);
  layout->addStretch(1);
  writtenList_->setMaximumHeight(140);
  connect(session_, &WizardSession::estimateChanged, this, &ExportPage::refresh);
  refresh();
}

void ExportPage::initializePage() { refresh(); }

bool ExportPage::canExport(ExportFormat format, QString* why) const {
  const auto estimate = session_->estimate();
  if (!estimate) {
    if (why) *why = tr("No estimate: run the Estimate page first.");
    return false;
  }
  if (format != ExportFormat::Urdf) return true;
  if (!estimate->estimate.fullParameters) {
    if (why)
      *why = tr("Only the physically consistent estimate gives every link's inertia: choose it on the Estimate page.");
    return false;
  }
  QString reason;
  if (session_->urdfText(&reason).empty()) {
    if (why) *why = tr("No URDF to write into: %1.").arg(reason);
    return false;
  }
  return true;
}

void ExportPage::refresh() {
  const auto estimate = session_->estimate();
  if (estimate) {
    const auto& s = estimate->settings;
    QString method = methodLabel(s.method);
    method[0] = method[0].toLower();
    summaryLabel_->setText(tr("%1 base parameters of <b>%2</b> estimated with %3 from %4.")
                               .arg(estimate->logs->base.rank)
                               .arg(QString::fromStdString(session_->model().name()).toHtmlEscaped())
                               .arg(method)
                               .arg(countOf(static_cast<long long>(session_->document()->logs().size()), tr("log"),
                                            tr("logs"))));
  } else {
    summaryLabel_->setText(tr("No estimate yet."));
  }
  for (int f = 0; f < 3; ++f) {
    QString why;
    const bool ok = canExport(static_cast<ExportFormat>(f), &why);
    buttons_[f]->setEnabled(ok);
    reasons_[f]->setText(ok ? QString() : why);
    reasons_[f]->setVisible(!ok);
  }
}

void ExportPage::exportWithDialog(ExportFormat format) {
  QSettings settings;
  const int f = static_cast<int>(format);
  const QString dir = settings.value("identificationWizard/exportDirectory", QDir::homePath()).toString();
  QString base = QString::fromStdString(session_->model().name());
  base.replace(QRegularExpression("[^A-Za-z0-9_.-]"), "_");
  const QString name = format == ExportFormat::Urdf ? base + "_identified.urdf" : base + "_params." + kSuffix[f];
  const QString filters[3] = {tr("JSON (*.json)"), tr("YAML (*.yaml *.yml)"), tr("URDF (*.urdf)")};
  QFileDialog dialog(this, tr("Save %1").arg(QString(kSuffix[f]).toUpper()), QDir(dir).filePath(name), filters[f]);
  dialog.setAcceptMode(QFileDialog::AcceptSave);
  dialog.setDefaultSuffix(kSuffix[f]);
  if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) return;
  const QString path = dialog.selectedFiles().front();
  settings.setValue("identificationWizard/exportDirectory", QFileInfo(path).absolutePath());
  exportTo(format, path);
}

bool ExportPage::exportTo(ExportFormat format, const QString& path, QString* error) {
  QString why;
  if (!canExport(format, &why)) {
    statusLabel_->setText(QString("<span style='color:#b00020'>%1</span>").arg(why.toHtmlEscaped()));
    if (error) *error = why;
    return false;
  }
  const auto estimate = session_->estimate();
  const RobotModel& model = session_->model();
  const std::string file = path.toStdString();
  try {
    // Short work (a few kB of text): done here; each writer replaces the file atomically.
    if (format == ExportFormat::Urdf) {
      writeIdentifiedUrdf(file, model, session_->urdfText(), session_->robotSpec().toStdString(),
                          estimate->estimate.fullParameters->head(10 * model.bodyCount()));
    } else {
      const IdentifiedParameters p =
          makeIdentifiedParameters(session_->robotSpec().toStdString(), model, estimate->logs->base,
                                   estimate->estimate, session_->document()->logPaths(), &estimate->plausibility);
      writeFileAtomically(file, format == ExportFormat::Json ? formatParamsJson(p, model) : formatParamsYaml(p, model));
    }
  } catch (const std::exception& e) {
    const QString message = QString::fromUtf8(e.what());
    statusLabel_->setText(QString("<span style='color:#b00020'>%1</span>").arg(message.toHtmlEscaped()));
    if (error) *error = message;
    return false;
  }
  statusLabel_->clear();
  auto* item = new QListWidgetItem(style()->standardIcon(QStyle::SP_DialogSaveButton), QDir::toNativeSeparators(path));
  writtenList_->addItem(item);
  emit exported(format, path);
  return true;
}

}  // namespace eb::wizard
