#include "app/gui/robot_animator.hpp"

#include "app/gui/workbench_document.hpp"
#include "dynamics/forward_kinematics.hpp"
#include "widgets/playback_clock.hpp"
#include "widgets/robot_view.hpp"

namespace eb::gui {

RobotAnimator::RobotAnimator(WorkbenchDocument* document, widgets::RobotView* view, widgets::PlaybackClock* clock,
                             QObject* parent)
    : QObject(parent), document_(document), view_(view), clock_(clock) {
  connect(document_, &WorkbenchDocument::robotChanged, this, &RobotAnimator::robotChanged);
  connect(document_, &WorkbenchDocument::excitationChanged, this, &RobotAnimator::excitationChanged);
  connect(document_, &WorkbenchDocument::evaluationUpdated, this, &RobotAnimator::evaluationUpdated);
  connect(clock_, &widgets::PlaybackClock::timeChanged, this, &RobotAnimator::showTime);
  connect(view_, &widgets::RobotView::meshWarning, this, &RobotAnimator::meshWarning);
}

void RobotAnimator::robotChanged() {
  const RobotModel& model = document_->robot();
  workspace_ = std::make_unique<DynamicsWorkspace>(model);
  poses_.assign(model.links().size(), Eigen::Isometry3d::Identity());
  highlighted_.assign(model.links().size(), false);
  view_->setRobot(model);
  view_->setHighlightedLinks(highlighted_);
  clock_->setDuration(trajectoryDuration(document_->excitation()));
  // Frame the whole motion, not just the pose of the moment.
  std::vector<std::vector<Eigen::Isometry3d>> motion;
  const double duration = trajectoryDuration(document_->excitation());
  for (int k = 0; k < 16; ++k) {
    showTime(duration * k / 16.0);
    motion.push_back(poses_);
  }
  view_->fitToMotion(motion);
  showTime(clock_->time());
}

void RobotAnimator::excitationChanged() {
  clock_->setDuration(trajectoryDuration(document_->excitation()));
  showTime(clock_->time());
}

void RobotAnimator::showTime(double t) {
  if (!document_->hasRobot() || !workspace_) return;
  const RobotModel& model = document_->robot();
  evaluateTrajectory(document_->excitation(), t, q_, qd_, qdd_);
  computeForwardKinematics(model, *workspace_, q_);
  for (int i = 0; i < static_cast<int>(poses_.size()); ++i) poses_[static_cast<size_t>(i)] = linkPose(model, *workspace_, i);
  view_->setLinkPoses(poses_);
}

void RobotAnimator::evaluationUpdated() {
  const auto result = document_->evaluation();
  if (!result) return;
  const RobotModel& model = document_->robot();
  std::vector<bool> bodyViolates(static_cast<size_t>(model.bodyCount()), false);
  for (const ConstraintViolation& v : result->constraints.violations)
    if (v.joint >= 0 && v.joint < model.dof()) bodyViolates[static_cast<size_t>(model.joint(v.joint).body)] = true;
  std::vector<bool> highlighted(model.links().size(), false);
  for (size_t i = 0; i < highlighted.size(); ++i) {
    const int body = model.links()[i].body;
    highlighted[i] = body >= 0 && bodyViolates[static_cast<size_t>(body)];
  }
  if (highlighted != highlighted_) {
    highlighted_ = highlighted;
    view_->setHighlightedLinks(highlighted_);
  }
}

}  // namespace eb::gui
