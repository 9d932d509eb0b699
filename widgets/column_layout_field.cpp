#include "widgets/column_layout_field.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace eb::widgets {

ColumnLayoutField::ColumnLayoutField(QWidget* parent) : QWidget(parent) {
  edit_ = new QLineEdit;
  edit_->setObjectName("columnLayoutEdit");
  edit_->setClearButtonEnabled(true);
  edit_->setToolTip(
      tr("The file's columns left to right, as excitebench-cli --columns takes them: t (unit in brackets: s, ms, us, "
         "ns), per joint q, qd, qdd, tau or i (motor current, scaled by the torque constants), ranges such as "
         "q1..q6 (q1..q6[deg] for degrees), _ to skip a column and _*n to skip n. Columns after the last item are "
         "ignored."));
  applyButton_ = new QPushButton(tr("Apply"));
  applyButton_->setObjectName("applyColumnLayoutButton");
  applyButton_->setAutoDefault(false);
  applyButton_->setToolTip(tr("Map the columns by this layout (replaces the mapping below)"));
  message_ = new QLabel;
  message_->setObjectName("columnLayoutMessage");
  message_->setWordWrap(false);
  // One line whatever its length: a long engine message is cut, not allowed to widen the page;
  // the tooltip has it in full.
  message_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  message_->setTextFormat(Qt::PlainText);
  message_->setVisible(false);
  connect(applyButton_, &QPushButton::clicked, this, [this]() { emit applyRequested(edit_->text()); });
  connect(edit_, &QLineEdit::returnPressed, this, [this]() { emit applyRequested(edit_->text()); });

  auto* row = new QHBoxLayout;
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(new QLabel(tr("Layout")));
  row->addWidget(edit_, 1);
  row->addWidget(applyButton_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addLayout(row);
  layout->addWidget(message_);
}

void ColumnLayoutField::setJointCount(int dof) {
  const QString n = QString::number(dof);
  edit_->setPlaceholderText(
      tr("headerless log? type its columns, e.g. t[ms], q1..q%1, qd1..qd%1, i1..i%1, _*4").arg(n));
}

QString ColumnLayoutField::text() const { return edit_->text(); }

void ColumnLayoutField::setText(const QString& text) { edit_->setText(text); }

void ColumnLayoutField::showError(const QString& message) { setMessage(message, true); }

void ColumnLayoutField::showNote(const QString& message) { setMessage(message, false); }

void ColumnLayoutField::clearMessage() { setMessage(QString(), false); }

QString ColumnLayoutField::message() const { return message_->text(); }

void ColumnLayoutField::setMessage(const QString& message, bool error) {
  message_->setText(message);
  message_->setToolTip(message);
  message_->setStyleSheet(error ? "color: #b00020" : QString());
  message_->setVisible(!message.isEmpty());
}

}  // namespace eb::widgets
