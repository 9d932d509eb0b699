#pragma once
// What the Import page says about each log, as data: the problems collected from
// its scan, its column guess and from reading the whole log (collectLogProblems:
// the engine's Diagnostics, each with its log as its file), which
// widgets::DiagnosticList shows. Places come from the diagnostics (line, column
// name), never from parsing message text.

#include "app/wizard/controller/document_types.hpp"
#include "app/wizard/controller/log_mapping_guess.hpp"

#include "identification/log_check.hpp"
#include "util/diagnostic.hpp"
#include "widgets/diagnostic_list.hpp"
#include "widgets/display_text.hpp"

#include <QString>

#include <map>
#include <vector>

namespace eb::wizard {

/// A diagnostic as the list shows it: the field and the message, without the file and line
/// (they have columns of their own).
using widgets::diagnosticText;

/// A problem as one line with its place: "line 12: column 'q3': ..." (the whole message, for tooltips).
using widgets::problemLine;

/// Every problem of the document's logs, errors first, each a Diagnostic of its log (file: the
/// log's path); `checks` are of the current state when `checked`. `rows` receives the samples
/// read in all.
std::vector<Diagnostic> collectLogProblems(const std::vector<LogSource>& logs,
                                           const std::map<QString, LogPreviewState>& states,
                                           const std::vector<LogCheck>& checks, bool checked, std::size_t* rows);

}  // namespace eb::wizard
