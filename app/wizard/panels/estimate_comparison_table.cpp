#include "app/wizard/panels/estimate_comparison_table.hpp"

#include "widgets/result_table.hpp"
#include "app/wizard/controller/wizard_text.hpp"

#include <QFont>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace eb::wizard {
namespace {

enum Column { CMark, CMethod, CJointModel, CCond, CPlausible, CFirstJoint };

QString jointModelText(const EstimationSettings& s) {
  if (!s.frictionModel.empty()) return QObject::tr("friction: %1").arg(QString::fromStdString(s.frictionModel));
  QStringList parts;
  if (s.regressor.viscous) parts << QObject::tr("viscous");
  if (s.regressor.coulomb) parts << QObject::tr("Coulomb");
  if (s.regressor.offset) parts << QObject::tr("offset");
  if (s.regressor.armature) parts << QObject::tr("armature");
  return parts.isEmpty() ? QObject::tr("rigid bodies only") : parts.join(" + ");
}

QTableWidgetItem* numberItem(const QString& text) {
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

}  // namespace

EstimateComparisonRow comparisonRow(const EstimateResult& r) {
  EstimateComparisonRow row;
  const EstimationMethod asked = r.settings.estimation.method;
  row.method = methodLabel(asked);
  if (asked == EstimationMethod::Auto && r.estimate.method != EstimationMethod::Auto)
    row.method = QObject::tr("Automatic: %1").arg(methodLabel(r.estimate.method));
  row.jointModel = jointModelText(r.settings);
  row.condition = r.estimate.condition;
  if (!r.plausibility.empty()) {
    row.links = static_cast<int>(r.plausibility.size());
    row.plausibleLinks = static_cast<int>(
        std::count_if(r.plausibility.begin(), r.plausibility.end(), [](const auto& b) { return b.plausible(); }));
  }
  const NormalEquations& eq = r.logs->equations;
  for (int j = 0; j < eq.dof; ++j) row.nrmsePercent.push_back(eq.nrmsePercent(j, r.estimate.values));
  return row;
}

EstimateComparisonTable::EstimateComparisonTable(WizardSession* session, QWidget* parent)
    : QWidget(parent), session_(session) {
  QStringList headers{tr(""), tr("Method"), tr("Joint model"), tr("cond"), tr("Plausible\nlinks")};
  for (int j = 0; j < session_->model().dof(); ++j) headers << tr("NRMSE\nj%1 [%]").arg(j + 1);
  table_ = widgets::makeResultTable(headers, "estimateComparisonTable", 40);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->horizontalHeader()->setStretchLastSection(false);
  table_->horizontalHeaderItem(CCond)->setToolTip(tr("Condition number of the weighted base regressor"));
  table_->horizontalHeaderItem(CPlausible)->setToolTip(
      tr("Links whose mass, centre of mass and inertia fit their geometry's bounds; checked on the full "
         "parameters, which only the physically consistent estimate has"));
  for (int j = 0; j < session_->model().dof(); ++j)
    table_->horizontalHeaderItem(CFirstJoint + j)
        ->setToolTip(tr("Joint %1 (%2): RMS of the torque residual over the RMS torque, on the samples the "
                        "estimate was made on (the Validate page scores another log)")
                         .arg(j + 1)
                         .arg(QString::fromStdString(session_->model().joint(j).name)));
  hint_ = new QLabel;
  hint_->setObjectName("estimateComparisonHint");
  hint_->setWordWrap(true);
  useButton_ = new QPushButton(tr("Use this estimate"));
  useButton_->setObjectName("useEstimateButton");
  useButton_->setAutoDefault(false);
  useButton_->setToolTip(tr("Make the selected estimate the one validated and exported (no new run)"));
  connect(useButton_, &QPushButton::clicked, this, [this] { choose(table_->currentRow()); });
  connect(table_, &QTableWidget::cellDoubleClicked, this, [this](int row) { choose(row); });
  connect(table_, &QTableWidget::currentCellChanged, this,
          [this](int row) { useButton_->setEnabled(row >= 0 && row != exportedRow()); });
  auto* row = new QHBoxLayout;
  row->addWidget(hint_, 1);
  row->addWidget(useButton_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(row);
  layout->addWidget(table_, 1);
  connect(session_, &WizardSession::estimatesChanged, this, &EstimateComparisonTable::refresh);
  connect(session_, &WizardSession::estimateChanged, this, &EstimateComparisonTable::refresh);
  refresh();
}

int EstimateComparisonTable::rowOf(const EstimateResult* estimate) const {
  for (size_t i = 0; i < shown_.size(); ++i)
    if (shown_[i].get() == estimate) return static_cast<int>(i);
  return -1;
}

int EstimateComparisonTable::exportedRow() const { return session_->estimate() ? rowOf(session_->estimate().get()) : -1; }

void EstimateComparisonTable::choose(int row) {
  if (row < 0 || row >= static_cast<int>(shown_.size()) || row == exportedRow()) return;
  emit chosen(shown_[size_t(row)]->settings);
}

void EstimateComparisonTable::refresh() {
  shown_ = session_->estimates();
  const int exported = exportedRow();
  table_->setRowCount(static_cast<int>(shown_.size()));
  for (int i = 0; i < static_cast<int>(shown_.size()); ++i) {
    const EstimateComparisonRow row = comparisonRow(*shown_[size_t(i)]);
    const bool live = i == exported;
    std::vector<QTableWidgetItem*> cells{
        new QTableWidgetItem(live ? tr("exported") : QString()), new QTableWidgetItem(row.method),
        new QTableWidgetItem(row.jointModel), numberItem(formatNumber(row.condition, 4)),
        numberItem(row.plausibleLinks < 0 ? tr("not checked")
                                          : tr("%1 of %2").arg(row.plausibleLinks).arg(row.links))};
    if (row.plausibleLinks < 0) cells.back()->setToolTip(table_->horizontalHeaderItem(CPlausible)->toolTip());
    for (double v : row.nrmsePercent) cells.push_back(numberItem(std::isfinite(v) ? QString::number(v, 'f', 2) : "-"));
    for (size_t c = 0; c < cells.size(); ++c) {
      if (live) {
        QFont f = cells[c]->font();
        f.setBold(true);
        cells[c]->setFont(f);
        cells[c]->setBackground(QColor(0xdf, 0xf0, 0xd8));
      }
      table_->setItem(i, static_cast<int>(c), cells[c]);
    }
    cells[CMark]->setToolTip(tr("The estimate validated and exported"));
  }
  hint_->setText(shown_.size() < 2
                     ? tr("Each estimate made on these logs stays here: change the method or the joint model "
                          "and press Estimate to compare them side by side.")
                     : tr("%1 estimates on these logs. The one marked is validated and exported; "
                          "choose another with Use this estimate.")
                           .arg(shown_.size()));
  useButton_->setEnabled(table_->currentRow() >= 0 && table_->currentRow() != exported);
}

}  // namespace eb::wizard
