#pragma once
// RobotView: the 3D robot, drawn by an embedded OpenSceneGraph viewer.
//
// OSG renders into an offscreen framebuffer object of its own OpenGL context
// (compatibility profile, NOTES-platform.md), the frame is read back and
// painted as an image. Why not a QOpenGLWidget: a window that contains one is
// composited by OpenGL on every repaint of *any* widget, and under software
// OpenGL (Xvfb + llvmpipe) that composition of the whole window costs ~30 ms,
// so every slider step and chart update stalled the GUI. With the read-back
// the window stays a plain raster window: a chart repaint costs what it
// paints, and a 3D frame costs its render plus a ~1 ms copy.
//
// It draws what it is given: link poses come from outside, it computes no
// kinematics. Mouse: left rotate, middle pan, right/wheel zoom, double click fits.

#include "model/robot_model.hpp"
#include "widgets/mesh_loader.hpp"
#include "widgets/robot_scene.hpp"

#include <QImage>
#include <QWidget>
#include <osg/Switch>
#include <osgGA/TrackballManipulator>
#include <osgViewer/GraphicsWindow>
#include <osgViewer/Viewer>

#include <memory>

class QOffscreenSurface;
class QTimer;
class QOpenGLContext;
class QOpenGLFramebufferObject;

namespace eb::widgets {

class RobotView : public QWidget {
  Q_OBJECT
 public:
  explicit RobotView(QWidget* parent = nullptr);
  ~RobotView() override;

  /// Rebuilds the scene for `model`; a mesh that cannot be loaded is drawn with the link's
  /// collision shapes or a box, with one meshWarning() per mesh and one meshSummary() line
  /// (empty when all loaded). Call setLinkPoses() next.
  void setRobot(const RobotModel& model);
  /// Poses of every link in the base frame, model.links() order; schedules a repaint.
  void setLinkPoses(const std::vector<Eigen::Isometry3d>& poses);
  /// Links drawn red (constraint violations), model.links() order.
  void setHighlightedLinks(const std::vector<bool>& highlighted);
  int highlightedLinkCount() const { return scene_.highlightedCount(); }
  /// What the last setRobot() could not draw as asked (MeshReport).
  const MeshReport& meshReport() const { return meshReport_; }

  bool framesVisible() const { return framesVisible_; }
  bool jointAxesVisible() const { return axesVisible_; }
  bool gridVisible() const { return gridVisible_; }
  /// Frames rendered since construction (for frame-rate measurements).
  quint64 framesRendered() const { return frames_; }
  /// The current frame at device resolution, rendered now if the scene changed.
  QImage grabFramebuffer();
  /// False when no OpenGL context could be created (the view then shows a message).
  bool hasOpenGL() const { return glError_.isEmpty(); }
  /// While held, repaints show the last frame and changes wait (kMaxHoldMs at most) to be
  /// rendered on release. The workbench holds the view while an edit's metrics are computed:
  /// on a software renderer a 3D frame takes the cores those need, and the numbers are what
  /// a slider drag is watched for; the robot follows one frame later (docs/workbench-latency.md).
  void holdFrames(bool hold);
  bool framesHeld() const { return held_; }
  static constexpr int kMaxHoldMs = 40;

 public slots:
  void setFramesVisible(bool visible);
  void setJointAxesVisible(bool visible);
  void setGridVisible(bool visible);
  /// Camera looking at the whole robot (as posed now) from the front right, z up.
  void fitToRobot();

 public:
  /// Like fitToRobot() for the robot in every one of `poseSets` (each as for setLinkPoses):
  /// the whole motion stays in view. Leaves the robot in the last pose set.
  void fitToMotion(const std::vector<std::vector<Eigen::Isometry3d>>& poseSets);

 signals:
  void meshWarning(const QString& message);
  /// After setRobot(): MeshReport::summary(), empty when every mesh loaded.
  void meshSummary(const QString& line);
  /// A new frame has been rendered (and is about to be shown).
  void frameRendered();

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;

 private:
  osgGA::EventQueue* events() const;
  /// Marks the scene changed and schedules a repaint.
  void sceneChanged();
  void fitToBound(osg::BoundingSphere bound);
  bool makeContextCurrent();
  void renderFrame();

  osg::ref_ptr<osgViewer::Viewer> viewer_;
  osg::ref_ptr<osgViewer::GraphicsWindowEmbedded> window_;
  osg::ref_ptr<osgGA::TrackballManipulator> manipulator_;
  osg::ref_ptr<osg::Group> world_;
  osg::ref_ptr<osg::Switch> grid_;
  MeshCache meshes_;
  RobotScene scene_;
  MeshReport meshReport_;
  std::unique_ptr<QOffscreenSurface> surface_;
  std::unique_ptr<QOpenGLContext> context_;
  std::unique_ptr<QOpenGLFramebufferObject> fbo_;
  QImage frame_;
  QString glError_;
  bool dirty_ = true;
  bool held_ = false;
  QTimer* holdTimer_;
  bool realized_ = false;
  bool framesVisible_ = false;
  bool axesVisible_ = false;
  bool gridVisible_ = true;
  quint64 frames_ = 0;
};

}  // namespace eb::widgets
