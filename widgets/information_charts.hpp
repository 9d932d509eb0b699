#pragma once
// The information panel's charts: the eigenvalue spectrum of F (log bars),
// the history of cond / log det / lambda_min as the user edits, and the
// |R_ii| profile of the base-parameter QR. Each takes plain numbers.

#include <QChartView>
#include <QStringList>
#include <QList>
#include <QPointF>

class QBarSet;
class QBarSeries;
class QCategoryAxis;
class QLineSeries;
class QScatterSeries;
class QLogValueAxis;
class QValueAxis;

namespace eb::widgets {

/// Eigenvalues of the information matrix on a log axis, smallest first.
class EigenvalueChart : public QChartView {
  Q_OBJECT
 public:
  explicit EigenvalueChart(QWidget* parent = nullptr);
  /// Eigenvalues (ascending); non-positive ones are drawn at the axis floor.
  void setEigenvalues(const QList<double>& eigenvalues);
  /// What the bars show now (tests read the chart's model through this).
  QList<double> values() const;
  /// The index axis: bar i (0-based) sits at x = i, labelled 1..n on round indices.
  QCategoryAxis* indexAxis() const { return xAxis_; }

 private:
  void labelIndices(int count);

  QBarSeries* series_;
  QBarSet* set_;
  QCategoryAxis* xAxis_;
  QLogValueAxis* yAxis_;
  QList<double> values_;
};

/// cond and lambda_min (log axis, left) and log det F (right axis) per evaluation.
class MetricHistoryChart : public QChartView {
  Q_OBJECT
 public:
  explicit MetricHistoryChart(QWidget* parent = nullptr);
  void append(double cond, double logdet, double lambdaMin);
  void clear();
  int pointCount() const;
  /// Latest cond shown (NaN when empty).
  double lastCond() const;

 private:
  void redraw();  // the buffered points on the axes and series
  QList<QPointF> points_[3];  // cond, log det F, lambda_min per evaluation (the last kHistoryLength)
  QLineSeries* cond_;
  QLineSeries* logdet_;
  QLineSeries* lambda_;
  QValueAxis* xAxis_;
  QLogValueAxis* logAxis_;
  QValueAxis* logdetAxis_;
  int next_ = 0;
};

/// |R_ii| of the column-pivoted QR of the random regressor stack, with the rank threshold.
class RDiagonalChart : public QChartView {
  Q_OBJECT
 public:
  explicit RDiagonalChart(QWidget* parent = nullptr);
  /// |R_ii| (descending), rank r and the tolerance relative to |R_00|; `columns` names the
  /// regressor column of each point (shown on hover; may be empty).
  void setProfile(const QList<double>& rDiagonal, int rank, double relativeTolerance,
                  const QStringList& columns = {});
  int pointCount() const;
  /// Hover text of point i (0-based).
  QString pointDescription(int i) const;

 private:
  QList<double> values_;
  QStringList columns_;
  QScatterSeries* kept_;
  QScatterSeries* dropped_;
  QLineSeries* threshold_;
  QValueAxis* xAxis_;
  QLogValueAxis* yAxis_;
};

}  // namespace eb::widgets
