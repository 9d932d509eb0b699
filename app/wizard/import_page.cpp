#include "app/wizard/import_page.hpp"

#include "app/wizard/column_mapping_editor.hpp"
#include "app/wizard/wizard_text.hpp"

#include "logs/log_import.hpp"
#include "model/model_error.hpp"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QRegularExpression>
#include <QScrollBar>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QTextBlock>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace eb::wizard {
namespace {

constexpr std::size_t kPreviewRows = 200;
// Logs sampled slower than this are flagged: identification needs clean accelerations.
constexpr double kSlowRateHz = 100.0;

// Roles of a joint's columns, in the order q, qd, qdd, tau.
enum MappingColumn { ColQ = 1, ColQd, ColQdd, ColTau };

QString logsKey(const IdentificationDocument& doc) {
  return QString::fromUtf8(QJsonDocument(doc.toJson()["logs"].toArray()).toJson(QJsonDocument::Compact));
}

QStringList toQStringList(const std::vector<std::string>& v) {
  QStringList out;
  for (const std::string& s : v) out << QString::fromStdString(s);
  return out;
}

std::string* roleField(JointColumns& j, int column) {
  switch (column) {
    case ColQ: return &j.q;
    case ColQd: return &j.qd;
    case ColQdd: return &j.qdd;
    case ColTau: return &j.tau;
    default: return nullptr;
  }
}

const char* roleName(int column) {
  switch (column) {
    case ColQ: return "q";
    case ColQd: return "qd";
    case ColQdd: return "qdd";
    case ColTau: return "tau";
    default: return "";
  }
}

}  // namespace

ImportPage::ImportPage(WizardSession* session, QWidget* parent)
    : QWizardPage(parent), session_(session), task_(new BackgroundTask(this)), checkTimer_(new QTimer(this)) {
  setTitle(tr("Import experiment logs"));
  setSubTitle(tr("Add the logs of %1 (%2 joints). Check the detected format and the column mapping: every log is "
                 "read in full and each problem is listed with its line.")
                  .arg(QString::fromStdString(session_->model().name()))
                  .arg(session_->model().dof()));
  buildUi();
  checkTimer_->setSingleShot(true);
  checkTimer_->setInterval(250);
  connect(checkTimer_, &QTimer::timeout, this, &ImportPage::startCheck);
  connect(task_, &BackgroundTask::progressChanged, this, [this](double f, const QString& what) {
    checkProgress_->setValue(static_cast<int>(std::lround(1000 * f)));
    checkStatus_->setText(what);
  });
  connect(session_->document(), &IdentificationDocument::logsChanged, this, [this]() {
    refreshLogList();
    if (!updating_) showLog(currentLog());
    scheduleCheck();
  });
}

void ImportPage::buildUi() {
  // ---- logs list ----
  logList_ = new QListWidget;
  logList_->setObjectName("logList");
  logList_->setMinimumWidth(200);
  logList_->setIconSize(QSize(16, 16));
  addButton_ = new QPushButton(tr("Add logs..."));
  addButton_->setObjectName("addLogsButton");
  removeButton_ = new QPushButton(tr("Remove"));
  removeButton_->setObjectName("removeLogButton");
  auto* logButtons = new QHBoxLayout;
  logButtons->addWidget(addButton_);
  logButtons->addWidget(removeButton_);
  auto* logBox = new QGroupBox(tr("Logs"));
  auto* logLayout = new QVBoxLayout(logBox);
  logLayout->addWidget(logList_);
  logLayout->addLayout(logButtons);
  connect(addButton_, &QPushButton::clicked, this, &ImportPage::addLogsDialog);
  connect(removeButton_, &QPushButton::clicked, this, [this]() { removeLog(currentLog()); });
  connect(logList_, &QListWidget::currentRowChanged, this, [this](int row) { showLog(row); });

  // ---- raw text and preview ----
  rawText_ = new QPlainTextEdit;
  rawText_->setObjectName("rawText");
  rawText_->setReadOnly(true);
  rawText_->setLineWrapMode(QPlainTextEdit::NoWrap);
  rawText_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  previewTable_ = new QTableWidget;
  previewTable_->setObjectName("previewTable");
  previewTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  previewTable_->verticalHeader()->setDefaultSectionSize(20);
  previewTable_->horizontalHeader()->setDefaultSectionSize(86);
  previewTitle_ = new QLabel;
  auto* rawBox = new QGroupBox(tr("File (first lines)"));
  (new QVBoxLayout(rawBox))->addWidget(rawText_);
  auto* previewBox = new QGroupBox(tr("Parsed columns"));
  auto* previewLayout = new QVBoxLayout(previewBox);
  previewLayout->addWidget(previewTable_);
  previewLayout->addWidget(previewTitle_);
  auto* top = new QSplitter(Qt::Horizontal);
  top->addWidget(logBox);
  top->addWidget(rawBox);
  top->addWidget(previewBox);
  top->setStretchFactor(0, 0);
  top->setStretchFactor(1, 2);
  top->setStretchFactor(2, 3);
  top->setSizes({220, 360, 560});

  // ---- format ----
  delimiterCombo_ = new QComboBox;
  delimiterCombo_->setObjectName("delimiterCombo");
  delimiterCombo_->addItem(tr("Auto"), 0);
  delimiterCombo_->addItem(tr("Comma  ,"), int(','));
  delimiterCombo_->addItem(tr("Semicolon  ;"), int(';'));
  delimiterCombo_->addItem(tr("Tab"), int('\t'));
  delimiterCombo_->addItem(tr("Blanks"), int(' '));
  decimalCombo_ = new QComboBox;
  decimalCombo_->setObjectName("decimalCombo");
  decimalCombo_->addItem(tr("Auto"), 0);
  decimalCombo_->addItem(tr("Point  ."), int('.'));
  decimalCombo_->addItem(tr("Comma  ,"), int(','));
  headerCombo_ = new QComboBox;
  headerCombo_->setObjectName("headerCombo");
  headerCombo_->addItem(tr("Auto"), -1);
  headerCombo_->addItem(tr("First line"), 1);
  headerCombo_->addItem(tr("None"), 0);
  detectedLabel_ = new QLabel;
  detectedLabel_->setObjectName("detectedFormatLabel");
  detectedLabel_->setWordWrap(true);
  detectedLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* formatRow = new QHBoxLayout;
  formatRow->addWidget(new QLabel(tr("Delimiter")));
  formatRow->addWidget(delimiterCombo_);
  formatRow->addSpacing(8);
  formatRow->addWidget(new QLabel(tr("Decimal")));
  formatRow->addWidget(decimalCombo_);
  formatRow->addSpacing(8);
  formatRow->addWidget(new QLabel(tr("Header")));
  formatRow->addWidget(headerCombo_);
  formatRow->addSpacing(12);
  formatRow->addWidget(detectedLabel_, 1);
  for (QComboBox* c : {delimiterCombo_, decimalCombo_, headerCombo_})
    connect(c, qOverload<int>(&QComboBox::currentIndexChanged), this, &ImportPage::onFormatEdited);

  // ---- mapping ----
  mappingEditor_ = new ColumnMappingEditor(session_->jointNames());
  connect(mappingEditor_, &ColumnMappingEditor::edited, this, &ImportPage::onMappingEdited);
  connect(mappingEditor_, &ColumnMappingEditor::guessRequested, this, &ImportPage::reguessMapping);
  connect(mappingEditor_, &ColumnMappingEditor::applyToAllRequested, this, &ImportPage::applyMappingToAll);
  auto* mappingBox = new QGroupBox(tr("Column mapping"));
  (new QVBoxLayout(mappingBox))->addWidget(mappingEditor_);

  // ---- problems ----
  problemTree_ = new QTreeWidget;
  problemTree_->setObjectName("problemList");
  problemTree_->setColumnCount(3);
  problemTree_->setHeaderLabels({tr("Log"), tr("Line"), tr("Problem")});
  problemTree_->setRootIsDecorated(false);
  problemTree_->setWordWrap(true);
  problemTree_->setUniformRowHeights(false);
  problemTree_->header()->setStretchLastSection(true);
  problemTree_->setColumnWidth(0, 160);
  problemTree_->setIconSize(QSize(16, 16));
  problemTree_->setColumnWidth(1, 52);
  connect(problemTree_, &QTreeWidget::itemActivated, this, &ImportPage::onProblemActivated);
  connect(problemTree_, &QTreeWidget::itemClicked, this, &ImportPage::onProblemActivated);
  checkProgress_ = new QProgressBar;
  checkProgress_->setObjectName("checkProgress");
  checkProgress_->setRange(0, 1000);
  checkProgress_->setTextVisible(false);
  checkProgress_->setMaximumHeight(8);
  checkProgress_->setVisible(false);
  checkStatus_ = new QLabel;
  checkStatus_->setObjectName("checkStatus");
  checkStatus_->setWordWrap(true);
  auto* problemBox = new QGroupBox(tr("Problems and notes"));
  auto* problemLayout = new QVBoxLayout(problemBox);
  problemLayout->addWidget(checkStatus_);
  problemLayout->addWidget(checkProgress_);
  problemLayout->addWidget(problemTree_, 1);

  auto* bottom = new QSplitter(Qt::Horizontal);
  bottom->addWidget(mappingBox);
  bottom->addWidget(problemBox);
  bottom->setStretchFactor(0, 3);
  bottom->setStretchFactor(1, 2);
  bottom->setSizes({680, 450});

  auto* formatWidget = new QWidget;
  formatWidget->setLayout(formatRow);
  formatRow->setContentsMargins(4, 2, 4, 2);
  auto* vertical = new QSplitter(Qt::Vertical);
  auto* topWidget = new QWidget;
  auto* topLayout = new QVBoxLayout(topWidget);
  topLayout->setContentsMargins(0, 0, 0, 0);
  topLayout->addWidget(top, 1);
  topLayout->addWidget(formatWidget);
  vertical->addWidget(topWidget);
  vertical->addWidget(bottom);
  vertical->setStretchFactor(0, 1);
  vertical->setStretchFactor(1, 1);
  vertical->setSizes({300, 300});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(vertical);
  showLog(-1);
}

void ImportPage::addLogsDialog() {
  QSettings settings;
  const QString dir = settings.value("identificationWizard/logDirectory").toString();
  const QStringList paths = QFileDialog::getOpenFileNames(
      this, tr("Add experiment logs"), dir, tr("Logs (*.csv *.txt *.tsv *.dat *.log *.mat);;All files (*)"));
  if (paths.isEmpty()) return;
  settings.setValue("identificationWizard/logDirectory", QFileInfo(paths.front()).absolutePath());
  addLogs(paths);
}

void ImportPage::addLogs(const QStringList& paths) {
  IdentificationDocument* doc = session_->document();
  std::vector<LogSource> logs = doc->logs();
  int select = -1;
  for (const QString& given : paths) {
    const QString path = QFileInfo(given).absoluteFilePath();
    bool present = false;
    for (size_t k = 0; k < logs.size(); ++k)
      if (logs[k].path == path) {
        present = true;
        select = static_cast<int>(k);
      }
    if (present) continue;
    LogSource log;
    log.path = path;
    views_.erase(path);
    LogView& view = views_[path];
    if (!log.isMat()) {
      try {
        view.preview = readCsvPreview(path.toStdString(), kPreviewRows);
        view.previewOk = true;
      } catch (const std::exception& e) {
        view.previewError = stripSource(e.what(), path);
        view.previewErrorLine = lineOfMessage(view.previewError);
      }
      // A log with the same columns as one already listed comes from the same logger: same mapping.
      const LogSource* twin = nullptr;
      for (const LogSource& other : logs) {
        auto it = views_.find(other.path);
        if (view.previewOk && it != views_.end() && it->second.previewOk &&
            it->second.preview.layout.columns == view.preview.layout.columns && !other.mapping.joints.empty())
          twin = &other;
      }
      if (twin) {
        log.mapping = twin->mapping;
        log.mappingEdited = twin->mappingEdited;
        log.delimiter = twin->delimiter;
        log.decimal = twin->decimal;
        log.header = twin->header;
      } else if (view.previewOk) {
        guessMapping(log, view);
      }
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

int ImportPage::currentLog() const { return logList_->currentRow(); }

void ImportPage::setCurrentLog(int index) { logList_->setCurrentRow(index); }

bool ImportPage::isChecking() const { return task_->isRunning() || checkTimer_->isActive() || checkPending_; }

void ImportPage::guessMapping(LogSource& log, LogView& view) {
  view.guessNotes.clear();
  view.guessWarnings.clear();
  view.guessError.clear();
  view.guessErrorLine = 0;
  LogGuessOptions options;
  options.dof = session_->model().dof();
  options.jointNames = session_->jointNames();
  const CsvLayout& layout = view.preview.layout;
  try {
    const LogMappingGuess guess = guessLogColumnMapping(layout.columns, view.preview.values, options,
                                                        log.path.toStdString(), std::max<size_t>(layout.headerLine, 1));
    log.mapping = guess.mapping;
    view.guessNotes = toQStringList(guess.notes);
    view.guessWarnings = toQStringList(guess.warnings);
  } catch (const std::exception& e) {
    // Nothing usable was recognised: an empty mapping with the model's joints, to fill in by hand.
    view.guessError = stripSource(e.what(), log.path);
    view.guessErrorLine = lineOfMessage(view.guessError);
    // Keep what the exact names say ("t", "q3", "tau3", ...) so only the rest is left to map by hand.
    log.mapping = LogColumnMapping{};
    auto has = [&](const std::string& name) {
      return std::find(layout.columns.begin(), layout.columns.end(), name) != layout.columns.end();
    };
    for (const char* time : {"t", "time", "timestamp"})
      if (log.mapping.timeColumn.empty() && has(time)) log.mapping.timeColumn = time;
    const auto names = session_->jointNames();
    for (size_t j = 0; j < names.size(); ++j) {
      JointColumns jc;
      jc.name = names[j];
      const std::string index = std::to_string(j + 1);
      for (int c = ColQ; c <= ColTau; ++c)
        if (has(roleName(c) + index)) *roleField(jc, c) = roleName(c) + index;
      log.mapping.joints.push_back(jc);
    }
  }
  log.mappingEdited = false;
}

void ImportPage::loadPreview(int index) {
  const LogSource& log = session_->document()->logs().at(static_cast<size_t>(index));
  LogView& view = views_[log.path];
  if (log.isMat()) return;
  view.previewOk = false;
  view.previewError.clear();
  view.previewErrorLine = 0;
  try {
    view.preview = readCsvPreview(log.path.toStdString(), kPreviewRows, effectiveCsvFormat(log));
    view.previewOk = true;
  } catch (const std::exception& e) {
    view.previewError = stripSource(e.what(), log.path);
    view.previewErrorLine = lineOfMessage(view.previewError);
  }
}

void ImportPage::showLog(int index) {
  const auto& logs = session_->document()->logs();
  const bool valid = index >= 0 && index < static_cast<int>(logs.size());
  removeButton_->setEnabled(valid);
  if (!valid) {
    updating_ = true;
    rawText_->setPlainText(logs.empty() ? tr("Add one or several logs: CSV or text tables with a time column (or a "
                                             "known rate), joint positions and joint torques, or MATLAB .mat files.")
                                        : QString());
    previewTable_->clear();
    previewTable_->setRowCount(0);
    previewTable_->setColumnCount(0);
    previewTitle_->clear();
    detectedLabel_->clear();
    mappingEditor_->setUnavailable(QString());
    for (QWidget* w : std::initializer_list<QWidget*>{delimiterCombo_, decimalCombo_, headerCombo_}) w->setEnabled(false);
    updating_ = false;
    return;
  }
  const LogSource& log = logs[static_cast<size_t>(index)];
  auto it = views_.find(log.path);
  if (it == views_.end() || (!it->second.previewOk && it->second.previewError.isEmpty())) {
    loadPreview(index);
    it = views_.find(log.path);
  }
  if (it == views_.end()) it = views_.emplace(log.path, LogView{}).first;
  updating_ = true;
  showRawText(log, it->second);
  showFormat(log, it->second);
  showMapping(log, it->second);
  showPreviewTable(log, it->second);
  updating_ = false;
}

void ImportPage::showRawText(const LogSource& log, const LogView& view) {
  if (log.isMat()) {
    rawText_->setPlainText(tr("%1\n\nMATLAB file: the variables t, q, qd, qdd and tau are read by name "
                              "(q and tau required, one column per joint).")
                               .arg(log.path));
    return;
  }
  QFile file(log.path);
  if (!file.open(QIODevice::ReadOnly)) {
    rawText_->setPlainText(tr("%1: cannot open").arg(log.path));
    return;
  }
  const std::size_t lastLine = view.previewOk && !view.preview.lines.empty() ? view.preview.lines.back() : 60;
  QString text;
  for (std::size_t line = 1; line <= lastLine && !file.atEnd(); ++line) {
    QByteArray bytes = file.readLine(64 * 1024);
    while (bytes.endsWith('\n') || bytes.endsWith('\r')) bytes.chop(1);
    text += QString("%1  %2\n").arg(line, 4).arg(QString::fromUtf8(bytes));
  }
  if (!file.atEnd()) text += tr("   ...\n");
  rawText_->setPlainText(text);
}

void ImportPage::showFormat(const LogSource& log, const LogView& view) {
  const bool csv = !log.isMat();
  for (QComboBox* c : {delimiterCombo_, decimalCombo_, headerCombo_}) c->setEnabled(csv);
  auto select = [](QComboBox* combo, int data) { combo->setCurrentIndex(std::max(0, combo->findData(data))); };
  select(delimiterCombo_, log.delimiter ? int(*log.delimiter) : 0);
  select(decimalCombo_, log.decimal ? int(*log.decimal) : 0);
  select(headerCombo_, log.header ? int(*log.header) : -1);
  if (!csv) {
    detectedLabel_->setText(tr("MATLAB file"));
    return;
  }
  if (!view.previewOk) {
    detectedLabel_->setText(tr("<span style='color:#b00020'>%1</span>").arg(view.previewError.toHtmlEscaped()));
    return;
  }
  const CsvLayout& layout = view.preview.layout;
  QString text = tr("<b>%1</b>-delimited, decimal '%2', %3, %4 columns")
                     .arg(delimiterLabel(layout.format.delimiter))
                     .arg(QChar(layout.format.decimal))
                     .arg(layout.format.hasHeader ? tr("header on line %1").arg(layout.headerLine) : tr("no header"))
                     .arg(layout.columns.size());
  if (log.hasFormatOverride()) text += tr(" (forced)");
  detectedLabel_->setText(text);
  detectedLabel_->setToolTip(toQStringList(layout.notes).join('\n'));
}

void ImportPage::showMapping(const LogSource& log, const LogView& view) {
  if (log.isMat()) {
    mappingEditor_->setUnavailable(tr("MATLAB files are mapped by variable name."));
  } else if (!view.previewOk) {
    mappingEditor_->setUnavailable(QString());
  } else {
    QStringList columns;
    for (const std::string& c : view.preview.layout.columns) columns << QString::fromStdString(c);
    mappingEditor_->setMapping(log.mapping, columns, log.mappingEdited);
  }
  mappingEditor_->setApplyToAllEnabled(!log.isMat() && view.previewOk && session_->document()->logs().size() > 1);
}

void ImportPage::showPreviewTable(const LogSource& log, const LogView& view) {
  previewTable_->clear();
  if (log.isMat() || !view.previewOk) {
    previewTable_->setRowCount(0);
    previewTable_->setColumnCount(0);
    previewTitle_->setText(log.isMat() ? tr("No preview for MATLAB files.") : view.previewError);
    return;
  }
  const CsvPreview& p = view.preview;
  const int rows = static_cast<int>(p.values.rows());
  const int cols = static_cast<int>(p.layout.columns.size());
  // The role of each column under the current mapping, shown in the header.
  std::map<std::string, QString> roles;
  const LogColumnMapping& m = log.mapping;
  if (!m.timeColumn.empty()) roles[m.timeColumn] = tr("time [%1]").arg(timeUnitName(m.timeUnit));
  for (size_t j = 0; j < m.joints.size(); ++j) {
    JointColumns jc = m.joints[j];
    for (int c = ColQ; c <= ColTau; ++c)
      if (!roleField(jc, c)->empty())
        roles[*roleField(jc, c)] = QString("%1 · j%2").arg(c == ColTau ? QString("τ") : roleName(c)).arg(j + 1);
  }
  previewTable_->setRowCount(rows);
  previewTable_->setColumnCount(cols);
  for (int c = 0; c < cols; ++c) {
    const std::string& name = p.layout.columns[size_t(c)];
    auto it = roles.find(name);
    auto* header = new QTableWidgetItem(QString::fromStdString(name) + "\n" + (it != roles.end() ? it->second : "—"));
    if (it == roles.end()) {
      header->setForeground(QColor(140, 140, 140));
      header->setToolTip(tr("Not used by the mapping"));
    }
    previewTable_->setHorizontalHeaderItem(c, header);
  }
  QStringList lineLabels;
  const char delimiter = p.layout.format.delimiter;
  for (int r = 0; r < rows; ++r) {
    lineLabels << QString::number(p.lines[size_t(r)]);
    const std::string& raw = p.rawLines[size_t(r)];
    const auto fields = csv_text::splitQuoted(raw, delimiter);
    for (int c = 0; c < cols; ++c) {
      const double v = p.values(r, c);
      const QString text = c < static_cast<int>(fields.size())
                               ? QString::fromStdString(csv_text::unquote(fields[size_t(c)]))
                               : QString();
      // Numbers as parsed (6 digits; the raw text is beside); what did not parse as it is, in red.
      auto* item = new QTableWidgetItem(std::isfinite(v) ? formatNumber(v, 6) : text);
      if (std::isfinite(v)) {
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        item->setToolTip(text);
      } else {
        item->setBackground(QColor(255, 205, 205));
        item->setToolTip(text.isEmpty() ? tr("missing value") : tr("'%1' is not a finite number").arg(text));
      }
      previewTable_->setItem(r, c, item);
    }
  }
  previewTable_->setVerticalHeaderLabels(lineLabels);
  previewTable_->horizontalHeader()->setMinimumHeight(40);
  previewTitle_->setText(tr("First %1 data rows; row labels are file line numbers.").arg(rows));
}

void ImportPage::refreshLogList() {
  const auto& logs = session_->document()->logs();
  const int current = currentLog();
  const QSignalBlocker block(logList_);
  logList_->clear();
  for (const LogSource& log : logs) {
    auto* item = new QListWidgetItem(QFileInfo(log.path).fileName());
    item->setToolTip(log.path);
    bool error = false, warning = false;
    for (const LogProblem& p : problems_)
      if (p.path == log.path) {
        error |= p.severity == LogProblem::Severity::Error;
        warning |= p.severity == LogProblem::Severity::Warning;
      }
    const bool checked = checkedKey_ == logsKey(*session_->document());
    if (error)
      item->setIcon(style()->standardIcon(QStyle::SP_MessageBoxCritical));
    else if (warning)
      item->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
    else if (checked)
      item->setIcon(style()->standardIcon(QStyle::SP_DialogApplyButton));
    else
      item->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    logList_->addItem(item);
  }
  logList_->setCurrentRow(std::min(current < 0 ? 0 : current, static_cast<int>(logs.size()) - 1));
}

void ImportPage::onFormatEdited() {
  if (updating_) return;
  const int index = currentLog();
  if (index < 0) return;
  LogSource log = session_->document()->logs()[size_t(index)];
  const int d = delimiterCombo_->currentData().toInt(), dec = decimalCombo_->currentData().toInt(),
            h = headerCombo_->currentData().toInt();
  log.delimiter = d ? std::optional<char>(char(d)) : std::nullopt;
  log.decimal = dec ? std::optional<char>(char(dec)) : std::nullopt;
  log.header = h >= 0 ? std::optional<bool>(h == 1) : std::nullopt;
  LogView& view = views_[log.path];
  const std::vector<std::string> before = view.previewOk ? view.preview.layout.columns : std::vector<std::string>{};
  view.previewOk = false;
  view.previewError.clear();
  try {
    view.preview = readCsvPreview(log.path.toStdString(), kPreviewRows, effectiveCsvFormat(log));
    view.previewOk = true;
  } catch (const std::exception& e) {
    view.previewError = stripSource(e.what(), log.path);
    view.previewErrorLine = lineOfMessage(view.previewError);
  }
  // Other columns: the old mapping means nothing any more.
  if (view.previewOk && view.preview.layout.columns != before) guessMapping(log, view);
  session_->document()->setLog(index, log);
}

void ImportPage::onMappingEdited() {
  if (updating_) return;
  const int index = currentLog();
  if (index < 0) return;
  LogSource log = session_->document()->logs()[size_t(index)];
  log.mapping = mappingEditor_->mapping();
  log.mappingEdited = true;
  updating_ = true;
  session_->document()->setLog(index, log);
  auto it = views_.find(log.path);
  if (it != views_.end()) showPreviewTable(session_->document()->logs()[size_t(index)], it->second);
  updating_ = false;
}

void ImportPage::reguessMapping() {
  const int index = currentLog();
  if (index < 0) return;
  LogSource log = session_->document()->logs()[size_t(index)];
  LogView& view = views_[log.path];
  if (!view.previewOk) return;
  guessMapping(log, view);
  session_->document()->setLog(index, log);
}

void ImportPage::applyMappingToAll() {
  const int index = currentLog();
  if (index < 0) return;
  std::vector<LogSource> logs = session_->document()->logs();
  const LogSource source = logs[size_t(index)];
  for (LogSource& log : logs) {
    if (log.isMat()) continue;
    log.mapping = source.mapping;
    log.mappingEdited = true;
    log.delimiter = source.delimiter;
    log.decimal = source.decimal;
    log.header = source.header;
    views_.erase(log.path);
  }
  session_->document()->setLogs(std::move(logs));
}

void ImportPage::scheduleCheck() {
  checkPending_ = true;
  checkTimer_->start();
  emit completeChanged();
}

void ImportPage::startCheck() {
  if (task_->isRunning()) {
    // The running check is stale; it restarts when it has stopped.
    task_->cancel();
    return;
  }
  checkPending_ = false;
  IdentificationDocument* doc = session_->document();
  const QString key = logsKey(*doc);
  if (doc->logs().empty()) {
    checks_.clear();
    checkedKey_ = key;
    refreshProblems();
    emit completeChanged();
    emit checkFinished();
    return;
  }
  // Everything the worker needs, copied: it must not touch the document.
  std::vector<LogCheckRequest> requests;
  for (int i = 0; i < static_cast<int>(doc->logs().size()); ++i) {
    LogCheckRequest request;
    request.path = doc->logs()[size_t(i)].path;
    try {
      request.options = doc->settingsFor(i).import;
    } catch (const std::exception& e) {
      request.setupError = QString::fromUtf8(e.what());
    }
    request.options.dof = session_->model().dof();
    request.options.jointNames = session_->jointNames();
    requests.push_back(std::move(request));
  }
  auto results = std::make_shared<std::vector<LogCheck>>();
  checkProgress_->setValue(0);
  checkProgress_->setVisible(true);
  checkStatus_->setText(requests.size() == 1 ? tr("Reading the log...") : tr("Reading %1 logs...").arg(requests.size()));
  task_->start(
      [requests, results](const BackgroundTask::Progress& progress) { *results = checkLogs(requests, progress); },
      [this, key, results](const BackgroundTask::Outcome& outcome) {
        checkProgress_->setVisible(false);
        if (outcome.ok && key == logsKey(*session_->document())) {
          checks_ = *results;
          checkedKey_ = key;
        } else if (!outcome.ok && !outcome.cancelled) {
          checkStatus_->setText(outcome.error);
        }
        refreshProblems();
        if (checkPending_ || key != logsKey(*session_->document())) scheduleCheck();
        emit completeChanged();
        emit checkFinished();
      });
}

void ImportPage::refreshProblems() {
  problems_.clear();
  IdentificationDocument* doc = session_->document();
  const bool checked = checkedKey_ == logsKey(*doc);
  int errors = 0, warnings = 0;
  std::size_t rows = 0;
  for (const LogSource& log : doc->logs()) {
    const LogView* view = nullptr;
    if (auto it = views_.find(log.path); it != views_.end()) view = &it->second;
    const LogCheck* check = nullptr;
    if (checked)
      for (const LogCheck& c : checks_)
        if (c.path == log.path) check = &c;
    auto add = [&](LogProblem::Severity s, std::size_t line, const QString& message) {
      problems_.push_back({s, log.path, line, message});
      errors += s == LogProblem::Severity::Error;
      warnings += s == LogProblem::Severity::Warning;
    };
    if (check) {
      if (!check->ok) {
        const QString message = stripSource(check->error.toStdString(), log.path);
        add(LogProblem::Severity::Error, lineOfMessage(message), message);
      }
      for (const LogWarning& w : check->warnings)
        add(LogProblem::Severity::Warning, w.line, stripSource(w.message, log.path));
      if (check->ok && check->rateHz > 0 && check->rateHz < kSlowRateHz)
        add(LogProblem::Severity::Warning, 0,
            tr("sampled at %1 Hz: too slow for clean accelerations (use 200 Hz or more)").arg(check->rateHz, 0, 'g', 3));
    } else if (view && !view->previewError.isEmpty()) {
      add(LogProblem::Severity::Error, view->previewErrorLine, view->previewError);
    }
    if (view && !view->guessError.isEmpty() && !log.mappingEdited && view->previewError.isEmpty()) {
      // Once the log was read with the partial mapping, its own error says what is missing.
      if (check)
        add(LogProblem::Severity::Warning, view->guessErrorLine, tr("mapping not guessed: %1").arg(view->guessError));
      else
        add(LogProblem::Severity::Error, view->guessErrorLine, view->guessError);
    }
    if (view && !log.mappingEdited) {
      for (const QString& w : view->guessWarnings) add(LogProblem::Severity::Warning, 0, stripSource(w.toStdString(), log.path));
      for (const QString& n : view->guessNotes) add(LogProblem::Severity::Info, 0, stripSource(n.toStdString(), log.path));
    }
    if (check && check->ok) {
      rows += check->rows;
      add(LogProblem::Severity::Info, 0,
          tr("%1 samples, %2 s at %3 Hz").arg(check->rows).arg(check->duration, 0, 'f', 2).arg(check->rateHz, 0, 'g', 5));
    }
  }

  // Errors first, then warnings, then notes; in file and line order within each.
  std::stable_sort(problems_.begin(), problems_.end(), [](const LogProblem& a, const LogProblem& b) {
    return static_cast<int>(a.severity) < static_cast<int>(b.severity);
  });
  problemTree_->clear();
  static const QRegularExpression linePrefix(QStringLiteral("^line \\d+: "));
  for (const LogProblem& p : problems_) {
    auto* item = new QTreeWidgetItem;
    item->setText(0, QFileInfo(p.path).fileName());
    item->setToolTip(0, p.path);
    item->setText(1, p.line ? QString::number(p.line) : QString());
    QString message = p.message;
    if (p.line) message.remove(linePrefix);  // the line has a column of its own
    item->setText(2, message);
    item->setToolTip(2, p.message);
    const QStyle::StandardPixmap icon = p.severity == LogProblem::Severity::Error     ? QStyle::SP_MessageBoxCritical
                                        : p.severity == LogProblem::Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                                                      : QStyle::SP_MessageBoxInformation;
    item->setIcon(0, style()->standardIcon(icon));
    if (p.severity == LogProblem::Severity::Error) item->setForeground(2, QColor(176, 0, 32));
    if (p.severity == LogProblem::Severity::Info) item->setForeground(2, QColor(90, 90, 90));
    item->setData(0, Qt::UserRole, p.path);
    item->setData(1, Qt::UserRole, static_cast<qulonglong>(p.line));
    problemTree_->addTopLevelItem(item);
  }
  const int logs = static_cast<int>(doc->logs().size());
  if (logs == 0)
    checkStatus_->setText(tr("No log yet."));
  else if (!checked)
    checkStatus_->setText(tr("Checking..."));
  else if (errors)
    checkStatus_->setText(tr("<b style='color:#b00020'>%1</b>: fix the mapping or the file, or remove the log.")
                              .arg(countOf(errors, tr("error"), tr("errors"))));
  else
    checkStatus_->setText(tr("%1, %2 read without error%3.")
                              .arg(countOf(logs, tr("log"), tr("logs")))
                              .arg(countOf(static_cast<long long>(rows), tr("sample"), tr("samples")))
                              .arg(warnings ? ", " + countOf(warnings, tr("warning"), tr("warnings")) : QString()));
  refreshLogList();
}

void ImportPage::onProblemActivated(QTreeWidgetItem* item) {
  if (!item) return;
  const QString path = item->data(0, Qt::UserRole).toString();
  const std::size_t line = item->data(1, Qt::UserRole).toULongLong();
  const auto& logs = session_->document()->logs();
  for (size_t k = 0; k < logs.size(); ++k)
    if (logs[k].path == path && currentLog() != static_cast<int>(k)) setCurrentLog(static_cast<int>(k));
  if (line == 0) return;
  // Show the line in the raw text and the preview when it is among the first lines.
  const QTextBlock block = rawText_->document()->findBlockByNumber(static_cast<int>(line) - 1);
  if (block.isValid()) {
    // Select the line from its end back to its start, so the view shows its beginning.
    QTextCursor cursor(block);
    cursor.movePosition(QTextCursor::EndOfBlock);
    cursor.movePosition(QTextCursor::StartOfBlock, QTextCursor::KeepAnchor);
    rawText_->setTextCursor(cursor);
    rawText_->centerCursor();
    rawText_->horizontalScrollBar()->setValue(0);
  }
  if (auto it = views_.find(path); it != views_.end() && it->second.previewOk) {
    // The cell the message names ("column 'tau3'"), else the row.
    static const QRegularExpression columnName(QStringLiteral("column '([^']*)'"));
    const QRegularExpressionMatch match = columnName.match(item->toolTip(2));
    const auto& columns = it->second.preview.layout.columns;
    int column = -1;
    if (match.hasMatch())
      for (size_t c = 0; c < columns.size(); ++c)
        if (QString::fromStdString(columns[c]) == match.captured(1)) column = static_cast<int>(c);
    const auto& lines = it->second.preview.lines;
    for (size_t r = 0; r < lines.size(); ++r)
      if (lines[r] == line) {
        const int row = static_cast<int>(r);
        if (column >= 0) {
          previewTable_->setCurrentCell(row, column);
          previewTable_->scrollToItem(previewTable_->item(row, column), QAbstractItemView::PositionAtCenter);
        } else {
          previewTable_->selectRow(row);
          previewTable_->scrollToItem(previewTable_->item(row, 0));
        }
      }
  }
}

bool ImportPage::isComplete() const {
  IdentificationDocument* doc = session_->document();
  if (doc->logs().empty() || isChecking() || checkedKey_ != logsKey(*doc)) return false;
  for (const LogProblem& p : problems_)
    if (p.severity == LogProblem::Severity::Error) return false;
  return true;
}

}  // namespace eb::wizard
