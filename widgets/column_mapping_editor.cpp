#include "widgets/column_mapping_editor.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace eb::widgets {
namespace {

std::string* roleField(JointColumns& j, int column) {
  switch (column) {
    case 1: return &j.q;
    case 2: return &j.qd;
    case 3: return &j.qdd;
    case 4: return &j.tau;
    default: return nullptr;
  }
}

const char* roleName(int column) {
  static const char* names[] = {"", "q", "qd", "qdd", "tau"};
  return column >= 1 && column <= 4 ? names[column] : "";
}

}  // namespace

ColumnMappingEditor::ColumnMappingEditor(const std::vector<std::string>& jointNames, QWidget* parent)
    : QWidget(parent), jointNames_(jointNames) {
  timeColumnCombo_ = new QComboBox;
  timeColumnCombo_->setObjectName("timeColumnCombo");
  timeColumnCombo_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  timeUnitCombo_ = new QComboBox;
  timeUnitCombo_->setObjectName("timeUnitCombo");
  for (TimeUnit u : {TimeUnit::Seconds, TimeUnit::Milliseconds, TimeUnit::Microseconds, TimeUnit::Nanoseconds})
    timeUnitCombo_->addItem(QString::fromLatin1(timeUnitName(u)), static_cast<int>(u));
  rateSpin_ = new QDoubleSpinBox;
  rateSpin_->setObjectName("rateSpin");
  rateSpin_->setRange(0.0, 1e6);
  rateSpin_->setDecimals(1);
  rateSpin_->setSuffix(tr(" Hz"));
  rateSpin_->setToolTip(tr("Sample rate of a log without a time column"));
  positionUnitCombo_ = new QComboBox;
  positionUnitCombo_->setObjectName("positionUnitCombo");
  positionUnitCombo_->addItem(tr("rad"), static_cast<int>(PositionUnit::Radian));
  positionUnitCombo_->addItem(tr("deg"), static_cast<int>(PositionUnit::Degree));
  positionUnitCombo_->setToolTip(tr("Unit of the joint positions (velocities and accelerations per second)"));
  guessButton_ = new QPushButton(tr("Guess again"));
  guessButton_->setObjectName("guessMappingButton");
  guessButton_->setToolTip(tr("Forget the edits and guess the mapping from the column names"));
  applyAllButton_ = new QPushButton(tr("Use for all logs"));
  applyAllButton_->setObjectName("applyMappingButton");
  applyAllButton_->setToolTip(tr("Give every log this format and column mapping"));
  connect(guessButton_, &QPushButton::clicked, this, &ColumnMappingEditor::guessRequested);
  connect(applyAllButton_, &QPushButton::clicked, this, &ColumnMappingEditor::applyToAllRequested);
  connect(timeColumnCombo_, qOverload<int>(&QComboBox::currentIndexChanged), this, &ColumnMappingEditor::onEdited);
  connect(timeUnitCombo_, qOverload<int>(&QComboBox::currentIndexChanged), this, &ColumnMappingEditor::onEdited);
  connect(positionUnitCombo_, qOverload<int>(&QComboBox::currentIndexChanged), this, &ColumnMappingEditor::onEdited);
  connect(rateSpin_, &QDoubleSpinBox::editingFinished, this, &ColumnMappingEditor::onEdited);

  auto* row = new QHBoxLayout;
  row->addWidget(new QLabel(tr("Time")));
  row->addWidget(timeColumnCombo_);
  row->addWidget(timeUnitCombo_);
  row->addWidget(new QLabel(tr("or rate")));
  row->addWidget(rateSpin_);
  row->addSpacing(8);
  row->addWidget(new QLabel(tr("Positions in")));
  row->addWidget(positionUnitCombo_);
  row->addStretch(1);
  row->addWidget(guessButton_);
  row->addWidget(applyAllButton_);

  table_ = new QTableWidget(0, ColumnCount);
  table_->setObjectName("mappingTable");
  table_->setHorizontalHeaderLabels(
      {tr("Joint"), tr("Position q"), tr("Velocity qd"), tr("Acceleration qdd"), tr("Torque τ / current i"),
       tr("τ scale [1 or N m/A]")});
  table_->horizontalHeaderItem(Scale)->setToolTip(
      tr("τ = scale × column: 1 for torques, the torque constant [N m/A] for motor currents"));
  table_->horizontalHeaderItem(Qd)->setToolTip(tr("Optional: velocities are differentiated from q"));
  table_->horizontalHeaderItem(Qdd)->setToolTip(tr("Optional: accelerations are differentiated from q"));
  table_->verticalHeader()->setVisible(false);
  table_->verticalHeader()->setDefaultSectionSize(26);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table_->horizontalHeader()->setSectionResizeMode(Joint, QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(Scale, QHeaderView::ResizeToContents);
  table_->setSelectionMode(QAbstractItemView::NoSelection);
  status_ = new QLabel;
  status_->setWordWrap(true);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(row);
  layout->addWidget(table_, 1);
  layout->addWidget(status_);
}

void ColumnMappingEditor::rebuildRows(const QStringList& columns) {
  const int dof = static_cast<int>(jointNames_.size());
  if (table_->rowCount() == dof && columns == columns_) return;
  columns_ = columns;
  table_->setRowCount(0);
  table_->setRowCount(dof);
  for (int j = 0; j < dof; ++j) {
    auto* name = new QTableWidgetItem(QString("%1  %2").arg(j + 1).arg(QString::fromStdString(jointNames_[size_t(j)])));
    name->setFlags(Qt::ItemIsEnabled);
    table_->setItem(j, Joint, name);
    for (int c = Q; c <= Tau; ++c) {
      auto* combo = new QComboBox;
      combo->setObjectName(QString("map_%1_%2").arg(roleName(c)).arg(j + 1));
      combo->addItem(tr("(none)"), QString());
      for (const QString& col : columns) combo->addItem(col, col);
      connect(combo, qOverload<int>(&QComboBox::currentIndexChanged), this, &ColumnMappingEditor::onEdited);
      table_->setCellWidget(j, c, combo);
    }
    auto* scale = new QDoubleSpinBox;
    scale->setObjectName(QString("map_scale_%1").arg(j + 1));
    scale->setRange(-1e6, 1e6);
    scale->setDecimals(4);
    scale->setValue(1.0);
    scale->setFrame(false);
    connect(scale, &QDoubleSpinBox::editingFinished, this, &ColumnMappingEditor::onEdited);
    table_->setCellWidget(j, Scale, scale);
  }
}

void ColumnMappingEditor::setMapping(const LogColumnMapping& m, const QStringList& columns, bool editedByHand) {
  updating_ = true;
  for (QWidget* w : std::initializer_list<QWidget*>{timeColumnCombo_, positionUnitCombo_, guessButton_, table_})
    w->setEnabled(true);
  timeColumnCombo_->clear();
  timeColumnCombo_->addItem(tr("(none: fixed rate)"), QString());
  for (const QString& c : columns) timeColumnCombo_->addItem(c, c);
  const QString timeColumn = QString::fromStdString(m.timeColumn);
  timeColumnCombo_->setCurrentIndex(std::max(0, timeColumnCombo_->findData(timeColumn)));
  timeUnitCombo_->setCurrentIndex(std::max(0, timeUnitCombo_->findData(static_cast<int>(m.timeUnit))));
  timeUnitCombo_->setEnabled(!timeColumn.isEmpty());
  rateSpin_->setValue(m.sampleRateHz);
  rateSpin_->setEnabled(timeColumn.isEmpty());
  positionUnitCombo_->setCurrentIndex(std::max(0, positionUnitCombo_->findData(static_cast<int>(m.positionUnit))));
  rebuildRows(columns);
  for (int j = 0; j < table_->rowCount(); ++j) {
    JointColumns jc = j < static_cast<int>(m.joints.size()) ? m.joints[size_t(j)] : JointColumns{};
    for (int c = Q; c <= Tau; ++c) {
      auto* combo = qobject_cast<QComboBox*>(table_->cellWidget(j, c));
      combo->setCurrentIndex(std::max(0, combo->findData(QString::fromStdString(*roleField(jc, c)))));
    }
    qobject_cast<QDoubleSpinBox*>(table_->cellWidget(j, Scale))->setValue(jc.torqueScale);
  }
  status_->setText(editedByHand ? tr("Mapping edited by hand.") : tr("Mapping guessed from the column names: check it."));
  updating_ = false;
}

void ColumnMappingEditor::setUnavailable(const QString& message) {
  updating_ = true;
  for (QWidget* w : std::initializer_list<QWidget*>{timeColumnCombo_, timeUnitCombo_, rateSpin_, positionUnitCombo_,
                                                    guessButton_, applyAllButton_, table_})
    w->setEnabled(false);
  table_->setRowCount(0);
  columns_.clear();
  timeColumnCombo_->clear();
  status_->setText(message);
  updating_ = false;
}

void ColumnMappingEditor::setApplyToAllEnabled(bool on) { applyAllButton_->setEnabled(on); }

LogColumnMapping ColumnMappingEditor::mapping() const {
  LogColumnMapping m;
  m.timeColumn = timeColumnCombo_->currentData().toString().toStdString();
  m.timeUnit = static_cast<TimeUnit>(timeUnitCombo_->currentData().toInt());
  m.sampleRateHz = m.timeColumn.empty() ? rateSpin_->value() : 0.0;
  m.positionUnit = static_cast<PositionUnit>(positionUnitCombo_->currentData().toInt());
  for (int j = 0; j < table_->rowCount(); ++j) {
    JointColumns jc;
    jc.name = jointNames_[size_t(j)];
    for (int c = Q; c <= Tau; ++c)
      *roleField(jc, c) = qobject_cast<QComboBox*>(table_->cellWidget(j, c))->currentData().toString().toStdString();
    jc.torqueScale = qobject_cast<QDoubleSpinBox*>(table_->cellWidget(j, Scale))->value();
    m.joints.push_back(jc);
  }
  return m;
}

void ColumnMappingEditor::onEdited() {
  if (updating_ || table_->rowCount() == 0) return;
  const bool hasTime = !timeColumnCombo_->currentData().toString().isEmpty();
  timeUnitCombo_->setEnabled(hasTime);
  rateSpin_->setEnabled(!hasTime);
  status_->setText(tr("Mapping edited by hand."));
  emit edited();
}

}  // namespace eb::widgets
