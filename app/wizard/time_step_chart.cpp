#include "app/wizard/time_step_chart.hpp"

#include <QGraphicsLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLogValueAxis>

#include <algorithm>

namespace eb::wizard {

TimeStepChart::TimeStepChart(QWidget* parent) : QWidget(parent) {
  auto* chart = new QChart;
  chart->legend()->hide();
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->layout()->setContentsMargins(0, 0, 0, 0);
  chart->setBackgroundRoundness(0);
  view_ = new QChartView(chart);
  view_->setObjectName("timeStepChart");
  view_->setRenderHint(QPainter::Antialiasing);
  view_->setMinimumSize(220, 120);
  summary_ = new QLabel;
  summary_->setObjectName("timeBaseSummary");
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(view_, 1);
  layout->addWidget(summary_);
  setTimeBase(nullptr, {});
}

void TimeStepChart::setTimeBase(const TimeBaseSummary* s, const QString& name, const QString& placeholder) {
  QChart* chart = view_->chart();
  chart->removeAllSeries();
  for (QAbstractAxis* axis : chart->axes()) {
    chart->removeAxis(axis);
    delete axis;
  }
  stepsShown_ = 0;
  if (!s || s->nominalStep <= 0.0) {
    chart->setTitle(tr("Time steps"));
    summary_->setText(placeholder.isEmpty() ? tr("The time axis is shown once the log has been read.") : placeholder);
    return;
  }
  chart->setTitle(tr("Time steps of %1 (nominal %2 ms)").arg(name).arg(1e3 * s->nominalStep, 0, 'g', 4));
  // Bars from 0 to the last non-empty bin (at least 2 nominal steps), plus one for longer steps.
  const StepHistogram& h = s->histogram;
  int last = 2.0 / StepHistogram::kBinWidth;
  for (int k = 0; k < StepHistogram::kBins; ++k)
    if (h.counts[static_cast<std::size_t>(k)] > 0) last = std::max(last, k);
  auto* set = new QBarSet(tr("steps"));
  set->setColor(QColor(31, 119, 180));
  QStringList categories;
  double largest = 1.0;
  for (int k = 0; k <= last; ++k) {
    const auto n = static_cast<double>(h.counts[static_cast<std::size_t>(k)]);
    *set << std::max(n, 0.5);  // a log axis shows no zero: empty bins sit just below 1
    largest = std::max(largest, n);
    stepsShown_ += h.counts[static_cast<std::size_t>(k)];
    // Category labels must be unique: unlabelled bins are strings of k zero-width spaces.
    categories << (k % 10 == 0 ? QString::number(k * StepHistogram::kBinWidth, 'g', 2) : QString(QChar(0x200B)).repeated(k));
  }
  *set << std::max(static_cast<double>(h.beyond), 0.5);
  stepsShown_ += h.beyond;
  categories << tr("≥3");
  auto* series = new QBarSeries;
  series->setBarWidth(0.9);
  series->append(set);
  chart->addSeries(series);
  auto* x = new QBarCategoryAxis;
  x->append(categories);
  x->setTitleText(tr("step / nominal step"));
  auto* y = new QLogValueAxis;
  y->setBase(10.0);
  y->setRange(0.5, 2.0 * largest);
  y->setLabelFormat("%g");
  y->setTitleText(tr("count"));
  for (QAbstractAxis* a : std::initializer_list<QAbstractAxis*>{x, y}) {
    QFont f = a->titleFont();
    f.setPointSizeF(f.pointSizeF() * 0.85);
    f.setBold(false);
    a->setTitleFont(f);
  }
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  series->attachAxis(x);
  series->attachAxis(y);
  summary_->setText(QString::fromStdString(s->text()));
}

QString TimeStepChart::summaryText() const { return summary_->text(); }

}  // namespace eb::wizard
