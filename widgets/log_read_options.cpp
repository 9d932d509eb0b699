#include "widgets/log_read_options.hpp"

#include "logs/time_base.hpp"
#include "widgets/display_text.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace eb::widgets {

namespace {

// "0.125, 0.125, 0.1" -> numbers; false for anything that is not a list of non-zero numbers.
bool parseConstants(const QString& text, std::vector<double>& out) {
  out.clear();
  for (const QString& part : text.split(QRegularExpression("[,;\\s]+"), Qt::SkipEmptyParts)) {
    bool ok = false;
    const double v = part.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v == 0.0) return false;
    out.push_back(v);
  }
  return true;
}

// "1, -1, 1": each +1 or -1; nothing is an empty list (signs not stated).
bool parseSigns(const QString& text, std::vector<double>& out) {
  out.clear();
  for (const QString& part : text.split(QRegularExpression("[,;\\s]+"), Qt::SkipEmptyParts)) {
    bool ok = false;
    const int v = part.toInt(&ok);
    if (!ok || (v != 1 && v != -1)) return false;
    out.push_back(v);
  }
  return true;
}

}  // namespace

LogReadOptions::LogReadOptions(QWidget* parent) : QWidget(parent) {
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
  auto* format = new QHBoxLayout;
  format->setContentsMargins(4, 2, 4, 2);
  format->addWidget(new QLabel(tr("Delimiter")));
  format->addWidget(delimiterCombo_);
  format->addSpacing(8);
  format->addWidget(new QLabel(tr("Decimal")));
  format->addWidget(decimalCombo_);
  format->addSpacing(8);
  format->addWidget(new QLabel(tr("Header")));
  format->addWidget(headerCombo_);
  format->addSpacing(12);
  format->addWidget(detectedLabel_, 1);
  for (QComboBox* c : {delimiterCombo_, decimalCombo_, headerCombo_})
    connect(c, qOverload<int>(&QComboBox::currentIndexChanged), this, &LogReadOptions::formatEdited);

  torqueConstantsEdit_ = new QLineEdit;
  torqueConstantsEdit_->setObjectName("torqueConstantsEdit");
  torqueConstantsEdit_->setPlaceholderText(tr("empty: the logs hold torques"));
  torqueConstantsEdit_->setToolTip(
      tr("Logs of motor currents (UR actual_current): one current-to-torque gain per joint [N m/A], comma-separated. "
         "They become each joint's τ scale in the mapping."));
  torqueSignsEdit_ = new QLineEdit;
  torqueSignsEdit_->setObjectName("torqueSignsEdit");
  torqueSignsEdit_->setPlaceholderText(tr("not stated"));
  torqueSignsEdit_->setToolTip(
      tr("Per joint 1 or -1 multiplying the logged torque, comma-separated: -1 where the driver reports torque with "
         "the opposite sign of the description (KUKA FRI does). Empty: the logs are checked against the "
         "description, and a clearly reversed gravity-loaded joint is refused until you state the signs."));
  dropBadRowsCheck_ = new QCheckBox(tr("Drop corrupt rows"));
  dropBadRowsCheck_->setObjectName("dropBadRowsCheck");
  dropBadRowsCheck_->setToolTip(tr("Rows that do not parse, have the wrong field count or absurd values are dropped "
                                   "and counted, and the log is split there, instead of refusing the log."));
  gapStepsSpin_ = new QDoubleSpinBox;
  gapStepsSpin_->setObjectName("gapStepsSpin");
  gapStepsSpin_->setRange(kGapStepsSpec.minimum, kGapStepsSpec.maximum);
  gapStepsSpin_->setDecimals(1);
  gapStepsSpin_->setSuffix(tr(" steps"));
  gapStepsSpin_->setToolTip(tr("A time step longer than this many nominal steps is a gap: the log is split there and "
                               "the parts are filtered on their own, never interpolated across."));
  auto* reading = new QHBoxLayout;
  reading->setContentsMargins(4, 2, 4, 2);
  reading->addWidget(new QLabel(tr("Torque constants [N m/A]")));
  reading->addWidget(torqueConstantsEdit_, 2);
  reading->addSpacing(12);
  reading->addWidget(new QLabel(tr("Torque signs")));
  reading->addWidget(torqueSignsEdit_, 1);
  reading->addSpacing(12);
  reading->addWidget(dropBadRowsCheck_);
  reading->addSpacing(12);
  reading->addWidget(new QLabel(tr("Gap over")));
  reading->addWidget(gapStepsSpin_);
  reading->addStretch(1);
  connect(torqueConstantsEdit_, &QLineEdit::editingFinished, this, &LogReadOptions::importEdited);
  connect(torqueSignsEdit_, &QLineEdit::editingFinished, this, &LogReadOptions::importEdited);
  connect(dropBadRowsCheck_, &QCheckBox::toggled, this, &LogReadOptions::importEdited);
  connect(gapStepsSpin_, &QDoubleSpinBox::editingFinished, this, &LogReadOptions::importEdited);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addLayout(format);
  layout->addLayout(reading);
}

void LogReadOptions::showFormat(const LogScan& scan, const LogReadChoice& choice) {
  const bool csv = scan.kind == LogFileKind::DelimitedText;
  auto select = [](QComboBox* combo, int data) {
    const QSignalBlocker block(combo);
    combo->setCurrentIndex(std::max(0, combo->findData(data)));
  };
  for (QComboBox* c : {delimiterCombo_, decimalCombo_, headerCombo_}) c->setEnabled(csv);
  select(delimiterCombo_, choice.delimiter ? int(*choice.delimiter) : 0);
  select(decimalCombo_, choice.decimal ? int(*choice.decimal) : 0);
  select(headerCombo_, choice.header ? int(*choice.header) : -1);
  if (!csv) {
    detectedLabel_->setText(scan.kind == LogFileKind::RosBag ? tr("ROS 2 bag") : tr("MATLAB file"));
    return;
  }
  if (!scan.preview) {
    detectedLabel_->setText(
        tr("<span style='color:#b00020'>%1</span>").arg(diagnosticText(scan.error).toHtmlEscaped()));
    return;
  }
  const CsvLayout& layout = scan.preview->layout;
  QString text = tr("<b>%1</b>-delimited, decimal '%2', %3, %4 columns")
                     .arg(delimiterLabel(layout.format.delimiter))
                     .arg(QChar(layout.format.decimal))
                     .arg(layout.format.hasHeader ? tr("header on line %1").arg(layout.headerLine) : tr("no header"))
                     .arg(layout.columns.size());
  if (choice.delimiter || choice.decimal || choice.header) text += tr(" (forced)");
  detectedLabel_->setText(text);
  detectedLabel_->setToolTip(toQStringList(layout.notes).join('\n'));
}

void LogReadOptions::clearFormat() {
  detectedLabel_->clear();
  for (QComboBox* c : {delimiterCombo_, decimalCombo_, headerCombo_}) c->setEnabled(false);
}

void LogReadOptions::showImport(const LogImportOptions& s) {
  QStringList constants;
  for (double k : s.torqueConstants) constants << QString::number(k, 'g', 17);
  QStringList signs;
  for (double k : s.torqueSigns) signs << QString::number(k);
  const QSignalBlocker a(torqueConstantsEdit_), b(dropBadRowsCheck_), c(gapStepsSpin_), d(torqueSignsEdit_);
  torqueConstantsEdit_->setText(constants.join(", "));
  torqueConstantsEdit_->setStyleSheet(QString());
  torqueSignsEdit_->setText(signs.join(", "));
  torqueSignsEdit_->setStyleSheet(QString());
  dropBadRowsCheck_->setChecked(s.dropBadRows);
  gapStepsSpin_->setValue(s.gapSteps);
}

std::optional<char> LogReadOptions::delimiter() const {
  const int d = delimiterCombo_->currentData().toInt();
  return d ? std::optional<char>(char(d)) : std::nullopt;
}

std::optional<char> LogReadOptions::decimal() const {
  const int d = decimalCombo_->currentData().toInt();
  return d ? std::optional<char>(char(d)) : std::nullopt;
}

std::optional<bool> LogReadOptions::header() const {
  const int h = headerCombo_->currentData().toInt();
  return h >= 0 ? std::optional<bool>(h == 1) : std::nullopt;
}

std::optional<LogImportOptions> LogReadOptions::importSettings(const LogImportOptions& current, int dof) {
  LogImportOptions s = current;
  if (!parseConstants(torqueConstantsEdit_->text(), s.torqueConstants) ||
      (!s.torqueConstants.empty() && static_cast<int>(s.torqueConstants.size()) != dof)) {
    torqueConstantsEdit_->setStyleSheet("QLineEdit { background: #ffd0d0; }");
    torqueConstantsEdit_->setToolTip(tr("%1 non-zero numbers [N m/A], one per joint, or nothing").arg(dof));
    return std::nullopt;
  }
  torqueConstantsEdit_->setStyleSheet(QString());
  if (!parseSigns(torqueSignsEdit_->text(), s.torqueSigns) ||
      (!s.torqueSigns.empty() && static_cast<int>(s.torqueSigns.size()) != dof)) {
    torqueSignsEdit_->setStyleSheet("QLineEdit { background: #ffd0d0; }");
    return std::nullopt;
  }
  torqueSignsEdit_->setStyleSheet(QString());
  s.dropBadRows = dropBadRowsCheck_->isChecked();
  s.gapSteps = gapStepsSpin_->value();
  return s;
}

}  // namespace eb::widgets
