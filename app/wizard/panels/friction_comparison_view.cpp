#include "app/wizard/panels/friction_comparison_view.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

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
  table_ = new widgets::FrictionComparisonTable;
  table_->setObjectName("frictionComparisonTable");
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
  table_->clearComparison();
  models_.clear();
  bestRow_ = -1;
  use_->setEnabled(false);
  status_->setText(tr("The logs or the offset and armature columns changed since the comparison: compare again."));
}

void FrictionComparisonView::showComparison(const FrictionComparison& c) {
  models_.clear();
  for (const FrictionModelScore& m : c.models) models_.emplace_back(m.options, QString::fromStdString(m.name));
  bestRow_ = c.best;
  use_->setEnabled(!c.models.empty());
  table_->setComparison(c);
  status_->setText(tr("Best on %1 held-out samples: %2. Select a model and use it for the estimate.")
                       .arg(c.heldOutSamples)
                       .arg(QString::fromStdString(c.models[static_cast<std::size_t>(c.best)].name)));
}

}  // namespace eb::wizard
