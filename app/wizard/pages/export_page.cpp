#include "app/wizard/pages/export_page.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStyle>
#include <QVBoxLayout>
#include <cmath>

#include "app/wizard/controller/wizard_text.hpp"
#include "identification/identification_pipeline.hpp"
#include "io/atomic_file.hpp"
#include "io/identified_dynamics.hpp"
#include "io/mjcf_conversion.hpp"
#include "io/mjcf_identified.hpp"
#include "io/params_file.hpp"
#include "io/urdf_export.hpp"
#include "model/mjcf_import.hpp"

namespace eb::wizard {
namespace {

const char* kSuffix[kExportFormatCount] = {"json", "yaml", "urdf", "xml", "html"};

// "OLS", "WLS", "ridge": the estimate's method in a sentence.
QString exportMethodWord(EstimationMethod method) {
  return method == EstimationMethod::Ridge ? QObject::tr("ridge") : QString(estimationMethodName(method)).toUpper();
}

}  // namespace

ExportPage::ExportPage(WizardSession* session, QWidget* parent)
    : QWizardPage(parent),
      session_(session),
      controller_(session->controller()) {
  setTitle(tr("Export the identified parameters"));
  setSubTitle(
      tr("Save the parameters for excitebench-cli (validate, torques, export) and your controller, or the "
         "identified robot for a simulator: URDF or MuJoCo MJCF."));
  summaryLabel_ = new QLabel;
  summaryLabel_->setObjectName("exportSummary");
  summaryLabel_->setWordWrap(true);

  const QString titles[kExportFormatCount] = {tr("Parameters, JSON"), tr("Parameters, YAML"), tr("Identified URDF"),
                                              tr("Identified MJCF"), tr("Report, HTML")};
  const QString descriptions[kExportFormatCount] = {
      tr("Base parameters with standard deviations and expressions, friction, residuals and sources: the "
         "params.json of excitebench-cli identify, read by its validate, torques and export commands."),
      tr("The same content as YAML."),
      tr("The robot's URDF with each link's identified mass, centre of mass and inertia, and each joint's "
         "identified viscous and Coulomb friction as <dynamics damping friction>; everything else kept as it was."),
      tr("For MuJoCo: an MJCF robot's own file with the identified inertials, damping, frictionloss and armature "
         "in place (classes, includes and comments kept), or a URDF robot converted to MJCF with them."),
      tr("One self-contained page to share or print: the robot, the logs, the settings, the information "
         "spectrum, the parameters, each link's plausibility, the friction curves, the held-out prediction "
         "and a pass/fail line per check; the same file as excitebench-cli identify --report.")};
  const char* names[kExportFormatCount] = {"exportJsonButton", "exportYamlButton", "exportUrdfButton",
                                           "exportMjcfButton", "exportReportButton"};
  auto* box = new QGroupBox(tr("Files"));
  auto* grid = new QGridLayout(box);
  grid->setColumnStretch(1, 1);
  grid->setVerticalSpacing(14);
  for (int f = 0; f < kExportFormatCount; ++f) {
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
    if (format == ExportFormat::Urdf) text->addWidget(buildUrdfProgress());
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
  connect(controller_, &IdentificationController::jobProgress, this, [this](Job job, double f, const QString& what) {
    if (job != Job::ModelFileEstimate) return;
    urdfProgress_->setValue(static_cast<int>(std::lround(1000 * f)));
    statusLabel_->setText(tr("Physically consistent estimate for the model file: %1...").arg(what));
  });
  connect(controller_, &IdentificationController::jobFinished, this, &ExportPage::onJobFinished);
  refresh();
}

// Under the URDF's description: which estimate it is written from, and the consistent
// estimate's progress with its Cancel while it runs.
QWidget* ExportPage::buildUrdfProgress() {
  urdfNote_ = new QLabel;
  urdfNote_->setObjectName("urdfNote");
  urdfNote_->setWordWrap(true);
  urdfProgress_ = new QProgressBar;
  urdfProgress_->setObjectName("urdfProgress");
  urdfProgress_->setRange(0, 1000);
  urdfProgress_->setTextVisible(false);
  urdfCancel_ = new QPushButton(tr("Cancel"));
  urdfCancel_->setObjectName("cancelUrdfButton");
  urdfCancel_->setAutoDefault(false);
  connect(urdfCancel_, &QPushButton::clicked, this, &ExportPage::cancelUrdf);
  auto* widget = new QWidget;
  auto* layout = new QVBoxLayout(widget);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(urdfNote_);
  auto* row = new QHBoxLayout;
  row->addWidget(urdfProgress_, 1);
  row->addWidget(urdfCancel_);
  layout->addLayout(row);
  urdfProgress_->setVisible(false);
  urdfCancel_->setVisible(false);
  return widget;
}

void ExportPage::initializePage() { refresh(); }

bool ExportPage::canExport(ExportFormat format, QString* why) const {
  const auto estimate = session_->estimate();
  if (!estimate) {
    if (why) *why = tr("No estimate: run the Estimate page first.");
    return false;
  }
  if (format != ExportFormat::Urdf) return true;  // an MJCF is converted from any model
  // Without full parameters (OLS, WLS, ridge) the URDF comes from a consistent estimate made on saving.
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
    QString method = methodLabel(s.estimation.method);
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
  for (int f = 0; f < kExportFormatCount; ++f) {
    QString why;
    const bool ok = canExport(static_cast<ExportFormat>(f), &why);
    buttons_[f]->setEnabled(ok);
    reasons_[f]->setText(ok ? QString() : why);
    reasons_[f]->setVisible(!ok);
  }
  // The controller drops the consistent estimate of an estimate no longer live, and stops making it.
  if (controller_->isRunning(Job::ModelFileEstimate)) {
    buttons_[static_cast<int>(ExportFormat::Urdf)]->setEnabled(false);
    buttons_[static_cast<int>(ExportFormat::Mjcf)]->setEnabled(false);
  }
  const bool derived = estimate && !estimate->estimate.fullParameters;
  const BaseEstimate* consistent = urdfEstimate();
  if (derived) {
    const QString method = exportMethodWord(estimate->estimate.method);  // the method auto chose
    urdfNote_->setText(
        consistent
            ? tr("URDF and MJCF are written from the <b>physically consistent estimate</b> made from the same "
                 "equations (prior weight %1), not from the %2 values, which have no per-link inertia. The %2 "
                 "estimate stays this session's and the JSON/YAML files' estimate.")
                  .arg(formatNumber(consistent->priorWeight, 3))
                  .arg(method)
            : tr("The %1 estimate has no per-link inertia: saving the URDF or the MJCF first computes the "
                 "<b>physically consistent estimate</b> from the same equations (no logs read again) and writes "
                 "the file from it. The %1 estimate stays this session's and the JSON/YAML files' estimate.")
                  .arg(method));
  }
  urdfNote_->setVisible(derived);
}

void ExportPage::exportWithDialog(ExportFormat format) {
  QSettings settings;
  const int f = static_cast<int>(format);
  const QString dir = settings.value("identificationWizard/exportDirectory", QDir::homePath()).toString();
  QString base = QString::fromStdString(session_->model().name());
  base.replace(QRegularExpression("[^A-Za-z0-9_.-]"), "_");
  const QString name = isModelFormat(format)               ? base + "_identified." + kSuffix[f]
                       : format == ExportFormat::Report ? base + "_report." + kSuffix[f]
                                                        : base + "_params." + kSuffix[f];
  const QString filters[kExportFormatCount] = {tr("JSON (*.json)"), tr("YAML (*.yaml *.yml)"), tr("URDF (*.urdf)"),
                                               tr("MJCF (*.xml)"), tr("HTML (*.html)")};
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
    reportError(why, error);
    return false;
  }
  const auto estimate = session_->estimate();
  if (format == ExportFormat::Report) {
    if (controller_->isRunning(Job::Report)) {
      reportError(tr("A report is still being written."), error);
      return false;
    }
    startReport(path);
    return true;
  }
  if (isModelFormat(format)) {
    if (estimate->estimate.fullParameters) return writeModel(format, path, estimate->estimate, error);
    if (const BaseEstimate* consistent = urdfEstimate()) return writeModel(format, path, *consistent, error);
    if (controller_->isRunning(Job::ModelFileEstimate)) {
      reportError(tr("The consistent estimate for the model file is still running."), error);
      return false;
    }
    startConsistentFor(format, path);
    return true;
  }
  const RobotModel& model = session_->model();
  try {
    // Short work (a few kB of text): done here; the writer replaces the file atomically.
    const IdentifiedParameters p =
        makeIdentifiedParameters(session_->robotSpec().toStdString(), model, estimate->logs->base, estimate->estimate,
                                 session_->document()->logPaths(), &estimate->plausibility);
    writeFileAtomically(path.toStdString(),
                        format == ExportFormat::Json ? formatParamsJson(p, model) : formatParamsYaml(p, model));
  } catch (const std::exception& e) {
    reportError(QString::fromUtf8(e.what()), error);
    return false;
  }
  reportWritten(format, path);
  return true;
}

// The identified URDF or MJCF of the consistent estimate `consistent` (made from the session's
// estimate's equations), written atomically by the same engine calls as `excitebench-cli export`.
bool ExportPage::writeModel(ExportFormat format, const QString& path, const BaseEstimate& consistent, QString* error) {
  const RobotModel& model = session_->model();
  const std::string spec = session_->robotSpec().toStdString();
  try {
    const std::vector<BodyPlausibility> plausibilityNotNeeded;  // the export reads values and data shares
    const IdentifiedParameters p = makeIdentifiedParameters(spec, model, session_->estimate()->logs->base, consistent,
                                                            session_->document()->logPaths(), &plausibilityNotNeeded);
    std::string source = "the identification wizard's estimate";
    for (size_t k = 0; k < p.sources.size(); ++k) source += (k ? ", " : " from ") + p.sources[k];
    IdentifiedDynamics d = identifiedDynamics(model, p, source);
    if (format == ExportFormat::Urdf) {
      writeIdentifiedUrdf(path.toStdString(), model, session_->urdfText(), source, d);
    } else if (spec.size() > 4 && spec.compare(spec.size() - 4, 4, ".xml") == 0 && isMjcfFile(spec)) {
      writeIdentifiedMjcf(spec, model, {}, d, path.toStdString());
    } else {
      MjcfConversionOptions options;
      options.sourceName = spec;
      writeMjcfConversion(path.toStdString(), model, d, options);
    }
  } catch (const std::exception& e) {
    reportError(QString::fromUtf8(e.what()), error);
    return false;
  }
  reportWritten(format, path);
  return true;
}

// The controller makes the consistent estimate from the current estimate's accumulated
// equations on its worker thread; then onJobFinished writes the model file at `path`.
void ExportPage::startConsistentFor(ExportFormat format, const QString& path) {
  QString why;
  if (!controller_->runModelFileEstimate(&why)) {
    reportError(why, nullptr);
    emit exportFailed(format, why);
    return;
  }
  pendingFormat_ = format;
  pendingPath_ = path;
  urdfProgress_->setValue(0);
  urdfProgress_->setVisible(true);
  urdfCancel_->setVisible(true);
  buttons_[static_cast<int>(ExportFormat::Urdf)]->setEnabled(false);
  buttons_[static_cast<int>(ExportFormat::Mjcf)]->setEnabled(false);
  statusLabel_->setText(tr("Physically consistent estimate for the model file..."));
}

void ExportPage::startReport(const QString& path) {
  QString why;
  if (!controller_->runReport(path, session_->robotSpec().toStdString(), &why)) {
    reportError(tr("No report written: %1").arg(why), nullptr);
    emit exportFailed(ExportFormat::Report, why);
    return;
  }
  reportPath_ = path;
  statusLabel_->setText(tr("Writing the report: the held-out seconds of the logs are predicted..."));
}

void ExportPage::onJobFinished(Job job, bool ok, bool cancelled, const QString& message) {
  if (job == Job::Report) {
    if (ok) {
      reportWritten(ExportFormat::Report, reportPath_);
      return;
    }
    const QString text = cancelled ? tr("Cancelled: no report written.") : tr("No report written: %1").arg(message);
    reportError(text, nullptr);
    emit exportFailed(ExportFormat::Report, text);
    return;
  }
  if (job != Job::ModelFileEstimate) return;
  urdfProgress_->setVisible(false);
  urdfCancel_->setVisible(false);
  QString text;
  if (cancelled) {
    text = tr("Cancelled: no model file written.");
    statusLabel_->setText(text);
  } else if (message == IdentificationController::staleRunText(Job::ModelFileEstimate)) {
    text = message;
    statusLabel_->setText(text);
  } else if (!ok) {
    text = tr("The consistent estimate failed, no model file written: %1").arg(message);
    reportError(text, nullptr);
  } else {
    writeModel(pendingFormat_, pendingPath_, controller_->modelFileEstimate()->estimate, &text);
  }
  refresh();
  if (!text.isEmpty()) emit exportFailed(pendingFormat_, text);
}

void ExportPage::cancelUrdf() {
  if (!controller_->isRunning(Job::ModelFileEstimate)) return;
  controller_->cancel(Job::ModelFileEstimate);
  statusLabel_->setText(tr("Cancelling..."));
}

const BaseEstimate* ExportPage::urdfEstimate() const {
  const auto made = controller_->modelFileEstimate();
  return made && made->source == session_->estimate() ? &made->estimate : nullptr;
}

void ExportPage::reportWritten(ExportFormat format, const QString& path) {
  statusLabel_->clear();
  QString text = QDir::toNativeSeparators(path);
  if (isModelFormat(format) && urdfEstimate()) text += tr("  (from the physically consistent estimate)");
  writtenList_->addItem(new QListWidgetItem(style()->standardIcon(QStyle::SP_DialogSaveButton), text));
  emit exported(format, path);
}

void ExportPage::reportError(const QString& message, QString* error) {
  statusLabel_->setText(QString("<span style='color:#b00020'>%1</span>").arg(message.toHtmlEscaped()));
  if (error) *error = message;
}

}  // namespace eb::wizard
