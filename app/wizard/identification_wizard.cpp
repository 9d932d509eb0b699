#include "app/wizard/identification_wizard.hpp"

#include "app/common/background_task.hpp"
#include "app/common/window_fit.hpp"
#include "app/wizard/pages/estimate_page.hpp"
#include "app/wizard/pages/import_page.hpp"
#include "app/wizard/pages/payload_page.hpp"
#include "app/wizard/pages/preprocess_page.hpp"
#include "app/wizard/pages/validate_page.hpp"
#include "app/wizard/controller/wizard_result_lines.hpp"

#include "util/input_error.hpp"

#include <QAbstractButton>

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
  // A page taller (or wider) than a small screen scrolls: Back, Next and Cancel stay on it.
  for (QWizardPage* page : std::initializer_list<QWizardPage*>{importPage_, preprocessPage_, estimatePage_,
                                                               validatePage_, exportPage_, payloadPage_})
    common::scrollContents(page);
  setPage(ImportPageId, importPage_);
  setPage(PreprocessPageId, preprocessPage_);
  setPage(EstimatePageId, estimatePage_);
  setPage(ValidatePageId, validatePage_);
  setPage(ExportPageId, exportPage_);
  setPage(PayloadPageId, payloadPage_);
  exportPage_->setFinalPage(true);  // Close stays on Export: the payload page is optional
  setStartId(ImportPageId);
  // 1200 x 800 where the screen has the room; a smaller screen gets the wizard whole, its pages scrolling.
  common::fitToScreen(this, QSize(1200, 800));
  connect(estimatePage_, &EstimatePage::estimationFinished, this, &IdentificationWizard::estimationFinished);
  connect(validatePage_, &ValidatePage::validationFinished, this, &IdentificationWizard::validationFinished);
  connect(payloadPage_, &PayloadPage::payloadIdentified, this, &IdentificationWizard::payloadIdentified);
  // The payload page's status line is already one line naming the link, mass and mapping.
  connect(payloadPage_, &PayloadPage::payloadIdentified, this, [this](bool ok, const QString& message) {
    if (ok) emit resultReady(message);
    else if (!message.isEmpty() && message != tr("Cancelled.")) emit problemReported(tr("Payload: %1").arg(message));
  });
  connect(this, &IdentificationWizard::estimationFinished, this, &IdentificationWizard::reportEstimation);
  connect(this, &IdentificationWizard::validationFinished, this, &IdentificationWizard::reportValidation);
  setButtonText(QWizard::CustomButton1, tr("Reopen last session"));
  button(QWizard::CustomButton1)->setObjectName("reopenSessionButton");
  connect(this, &QWizard::customButtonClicked, this, [this](int which) {
    if (which != QWizard::CustomButton1) return;
    QString error;
    if (!reopenKeptSession(&error)) emit problemReported(tr("The last session could not be reopened: %1").arg(error));
  });
  connect(document_, &IdentificationDocument::logsChanged, this, &IdentificationWizard::updateReopenButton);
}

IdentificationWizard::~IdentificationWizard() {
  // Stop every worker before the pages and the session go.
  const auto tasks = findChildren<common::BackgroundTask*>();
  for (common::BackgroundTask* task : tasks) task->cancel();
  for (common::BackgroundTask* task : tasks) task->wait();
}

void IdentificationWizard::done(int result) {
  for (common::BackgroundTask* task : findChildren<common::BackgroundTask*>()) task->cancel();
  if (store_ && !store_->save(robotSpec(), *document_))
    emit problemReported(tr("The wizard session could not be kept in %1").arg(store_->path()));
  QWizard::done(result);
}

void IdentificationWizard::keepSessionIn(const WizardSessionStore& store) {
  store_ = store;
  updateReopenButton();
}

std::optional<KeptSession> IdentificationWizard::keptSession() const {
  return store_ ? store_->load(robotSpec()) : std::nullopt;
}

bool IdentificationWizard::reopenKeptSession(QString* error) {
  const std::optional<KeptSession> kept = keptSession();
  if (!kept) {
    if (error) *error = tr("no session kept for %1").arg(robotSpec());
    return false;
  }
  try {
    store_->restore(*kept, *document_);
  } catch (const InputError& e) {
    if (error) *error = QString::fromUtf8(e.what());  // "<session file>: document.<path>: <what>"
    return false;
  }
  restart();
  return true;
}

void IdentificationWizard::updateReopenButton() {
  const std::optional<KeptSession> kept = document_->logs().empty() ? keptSession() : std::nullopt;
  setOption(QWizard::HaveCustomButton1, kept.has_value());
  if (kept)
    button(QWizard::CustomButton1)
        ->setToolTip(tr("Reopen the session closed last for this robot: %1").arg(WizardSessionStore::describe(*kept)));
}

void IdentificationWizard::reportEstimation(bool ok, bool cancelled, const QString& message) {
  if (ok && document_->results())
    emit resultReady(estimateResultLine(QString::fromStdString(model().name()), *document_->results(),
                                        static_cast<int>(document_->logs().size())));
  else if (!ok && !cancelled)
    emit problemReported(tr("Estimation failed: %1").arg(message));
}

void IdentificationWizard::reportValidation(bool ok, const QString& message) {
  if (ok && document_->validation()) emit resultReady(validationResultLine(*document_->validation()));
  else if (!ok && !message.isEmpty() && message != tr("Cancelled."))
    emit problemReported(tr("Validation failed: %1").arg(message));
}

void IdentificationWizard::addLogs(const QStringList& paths) { importPage_->addLogs(paths); }

void IdentificationWizard::startEstimation() { estimatePage_->startEstimation(); }

void IdentificationWizard::cancelEstimation() { estimatePage_->cancelEstimation(); }

void IdentificationWizard::setValidationLog(const QString& path) { validatePage_->setValidationLog(path); }

bool IdentificationWizard::exportParameters(ExportFormat format, const QString& path, QString* error) {
  return exportPage_->exportTo(format, path, error);
}

bool IdentificationWizard::isBusy() const {
  for (common::BackgroundTask* task : findChildren<common::BackgroundTask*>())
    if (task->isRunning()) return true;
  return importPage_->isChecking() || preprocessPage_->isBusy() || payloadPage_->isRunning();
}

}  // namespace eb::wizard
