#include "app/wizard/panels/drift_panel.hpp"

#include "widgets/drift_report_view.hpp"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace eb::wizard {

DriftPanel::DriftPanel(WizardSession* session, QWidget* parent) : QWidget(parent), session_(session) {
  window_ = new QDoubleSpinBox;
  window_->setObjectName("driftWindowSpin");
  window_->setRange(0.1, 3600.0);
  window_->setDecimals(1);
  window_->setSuffix(" s");
  window_->setValue(5.0);
  window_->setToolTip(
      tr("Length of the windows the residual is averaged over; a trend needs at least 3. Whole "
         "periods of a periodic motion keep the motion's own pattern out of the trend."));
  connect(window_, &QDoubleSpinBox::valueChanged, this, &DriftPanel::refresh);
  view_ = new widgets::DriftReportView;

  auto* row = new QHBoxLayout;
  row->addWidget(new QLabel(tr("Window")));
  row->addWidget(window_);
  row->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(row);
  layout->addWidget(view_, 1);
}

void DriftPanel::setWindow(double seconds) { window_->setValue(seconds); }

QString DriftPanel::verdict(int joint) const { return view_->verdict(joint); }

QString DriftPanel::summary() const { return view_->summary(); }

void DriftPanel::refresh() {
  // The controller computes the check (cached per validation and window); the panel shows it.
  const std::shared_ptr<const DriftResult> drift = session_->controller()->drift(window_->value());
  if (!drift)
    view_->showNote(tr("Validate on a log first: the drift check follows its residual over time."));
  else if (!drift->problem.empty())
    // "2 windows of 20 s ...": what is wrong with the window; the panel is the place.
    view_->showProblem(QString::fromStdString(drift->problem));
  else
    view_->setReport(drift->report, session_->jointNames());
}

}  // namespace eb::wizard
