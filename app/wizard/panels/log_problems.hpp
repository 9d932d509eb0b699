#pragma once
// What the Import page says about each log, as data: the preview and column
// guess of a log (LogPreviewState), the problems collected from them and from
// reading the whole log (collectLogProblems: the engine's Diagnostics, each with
// its log as its file), and the list that shows them and says which place was
// clicked (LogProblemList). Places come from the diagnostics (line, column
// name), never from parsing message text.

#include "app/wizard/controller/document_types.hpp"
#include "app/wizard/controller/log_mapping_guess.hpp"

#include "identification/log_check.hpp"
#include "util/diagnostic.hpp"
#include "widgets/display_text.hpp"

#include <QStringList>
#include <QTreeWidget>

#include <map>
#include <vector>

namespace eb::wizard {

/// A diagnostic as the list shows it: the field and the message, without the file and line
/// (they have columns of their own).
using widgets::diagnosticText;

/// A problem as one line with its place: "line 12: column 'q3': ..." (the whole message, for tooltips).
QString problemLine(const Diagnostic& problem);

/// Every problem of the document's logs, errors first, each a Diagnostic of its log (file: the
/// log's path); `checks` are of the current state when `checked`. `rows` receives the samples
/// read in all.
std::vector<Diagnostic> collectLogProblems(const std::vector<LogSource>& logs,
                                           const std::map<QString, LogPreviewState>& states,
                                           const std::vector<LogCheck>& checks, bool checked, std::size_t* rows);

/// The problem list: log, line and message per row; clicking a row names its place.
class LogProblemList : public QTreeWidget {
  Q_OBJECT
 public:
  explicit LogProblemList(QWidget* parent = nullptr);
  void setProblems(const std::vector<Diagnostic>& problems);

 signals:
  /// A problem was clicked or activated: its log, line (0: none) and column (empty: none).
  void placeActivated(const QString& path, std::size_t line, const QString& field);
};

}  // namespace eb::wizard
