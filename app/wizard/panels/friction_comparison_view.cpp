#include "app/wizard/panels/friction_comparison_view.hpp"


#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace eb::wizard {

FrictionComparisonView::FrictionComparisonView(IdentificationController* controller, QWidget* parent)
    : QWidget(parent), controller_(controller) {
  compare_ = new QPushButton(tr("Compare friction models"));
  compare_->setObjectName("compareFrictionButton");
  compare_->setToolTip(tr("Fit viscous, Coulomb, asymmetric Coulomb, smooth Coulomb tanh(qd/w) and Coulomb + "
                          "Stribeck friction with the rigid-body parameters, and predict every fifth second of "
                          "the logs, held out"));
  status_ = new QLabel(tr("Which friction the joints follow, judged on held-out seconds."));
  status_->setWordWrap(true);
  table_ = new QTableWidget;
  table_->setObjectName("frictionComparisonTable");
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->setVisible(false);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  use_ = new QPushButton(tr("Use for the estimate"));
  use_->setObjectName("useFrictionModelButton");
  use_->setToolTip(
      tr("Estimate with the selected model (the best if none is selected), its widths or Stribeck "
         "velocities as compared; params.json carries them to validate, torques and closed-loop"));
  use_->setEnabled(false);
  connect(use_, &QPushButton::clicked, this, [this] {
    const int row = table_->currentRow() >= 0 ? table_->currentRow() : bestRow_;
    if (row >= 0 && row < static_cast<int>(models_.size()))
      emit modelChosen(models_[size_t(row)].first, models_[size_t(row)].second);
  });
  auto* top = new QHBoxLayout;
  top->addWidget(compare_);
  top->addWidget(use_);
  top->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(status_);
  layout->addWidget(table_, 1);
  connect(compare_, &QPushButton::clicked, this, [this] {
    if (controller_->isRunning(Job::FrictionComparison)) controller_->cancel(Job::FrictionComparison);
    else run();
  });
  connect(controller_, &IdentificationController::jobProgress, this, [this](Job job, double f, const QString& what) {
    if (job == Job::FrictionComparison) status_->setText(tr("%1 % %2").arg(static_cast<int>(100 * f)).arg(what));
  });
  connect(controller_, &IdentificationController::jobFinished, this,
          [this](Job job, bool ok, bool, const QString& message) {
            if (job != Job::FrictionComparison) return;
            compare_->setText(tr("Compare friction models"));
            if (!ok) status_->setText(message);
            emit comparisonFinished(ok);
          });
  connect(controller_, &IdentificationController::resultChanged, this, [this](Job job) {
    if (job == Job::FrictionComparison) showCurrent();
  });
}

void FrictionComparisonView::run() {
  QString why;
  if (!controller_->runFrictionComparison(&why)) {
    status_->setText(why);
    return;
  }
  compare_->setText(tr("Cancel"));
  use_->setEnabled(false);
}

void FrictionComparisonView::showCurrent() {
  if (const auto current = controller_->frictionComparison()) {
    showComparison(current->comparison);
    return;
  }
  // Dropped: the logs (or the columns beside friction) it compared on are no longer the estimate's.
  table_->clear();
  table_->setRowCount(0);
  table_->setColumnCount(0);
  models_.clear();
  bestRow_ = -1;
  use_->setEnabled(false);
  status_->setText(tr("The logs or the offset and armature columns changed since the comparison: compare again."));
}

namespace {

// The table's short name of a model ("+ Coulomb"): the tab is narrow; the full one is the tooltip.
QString shortName(const std::string& name) {
  const std::string prefix = "viscous + ";
  if (name.rfind(prefix, 0) != 0) return QString::fromStdString(name);
  std::string rest = name.substr(prefix.size());
  const std::string smooth = "smooth Coulomb ";
  if (rest.rfind(smooth, 0) == 0) rest = rest.substr(smooth.size());
  return "+ " + QString::fromStdString(rest);
}

}  // namespace

void FrictionComparisonView::showComparison(const FrictionComparison& c) {
  const int joints = c.models.empty() ? 0 : static_cast<int>(c.models.front().heldOutNrmse.size());
  table_->clear();
  models_.clear();
  for (const FrictionModelScore& m : c.models) models_.emplace_back(m.options, QString::fromStdString(m.name));
  bestRow_ = c.best;
  use_->setEnabled(!c.models.empty());
  table_->setRowCount(static_cast<int>(c.models.size()));
  table_->setColumnCount(3);
  table_->setHorizontalHeaderLabels({tr("Model"), tr("Score"), tr("Held-out NRMSE per joint [%]")});
  table_->horizontalHeaderItem(1)->setToolTip(tr("Held-out residual, weighted per joint by the noise: lower is better"));
  for (int m = 0; m < static_cast<int>(c.models.size()); ++m) {
    const FrictionModelScore& s = c.models[static_cast<std::size_t>(m)];
    const bool best = m == c.best;
    QString name = shortName(s.name);
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
      table_->setItem(m, col, items[col]);
    }
  }
  status_->setText(tr("Best on %1 held-out samples: %2. Select a model and use it for the estimate.")
                       .arg(c.heldOutSamples)
                       .arg(QString::fromStdString(c.models[static_cast<std::size_t>(c.best)].name)));
}

}  // namespace eb::wizard
