#include "app/gui/startup_probe.hpp"

#include "app/gui/main_window.hpp"
#include "app/gui/workbench_document.hpp"
#include "widgets/playback_clock.hpp"
#include "widgets/robot_view.hpp"
#include "widgets/widget_export.hpp"

#include <QApplication>
#include <QTimer>

#include <cstdio>
#include <memory>

namespace eb::gui {

void installStartupProbe(MainWindow* window, QElapsedTimer sinceStart) {
  auto firstTime = std::make_shared<double>(-1.0);
  auto* view = window->robotView();
  QObject::connect(view, &widgets::RobotView::frameRendered, window, [=] {
    if (!window->document()->hasRobot() || !window->clock()->isPlaying()) return;
    const double t = window->clock()->time();
    if (*firstTime < 0.0) {
      *firstTime = t;
      return;
    }
    if (t == *firstTime) return;
    std::printf("first_animated_frame_ms %.1f\n", sinceStart.nsecsElapsed() * 1e-6);
    std::fflush(stdout);
    *firstTime = 1e300;  // report once
    QTimer::singleShot(0, qApp, &QApplication::quit);
  });
}

void installScreenshot(MainWindow* window, const QString& path, int delayMs) {
  auto done = std::make_shared<bool>(false);
  QObject::connect(window->document(), &WorkbenchDocument::evaluationUpdated, window, [=] {
    if (*done) return;
    *done = true;
    QTimer::singleShot(delayMs, window, [window, path] {
      int status = 0;
      try {
        widgets::savePng(window->grab().toImage(), path);
        std::printf("screenshot %s\n", qPrintable(path));
      } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        status = 1;
      }
      QApplication::exit(status);
    });
  });
}

}  // namespace eb::gui
