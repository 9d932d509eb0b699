#pragma once
// Page 1, Import: one or several logs; for the selected log the raw text
// beside a preview table (LogFileView), the detected delimiter / decimal /
// header (each can be forced), how currents, corrupt rows and gaps are read,
// and the column mapping guessed from the header names — time column or rate,
// units, and per joint the q / qd / qdd / tau columns, all editable, savable
// as a mapping file, or set at once from a layout typed as for the CLI's
// --columns (a headerless log). Every log is read through the importer on a worker thread
// after each change; its time axis is shown (widgets::TimeStepChart) and every problem
// is listed with its log and line (widgets::DiagnosticList).

#include "app/wizard/controller/identification_inputs.hpp"
#include "app/wizard/panels/log_problems.hpp"
#include "app/wizard/controller/wizard_session.hpp"

#include <QWizardPage>

#include <map>
#include <vector>

class QTimer;

namespace eb::widgets {
class ColumnLayoutField;
class ColumnMappingEditor;
class LogCheckPanel;
class LogFileView;
class LogListPanel;
class LogMappingPanel;
class LogReadOptions;
}  // namespace eb::widgets

namespace eb::wizard {

class ImportPage : public QWizardPage {
  Q_OBJECT
 public:
  explicit ImportPage(WizardSession* session, QWidget* parent = nullptr);

  /// Adds logs (skipping ones already listed); guesses each CSV log's mapping from its header,
  /// or takes the mapping of a listed log with the same columns (sameLoggerChoice). Each file is
  /// scanned here, once (scanLog), and shown from that scan.
  void addLogs(const QStringList& paths);
  /// Removes the log at `index`.
  void removeLog(int index);
  /// Index of the log shown in the preview and mapping editors (-1 when none).
  int currentLog() const;
  void setCurrentLog(int index);

  /// Problems of the latest check (all logs).
  const std::vector<Diagnostic>& problems() const { return problems_; }
  /// True while the logs are being read.
  bool isChecking() const;
  /// Writes the current log's mapping (and forced format) as a mapping file; false and `error` on failure.
  bool saveMapping(const QString& path, QString* error = nullptr);
  /// Applies a mapping file to the current log; false and `error` when it cannot be read.
  bool loadMapping(const QString& path, QString* error = nullptr);

  bool isComplete() const override;
  void cleanupPage() override {}

 signals:
  /// A check of all logs has ended (also after a cancelled one was superseded).
  void checkFinished();

 private:
  void buildUi();
  QWidget* buildLogList();
  QWidget* buildMappingPanel();
  /// The listed logs that have been scanned, with how each is read (for sameLoggerChoice).
  std::vector<ListedLog> listedLogs(const std::vector<LogSource>& logs) const;
  void guessMapping(LogSource& log, LogPreviewState& state);
  void showLog(int index);
  void showImportOptions();
  void showTimeBase();
  void refreshLogList();
  void refreshProblems();
  void onFormatEdited();
  void onImportOptionsEdited();
  void onMappingEdited();
  void applyColumnLayout(const QString& text);
  void reguessMapping();
  void applyMappingToAll();
  void scheduleCheck();
  void startCheck();
  /// The controller's log-check job ended (its jobFinished).
  void onCheckFinished(bool ok, bool cancelled, const QString& message);
  /// The controller's checks when they are of the document's current logs, import and
  /// preprocessing (an empty list with no log), else null.
  const std::vector<LogCheck>* currentChecks() const;
  void onPlaceActivated(const QString& path, std::size_t line, const QString& field);

  WizardSession* session_;
  QTimer* checkTimer_;
  std::map<QString, LogPreviewState> states_;
  std::vector<Diagnostic> problems_;
  bool checkPending_ = false;
  bool updating_ = false;  // widgets being filled from the document

  widgets::LogListPanel* logList_;
  widgets::LogFileView* fileView_;
  widgets::LogReadOptions* readOptions_;
  widgets::LogMappingPanel* mappingPanel_;
  widgets::ColumnLayoutField* layoutField_;      // the panel's
  widgets::ColumnMappingEditor* mappingEditor_;  // the panel's
  widgets::LogCheckPanel* checkPanel_;
};

}  // namespace eb::wizard
