#pragma once
// Page 1, Import: one or several logs; for the selected log the raw text
// beside a preview table, the detected delimiter / decimal / header (each can
// be forced), and the column mapping guessed from the header names — time
// column or rate, units, and per joint the q / qd / qdd / tau columns, all
// editable. Every log is read through the importer on a worker thread after
// each change; every problem is listed with its log and line number.

#include "app/wizard/background_task.hpp"
#include "app/wizard/log_check.hpp"
#include "app/wizard/wizard_session.hpp"

#include "logs/csv_table.hpp"

#include <QWizardPage>

#include <map>
#include <vector>

class QComboBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;

namespace eb::wizard {

class ColumnMappingEditor;

/// One problem found in a log.
struct LogProblem {
  enum class Severity { Error, Warning, Info };
  Severity severity = Severity::Info;
  QString path;     ///< log file
  std::size_t line = 0;  ///< 1-based line in the file, 0 when it concerns the whole file
  QString message;  ///< one line, without the leading "<file>: "
};

class ImportPage : public QWizardPage {
  Q_OBJECT
 public:
  explicit ImportPage(WizardSession* session, QWidget* parent = nullptr);

  /// Adds logs (skipping ones already listed); guesses each CSV log's mapping from its header,
  /// or takes the mapping of a listed log with the same columns.
  void addLogs(const QStringList& paths);
  /// Removes the log at `index`.
  void removeLog(int index);
  /// Index of the log shown in the preview and mapping editors (-1 when none).
  int currentLog() const;
  void setCurrentLog(int index);

  /// Problems of the latest check (all logs).
  const std::vector<LogProblem>& problems() const { return problems_; }
  /// True while the logs are being read.
  bool isChecking() const;

  bool isComplete() const override;
  void cleanupPage() override {}

 signals:
  /// A check of all logs has ended (also after a cancelled one was superseded).
  void checkFinished();

 private:
  // What the page knows of one log beyond the document (previews are cheap to rebuild).
  struct LogView {
    CsvPreview preview;
    bool previewOk = false;
    QString previewError;
    std::size_t previewErrorLine = 0;
    QStringList guessNotes, guessWarnings;
    QString guessError;
    std::size_t guessErrorLine = 0;
  };

  void buildUi();
  void addLogsDialog();
  void loadPreview(int index);
  void guessMapping(LogSource& log, LogView& view);
  void showLog(int index);
  void showRawText(const LogSource& log, const LogView& view);
  void showPreviewTable(const LogSource& log, const LogView& view);
  void showFormat(const LogSource& log, const LogView& view);
  void showMapping(const LogSource& log, const LogView& view);
  void refreshLogList();
  void refreshProblems();
  void onFormatEdited();
  void onMappingEdited();
  void reguessMapping();
  void applyMappingToAll();
  void scheduleCheck();
  void startCheck();
  void onProblemActivated(QTreeWidgetItem* item);

  WizardSession* session_;
  BackgroundTask* task_;
  QTimer* checkTimer_;
  std::map<QString, LogView> views_;
  std::vector<LogCheck> checks_;
  std::vector<LogProblem> problems_;
  QString checkedKey_;   // document state the checks belong to
  bool checkPending_ = false;
  bool updating_ = false;  // widgets being filled from the document

  QListWidget* logList_;
  QPushButton* addButton_;
  QPushButton* removeButton_;
  QPlainTextEdit* rawText_;
  QTableWidget* previewTable_;
  QLabel* previewTitle_;
  QComboBox* delimiterCombo_;
  QComboBox* decimalCombo_;
  QComboBox* headerCombo_;
  QLabel* detectedLabel_;
  ColumnMappingEditor* mappingEditor_;
  QTreeWidget* problemTree_;
  QProgressBar* checkProgress_;
  QLabel* checkStatus_;
};

}  // namespace eb::wizard
