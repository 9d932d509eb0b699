#include "widgets/friction_comparison_table.hpp"

#include <QHeaderView>

namespace eb::widgets {

namespace {

// The table's short name of a model ("+ Coulomb"): tables of it sit in narrow tabs; the full one
// is the tooltip.
QString shortFrictionName(const std::string& name) {
  const std::string prefix = "viscous + ";
  if (name.rfind(prefix, 0) != 0) return QString::fromStdString(name);
  std::string rest = name.substr(prefix.size());
  const std::string smooth = "smooth Coulomb ";
  if (rest.rfind(smooth, 0) == 0) rest = rest.substr(smooth.size());
  return "+ " + QString::fromStdString(rest);
}

}  // namespace

FrictionComparisonTable::FrictionComparisonTable(QWidget* parent) : QTableWidget(parent) {
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  verticalHeader()->setVisible(false);
  horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
}

void FrictionComparisonTable::clearComparison() {
  clear();
  setRowCount(0);
  setColumnCount(0);
}

void FrictionComparisonTable::setComparison(const FrictionComparison& c) {
  const int joints = c.models.empty() ? 0 : static_cast<int>(c.models.front().heldOutNrmse.size());
  clear();
  setRowCount(static_cast<int>(c.models.size()));
  setColumnCount(3);
  setHorizontalHeaderLabels({tr("Model"), tr("Score"), tr("Held-out NRMSE per joint [%]")});
  horizontalHeaderItem(1)->setToolTip(tr("Held-out residual, weighted per joint by the noise: lower is better"));
  for (int m = 0; m < static_cast<int>(c.models.size()); ++m) {
    const FrictionModelScore& s = c.models[static_cast<std::size_t>(m)];
    const bool best = m == c.best;
    QString name = shortFrictionName(s.name);
    if (best) name = QString::fromUtf8("\u2605 ") + name + tr(" (best)");
    QString tip = QString::fromStdString(s.name);
    if (!s.parameterName.empty()) {
      tip += "\n" + QString::fromStdString(s.parameterName) + tr(" per joint:");
      for (double p : s.parameter) tip += " " + QString::number(p, 'g', 3);
    }
    QString perJoint;
    for (int j = 0; j < joints; ++j) perJoint += (j ? "  " : "") + QString::number(s.heldOutNrmse[j], 'g', 3);
    QTableWidgetItem* items[3] = {new QTableWidgetItem(name), new QTableWidgetItem(QString::number(s.score, 'g', 4)),
                                  new QTableWidgetItem(perJoint)};
    for (int col = 0; col < 3; ++col) {
      items[col]->setToolTip(tip);
      if (best) {
        QFont font = items[col]->font();
        font.setBold(true);
        items[col]->setFont(font);
      }
      setItem(m, col, items[col]);
    }
  }
}

}  // namespace eb::widgets
