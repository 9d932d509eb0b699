#include "widgets/optimize_panel.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace eb::widgets {

OptimizePanel::OptimizePanel(QWidget* parent)
    : QWidget(parent),
      criterion_(new QComboBox),
      timeLimit_(new QDoubleSpinBox),
      starts_(new QSpinBox),
      positionRange_(new QDoubleSpinBox),
      optimize_(new QPushButton(tr("Optimize"))),
      cancel_(new QPushButton(tr("Cancel"))),
      progress_(new QProgressBar),
      best_(new QLabel) {
  criterion_->addItem(tr("cond (condition number)"), static_cast<int>(ExcitationCriterion::Cond));
  criterion_->addItem(tr("D: -log det F"), static_cast<int>(ExcitationCriterion::LogDet));
  criterion_->addItem(tr("A: trace F^-1"), static_cast<int>(ExcitationCriterion::AOpt));
  criterion_->addItem(tr("E: -lambda_min F"), static_cast<int>(ExcitationCriterion::EOpt));
  // Range, default and help as declared for the CLI and the project file.
  const auto& limit = kOptimizerTimeLimitSpec;
  timeLimit_->setRange(limit.minimum, limit.maximum);
  timeLimit_->setValue(limit.defaultValue);
  timeLimit_->setSuffix(QString(" ") + limit.unit);
  timeLimit_->setSpecialValueText(tr("none"));  // 0: until every start has converged
  timeLimit_->setDecimals(1);
  timeLimit_->setToolTip(tr(limit.help));
  const auto& starts = kOptimizerStartsSpec;
  starts_->setRange(starts.minimum, starts.maximum);
  starts_->setValue(starts.defaultValue);
  starts_->setToolTip(tr(starts.help));
  // A stated setting, not a hidden margin: the same fraction the optimizer keeps to and the
  // live limit checks and usage bars measure against (ExcitationEvaluationSettings::limitScale).
  positionRange_->setObjectName("positionRangeUsed");
  positionRange_->setRange(50.0, 100.0);
  positionRange_->setDecimals(0);
  positionRange_->setSingleStep(1.0);
  positionRange_->setSuffix(tr(" % range"));
  positionRange_->setValue(95.0);
  positionRange_->setToolTip(tr("The optimizer and the live limit checks keep each joint's motion inside this share "
                                "of its position range, centred (position range used)"));
  setAvailable(true);
  optimize_->setObjectName("optimizeButton");
  cancel_->setObjectName("cancelOptimizeButton");
  progress_->setRange(0, 1000);
  progress_->setTextVisible(true);
  progress_->setFormat("");
  best_->setWordWrap(true);

  auto* form = new QFormLayout;
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Criterion"), criterion_);
  auto* budget = new QHBoxLayout;
  budget->addWidget(timeLimit_);
  budget->addWidget(new QLabel(tr("starts")));
  budget->addWidget(starts_);
  form->addRow(tr("Time limit"), budget);
  // The progress beside the buttons and the result line only once there is one: the height
  // saved goes to the excitation's sliders above (a 1024 x 700 window).
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(optimize_);
  buttons->addWidget(cancel_);
  // The position range beside the buttons, not on a row of its own: the row's height went from
  // the multi-sine components above (five per joint no longer fitted at 1400 x 900).
  buttons->addWidget(positionRange_);
  buttons->addWidget(progress_, 1);
  buttons->addStretch();  // holds the buttons' place while the bar is hidden
  progress_->setMinimumWidth(80);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(form);
  layout->addLayout(buttons);
  layout->addWidget(best_);
  best_->hide();

  connect(optimize_, &QPushButton::clicked, this, &OptimizePanel::optimizeRequested);
  connect(cancel_, &QPushButton::clicked, this, &OptimizePanel::cancelRequested);
  connect(criterion_, &QComboBox::currentIndexChanged, this, &OptimizePanel::settingsEdited);
  connect(timeLimit_, &QDoubleSpinBox::valueChanged, this, &OptimizePanel::settingsEdited);
  connect(starts_, &QSpinBox::valueChanged, this, &OptimizePanel::settingsEdited);
  connect(positionRange_, &QDoubleSpinBox::valueChanged, this,
          [this](double percent) { emit positionRangeEdited(percent / 100.0); });
  setRunning(false);
}

ExcitationCriterion OptimizePanel::criterion() const {
  return static_cast<ExcitationCriterion>(criterion_->currentData().toInt());
}

void OptimizePanel::setCriterion(ExcitationCriterion criterion) {
  const int i = criterion_->findData(static_cast<int>(criterion));
  if (i >= 0) criterion_->setCurrentIndex(i);
}

double OptimizePanel::timeLimit() const { return timeLimit_->value(); }
void OptimizePanel::setTimeLimit(double seconds) { timeLimit_->setValue(seconds); }
int OptimizePanel::starts() const { return starts_->value(); }
void OptimizePanel::setStarts(int starts) { starts_->setValue(starts); }

double OptimizePanel::positionRange() const { return positionRange_->value() / 100.0; }

void OptimizePanel::setPositionRange(double fraction) {
  // The document's value shown as it is; only a user's edit goes back to it.
  const QSignalBlocker block(positionRange_);
  positionRange_->setValue(100.0 * fraction);
}

void OptimizePanel::setCriterionRate(double hz, bool automatic) {
  rateText_ = automatic ? tr("criterion at %1 Hz (automatic)").arg(hz, 0, 'g', 4)
                        : tr("criterion at %1 Hz (set)").arg(hz, 0, 'g', 4);
  criterion_->setToolTip(tr("What the optimizer improves; %1: samples per second the information matrix and "
                            "its cond are computed at (automatic: 50 per period of the highest frequency)")
                             .arg(rateText_));
}

void OptimizePanel::setAvailable(bool available, const QString& why) {
  // Said once where the result line goes, not only in a tooltip; a result of an earlier run stays otherwise.
  if (available != available_) showResult(available ? QString() : why);
  available_ = available;
  optimize_->setEnabled(!running_ && available_);
  optimize_->setToolTip(available ? tr("Optimize the excitation from the current one (its family, period or duration and term counts kept); "
                                       "undoable")
                                  : why);
}

void OptimizePanel::setRunning(bool running) {
  running_ = running;
  optimize_->setEnabled(!running && available_);
  cancel_->setEnabled(running);
  criterion_->setEnabled(!running);
  timeLimit_->setEnabled(!running);
  starts_->setEnabled(!running);
  // The run keeps the range it started with; its progress takes the range's place meanwhile.
  positionRange_->setVisible(!running);
  progress_->setVisible(running);  // beside the buttons while a run goes on
  if (running) {
    progress_->setValue(0);
    progress_->setFormat(tr("starting..."));
    showResult(QString());
  }
}

void OptimizePanel::setProgress(double fraction, double bestValue, double bestCond, bool feasible, int evaluations) {
  progress_->setValue(static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * 1000)));
  if (feasible)
    progress_->setFormat(tr("best %1: %2").arg(criterionName(criterion())).arg(bestValue, 0, 'g', 4));
  else
    progress_->setFormat(tr("searching for a feasible start..."));
  showResult(feasible ? tr("best cond %1 after %2 evaluations").arg(bestCond, 0, 'f', 2).arg(evaluations)
                      : tr("%1 evaluations, nothing feasible yet").arg(evaluations));
}

void OptimizePanel::setResultText(const QString& text) {
  showResult(text);
  progress_->setFormat(running_ ? progress_->format() : QString());
}

void OptimizePanel::showResult(const QString& text) {
  best_->setText(text);
  best_->setVisible(!text.isEmpty());
}

}  // namespace eb::widgets
