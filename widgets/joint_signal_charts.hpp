#pragma once
// q, qd, qdd and tau of every joint over time, one small chart per joint
// (tabs per quantity, pages of eight joints), with the allowed band between
// the limits shaded, samples beyond a limit marked red and a playback cursor.
// Only the visible page is redrawn; the others catch up when shown.

#include <Eigen/Core>
#include <QList>
#include <QStringList>
#include <QWidget>

#include <array>
#include <memory>
#include <utility>
#include <vector>

class QChartView;
class QSpinBox;
class QTabWidget;
class QLabel;

namespace eb::widgets {

/// Everything the charts draw, in display resolution (a few hundred samples).
struct SignalChartData {
  enum Quantity { Position = 0, Velocity = 1, Acceleration = 2, Torque = 3 };
  Eigen::VectorXd t;                           ///< sample times [s]
  std::array<Eigen::MatrixXd, 4> values;       ///< per quantity N x dof; Torque may have 0 columns (not computed)
  std::array<std::vector<std::pair<double, double>>, 4> limits;  ///< per quantity, per joint [lower, upper] (infinite: none)
  QStringList jointNames;
  std::vector<bool> prismatic;                 ///< per joint: units m instead of rad
  /// Worst point of each violation: joint, quantity, time [s], value.
  struct Mark {
    int joint = 0;
    int quantity = 0;
    double time = 0.0;
    double value = 0.0;
  };
  std::vector<Mark> violations;
};

class JointSignalCharts : public QWidget {
  Q_OBJECT
 public:
  explicit JointSignalCharts(QWidget* parent = nullptr);
  ~JointSignalCharts() override;

  void setData(std::shared_ptr<const SignalChartData> data);
  /// Playback cursor time [s].
  void setCursorTime(double t);
  /// Number of points drawn for (quantity, joint) in the visible page (tests), -1 when not shown.
  int pointCount(int quantity, int joint) const;
  /// Full chart renders so far (the cursor alone does not re-render).
  int renderCount() const;
  /// Number of red violation markers currently drawn.
  int violationMarkerCount() const;
  int currentQuantity() const;
  void setCurrentQuantity(int quantity);

 private:
  struct JointChart;
  void rebuildPage();
  void refreshPage();

  QTabWidget* tabs_;
  QSpinBox* page_;
  QLabel* pageLabel_;
  std::array<QWidget*, 4> pages_{};
  std::vector<std::unique_ptr<JointChart>> charts_;  // charts of the visible quantity and page
  std::shared_ptr<const SignalChartData> data_;
  int builtQuantity_ = -1, builtPage_ = -1, builtDof_ = -1;
  double cursor_ = 0.0;
};

}  // namespace eb::widgets
