#include "widgets/robot_view.hpp"

#include "widgets/scene_primitives.hpp"

#include <QMouseEvent>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFramebufferObject>
#include <QPainter>
#include <QTimer>
#include <QWheelEvent>
#include <osg/LightSource>

namespace eb::widgets {
namespace {

// OSG's trackball buttons: 1 left (rotate), 2 middle (pan), 3 right (zoom).
unsigned osgButton(Qt::MouseButton button) {
  switch (button) {
    case Qt::LeftButton: return 1;
    case Qt::MiddleButton: return 2;
    case Qt::RightButton: return 3;
    default: return 0;
  }
}

// A fill light from below and behind so faces away from the key light are not flat black.
osg::ref_ptr<osg::LightSource> makeFillLight() {
  osg::ref_ptr<osg::Light> light = new osg::Light(1);
  light->setPosition(osg::Vec4(-0.6f, 0.7f, -0.4f, 0.0f));
  light->setDiffuse(osg::Vec4(0.35f, 0.35f, 0.38f, 1.0f));
  light->setAmbient(osg::Vec4(0.0f, 0.0f, 0.0f, 1.0f));
  light->setSpecular(osg::Vec4(0.0f, 0.0f, 0.0f, 1.0f));
  osg::ref_ptr<osg::LightSource> source = new osg::LightSource;
  source->setLight(light);
  source->setReferenceFrame(osg::LightSource::ABSOLUTE_RF);
  return source;
}

}  // namespace

RobotView::RobotView(QWidget* parent)
    : QWidget(parent),
      viewer_(new osgViewer::Viewer),
      manipulator_(new osgGA::TrackballManipulator),
      world_(new osg::Group),
      grid_(new osg::Switch),
      scene_(meshes_),
      holdTimer_(new QTimer(this)) {
  holdTimer_->setSingleShot(true);
  holdTimer_->setInterval(kMaxHoldMs);
  connect(holdTimer_, &QTimer::timeout, this, [this] { holdFrames(false); });
  setFocusPolicy(Qt::StrongFocus);
  setMinimumSize(240, 180);
  setAttribute(Qt::WA_OpaquePaintEvent);  // every pixel is painted from the frame
  window_ = viewer_->setUpViewerAsEmbeddedInWindow(0, 0, 640, 480);
  viewer_->setThreadingModel(osgViewer::Viewer::SingleThreaded);
  viewer_->setKeyEventSetsDone(0);  // Esc must not end the viewer
  viewer_->getCamera()->setClearColor(osg::Vec4(0.84f, 0.87f, 0.91f, 1.0f));
  viewer_->getEventQueue()->getCurrentEventState()->setMouseYOrientation(
      osgGA::GUIEventAdapter::Y_INCREASING_DOWNWARDS);
  // Sky light: fixed in the world, above and in front, so tops are lit whatever the camera does.
  viewer_->setLightingMode(osg::View::SKY_LIGHT);
  viewer_->getLight()->setPosition(osg::Vec4(0.5f, -0.4f, 1.0f, 0.0f));
  viewer_->getLight()->setAmbient(osg::Vec4(0.35f, 0.35f, 0.35f, 1.0f));
  viewer_->getLight()->setDiffuse(osg::Vec4(0.8f, 0.8f, 0.8f, 1.0f));
  world_->addChild(makeFillLight());
  world_->getOrCreateStateSet()->setMode(GL_LIGHT1, osg::StateAttribute::ON);
  grid_->addChild(makeGroundGrid(2.0, 0.1), gridVisible_);
  world_->addChild(grid_);
  world_->addChild(scene_.root());
  viewer_->setSceneData(world_);
  manipulator_->setAllowThrow(false);  // a released drag must not keep the robot spinning
  viewer_->setCameraManipulator(manipulator_, false);
  fitToRobot();
}

RobotView::~RobotView() {
  // OSG's GL objects belong to our context, and the viewer queries GL while it
  // closes: tear everything down with the context current (even for a view
  // that never rendered, or OSG complains that it has no context).
  const bool current = makeContextCurrent();
  if (current && realized_) world_->releaseGLObjects(window_->getState());
  viewer_ = nullptr;
  window_ = nullptr;
  fbo_.reset();
  if (current) context_->doneCurrent();
}

osgGA::EventQueue* RobotView::events() const { return window_->getEventQueue(); }

void RobotView::sceneChanged() {
  dirty_ = true;
  // A held view shows its last frame, which is on screen already: blitting it again on every
  // playback tick cost the GUI thread ~2.5 ms per tick (software raster + the X server's copy),
  // the cores the held-for metrics need. holdFrames(false) repaints.
  if (!held_ || frame_.isNull()) update();
}

void RobotView::setRobot(const RobotModel& model) {
  meshReport_ = scene_.build(model);
  for (const std::string& w : meshReport_.warnings) emit meshWarning(QString::fromStdString(w));
  scene_.setFramesVisible(framesVisible_);
  scene_.setJointAxesVisible(axesVisible_);
  sceneChanged();
  emit meshSummary(QString::fromStdString(meshReport_.summary()));
}

void RobotView::setLinkPoses(const std::vector<Eigen::Isometry3d>& poses) {
  scene_.setLinkPoses(poses);
  sceneChanged();
}

void RobotView::setHighlightedLinks(const std::vector<bool>& highlighted) {
  scene_.setHighlightedLinks(highlighted);
  sceneChanged();
}

void RobotView::setFramesVisible(bool visible) {
  framesVisible_ = visible;
  scene_.setFramesVisible(visible);
  sceneChanged();
}

void RobotView::setJointAxesVisible(bool visible) {
  axesVisible_ = visible;
  scene_.setJointAxesVisible(visible);
  sceneChanged();
}

void RobotView::setGridVisible(bool visible) {
  gridVisible_ = visible;
  visible ? grid_->setAllChildrenOn() : grid_->setAllChildrenOff();
  sceneChanged();
}

void RobotView::fitToRobot() { fitToBound(scene_.root()->getBound()); }

void RobotView::fitToMotion(const std::vector<std::vector<Eigen::Isometry3d>>& poseSets) {
  if (poseSets.empty()) return fitToRobot();
  osg::BoundingSphere bound;
  for (const auto& poses : poseSets) {
    scene_.setLinkPoses(poses);
    bound.expandBy(scene_.root()->getBound());
  }
  fitToBound(bound);
}

void RobotView::fitToBound(osg::BoundingSphere bound) {
  if (!bound.valid() || bound.radius() <= 0.0) bound = osg::BoundingSphere(osg::Vec3(0, 0, 0.4f), 0.6f);
  osg::Vec3 direction(1.3f, -1.0f, 0.75f);
  direction.normalize();
  const osg::Vec3 center = bound.center();
  // Distance at which the sphere just fills the 30 degree vertical field of view; the
  // sphere is loose around an arm, so the robot keeps a margin.
  const double distance = bound.radius() / std::sin(osg::DegreesToRadians(15.0)) * 1.02;
  manipulator_->setAutoComputeHomePosition(false);  // home is this robot view, not the whole scene with the grid
  manipulator_->setHomePosition(center + direction * static_cast<float>(distance), center, osg::Vec3(0, 0, 1));
  manipulator_->home(0.0);
  sceneChanged();
}

bool RobotView::makeContextCurrent() {
  if (!glError_.isEmpty()) return false;
  if (!context_) {
    // The default format (set before QApplication) asks for the compatibility profile OSG needs.
    surface_ = std::make_unique<QOffscreenSurface>();
    surface_->setFormat(QSurfaceFormat::defaultFormat());
    surface_->create();
    context_ = std::make_unique<QOpenGLContext>();
    context_->setFormat(QSurfaceFormat::defaultFormat());
    if (!context_->create()) {
      glError_ = tr("No OpenGL context: the 3D view is not available");
      return false;
    }
  }
  if (!context_->makeCurrent(surface_.get())) {
    glError_ = tr("Cannot make the OpenGL context current: the 3D view is not available");
    return false;
  }
  return true;
}

void RobotView::renderFrame() {
  const qreal dpr = devicePixelRatioF();
  const QSize pixels(std::max(1, static_cast<int>(width() * dpr)), std::max(1, static_cast<int>(height() * dpr)));
  if (!makeContextCurrent()) return;
  if (!fbo_ || fbo_->size() != pixels) {
    fbo_ = std::make_unique<QOpenGLFramebufferObject>(pixels, QOpenGLFramebufferObject::CombinedDepthStencil);
    window_->resized(0, 0, pixels.width(), pixels.height());
    events()->windowResize(0, 0, pixels.width(), pixels.height());
    viewer_->getCamera()->setViewport(0, 0, pixels.width(), pixels.height());
    viewer_->getCamera()->setProjectionMatrixAsPerspective(
        30.0, static_cast<double>(pixels.width()) / pixels.height(), 0.01, 100.0);
  }
  if (!realized_) {
    viewer_->realize();
    realized_ = true;
  }
  fbo_->bind();
  // OSG binds "framebuffer 0" at the start of a frame: make that our FBO.
  window_->setDefaultFboId(fbo_->handle());
  viewer_->frame();
  // Converted once here so that every repaint is a plain blit into the raster backing store.
  frame_ = fbo_->toImage(true).convertToFormat(QImage::Format_RGB32);
  frame_.setDevicePixelRatio(dpr);
  fbo_->release();
  context_->doneCurrent();
  dirty_ = false;
  ++frames_;
  emit frameRendered();
}

QImage RobotView::grabFramebuffer() {
  if (dirty_ || frame_.isNull() || frame_.size() != size() * devicePixelRatioF()) renderFrame();
  return frame_;
}

void RobotView::holdFrames(bool hold) {
  if (hold == held_) return;
  held_ = hold;
  if (hold) {
    holdTimer_->start();
  } else {
    holdTimer_->stop();
    if (dirty_) update();
  }
}

void RobotView::paintEvent(QPaintEvent*) {
  // A held view repaints its last frame unless it has none of the right size.
  if ((dirty_ && !held_) || frame_.size() != size() * devicePixelRatioF()) renderFrame();
  QPainter painter(this);
  if (frame_.isNull()) {
    painter.fillRect(rect(), QColor(0xd6, 0xde, 0xe8));
    painter.drawText(rect(), Qt::AlignCenter, glError_);
    return;
  }
  painter.drawImage(QPointF(0, 0), frame_);
}

void RobotView::mousePressEvent(QMouseEvent* event) {
  const double dpr = devicePixelRatioF();
  events()->mouseButtonPress(static_cast<float>(event->position().x() * dpr),
                             static_cast<float>(event->position().y() * dpr), osgButton(event->button()));
  sceneChanged();
}

void RobotView::mouseReleaseEvent(QMouseEvent* event) {
  const double dpr = devicePixelRatioF();
  events()->mouseButtonRelease(static_cast<float>(event->position().x() * dpr),
                               static_cast<float>(event->position().y() * dpr), osgButton(event->button()));
  sceneChanged();
}

void RobotView::mouseMoveEvent(QMouseEvent* event) {
  const double dpr = devicePixelRatioF();
  events()->mouseMotion(static_cast<float>(event->position().x() * dpr),
                        static_cast<float>(event->position().y() * dpr));
  sceneChanged();
}

void RobotView::mouseDoubleClickEvent(QMouseEvent*) { fitToRobot(); }

void RobotView::wheelEvent(QWheelEvent* event) {
  events()->mouseScroll(event->angleDelta().y() > 0 ? osgGA::GUIEventAdapter::SCROLL_UP
                                                    : osgGA::GUIEventAdapter::SCROLL_DOWN);
  sceneChanged();
}

}  // namespace eb::widgets
