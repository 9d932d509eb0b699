#include "widgets/robot_panel.hpp"

#include "widgets/joint_limits_model.hpp"

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace eb::widgets {
namespace {
constexpr int kRowHeight = 20;
constexpr int kRowsShown = 7;
}  // namespace

RobotPanel::RobotPanel(QWidget* parent)
    : QWidget(parent),
      summary_(new QLabel),
      model_(new JointLimitsModel(this)),
      table_(new QTableView),
      base_(new QTreeWidget) {
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  table_->setModel(model_);
  table_->setObjectName("jointsTable");
  table_->verticalHeader()->setDefaultSectionSize(kRowHeight);
  table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  // Every column, the joint name too, is as wide as its contents: a narrow dock scrolls sideways
  // rather than cutting names that differ only at one end ("panda_joint1" .. "panda_joint7").
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setMinimumSectionSize(28);
  table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  // Seven joints (a typical arm) without scrolling; the base parameter list yields first.
  table_->setMinimumHeight(kRowHeight * kRowsShown + table_->horizontalHeader()->sizeHint().height() +
                           2 * table_->frameWidth());
  table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                          QAbstractItemView::AnyKeyPressed);
  table_->horizontalHeader()->setToolTip(
      tr("Limits in SI units: rad, rad/s, rad/s\u00b2, N m (m, m/s, m/s\u00b2, N for prismatic joints)"));
  base_->setColumnCount(2);
  base_->setHeaderLabels({tr("base parameter"), tr("expression")});
  base_->setRootIsDecorated(false);
  base_->setAlternatingRowColors(true);
  base_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);

  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(table_);
  split->addWidget(base_);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 0);
  split->setSizes({table_->minimumHeight(), 80});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(summary_);
  layout->addWidget(split, 1);
}

void RobotPanel::setSummary(const QString& name, const QString& source, int dof, int locked) {
  // A file path can be long: the name is shown, the full path is in the tooltip.
  const QString shown = QFileInfo(source).fileName().isEmpty() ? source : QFileInfo(source).fileName();
  const QString dofText = locked > 0 ? tr("%1 DOF (%2 locked)").arg(dof).arg(locked) : tr("%1 DOF").arg(dof);
  summary_->setText(tr("<b>%1</b> &nbsp; %2 &nbsp; <small>%3</small>")
                        .arg(name.toHtmlEscaped(), dofText, shown.toHtmlEscaped()));
  summary_->setToolTip(source);
}

void RobotPanel::setBaseParameters(const QStringList& names, const QStringList& expressions) {
  base_->clear();
  QList<QTreeWidgetItem*> items;
  for (int i = 0; i < names.size(); ++i) {
    auto* item = new QTreeWidgetItem({names[i], expressions.value(i)});
    item->setToolTip(1, expressions.value(i));
    items.append(item);
  }
  base_->addTopLevelItems(items);
}

int RobotPanel::baseParameterCount() const { return base_->topLevelItemCount(); }

}  // namespace eb::widgets
