#include "widgets/time_step_chart.hpp"

#include <QGraphicsLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <QPen>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

namespace eb::widgets {

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
  // Room for three wrapped lines: in a splitter a word-wrapped label is given one line's height and
  // the next lines were drawn over the widget below (the problem list's header at 1024 x 700).
  summary_->setMinimumHeight(3 * summary_->fontMetrics().lineSpacing() + 2);
  summary_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
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
  chart->setTitle(tr("Time steps (nominal %1 ms)").arg(1e3 * s->nominalStep, 0, 'g', 4));
  chart->setToolTip(name);
  // A step outline over bins of kBinWidth nominal steps, from 0 to the last non-empty bin (at
  // least 2 steps); steps of 3 or more nominal steps are one last bin.
  const StepHistogram& h = s->histogram;
  const double w = StepHistogram::kBinWidth;
  int last = static_cast<int>(2.0 / w);
  for (int k = 0; k < StepHistogram::kBins; ++k)
    if (h.counts[static_cast<std::size_t>(k)] > 0) last = std::max(last, k);
  auto* series = new QLineSeries;
  QPen pen(QColor(31, 119, 180));
  pen.setWidthF(1.5);
  series->setPen(pen);
  double largest = 1.0;
  auto bar = [&](double from, double to, double count) {
    const double y = std::max(count, 0.5);  // a log axis has no zero: empty bins sit at 0.5
    series->append(from, y);
    series->append(to, y);
    largest = std::max(largest, count);
  };
  series->append(-0.5 * w, 0.5);
  for (int k = 0; k <= last; ++k) {
    const auto n = h.counts[static_cast<std::size_t>(k)];
    bar((k - 0.5) * w, (k + 0.5) * w, static_cast<double>(n));
    stepsShown_ += n;
  }
  if (h.beyond > 0) bar((last + 0.5) * w, (last + 1.5) * w, static_cast<double>(h.beyond));
  stepsShown_ += h.beyond;
  series->append(series->points().back().x(), 0.5);
  chart->addSeries(series);
  auto* x = new QValueAxis;
  // Ticks every half nominal step.
  const double right = std::ceil((last + (h.beyond > 0 ? 1.5 : 0.5)) * w / 0.5) * 0.5;
  x->setRange(0.0, right);
  x->setTickCount(static_cast<int>(std::lround(right / 0.5)) + 1);
  x->setLabelFormat("%.2g");
  x->setTitleText(h.beyond > 0 ? tr("step / nominal step (last bin: 3 or more)") : tr("step / nominal step"));
  auto* y = new QLogValueAxis;
  y->setBase(10.0);
  y->setRange(0.5, 2.0 * largest);
  y->setLabelFormat("%g");
  y->setTitleText(tr("count"));
  for (QAbstractAxis* axis : std::initializer_list<QAbstractAxis*>{x, y}) {
    QFont f = axis->titleFont();
    f.setPointSizeF(f.pointSizeF() * 0.85);
    f.setBold(false);
    axis->setTitleFont(f);
    // Small labels, so a short chart still shows every decade instead of eliding them.
    QFont labels = axis->labelsFont();
    labels.setPointSizeF(labels.pointSizeF() * 0.8);
    axis->setLabelsFont(labels);
  }
  y->setMinorTickCount(0);
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  series->attachAxis(x);
  series->attachAxis(y);
  summary_->setText(QString::fromStdString(s->text()));
}

QString TimeStepChart::summaryText() const { return summary_->text(); }

void TimeStepChart::setSummaryVisible(bool on) { summary_->setVisible(on); }

}  // namespace eb::widgets
