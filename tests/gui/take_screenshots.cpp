// Screenshots of the workbench for the documentation (run under Xvfb):
//
//   xvfb-run -a -s "-screen 0 1600x1000x24" build-gui/tests/gui/excitebench-screenshots docs/screenshots
//
// main_window.png                the start-up state: built-in panda, default excitation
// main_window_public_panda.png   the public Panda URDF with its DAE meshes
// main_window_violation.png      a tightened velocity limit: red link, red samples, frames and axes on
// main_window_public_ur5.png     the public UR5, its missing visual meshes drawn with its collision meshes
// main_window_public_iiwa14.png  Drake's KUKA iiwa 14, glTF visuals (Y-up files turned to the URDF's Z-up)
// workbench_small_window.png     the start-up state in a 1024 x 700 window
// main_window_multisine.png      "Edit as" Multi-sine: the default excitation converted, run for two
//                                periods (10 s) with a 1.5 s rest-to-rest ramp
// multisine_editor.png           the excitation dock of that state alone
// workbench_multisine_1024x700.png, workbench_multisine_1400x900.png
//                                that state in a small and a mid-size window

#include "app/gui/main_window.hpp"
#include "app/gui/project_controller.hpp"
#include "app/gui/workbench_document.hpp"
#include "gui_test_support.hpp"
#include "widgets/excitation_editor.hpp"
#include "widgets/multisine_editor.hpp"
#include "widgets/joint_signal_charts.hpp"
#include "widgets/playback_clock.hpp"
#include "widgets/robot_view.hpp"
#include "widgets/widget_export.hpp"
#include "test_paths.hpp"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDir>
#include <QTest>

#include <cstdio>

using namespace eb::gui;

namespace {

bool settle(MainWindow& w, double time) {
  const bool ok = QTest::qWaitFor([&] { return w.document()->evaluationIsCurrent(); }, 60000);
  w.clock()->pause();
  w.clock()->setTime(time);
  QTest::qWait(400);  // the joint charts follow the evaluation within ~0.1 s
  return ok;
}

void save(MainWindow& w, const QString& path) {
  eb::widgets::savePng(w.grab().toImage(), path);
  std::printf("wrote %s\n", qPrintable(path));
}

}  // namespace

int main(int argc, char** argv) {
  test::prepareApplication();
  QApplication app(argc, argv);
  const QString folder = argc > 1 ? argv[1] : "docs/screenshots";
  QDir().mkpath(folder);
  MainWindowOptions options;
  options.prompts = std::make_shared<test::FakePrompts>();
  options.restoreLayout = false;
  options.autosaveSeconds = 3600;
  MainWindow w(options);
  w.resize(1600, 1000);
  w.show();
  if (!QTest::qWaitForWindowExposed(&w)) return 1;
  w.start();
  w.clock()->play();
  QTest::qWait(1200);
  if (!settle(w, 1.3)) return 1;
  save(w, QDir(folder).filePath("main_window.png"));

  const QString robots = QString::fromUtf8(eb::test_paths::kSharedRobotsDir);
  if (w.projects()->loadRobot({robots + "/example-robot-data/robots/panda_description/urdf/panda.urdf", robots})) {
    settle(w, 1.3);
    save(w, QDir(folder).filePath("main_window_public_panda.png"));
    w.document()->undoStack()->undo();
  }

  if (w.projects()->loadRobot({robots + "/example-robot-data/robots/ur_description/urdf/ur5_robot.urdf", robots})) {
    settle(w, 1.3);
    save(w, QDir(folder).filePath("main_window_public_ur5.png"));
    w.document()->undoStack()->undo();
  }

  const QString iiwa = robots + "/drake_models/iiwa_description/urdf/iiwa14_no_collision.urdf";
  if (w.projects()->loadRobot({iiwa, robots})) {
    settle(w, 1.3);
    save(w, QDir(folder).filePath("main_window_public_iiwa14.png"));
    w.document()->undoStack()->undo();
  }

  settle(w, 1.3);
  eb::JointLimits l = w.document()->robot().joint(3).limits;
  l.velocity = 0.3;
  w.document()->setJointLimits(3, l);
  w.robotView()->setFramesVisible(true);
  w.robotView()->setJointAxesVisible(true);
  w.signalCharts()->setCurrentQuantity(1);
  w.excitationEditor()->setCurrentJoint(3);
  settle(w, 1.3);
  save(w, QDir(folder).filePath("main_window_violation.png"));
  w.document()->undoStack()->undo();
  w.robotView()->setFramesVisible(false);
  w.robotView()->setJointAxesVisible(false);
  w.signalCharts()->setCurrentQuantity(0);
  w.excitationEditor()->setCurrentJoint(0);

  w.resize(1024, 700);
  QTest::qWait(500);
  settle(w, 1.3);
  save(w, QDir(folder).filePath("workbench_small_window.png"));

  // The multi-sine editor, as a user gets there: "Edit as" Multi-sine, then a ramp.
  w.resize(1600, 1000);
  QTest::qWait(500);
  w.excitationEditor()->editAsBox()->setCurrentIndex(2);
  w.document()->setMultisineDuration(10.0);
  w.document()->setRampTime(1.5);
  w.excitationEditor()->setCurrentJoint(1);
  settle(w, 1.3);
  save(w, QDir(folder).filePath("main_window_multisine.png"));
  // The dock alone, floated to the height its components and the run's settings need.
  if (auto* dock = w.findChild<QDockWidget*>("excitationDock")) {
    dock->setFloating(true);
    dock->resize(400, 620);
    QTest::qWait(400);
    eb::widgets::savePng(dock->grab().toImage(), QDir(folder).filePath("multisine_editor.png"));
    std::printf("wrote %s\n", qPrintable(QDir(folder).filePath("multisine_editor.png")));
    dock->setFloating(false);
  }
  // The multi-sine design in a small and a mid-size window (joint 2, as above).
  for (const QSize size : {QSize(1024, 700), QSize(1400, 900)}) {
    w.resize(size);
    QTest::qWait(500);
    settle(w, 1.3);
    const QString name = QString("workbench_multisine_%1x%2").arg(size.width()).arg(size.height());
    save(w, QDir(folder).filePath(name + ".png"));
  }
  w.document()->setClean();
  return 0;
}
