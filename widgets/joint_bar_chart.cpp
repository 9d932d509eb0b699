#include "widgets/joint_bar_chart.hpp"

#include "widgets/line_charts.hpp"

#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QValueAxis>

#include <algorithm>

namespace eb::widgets {

JointBarChart::JointBarChart(const QString& title, QWidget* parent) : QChartView(new QChart, parent) {
  QChart* bars = chart();
  bars->setTitle(title);
  bars->legend()->setAlignment(Qt::AlignTop);
  bars->setMargins(QMargins(4, 2, 4, 2));
  bars->setBackgroundRoundness(0);
  setRenderHint(QPainter::Antialiasing);
  setMinimumHeight(kMinChartHeight);
}

void JointBarChart::clear() {
  QChart* bars = chart();
  bars->removeAllSeries();
  for (QAbstractAxis* axis : bars->axes()) {
    bars->removeAxis(axis);
    delete axis;
  }
}

void JointBarChart::setBars(const QStringList& setNames, const std::vector<std::vector<double>>& valuesPerSet,
                            const std::vector<QColor>& colours) {
  clear();
  const std::size_t joints = valuesPerSet.empty() ? 0 : valuesPerSet.front().size();
  auto* series = new QBarSeries;
  double largest = 0.0;
  for (std::size_t s = 0; s < valuesPerSet.size(); ++s) {
    auto* set = new QBarSet(s < std::size_t(setNames.size()) ? setNames[int(s)] : QString());
    if (s < colours.size()) set->setColor(colours[s]);
    for (double v : valuesPerSet[s]) {
      *set << v;
      largest = std::max(largest, v);
    }
    series->append(set);
  }
  QStringList categories;
  for (std::size_t j = 0; j < joints; ++j) categories << QString::number(j + 1);
  QChart* bars = chart();
  bars->addSeries(series);
  auto* x = new QBarCategoryAxis;
  x->append(categories);
  x->setTitleText(tr("joint"));
  auto* y = new QValueAxis;
  y->setRange(0.0, std::max(1.0, 1.1 * largest));
  y->applyNiceNumbers();
  y->setLabelFormat(y->max() >= 10.0 ? "%.0f" : "%.1f");
  bars->addAxis(x, Qt::AlignBottom);
  bars->addAxis(y, Qt::AlignLeft);
  series->attachAxis(x);
  series->attachAxis(y);
}

}  // namespace eb::widgets
