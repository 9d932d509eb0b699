#include "app/gui/export_controller.hpp"

#include "app/gui/robot_animator.hpp"
#include "app/gui/user_prompts.hpp"
#include "app/gui/workbench_document.hpp"
#include "app/project/joint_lock_state.hpp"
#include "excitation/trajectory_sampling.hpp"
#include "io/excitation_json.hpp"
#include "io/joint_trajectory_yaml.hpp"
#include "io/trajectory_csv.hpp"
#include "io/trajectory_mat.hpp"
#include "io/urscript_export.hpp"
#include "widgets/robot_view.hpp"
#include "widgets/widget_export.hpp"

#include <QDir>
#include <QProgressDialog>
#include <QTimer>

#include <cmath>

namespace eb::gui {
namespace {

// Rate [Hz] of the exported samples (CSV, MAT, YAML): the document's criterion rate when it
// states one (as exports always used it), else 500 Hz: the automatic criterion rate is a few
// samples per period of the top harmonic, too coarse to drive a robot with.
double exportSampleRate(const ExcitationEvaluationSettings& evaluation) {
  return evaluation.sampleRate > 0.0 ? evaluation.sampleRate : 500.0;
}

}  // namespace

ExportController::ExportController(WorkbenchDocument* document, UserPrompts* prompts, QWidget* window,
                                   QObject* parent)
    : QObject(parent), document_(document), prompts_(prompts), window_(window) {}

void ExportController::fail(const QString& title, const QString& message) {
  emit error(message);
  prompts_->showError(window_, title, message);
}

ExcitationFile ExportController::excitationFile() const {
  ExcitationFile f;
  f.robot = document_->source().spec.toStdString();
  // Every joint of the robot file, a locked one as a constant (joint_lock_state.hpp): the
  // files drive the real robot and load into the CLI with the same ROBOT.
  f.trajectory = project::fullExcitation(document_->state());
  ExcitationLimits limits;
  limits.scale = document_->settings().evaluation.limitScale;
  for (const Joint& j : project::fullJoints(document_->state())) {
    f.jointNames.push_back(j.name);
    limits.joints.push_back(j.limits);
  }
  f.limits = limits;
  return f;
}

bool ExportController::exportTrajectory(const QString& path) {
  if (!document_->hasRobot()) return false;
  try {
    const std::string file = path.toStdString();
    ExcitationFile f = excitationFile();
    if (path.endsWith(".json", Qt::CaseInsensitive)) {
      // Metrics only when they belong to this very excitation.
      if (const auto e = document_->evaluation(); e && document_->evaluationIsCurrent()) {
        ExcitationMetrics m;
        m.cond = e->metrics.cond;
        m.logdet = -e->metrics.logdet;  // the file stores the D criterion, -log det F
        m.aopt = e->metrics.aopt;
        m.eopt = e->metrics.eopt;
        m.feasible = e->feasible();
        m.extra["cond_scaled"] = e->metrics.condScaled;
        m.extra["sample_rate"] = e->sampleRate;  // the rate the cond was computed at
        f.metrics = m;
      }
      writeExcitationJson(file, f);
    } else {
      const double rate = exportSampleRate(document_->settings().evaluation);
      const TrajectorySamples s = sampleTrajectory(f.trajectory, rate);
      if (path.endsWith(".mat", Qt::CaseInsensitive))
        writeTrajectoryMat(file, s);
      else if (path.endsWith(".yaml", Qt::CaseInsensitive) || path.endsWith(".yml", Qt::CaseInsensitive))
        writeJointTrajectoryYaml(file, f, s, rate, f.robot);
      else
        writeTrajectoryCsv(file, s);
    }
  } catch (const std::exception& e) {
    fail(tr("Export failed"), QString::fromStdString(e.what()));
    return false;
  }
  emit info(tr("Exported %1").arg(path));
  return true;
}

bool ExportController::exportUrscript(const QString& path, double controllerRateHz) {
  if (!document_->hasRobot()) return false;
  try {
    const ExcitationFile f = excitationFile();
    // On the controller's clock, not the document's rate: servoj takes one sample per cycle.
    writeUrscript(path.toStdString(), f, sampleTrajectory(f.trajectory, controllerRateHz), controllerRateHz, f.robot);
  } catch (const std::exception& e) {
    fail(tr("Export failed"), QString::fromStdString(e.what()));
    return false;
  }
  emit info(tr("Exported %1 (servoj at %2 Hz)").arg(path).arg(controllerRateHz));
  return true;
}

bool ExportController::saveViewImage(widgets::RobotView* view, const QString& path) {
  try {
    widgets::savePng(view->grabFramebuffer(), path);
  } catch (const std::exception& e) {
    fail(tr("Screenshot failed"), QString::fromStdString(e.what()));
    return false;
  }
  emit info(tr("Saved view image %1").arg(path));
  return true;
}

bool ExportController::saveWidgetImage(QWidget* widget, const QString& path) {
  try {
    widgets::saveWidgetImage(widget, path);
  } catch (const std::exception& e) {
    fail(tr("Screenshot failed"), QString::fromStdString(e.what()));
    return false;
  }
  emit info(tr("Saved image %1").arg(path));
  return true;
}

int ExportController::frameCount(double duration, double fps) {
  return static_cast<int>(std::floor(duration * fps)) + 1;
}

bool ExportController::startFrameExport(widgets::RobotView* view, RobotAnimator* animator, const QString& folder,
                                        double fps) {
  if (timer_ || !document_->hasRobot() || !(fps > 0.0)) return false;
  if (!QDir().mkpath(folder)) {
    fail(tr("Frame export failed"), tr("%1: cannot create folder").arg(folder));
    return false;
  }
  const double duration = trajectoryDuration(document_->excitation());
  const int frames = frameCount(duration, fps);
  frame_ = 0;
  progress_ = new QProgressDialog(tr("Writing frames to %1").arg(folder), tr("Cancel"), 0, frames, window_);
  progress_->setWindowModality(Qt::WindowModal);
  progress_->setMinimumDuration(300);
  // One frame per event-loop turn: the window stays responsive and Cancel works without processEvents().
  timer_ = new QTimer(this);
  timer_->setInterval(0);
  connect(timer_, &QTimer::timeout, this, [=] {
    if (progress_->wasCanceled()) return finishFrames(true);
    if (frame_ >= frames) return finishFrames(false);
    animator->showTime(frame_ / fps);
    const QString path = QDir(folder).filePath(QString("frame_%1.png").arg(frame_, 5, 10, QChar('0')));
    try {
      widgets::savePng(view->grabFramebuffer(), path);
    } catch (const std::exception& e) {
      finishFrames(true);
      fail(tr("Frame export failed"), QString::fromStdString(e.what()));
      return;
    }
    progress_->setValue(++frame_);
  });
  timer_->start();
  return true;
}

void ExportController::finishFrames(bool cancelled) {
  timer_->stop();
  timer_->deleteLater();
  timer_ = nullptr;
  progress_->reset();
  progress_->deleteLater();
  progress_ = nullptr;
  emit info(cancelled ? tr("Frame export cancelled after %1 frames").arg(frame_)
                      : tr("Wrote %1 frames").arg(frame_));
  emit frameExportFinished(frame_, cancelled);
}

}  // namespace eb::gui
