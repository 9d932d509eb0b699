#pragma once
// RobotAnimator: puts the document's robot on the RobotView and moves it
// along the excitation as the playback clock runs: q(t) from the trajectory,
// link poses from the engine's forward kinematics (the view computes none),
// links of joints that violate a limit drawn red.

#include "dynamics/dynamics_workspace.hpp"

#include <QObject>

#include <memory>
#include <vector>

namespace eb::widgets {
class PlaybackClock;
class RobotView;
}  // namespace eb::widgets

namespace eb::gui {

class WorkbenchDocument;

class RobotAnimator : public QObject {
  Q_OBJECT
 public:
  RobotAnimator(WorkbenchDocument* document, widgets::RobotView* view, widgets::PlaybackClock* clock,
                QObject* parent = nullptr);

  /// Poses the robot at time t [s] of the excitation (without moving the clock).
  void showTime(double t);
  /// Links currently drawn red (model.links() order).
  const std::vector<bool>& highlightedLinks() const { return highlighted_; }

 signals:
  void meshWarning(const QString& message);

 private:
  void robotChanged();
  void excitationChanged();
  void evaluationUpdated();

  WorkbenchDocument* document_;
  widgets::RobotView* view_;
  widgets::PlaybackClock* clock_;
  std::unique_ptr<DynamicsWorkspace> workspace_;
  Eigen::VectorXd q_, qd_, qdd_;
  std::vector<Eigen::Isometry3d> poses_;
  std::vector<bool> highlighted_;
};

}  // namespace eb::gui
