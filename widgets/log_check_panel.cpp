#include "widgets/log_check_panel.hpp"

#include "widgets/diagnostic_list.hpp"
#include "widgets/display_text.hpp"
#include "widgets/time_step_chart.hpp"

#include <QLabel>
#include <QProgressBar>
#include <QSplitter>
#include <QVBoxLayout>

#include <cmath>

namespace eb::widgets {

LogCheckPanel::LogCheckPanel(QWidget* parent) : QGroupBox(tr("Time axis, problems and notes"), parent) {
  timeChart_ = new TimeStepChart;
  timeChart_->setMinimumHeight(180);
  problemList_ = new DiagnosticList;
  connect(problemList_, &DiagnosticList::placeActivated, this, &LogCheckPanel::placeActivated);
  // The list cuts long problems at its width: the current one is shown whole below it.
  problemDetail_ = new QLabel;
  problemDetail_->setObjectName("problemDetail");
  problemDetail_->setWordWrap(true);
  problemDetail_->setTextFormat(Qt::PlainText);
  problemDetail_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  problemDetail_->setVisible(false);
  connect(problemList_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    problemDetail_->setText(item ? item->toolTip(2) : QString());
    problemDetail_->setVisible(item != nullptr);
  });
  checkProgress_ = new QProgressBar;
  checkProgress_->setObjectName("checkProgress");
  checkProgress_->setRange(0, 1000);
  checkProgress_->setTextVisible(false);
  checkProgress_->setMaximumHeight(8);
  checkProgress_->setVisible(false);
  checkStatus_ = new QLabel;
  checkStatus_->setObjectName("checkStatus");
  checkStatus_->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(checkStatus_);
  layout->addWidget(checkProgress_);
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(timeChart_);
  split->addWidget(problemList_);
  split->setSizes({210, 190});
  layout->addWidget(split, 1);
  layout->addWidget(problemDetail_);
}

void LogCheckPanel::startChecking(std::size_t logs) {
  checkProgress_->setValue(0);
  checkProgress_->setVisible(true);
  checkStatus_->setText(logs == 1 ? tr("Reading the log...") : tr("Reading %1 logs...").arg(logs));
}

void LogCheckPanel::showProgress(double fraction, const QString& what) {
  checkProgress_->setValue(static_cast<int>(std::lround(1000 * fraction)));
  checkStatus_->setText(what);
}

void LogCheckPanel::endChecking(const QString& failure) {
  checkProgress_->setVisible(false);
  if (failure.isEmpty()) return;
  checkStatus_->setText(failure);
  checkStatus_->setToolTip(failure);
}

void LogCheckPanel::showProblems(const std::vector<Diagnostic>& problems, int logs, bool checked, std::size_t rows) {
  int errors = 0, warnings = 0;
  for (const Diagnostic& p : problems) {
    errors += p.severity == Severity::Error;
    warnings += p.severity == Severity::Warning;
  }
  problemList_->setProblems(problems);
  // The first (most severe) problem is the current one: its whole text shows below the list.
  if (problemList_->topLevelItemCount() > 0) problemList_->setCurrentItem(problemList_->topLevelItem(0));
  if (logs == 0)
    checkStatus_->setText(tr("No log yet."));
  else if (!checked)
    checkStatus_->setText(tr("Checking..."));
  else if (errors)
    checkStatus_->setText(tr("<b style='color:#b00020'>%1</b>: fix the mapping or the file, or remove the log.")
                              .arg(countOf(errors, tr("error"), tr("errors"))));
  else
    checkStatus_->setText(tr("%1, %2 read without error%3.")
                              .arg(countOf(logs, tr("log"), tr("logs")))
                              .arg(countOf(static_cast<long long>(rows), tr("sample"), tr("samples")))
                              .arg(warnings ? ", " + countOf(warnings, tr("warning"), tr("warnings")) : QString()));
}

void LogCheckPanel::showTimeBase(const TimeBaseSummary* timeBase, const QString& name, const QString& placeholder) {
  timeChart_->setTimeBase(timeBase, name, placeholder);
}

}  // namespace eb::widgets
