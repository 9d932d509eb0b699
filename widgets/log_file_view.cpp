#include "widgets/log_file_view.hpp"

#include <QFile>
#include <QFontDatabase>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBlock>
#include <QVBoxLayout>
#include <cmath>
#include <map>

#include "logs/bag_log_source.hpp"
#include "logs/log_inspection.hpp"
#include "widgets/display_text.hpp"

namespace eb::widgets {

namespace {

// The role of each column of the file under `m`, for the preview's header.
std::map<std::string, QString> columnRoles(const LogColumnMapping& m) {
  std::map<std::string, QString> roles;
  if (!m.timeColumn.empty()) roles[m.timeColumn] = QObject::tr("time [%1]").arg(timeUnitName(m.timeUnit));
  for (size_t j = 0; j < m.joints.size(); ++j) {
    const JointColumns& jc = m.joints[j];
    const std::pair<const std::string*, QString> fields[] = {
        {&jc.q, "q"}, {&jc.qd, "qd"}, {&jc.qdd, "qdd"}, {&jc.tau, jc.torqueScale == 1.0 ? "τ" : "i→τ"}};
    for (const auto& [column, role] : fields)
      if (!column->empty()) roles[*column] = QString("%1 · j%2").arg(role).arg(j + 1);
  }
  return roles;
}

}  // namespace

LogFileView::LogFileView(QWidget* parent) : QWidget(parent) {
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
  previewTitle_->setWordWrap(true);
  rawBox_ = new QGroupBox(tr("File (first lines)"));
  auto* rawBox = rawBox_;
  (new QVBoxLayout(rawBox))->addWidget(rawText_);
  previewBox_ = new QGroupBox(tr("Parsed columns"));
  auto* previewBox = previewBox_;
  auto* previewLayout = new QVBoxLayout(previewBox);
  previewLayout->addWidget(previewTable_);
  previewLayout->addWidget(previewTitle_);
  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(rawBox);
  split->addWidget(previewBox);
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 3);
  split->setSizes({360, 560});
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);
}

void LogFileView::clear(const QString& hint) {
  rawText_->setPlainText(hint);
  previewTable_->clear();
  previewTable_->setRowCount(0);
  previewTable_->setColumnCount(0);
  previewTitle_->clear();
}

void LogFileView::show(const LogScan& scan, const LogColumnMapping& mapping) {
  const bool bag = scan.kind == LogFileKind::RosBag;
  const QString path = QString::fromStdString(scan.path);
  // A bag's inspection is a few long lines (topics, types, counts): wrapped, it is read whole.
  rawText_->setLineWrapMode(bag ? QPlainTextEdit::WidgetWidth : QPlainTextEdit::NoWrap);
  rawBox_->setTitle(bag ? tr("What the bag holds") : tr("File (first lines)"));
  if (scan.kind == LogFileKind::Mat) {
    rawText_->setPlainText(tr("%1\n\nMATLAB file: the variables t, q, qd, qdd and tau are read by name "
                              "(q and tau required, one column per joint).")
                               .arg(path));
  } else if (bag) {
    // What the bag holds (files, topics, types, counts, span, rate, the JointState joints): the
    // engine's description of its scan, the text `excitebench-cli inspect-log` prints.
    QString text;
    try {
      for (const std::string& line : describeLogScan(scan)) text += QString::fromStdString(line) + "\n";
    } catch (const std::exception& e) {
      text += QString::fromUtf8(e.what());
    }
    rawText_->setPlainText(text);
  } else {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
      rawText_->setPlainText(tr("%1: cannot open").arg(path));
    } else {
      const std::size_t lastLine = scan.preview && !scan.preview->lines.empty() ? scan.preview->lines.back() : 60;
      QString text;
      for (std::size_t line = 1; line <= lastLine && !file.atEnd(); ++line) {
        QByteArray bytes = file.readLine(64 * 1024);
        while (bytes.endsWith('\n') || bytes.endsWith('\r')) bytes.chop(1);
        text += QString("%1  %2\n").arg(line, 4).arg(QString::fromUtf8(bytes));
      }
      if (!file.atEnd()) text += tr("   ...\n");
      rawText_->setPlainText(text);
    }
  }
  showPreview(scan, mapping);
}

void LogFileView::showPreview(const LogScan& scan, const LogColumnMapping& mapping) {
  const bool bag = scan.kind == LogFileKind::RosBag;
  previewTable_->clear();
  previewBox_->setTitle(bag ? tr("Joints found") : tr("Parsed columns"));
  previewTable_->horizontalHeader()->setStretchLastSection(bag);
  if (bag) {
    showBagJoints(scan);
    return;
  }
  if (scan.kind != LogFileKind::DelimitedText || !scan.preview) {
    previewTable_->setRowCount(0);
    previewTable_->setColumnCount(0);
    // A delimited-text log without a preview could not be read: the scan's error says why.
    previewTitle_->setText(scan.kind == LogFileKind::Mat ? tr("No preview for MATLAB files.")
                           : bag ? tr("No table preview for ROS 2 bags: the samples are read by joint name.")
                                 : diagnosticText(scan.error));
    previewTitle_->setToolTip(previewTitle_->text());  // a long error is cut by the pane's width
    return;
  }
  const CsvPreview& p = *scan.preview;
  const int rows = static_cast<int>(p.values.rows());
  const int cols = static_cast<int>(p.layout.columns.size());
  const std::map<std::string, QString> roles = columnRoles(mapping);
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
    const auto fields = csv_text::splitQuoted(p.rawLines[size_t(r)], delimiter);
    for (int c = 0; c < cols; ++c) {
      const double v = p.value(r, c);
      const QString text =
          c < static_cast<int>(fields.size()) ? QString::fromStdString(csv_text::unquote(fields[size_t(c)])) : QString();
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
  previewTitle_->setToolTip(QString());
}

void LogFileView::showBagJoints(const LogScan& scan) {
  previewTable_->setRowCount(0);
  previewTable_->setColumnCount(0);
  if (!scan.jointStates) {
    // The bag's own error when it could not be scanned, else why it has no usable JointState topic.
    const Diagnostic& why = scan.ok() ? scan.jointStatesError : scan.error;
    previewTitle_->setText(QString::fromStdString(why.text()));
    previewTitle_->setToolTip(previewTitle_->text());
    return;
  }
  const BagJointStates& states = *scan.jointStates;
  // Which robot joint reads each bag joint: the one of the same name (bag_log_source.hpp).
  std::map<std::string, int> robotJoint;
  for (size_t j = 0; j < robotJoints_.size(); ++j) robotJoint[robotJoints_[j]] = static_cast<int>(j);
  const QStringList headers{tr("Joint in the bag"), tr("Robot joint"), tr("Messages"), tr("Velocity"), tr("Effort")};
  previewTable_->setColumnCount(headers.size());
  previewTable_->setHorizontalHeaderLabels(headers);
  previewTable_->setRowCount(static_cast<int>(states.joints.size()));
  const QString messages = states.messages > 0 ? QString::number(static_cast<qulonglong>(states.messages)) : tr("—");
  int used = 0;
  for (int r = 0; r < static_cast<int>(states.joints.size()); ++r) {
    const std::string& name = states.joints[static_cast<size_t>(r)];
    const auto it = robotJoint.find(name);
    used += it != robotJoint.end();
    const QString cells[5] = {QString::fromStdString(name),
                              it != robotJoint.end() ? tr("j%1").arg(it->second + 1) : tr("not the robot's: left out"),
                              messages, states.velocity ? tr("logged") : tr("no: differentiated"),
                              states.effort ? tr("logged") : tr("no: refused")};
    for (int c = 0; c < 5; ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      if (c == 2) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      if ((c == 1 && it == robotJoint.end()) || (c == 4 && !states.effort)) item->setForeground(QColor(154, 91, 0));
      previewTable_->setItem(r, c, item);
    }
  }
  previewTable_->resizeColumnsToContents();
  previewTitle_->setText(tr("%1 (%2): %3 joints, %4 of them the robot's; messages of the topic, velocity and effort "
                            "as its messages carry them.")
                             .arg(QString::fromStdString(states.topic), QString::fromStdString(states.type))
                             .arg(states.joints.size())
                             .arg(used));
  previewTitle_->setToolTip(QString());
}

void LogFileView::showPlace(std::size_t line, const QString& field, const LogScan& scan) {
  if (line == 0) return;
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
  if (!scan.preview) return;
  const auto& columns = scan.preview->layout.columns;
  int column = -1;
  for (size_t c = 0; c < columns.size(); ++c)
    if (QString::fromStdString(columns[c]) == field) column = static_cast<int>(c);
  const auto& lines = scan.preview->lines;
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

}  // namespace eb::widgets
