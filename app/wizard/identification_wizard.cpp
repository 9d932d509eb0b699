#include "app/wizard/identification_wizard.hpp"

#include "app/wizard/background_task.hpp"
#include "app/wizard/estimate_page.hpp"
#include "app/wizard/import_page.hpp"
#include "app/wizard/payload_page.hpp"
#include "app/wizard/preprocess_page.hpp"
#include "app/wizard/validate_page.hpp"

namespace eb::wizard {

IdentificationWizard::IdentificationWizard(const RobotModel& model, const QString& robotSpec, QWidget* parent)
    : QWizard(parent),
      document_(new IdentificationDocument(this)),
      session_(new WizardSession(model, robotSpec, document_, this)) {
  setObjectName("identificationWizard");
  setWindowTitle(tr("Identify the dynamic parameters of %1").arg(QString::fromStdString(model.name())));
  setWizardStyle(QWizard::ModernStyle);
  setOption(QWizard::NoBackButtonOnStartPage, true);
  setOption(QWizard::NoDefaultButton, true);
  setOption(QWizard::NoCancelButtonOnLastPage, true);
  setButtonText(QWizard::FinishButton, tr("Close"));
  importPage_ = new ImportPage(session_);
  preprocessPage_ = new PreprocessPage(session_);
  estimatePage_ = new EstimatePage(session_);
  validatePage_ = new ValidatePage(session_);
  exportPage_ = new ExportPage(session_);
  payloadPage_ = new PayloadPage(session_);
  setPage(ImportPageId, importPage_);
  setPage(PreprocessPageId, preprocessPage_);
  setPage(EstimatePageId, estimatePage_);
  setPage(ValidatePageId, validatePage_);
  setPage(ExportPageId, exportPage_);
  setPage(PayloadPageId, payloadPage_);
  exportPage_->setFinalPage(true);  // Close stays on Export: the payload page is optional
  setStartId(ImportPageId);
  setMinimumSize(1000, 680);
  resize(1200, 800);
  connect(document_, &IdentificationDocument::changed, this, &IdentificationWizard::documentChanged);
  connect(estimatePage_, &EstimatePage::estimationFinished, this, &IdentificationWizard::estimationFinished);
  connect(validatePage_, &ValidatePage::validationFinished, this, &IdentificationWizard::validationFinished);
  connect(payloadPage_, &PayloadPage::payloadIdentified, this, &IdentificationWizard::payloadIdentified);
}

IdentificationWizard::~IdentificationWizard() {
  // Stop every worker before the pages and the session go.
  const auto tasks = findChildren<BackgroundTask*>();
  for (BackgroundTask* task : tasks) task->cancel();
  for (BackgroundTask* task : tasks) task->wait();
}

void IdentificationWizard::done(int result) {
  for (BackgroundTask* task : findChildren<BackgroundTask*>()) task->cancel();
  QWizard::done(result);
}

void IdentificationWizard::addLogs(const QStringList& paths) { importPage_->addLogs(paths); }

void IdentificationWizard::startEstimation() { estimatePage_->startEstimation(); }

void IdentificationWizard::cancelEstimation() { estimatePage_->cancelEstimation(); }

void IdentificationWizard::setValidationLog(const QString& path) { validatePage_->setValidationLog(path); }

bool IdentificationWizard::exportParameters(ExportFormat format, const QString& path, QString* error) {
  return exportPage_->exportTo(format, path, error);
}

bool IdentificationWizard::isBusy() const {
  for (BackgroundTask* task : findChildren<BackgroundTask*>())
    if (task->isRunning()) return true;
  return importPage_->isChecking() || preprocessPage_->isBusy() || payloadPage_->isRunning();
}

}  // namespace eb::wizard
