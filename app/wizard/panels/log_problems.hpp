#pragma once
// What the Import page says about each log, as data: the preview and column
// guess of a log (LogPreviewState), the problems collected from them and from
// reading the whole log (collectLogProblems), and the list that shows them and
// says which place was clicked (LogProblemList). Places come from the engine's
// diagnostics (line, column name), never from parsing message text.

#include "app/wizard/controller/identification_document.hpp"

#include "identification/log_check.hpp"
#include "logs/log_scan.hpp"
#include "util/diagnostic.hpp"

#include <QStringList>
#include <QTreeWidget>

#include <map>
#include <vector>

namespace eb::wizard {

/// One problem found in a log.
struct LogProblem {
  using Severity = eb::Severity;  ///< the engine's: a note, a warning or an error
  Severity severity = Severity::Note;
  QString path;          ///< log file
  std::size_t line = 0;  ///< 1-based line in the file, 0 when it concerns the whole file
  QString field;         ///< column the problem is in, empty when none
  QString message;       ///< one line, without the file and the line
};

/// What the page knows of one log beyond the document: the engine's scan of it, made when the
/// log is added (or first shown) and again only when its CSV format changes, and the guess.
struct LogPreviewState {
  LogScan scan;
  bool scanned = false;  ///< scan holds the file's scan (else it is to be made)
  /// Whether the scan read a table preview (delimited text only).
  bool previewOk() const { return scan.preview.has_value(); }
  /// The table preview; only when previewOk().
  const CsvPreview& preview() const { return *scan.preview; }
  /// Why a delimited-text log's table could not be read (message empty when it was, and for
  /// bags and MAT files, whose reading the check reports).
  const Diagnostic& previewError() const;
  QStringList guessNotes, guessWarnings;
  Diagnostic guessError;    ///< message empty when the columns were recognised
};

/// The finding behind an exception: the engine's diagnostic for an InputError, else its text.
Diagnostic diagnosticOf(const std::exception& error);

/// A diagnostic as the list shows it: the field and the message, without the file and line
/// (they have columns of their own).
QString problemText(const Diagnostic& d);

/// A problem as one line with its place: "line 12: column 'q3': ..." (the whole message, for tooltips).
QString problemLine(const LogProblem& problem);

/// Every problem of the document's logs, errors first; `checks` are of the current state when
/// `checked`. `rows` receives the samples read in all.
std::vector<LogProblem> collectLogProblems(const std::vector<LogSource>& logs,
                                           const std::map<QString, LogPreviewState>& states,
                                           const std::vector<LogCheck>& checks, bool checked, std::size_t* rows);

/// The problem list: log, line and message per row; clicking a row names its place.
class LogProblemList : public QTreeWidget {
  Q_OBJECT
 public:
  explicit LogProblemList(QWidget* parent = nullptr);
  void setProblems(const std::vector<LogProblem>& problems);

 signals:
  /// A problem was clicked or activated: its log, line (0: none) and column (empty: none).
  void placeActivated(const QString& path, std::size_t line, const QString& field);
};

}  // namespace eb::wizard
