#include "app/wizard/closed_loop_panel.hpp"

#include "app/wizard/result_table.hpp"

#include "app/wizard/wizard_text.hpp"

#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace eb::wizard {

ClosedLoopPanel::ClosedLoopPanel(WizardSession* session, QWidget* parent)
    : QWidget(parent), session_(session), task_(new common::BackgroundTask(this)) {
  kp_ = new QDoubleSpinBox;
  kp_->setObjectName("closedLoopKp");
  kp_->setRange(0.0, 1e5);
  kp_->setDecimals(0);
  kp_->setValue(SimulationSettings{}.kp);
  kp_->setSuffix(" 1/s²");
  kp_->setToolTip(tr("Proportional gain of the computed-torque controller (an acceleration per rad)"));
  kd_ = new QDoubleSpinBox;
  kd_->setObjectName("closedLoopKd");
  kd_->setRange(0.0, 1e4);
  kd_->setDecimals(0);
  kd_->setValue(SimulationSettings{}.kd);
  kd_->setSuffix(" 1/s");
  kd_->setToolTip(tr("Derivative gain of the computed-torque controller"));
  runButton_ = new QPushButton(tr("Simulate tracking"));
  runButton_->setObjectName("closedLoopButton");
  runButton_->setAutoDefault(false);
  connect(runButton_, &QPushButton::clicked, this, [this]() {
    if (task_->isRunning())
      task_->cancel();
    else
      start();
  });
  connect(task_, &common::BackgroundTask::progressChanged, this, [this](double f, const QString&) {
    summary_->setText(tr("Tracking the validation log's motion (%1 %)...").arg(int(100 * f)));
  });
  auto* explanation = new QLabel(
      tr("The estimate as the model of a computed-torque controller that tracks the validation log's motion on the "
         "simulated robot (its description's parameters, simulate's friction), beside the description's own model. "
         "A model whose torques are right tracks within 0.01 rad."));
  explanation->setWordWrap(true);
  summary_ = new QLabel;
  summary_->setObjectName("closedLoopSummary");
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  table_ = makeResultTable({tr("Joint"), tr("Identified\nRMS [rad]"), tr("Identified\nmax [rad]"),
                            tr("Description's\nRMS [rad]"), tr("Description's\nmax [rad]")},
                           "closedLoopTable");

  auto* row = new QHBoxLayout;
  row->addWidget(new QLabel(tr("kp")));
  row->addWidget(kp_);
  row->addWidget(new QLabel(tr("kd")));
  row->addWidget(kd_);
  row->addStretch(1);
  row->addWidget(runButton_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(explanation);
  layout->addLayout(row);
  layout->addWidget(summary_);
  layout->addWidget(table_, 1);
  clear();
}

bool ClosedLoopPanel::isRunning() const { return task_->isRunning(); }

QString ClosedLoopPanel::summary() const { return summary_->text(); }

void ClosedLoopPanel::setGains(double kp, double kd) {
  kp_->setValue(kp);
  kd_->setValue(kd);
}

void ClosedLoopPanel::clear() {
  if (task_->isRunning()) task_->cancel();
  result_.reset();
  table_->setRowCount(0);
  summary_->setText(session_->validation() ? tr("Simulate the tracking to see the error per joint.")
                                           : tr("Validate on a log first: its motion is what the controller tracks."));
}

void ClosedLoopPanel::start() {
  if (task_->isRunning()) return;
  const auto live = session_->validation();
  const auto estimate = session_->estimate();
  if (!live || live->q.rows() < 2) {
    summary_->setText(tr("Validate on a log first: its motion is what the controller tracks."));
    return;
  }
  if (!estimate) {
    summary_->setText(tr("No estimate: run the Estimate page first."));
    return;
  }
  const std::shared_ptr<const RobotModel> model = session_->modelPointer();
  SimulationSettings settings;
  settings.kp = kp_->value();
  settings.kd = kd_->value();
  auto out = std::make_shared<ClosedLoopComparison>();
  result_.reset();
  table_->setRowCount(0);
  runButton_->setText(tr("Cancel"));
  summary_->setText(tr("Tracking the validation log's motion..."));
  task_->start(
      [=](const common::BackgroundTask::Progress& progress) {
        // The same motion `excitebench-cli closed-loop` tracks for a log (its longest segment).
        const LoggedMotion motion = loggedMotion(live->t, live->q, live->qd, live->qdd, live->segmentStarts);
        *out = compareClosedLoop(*model, estimate->logs->base, estimate->estimate.values, *model, motion.desired,
                                 motion.duration, settings, [&progress](double f) { return progress(f, "tracking"); });
      },
      [=](const common::BackgroundTask::Outcome& outcome) {
        runButton_->setText(tr("Simulate tracking"));
        QString message;
        if (outcome.cancelled) {
          message = tr("Cancelled.");
        } else if (!outcome.ok) {
          message = outcome.error;
        } else if (session_->estimate() != estimate || session_->validation() != live) {
          message = tr("The estimate or the validation changed during the run: simulate again.");
        }
        if (!message.isEmpty()) {
          summary_->setText(message);
        } else {
          result_ = *out;
          show();
        }
        emit finished(message.isEmpty(), message);
      });
}

void ClosedLoopPanel::show() {
  const RobotModel& model = session_->model();
  const int n = model.dof();
  table_->setRowCount(n);
  for (int j = 0; j < n; ++j) {
    const TrackingReport* runs[4] = {&result_->identified, &result_->identified, &result_->robotsOwn,
                                     &result_->robotsOwn};
    const double values[4] = {result_->identified.rms[j], result_->identified.max[j], result_->robotsOwn.rms[j],
                              result_->robotsOwn.max[j]};
    auto* name = new QTableWidgetItem(QString("%1  %2").arg(j + 1).arg(QString::fromStdString(model.joint(j).name)));
    table_->setItem(j, 0, name);
    for (int c = 0; c < 4; ++c) {
      auto* item = new QTableWidgetItem(runs[c]->diverged ? tr("unstable") : formatNumber(values[c], 3));
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      if ((c == 1 || c == 3) && values[c] > kTrackingErrorBar) item->setForeground(QColor(176, 0, 32));
      table_->setItem(j, c + 1, item);
    }
  }
  const auto line = [&model](const TrackingReport& r) {
    if (r.diverged)
      return tr("unstable, the loop diverged at %1 s (a model with indefinite inertia does this: the physically "
                "consistent method keeps it positive)")
          .arg(formatNumber(r.divergedAt, 3));
    return tr("%1 rad (%2 at %3 s): %4 the %5 rad bar")
        .arg(formatNumber(r.maxError, 3), QString::fromStdString(model.joint(r.maxErrorJoint).name),
             formatNumber(r.maxErrorTime, 3), r.maxError <= kTrackingErrorBar ? tr("within") : tr("beyond"),
             formatNumber(kTrackingErrorBar, 2));
  };
  summary_->setText(
      tr("%1 s tracked at 1 kHz. Worst error with the estimate: %2.<br>With the description's own "
         "parameters: %3.")
          .arg(formatNumber(result_->identified.duration, 4), line(result_->identified), line(result_->robotsOwn)));
}

}  // namespace eb::wizard
