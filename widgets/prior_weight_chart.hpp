#pragma once
// The held-out score of a consistent estimate against the prior's weight (both
// axes logarithmic), the chosen weight marked: how the weight was picked on
// held-out samples (consistent_estimation.hpp, chooseConsistentPriorWeight).

#include <QtCharts/QChartView>

#include <utility>
#include <vector>

class QLineSeries;
class QScatterSeries;
class QLogValueAxis;

namespace eb::widgets {

class PriorWeightChart : public QChartView {
  Q_OBJECT
 public:
  explicit PriorWeightChart(QWidget* parent = nullptr);

  /// Shows `curve` ((weight, held-out score) pairs, any order) with `chosen` marked; empty clears.
  void setCurve(const std::vector<std::pair<double, double>>& curve, double chosen);

 private:
  QLineSeries* line_;
  QScatterSeries* marker_;
  QLogValueAxis* x_;
  QLogValueAxis* y_;
};

}  // namespace eb::widgets
