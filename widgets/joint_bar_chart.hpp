#pragma once
// JointBarChart: a grouped bar chart with one group per joint (categories 1..n under
// a "joint" axis) and one coloured bar set per compared quantity, the value axis from 0
// to a little above the largest bar (at least 1), on round numbers.

#include <QColor>
#include <QStringList>
#include <QtCharts/QChartView>

#include <vector>

namespace eb::widgets {

class JointBarChart : public QChartView {
  Q_OBJECT
 public:
  /// An empty chart titled `title`, its legend above the bars.
  explicit JointBarChart(const QString& title, QWidget* parent = nullptr);

  /// Shows one bar set per name: valuesPerSet[s][j] for joint j + 1 in colours[s]; the joints are
  /// as many as the first set's values.
  void setBars(const QStringList& setNames, const std::vector<std::vector<double>>& valuesPerSet,
               const std::vector<QColor>& colours);
  /// Removes every bar set and axis.
  void clear();
};

}  // namespace eb::widgets
