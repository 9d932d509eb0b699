#include "app/wizard/panels/log_problems.hpp"

#include "util/input_error.hpp"

#include <QFileInfo>
#include <QHeaderView>
#include <QStyle>

#include <algorithm>

namespace eb::wizard {

namespace {
// Logs sampled slower than this are flagged: identification needs clean accelerations.
constexpr double kSlowRateHz = 100.0;
}  // namespace

QString problemLine(const Diagnostic& p) {
  return p.line ? QObject::tr("line %1: %2").arg(p.line).arg(diagnosticText(p)) : diagnosticText(p);
}

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

LogProblemList::LogProblemList(QWidget* parent) : QTreeWidget(parent) {
  setObjectName("problemList");
  setColumnCount(3);
  setHeaderLabels({tr("Log"), tr("Line"), tr("Problem")});
  setRootIsDecorated(false);
  setWordWrap(true);
  setUniformRowHeights(false);
  header()->setStretchLastSection(true);
  setColumnWidth(0, 160);
  setColumnWidth(1, 52);
  setIconSize(QSize(16, 16));
  const auto activate = [this](QTreeWidgetItem* item) {
    if (!item) return;
    emit placeActivated(item->data(0, Qt::UserRole).toString(), item->data(1, Qt::UserRole).toULongLong(),
                        item->data(2, Qt::UserRole).toString());
  };
  connect(this, &QTreeWidget::itemActivated, this, activate);
  connect(this, &QTreeWidget::itemClicked, this, activate);
}

void LogProblemList::setProblems(const std::vector<Diagnostic>& problems) {
  clear();
  for (const Diagnostic& p : problems) {
    const QString path = QString::fromStdString(p.file);
    auto* item = new QTreeWidgetItem;
    item->setText(0, QFileInfo(path).fileName());
    item->setToolTip(0, path);
    item->setText(1, p.line ? QString::number(p.line) : QString());
    item->setText(2, diagnosticText(p));
    item->setToolTip(1, problemLine(p));
    item->setToolTip(2, problemLine(p));
    const QStyle::StandardPixmap icon = p.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                                        : p.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                                                      : QStyle::SP_MessageBoxInformation;
    item->setIcon(0, style()->standardIcon(icon));
    if (p.severity == Severity::Error) item->setForeground(2, QColor(176, 0, 32));
    if (p.severity == Severity::Note) item->setForeground(2, QColor(90, 90, 90));
    item->setData(0, Qt::UserRole, path);
    item->setData(1, Qt::UserRole, static_cast<qulonglong>(p.line));
    item->setData(2, Qt::UserRole, QString::fromStdString(p.field));
    addTopLevelItem(item);
  }
}

}  // namespace eb::wizard
