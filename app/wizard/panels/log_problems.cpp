#include "app/wizard/panels/log_problems.hpp"

#include "util/input_error.hpp"


#include <algorithm>

namespace eb::wizard {

namespace {
// Logs sampled slower than this are flagged: identification needs clean accelerations.
constexpr double kSlowRateHz = 100.0;
}  // namespace

std::vector<Diagnostic> collectLogProblems(const std::vector<LogSource>& logs,
                                           const std::map<QString, LogPreviewState>& states,
                                           const std::vector<LogCheck>& checks, bool checked, std::size_t* rows) {
  std::vector<Diagnostic> problems;
  std::size_t total = 0;
  for (const LogSource& log : logs) {
    const LogPreviewState* state = nullptr;
    if (auto it = states.find(log.path); it != states.end()) state = &it->second;
    const LogCheck* check = nullptr;
    if (checked)
      for (const LogCheck& c : checks)
        if (c.path == log.path.toStdString()) check = &c;
    // The place is the diagnostic's; the file is the log as listed (a bag's folder, not its .mcap).
    auto add = [&](Severity s, Diagnostic d) {
      d.severity = s;
      d.file = log.path.toStdString();
      problems.push_back(std::move(d));
    };
    auto note = [&](Severity s, const QString& text) {
      add(s, diagnosticAt(s, {}, 0, {}, text.toStdString()));
    };
    if (check) {
      if (!check->ok) add(Severity::Error, check->error);
      for (const LogWarning& w : check->warnings) add(Severity::Warning, w);
      if (check->ok) {
        // Jitter, gaps and drops are handled: said once, a warning when the log was split or thinned.
        const TimeBaseSummary& tb = check->timeBase;
        note(tb.segments.size() > 1 || tb.dropped() > 0 ? Severity::Warning : Severity::Note,
             QObject::tr("time axis: %1").arg(QString::fromStdString(tb.text())));
        if (check->rateHz > 0 && check->rateHz < kSlowRateHz)
          note(Severity::Warning,
               QObject::tr("sampled at %1 Hz: too slow for clean accelerations (use 200 Hz or more)")
                   .arg(check->rateHz, 0, 'g', 3));
      }
    } else if (state && !state->previewError().message.empty()) {
      add(Severity::Error, state->previewError());
    }
    if (state && !state->guessError.message.empty() && !log.mappingEdited && state->previewError().message.empty()) {
      // Once the log was read with the partial mapping, its own error says what is missing.
      if (check) {
        Diagnostic d = state->guessError;
        d.message = QObject::tr("mapping not guessed: %1").arg(QString::fromStdString(d.message)).toStdString();
        add(Severity::Warning, d);
      } else {
        add(Severity::Error, state->guessError);
      }
    }
    if (state && !log.mappingEdited) {
      for (const QString& w : state->guessWarnings) note(Severity::Warning, w);
      for (const QString& n : state->guessNotes) note(Severity::Note, n);
    }
    if (check && check->ok) total += check->rows;
  }
  // Errors first, then warnings, then notes; in file and line order within each.
  std::stable_sort(problems.begin(), problems.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return static_cast<int>(a.severity) > static_cast<int>(b.severity);
  });
  if (rows) *rows = total;
  return problems;
}

}  // namespace eb::wizard
