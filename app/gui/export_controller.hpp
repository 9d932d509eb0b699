#pragma once
// ExportController: writing what the workbench shows — the sampled
// trajectory (CSV / MAT, or for a controller: a ros2_control trajectory YAML,
// a URScript program), the excitation itself (JSON with its metrics and
// limits), PNG/SVG images of the view and the charts, and a PNG frame
// sequence of one period. Every file goes through an atomic write, with the
// engine writers the CLI's `sample` uses.

#include <QObject>
#include <QString>

class QProgressDialog;
class QTimer;
class QWidget;

namespace eb {
struct ExcitationFile;
}

namespace eb::widgets {
class RobotView;
}

namespace eb::gui {

class RobotAnimator;
class UserPrompts;
class WorkbenchDocument;

class ExportController : public QObject {
  Q_OBJECT
 public:
  ExportController(WorkbenchDocument* document, UserPrompts* prompts, QWidget* window, QObject* parent = nullptr);

  /// Trajectory samples at the document's rate: .csv or .mat by suffix, .yaml / .yml a FollowJointTrajectory
  /// goal for ros2_control; .json writes the excitation file.
  bool exportTrajectory(const QString& path);
  /// A URScript program streaming the samples with servoj at `controllerRateHz` [Hz] (500 e-Series, 125 CB3).
  bool exportUrscript(const QString& path, double controllerRateHz);
  /// The 3D view's frame buffer as PNG.
  bool saveViewImage(widgets::RobotView* view, const QString& path);
  /// Any widget (chart panels) as PNG or SVG by suffix.
  bool saveWidgetImage(QWidget* widget, const QString& path);
  /// Starts writing one period at `fps` as frame_00000.png... into `folder`; runs frame by
  /// frame from the event loop with a cancellable progress dialog. Returns false if it could not start.
  bool startFrameExport(widgets::RobotView* view, RobotAnimator* animator, const QString& folder, double fps);
  /// Frames startFrameExport writes for `duration` [s] at `fps`: both ends included.
  static int frameCount(double duration, double fps);
  bool frameExportRunning() const { return timer_ != nullptr; }

 signals:
  void info(const QString& message);
  void error(const QString& message);
  void frameExportFinished(int frames, bool cancelled);

 private:
  void fail(const QString& title, const QString& message);
  /// The document's excitation as excitation.json holds it: every joint named, the limits as edited.
  ExcitationFile excitationFile() const;
  void finishFrames(bool cancelled);

  WorkbenchDocument* document_;
  UserPrompts* prompts_;
  QWidget* window_;
  QTimer* timer_ = nullptr;
  QProgressDialog* progress_ = nullptr;
  int frame_ = 0;
};

}  // namespace eb::gui
