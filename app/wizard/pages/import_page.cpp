#include "app/wizard/pages/import_page.hpp"

#include "app/wizard/controller/log_mapping_guess.hpp"
#include "app/wizard/controller/log_mapping_io.hpp"
#include "app/wizard/controller/wizard_text.hpp"
#include "widgets/column_layout_field.hpp"
#include "widgets/column_mapping_editor.hpp"
#include "widgets/log_check_panel.hpp"
#include "widgets/log_file_view.hpp"
#include "widgets/log_list_panel.hpp"
#include "widgets/log_mapping_panel.hpp"
#include "widgets/log_read_options.hpp"

#include "identification/identification_pipeline.hpp"
#include "identification/log_check.hpp"
#include "logs/log_mapping_file.hpp"
#include "util/input_error.hpp"

#include <QFileInfo>
#include <QMessageBox>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace eb::wizard {

const std::vector<LogCheck>* ImportPage::currentChecks() const {
  static const std::vector<LogCheck> none;
  if (session_->document()->logs().empty()) return &none;
  // The controller drops checks whose logs, import or preprocessing are no longer the document's.
  const std::shared_ptr<const LogChecksResult> checks = session_->controller()->logChecks();
  return checks ? &checks->checks : nullptr;
}

ImportPage::ImportPage(WizardSession* session, QWidget* parent)
    : QWizardPage(parent), session_(session), checkTimer_(new QTimer(this)) {
  setTitle(tr("Import experiment logs"));
  setSubTitle(tr("Add the logs of %1 (%2 joints). Check the detected format and the column mapping: every log is "
                 "read in full, its time axis shown, and each problem is listed with its line.")
                  .arg(QString::fromStdString(session_->model().name()))
                  .arg(session_->model().dof()));
  buildUi();
  checkTimer_->setSingleShot(true);
  checkTimer_->setInterval(250);
  connect(checkTimer_, &QTimer::timeout, this, &ImportPage::startCheck);
  IdentificationController* controller = session_->controller();
  connect(controller, &IdentificationController::jobProgress, this, [this](Job job, double f, const QString& what) {
    if (job == Job::LogCheck) checkPanel_->showProgress(f, what);
  });
  connect(controller, &IdentificationController::jobFinished, this,
          [this](Job job, bool ok, bool cancelled, const QString& message) {
            if (job == Job::LogCheck) onCheckFinished(ok, cancelled, message);
          });
  connect(session_->document(), &IdentificationDocument::logsChanged, this, [this]() {
    refreshLogList();
    if (!updating_) showLog(currentLog());
    scheduleCheck();
  });
  connect(session_->document(), &IdentificationDocument::importChanged, this, [this]() {
    if (!updating_) showImportOptions();
    scheduleCheck();
  });
  connect(session_->document(), &IdentificationDocument::preprocessingChanged, this, &ImportPage::scheduleCheck);
}

// The logs list with its Add / Remove buttons, wired to the page.
QWidget* ImportPage::buildLogList() {
  logList_ = new widgets::LogListPanel;
  connect(logList_, &widgets::LogListPanel::addRequested, this, &ImportPage::addLogs);
  connect(logList_, &widgets::LogListPanel::removeRequested, this, [this]() { removeLog(currentLog()); });
  connect(logList_, &widgets::LogListPanel::currentChanged, this, [this](int row) {
    showLog(row);
    showTimeBase();
  });
  return logList_;
}

// The mapping panel, its edits and mapping files wired to the page.
QWidget* ImportPage::buildMappingPanel() {
  mappingPanel_ = new widgets::LogMappingPanel(session_->jointNames());
  layoutField_ = mappingPanel_->layoutField();
  mappingEditor_ = mappingPanel_->editor();
  connect(layoutField_, &widgets::ColumnLayoutField::applyRequested, this, &ImportPage::applyColumnLayout);
  connect(mappingEditor_, &widgets::ColumnMappingEditor::edited, this, &ImportPage::onMappingEdited);
  connect(mappingEditor_, &widgets::ColumnMappingEditor::guessRequested, this, &ImportPage::reguessMapping);
  connect(mappingEditor_, &widgets::ColumnMappingEditor::applyToAllRequested, this, &ImportPage::applyMappingToAll);
  connect(mappingPanel_, &widgets::LogMappingPanel::mappingFileChosen, this, [this](const QString& path, bool save) {
    QString error;
    if (!(save ? saveMapping(path, &error) : loadMapping(path, &error)))
      QMessageBox::warning(this, save ? tr("Save mapping") : tr("Load mapping"), error);
  });
  return mappingPanel_;
}

void ImportPage::buildUi() {
  fileView_ = new widgets::LogFileView;
  fileView_->setRobotJoints(session_->jointNames());
  auto* top = new QSplitter(Qt::Horizontal);
  top->addWidget(buildLogList());
  top->addWidget(fileView_);
  top->setStretchFactor(0, 0);
  top->setStretchFactor(1, 5);
  top->setSizes({220, 920});

  auto* bottom = new QSplitter(Qt::Horizontal);
  bottom->addWidget(buildMappingPanel());
  checkPanel_ = new widgets::LogCheckPanel;
  connect(checkPanel_, &widgets::LogCheckPanel::placeActivated, this, &ImportPage::onPlaceActivated);
  bottom->addWidget(checkPanel_);
  bottom->setStretchFactor(0, 3);
  bottom->setStretchFactor(1, 2);
  bottom->setSizes({680, 450});

  auto* vertical = new QSplitter(Qt::Vertical);
  auto* topWidget = new QWidget;
  auto* topLayout = new QVBoxLayout(topWidget);
  topLayout->setContentsMargins(0, 0, 0, 0);
  topLayout->addWidget(top, 1);
  readOptions_ = new widgets::LogReadOptions;
  connect(readOptions_, &widgets::LogReadOptions::formatEdited, this, &ImportPage::onFormatEdited);
  connect(readOptions_, &widgets::LogReadOptions::importEdited, this, &ImportPage::onImportOptionsEdited);
  topLayout->addWidget(readOptions_);
  vertical->addWidget(topWidget);
  vertical->addWidget(bottom);
  vertical->setStretchFactor(0, 1);
  vertical->setStretchFactor(1, 1);
  vertical->setSizes({300, 340});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(vertical);
  showImportOptions();
  showLog(-1);
}

void ImportPage::addLogs(const QStringList& paths) {
  IdentificationDocument* doc = session_->document();
  std::vector<LogSource> logs = doc->logs();
  int select = -1;
  for (const QString& given : paths) {
    // A bag is its folder: its metadata.yaml stands for it (a file dialog cannot pick a folder).
    const QFileInfo info(given);
    const QString path = info.fileName() == QLatin1String("metadata.yaml") ? info.absolutePath()
                                                                            : info.absoluteFilePath();
    bool present = false;
    for (size_t k = 0; k < logs.size(); ++k)
      if (logs[k].path == path) {
        present = true;
        select = static_cast<int>(k);
      }
    if (present) continue;
    LogSource log;
    log.path = path;
    // The one scan of the file: the views and the guess read it, refreshes do not scan again.
    LogPreviewState& state = states_[path];
    state = LogPreviewState{};
    scanLogOf(log, state);
    if (const std::optional<LogReadChoice> same = sameLoggerChoice(state.scan, listedLogs(logs))) {
      static_cast<LogReadChoice&>(log) = *same;
    } else if (state.previewOk()) {
      guessMapping(log, state);
    }
    logs.push_back(log);
    select = static_cast<int>(logs.size()) - 1;
  }
  updating_ = true;
  doc->setLogs(std::move(logs));
  updating_ = false;
  setCurrentLog(select);
  showLog(currentLog());
}

void ImportPage::removeLog(int index) {
  if (index < 0 || index >= static_cast<int>(session_->document()->logs().size())) return;
  updating_ = true;
  session_->document()->removeLog(index);
  updating_ = false;
  const int count = static_cast<int>(session_->document()->logs().size());
  setCurrentLog(std::min(index, count - 1));
  showLog(currentLog());
}

int ImportPage::currentLog() const { return logList_->current(); }

void ImportPage::setCurrentLog(int index) { logList_->setCurrent(index); }

bool ImportPage::isChecking() const {
  return session_->controller()->isRunning(Job::LogCheck) || checkTimer_->isActive() || checkPending_;
}

void ImportPage::guessMapping(LogSource& log, LogPreviewState& state) {
  guessLogMapping(log, state, session_->jointNames(), session_->document()->import().torqueConstants);
}

std::vector<ListedLog> ImportPage::listedLogs(const std::vector<LogSource>& logs) const {
  std::vector<ListedLog> listed;
  for (const LogSource& log : logs) {
    auto it = states_.find(log.path);
    if (it == states_.end() || !it->second.scanned) continue;
    listed.push_back({&it->second.scan, log});
  }
  return listed;
}

void ImportPage::showLog(int index) {
  const auto& logs = session_->document()->logs();
  const bool valid = index >= 0 && index < static_cast<int>(logs.size());
  logList_->setRemoveEnabled(valid);
  if (!valid) {
    updating_ = true;
    fileView_->clear(logs.empty() ? tr("Add one or several logs: CSV or text tables with a time column (or a known "
                                       "rate), joint positions and joint torques (or motor currents), MATLAB "
                                       ".mat files, or ROS 2 bags of sensor_msgs/JointState (.mcap, .db3 or "
                                       "the bag's metadata.yaml).")
                                  : QString());
    readOptions_->clearFormat();
    mappingPanel_->clear();
    updating_ = false;
    return;
  }
  const LogSource& log = logs[static_cast<size_t>(index)];
  // A log of an opened document, or one whose format a mapping file set, is scanned when first shown.
  auto it = states_.try_emplace(log.path).first;
  if (!it->second.scanned) scanLogOf(log, it->second);
  updating_ = true;
  fileView_->show(it->second.scan, log.mapping);
  readOptions_->showFormat(it->second.scan, log);
  mappingPanel_->showLog(it->second.scan, log, logs.size() > 1);
  updating_ = false;
}

void ImportPage::showImportOptions() { readOptions_->showImport(session_->document()->import()); }

void ImportPage::onImportOptionsEdited() {
  if (updating_) return;
  const std::optional<ImportSettings> typed =
      readOptions_->importSettings(session_->document()->import(), session_->model().dof());
  if (!typed) return;  // marked in the field; nothing applied until it is fixed
  const std::vector<double> before = session_->document()->import().torqueConstants;
  const bool constantsChanged = typed->torqueConstants != before;
  updating_ = true;
  session_->document()->setImport(*typed);
  updating_ = false;
  if (!constantsChanged) return;
  std::vector<LogSource> logs = session_->document()->logs();
  if (remapForTorqueConstants(logs, states_, before, typed->torqueConstants, session_->jointNames()))
    session_->document()->setLogs(std::move(logs));
}

void ImportPage::showTimeBase() {
  const int index = currentLog();
  const auto& logs = session_->document()->logs();
  if (index < 0 || index >= static_cast<int>(logs.size())) {
    checkPanel_->showTimeBase(nullptr, {});
    return;
  }
  const QString& path = logs[size_t(index)].path;
  const std::vector<LogCheck>* checks = currentChecks();
  if (checks)
    for (const LogCheck& c : *checks)
      if (c.path == path.toStdString() && c.ok) {
        checkPanel_->showTimeBase(&c.timeBase, QFileInfo(path).fileName());
        return;
      }
  checkPanel_->showTimeBase(nullptr, {}, checks ? tr("The log could not be read: see the problems below.") : QString());
}

void ImportPage::refreshLogList() {
  QStringList paths;
  for (const LogSource& log : session_->document()->logs()) paths << log.path;
  logList_->showLogs(paths, problems_, currentChecks() != nullptr);
}

void ImportPage::onFormatEdited() {
  if (updating_) return;
  const int index = currentLog();
  if (index < 0) return;
  LogSource log = session_->document()->logs()[size_t(index)];
  log.delimiter = readOptions_->delimiter();
  log.decimal = readOptions_->decimal();
  log.header = readOptions_->header();
  LogPreviewState& state = states_[log.path];
  const std::vector<std::string> before = state.previewOk() ? state.preview().layout.columns : std::vector<std::string>{};
  scanLogOf(log, state);
  // Other columns: the old mapping means nothing any more.
  if (state.previewOk() && state.preview().layout.columns != before) guessMapping(log, state);
  session_->document()->setLog(index, log);
}

void ImportPage::onMappingEdited() {
  if (updating_) return;
  const int index = currentLog();
  if (index < 0) return;
  LogSource log = session_->document()->logs()[size_t(index)];
  log.mapping = mappingEditor_->mapping();
  log.mappingEdited = true;
  layoutField_->clearMessage();  // a note on the layout no longer describes the mapping
  // A column mapped by hand while constants are set reads as a current: scale 1 takes them.
  applyTorqueConstants(log.mapping, {}, session_->document()->import().torqueConstants);
  updating_ = true;
  session_->document()->setLog(index, log);
  auto it = states_.find(log.path);
  if (it != states_.end()) fileView_->showPreview(it->second.scan, session_->document()->logs()[size_t(index)].mapping);
  updating_ = false;
}

// The typed layout becomes the current log's mapping, as --columns makes it in the CLI; a layout
// that does not parse or fit leaves the mapping as it was and says why in one line.
void ImportPage::applyColumnLayout(const QString& text) {
  const int index = currentLog();
  if (index < 0) return;
  LogSource log = session_->document()->logs()[size_t(index)];
  bool unscaled = false;
  try {
    log.mapping = mappingFromLayoutText(text, log, states_[log.path], session_->jointNames(),
                                        session_->document()->import().torqueConstants, &unscaled);
  } catch (const std::exception& e) {
    layoutField_->showError(diagnosticText(diagnosticOf(e)));
    return;
  }
  log.mappingEdited = true;
  session_->document()->setLog(index, log);  // shows the mapping (and clears the message)
  layoutField_->showNote(unscaled ? tr("Mapped by the layout. Currents are read at τ scale 1 until the torque "
                                       "constants [N m/A] are typed above.")
                                  : tr("Mapped by the layout."));
}

void ImportPage::reguessMapping() {
  const int index = currentLog();
  if (index < 0) return;
  LogSource log = session_->document()->logs()[size_t(index)];
  LogPreviewState& state = states_[log.path];
  if (!state.previewOk()) return;
  guessMapping(log, state);
  session_->document()->setLog(index, log);
}

void ImportPage::applyMappingToAll() {
  const int index = currentLog();
  if (index < 0) return;
  std::vector<LogSource> logs = session_->document()->logs();
  LogReadChoice choice = logs[size_t(index)];
  choice.mappingEdited = true;
  for (LogSource& log : logs) {
    if (log.isNamed()) continue;
    static_cast<LogReadChoice&>(log) = choice;
    states_.erase(log.path);
  }
  session_->document()->setLogs(std::move(logs));
}

bool ImportPage::saveMapping(const QString& path, QString* error) {
  const int index = currentLog();
  if (index < 0) return false;
  try {
    saveLogMapping(session_->document()->logs()[size_t(index)], session_->document()->import().torqueSigns, path);
  } catch (const std::exception& e) {
    if (error) *error = QString::fromUtf8(e.what());
    return false;
  }
  return true;
}

bool ImportPage::loadMapping(const QString& path, QString* error) {
  const int index = currentLog();
  if (index < 0) return false;
  LogSource log = session_->document()->logs()[size_t(index)];
  const ImportSettings current = session_->document()->import();
  ImportSettings merged;
  try {
    // The CLI's --mapping rule: the file fills in what the user's fields leave unstated.
    merged = withLogMappingFile(current, readLogMappingFile(path.toStdString()));
    applyMappingOptions(merged, path.toStdString(), log, states_[log.path], session_->model().dof(),
                        session_->jointNames(), kPreviewRows);
  } catch (const std::exception& e) {
    if (error) *error = QString::fromUtf8(e.what());
    return false;
  }
  session_->document()->setLog(index, log);
  if (merged.torqueSigns != current.torqueSigns) {
    ImportSettings import = current;
    import.torqueSigns = merged.torqueSigns;
    session_->document()->setImport(import);
    readOptions_->showImport(import);
  }
  return true;
}

void ImportPage::scheduleCheck() {
  checkPending_ = true;
  checkTimer_->start();
  emit completeChanged();
}

void ImportPage::startCheck() {
  IdentificationController* controller = session_->controller();
  if (controller->isRunning(Job::LogCheck)) {
    // The running check is stale; it restarts when it has stopped.
    controller->cancel(Job::LogCheck);
    return;
  }
  checkPending_ = false;
  if (currentChecks()) {
    // Nothing to read (no log), or the checks are of the current inputs already.
    refreshProblems();
    emit completeChanged();
    emit checkFinished();
    return;
  }
  checkPanel_->startChecking(session_->document()->logs().size());
  controller->runLogChecks();
}

void ImportPage::onCheckFinished(bool ok, bool cancelled, const QString& message) {
  const bool failed = !ok && !cancelled && message != IdentificationController::staleRunText(Job::LogCheck);
  checkPanel_->endChecking(failed ? message : QString());
  refreshProblems();
  if (checkPending_ || !currentChecks()) scheduleCheck();
  emit completeChanged();
  emit checkFinished();
}

void ImportPage::refreshProblems() {
  IdentificationDocument* doc = session_->document();
  const std::vector<LogCheck>* checks = currentChecks();
  const bool checked = checks != nullptr;
  std::size_t rows = 0;
  problems_ = collectLogProblems(doc->logs(), states_, checked ? *checks : std::vector<LogCheck>{}, checked, &rows);
  checkPanel_->showProblems(problems_, static_cast<int>(doc->logs().size()), checked, rows);
  refreshLogList();
  showTimeBase();
}

void ImportPage::onPlaceActivated(const QString& path, std::size_t line, const QString& field) {
  const auto& logs = session_->document()->logs();
  for (size_t k = 0; k < logs.size(); ++k)
    if (logs[k].path == path && currentLog() != static_cast<int>(k)) setCurrentLog(static_cast<int>(k));
  if (auto it = states_.find(path); it != states_.end()) fileView_->showPlace(line, field, it->second.scan);
}

bool ImportPage::isComplete() const {
  IdentificationDocument* doc = session_->document();
  if (doc->logs().empty() || isChecking() || !currentChecks()) return false;
  for (const Diagnostic& p : problems_)
    if (p.severity == Severity::Error) return false;
  return true;
}

}  // namespace eb::wizard
