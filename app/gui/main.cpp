// excitebench: the desktop workbench.
//   excitebench [project.ebproj.json | --robot SPEC [--packages-root DIR]]
// With no argument it opens the built-in panda with the default excitation.

#include "app/gui/main_window.hpp"
#include "app/gui/startup_probe.hpp"
#include "widgets/playback_clock.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QIcon>
#include <QSurfaceFormat>

int main(int argc, char** argv) {
  QElapsedTimer sinceStart;
  sinceStart.start();
  // OpenSceneGraph (Debian, GL2) needs a compatibility profile, and a shared
  // context survives the view moving between windows; both before QApplication.
  QSurfaceFormat format;
  format.setRenderableType(QSurfaceFormat::OpenGL);
  format.setProfile(QSurfaceFormat::CompatibilityProfile);
  format.setDepthBufferSize(24);
  format.setStencilBufferSize(8);
  QSurfaceFormat::setDefaultFormat(format);
  QApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
  QApplication app(argc, argv);
  QApplication::setOrganizationName("ExciteBench");
  QApplication::setApplicationName("ExciteBench");
  QApplication::setApplicationVersion("0.1.0");
  QApplication::setWindowIcon(QIcon(":/icons/excitebench.png"));

  QCommandLineParser parser;
  parser.setApplicationDescription("ExciteBench: design excitation trajectories and identify robot dynamics.");
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument("project", "Project file to open (.ebproj.json).", "[project]");
  QCommandLineOption robot("robot", "Robot to open: built-in name (planar2r, snake:N, panda, ur5), URDF or DH table.",
                           "SPEC");
  QCommandLineOption packagesRoot("packages-root", "Folder for package:// mesh URIs of a URDF.", "DIR");
  QCommandLineOption probe("startup-probe", "Print the time to the first animated frame, then quit.");
  QCommandLineOption screenshot("screenshot", "Save a PNG of the window once the charts are drawn, then quit.", "FILE");
  QCommandLineOption delay("screenshot-delay", "Milliseconds to wait before the screenshot (default 1500).", "MS",
                           "1500");
  parser.addOptions({robot, packagesRoot, probe, screenshot, delay});
  parser.process(app);

  eb::gui::MainWindowOptions options;
  // Diagnostic runs must not read or change the user's layout.
  options.restoreLayout = !parser.isSet(probe) && !parser.isSet(screenshot);
  options.reopenLastProject = options.restoreLayout;
  eb::gui::MainWindow window(options);
  if (parser.isSet(probe)) eb::gui::installStartupProbe(&window, sinceStart);
  if (parser.isSet(screenshot))
    eb::gui::installScreenshot(&window, parser.value(screenshot), parser.value(delay).toInt());
  window.show();
  const QStringList positional = parser.positionalArguments();
  window.start(positional.value(0), eb::project::RobotSource{parser.value(robot), parser.value(packagesRoot)});
  window.clock()->play();
  return app.exec();
}
