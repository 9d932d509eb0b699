#include "widgets/drift_report_view.hpp"

#include "widgets/display_text.hpp"
#include "widgets/line_charts.hpp"
#include "widgets/result_table.hpp"

#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtCharts/QLineSeries>

#include <algorithm>

namespace eb::widgets {

namespace {

// One colour per joint, as the charts of the other pages (tab10).
QColor driftJointColor(int j) {
  static const QColor colors[] = {
      QColor(31, 119, 180), QColor(255, 127, 14),  QColor(44, 160, 44),   QColor(214, 39, 40),  QColor(148, 103, 189),
      QColor(140, 86, 75),  QColor(227, 119, 194), QColor(127, 127, 127), QColor(188, 189, 34), QColor(23, 190, 207)};
  return colors[j % 10];
}

}  // namespace

DriftReportView::DriftReportView(QWidget* parent) : QWidget(parent) {
  summary_ = new QLabel;
  summary_->setObjectName("driftSummary");
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  table_ = makeResultTable(
      {tr("Joint"), tr("Change over\nthe log [N m]"), tr("± 1 σ\n[N m]"), tr("Residual\nRMS [N m]"), tr("Verdict")},
      "driftTable");
  chart_ = makeLineChart(tr("Residual mean per window"), tr("mean [N m]"));
  chart_->setObjectName("driftChart");

  // No margins: the view sits in its shell's layout as if its parts were the shell's own.
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(summary_);
  layout->addWidget(table_, 3);
  layout->addWidget(chart_, 2);
}

QString DriftReportView::verdict(int joint) const {
  const QTableWidgetItem* item = joint < table_->rowCount() ? table_->item(joint, 4) : nullptr;
  return item ? item->text() : QString();
}

QString DriftReportView::summary() const { return summary_->text(); }

void DriftReportView::clearReport() {
  table_->setRowCount(0);
  QChart* chart = chart_->chart();
  for (QAbstractSeries* s : chart->series()) {
    chart->removeSeries(s);
    delete s;
  }
}

void DriftReportView::showNote(const QString& note) {
  clearReport();
  summary_->setText(note);
}

void DriftReportView::showProblem(const QString& problem) {
  clearReport();
  summary_->setText(QString("<span style='color:#b00020'>%1</span>").arg(problem.toHtmlEscaped()));
}

void DriftReportView::setReport(const DriftReport& report, const std::vector<std::string>& jointNames) {
  clearReport();
  const int n = static_cast<int>(jointNames.size());
  int drifted = 0;
  table_->setRowCount(n);
  for (int j = 0; j < n; ++j) {
    const bool d = report.drifted[static_cast<std::size_t>(j)];
    drifted += d;
    const QString cells[5] = {
        QString("%1  %2").arg(j + 1).arg(QString::fromStdString(jointNames[static_cast<std::size_t>(j)])),
        formatNumber(report.change[j], 3), formatNumber(report.slopeStd[j] * report.duration, 2),
        formatNumber(report.residualRms[j], 3), d ? tr("drifted") : tr("steady")};
    for (int c = 0; c < 5; ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      if (c > 0 && c < 4) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      if (c == 4 && d) item->setForeground(QColor(176, 0, 32));
      table_->setItem(j, c, item);
    }
  }
  QChart* chart = chart_->chart();
  double lo = 0.0, hi = 0.0;
  for (int j = 0; j < n; ++j) {
    Eigen::VectorXd x(static_cast<Eigen::Index>(report.windows.size())), y(x.size());
    for (std::size_t w = 0; w < report.windows.size(); ++w) {
      x[static_cast<Eigen::Index>(w)] = 0.5 * (report.windows[w].start + report.windows[w].end);
      y[static_cast<Eigen::Index>(w)] = report.windows[w].mean[j];
    }
    setSeriesData(addLineSeries(chart, QString::number(j + 1), driftJointColor(j), 1.5), x, y);
    lo = std::min(lo, y.minCoeff());
    hi = std::max(hi, y.maxCoeff());
  }
  setChartRanges(chart, report.windows.front().start, report.windows.back().end, lo, hi);
  summary_->setText(
      drifted == 0 ? tr("%1 windows over %2 s: every joint's residual is steady.")
                         .arg(report.windows.size())
                         .arg(report.duration, 0, 'g', 4)
                   : tr("%1 windows over %2 s: %3 joint(s) drifted by more than 3 σ and a tenth of their residual RMS "
                        "(friction warming up, a temperature change?). With few windows, read it as a hint.")
                         .arg(report.windows.size())
                         .arg(report.duration, 0, 'g', 4)
                         .arg(drifted));
}

}  // namespace eb::widgets
