// MainWindow's menus, toolbar and the file dialogs behind them.

#include "app/gui/about_text.hpp"
#include "app/gui/export_controller.hpp"
#include "app/gui/frame_export_dialog.hpp"
#include "app/gui/help_window.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/optimizer_runner.hpp"
#include "app/gui/project_controller.hpp"
#include "app/gui/recent_files.hpp"
#include "app/gui/robot_animator.hpp"
#include "app/gui/workbench_document.hpp"
#include "app/wizard/identification_wizard.hpp"
#include "model/builtin_robots.hpp"
#include "widgets/log_panel.hpp"
#include "widgets/playback_bar.hpp"
#include "widgets/playback_clock.hpp"
#include "widgets/robot_view.hpp"

#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QKeySequence>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QUndoStack>

#include <utility>

namespace eb::gui {
namespace {

constexpr const char* kProjectFilter = "ExciteBench project (*.ebproj.json *.json)";

// Last folder used by a kind of file dialog, remembered across sessions.
QString lastFolder(const QString& kind) { return QSettings().value("folders/" + kind).toString(); }
void rememberFolder(const QString& kind, const QString& path) {
  QSettings().setValue("folders/" + kind, QFileInfo(path).absolutePath());
}

}  // namespace

QString MainWindow::askSavePath() {
  QString path = QFileDialog::getSaveFileName(this, tr("Save project"), lastFolder("project"), kProjectFilter);
  if (path.isEmpty()) return path;
  if (!path.endsWith(".json")) path += ".ebproj.json";
  rememberFolder("project", path);
  return path;
}

void MainWindow::loadBuiltin(const QString& name) {
  projects_->loadRobot(project::RobotSource{name, {}});
}

void MainWindow::choosePackagesRoot() {
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Packages root for package:// meshes"),
                                                        QSettings().value("robot/packagesRoot").toString());
  if (!dir.isEmpty()) QSettings().setValue("robot/packagesRoot", dir);
}

void MainWindow::openUrdfDialog() {
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Open URDF"), lastFolder("urdf"), tr("URDF (*.urdf *.xml *.xacro);;All files (*)"));
  if (path.isEmpty()) return;
  rememberFolder("urdf", path);
  // Parsed first; a packages root is asked for only when package:// meshes are not found.
  QString used;
  if (projects_->loadUrdf(path, QSettings().value("robot/packagesRoot").toString(), &used) && !used.isEmpty())
    QSettings().setValue("robot/packagesRoot", used);
}

void MainWindow::openDhDialog() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open DH table"), lastFolder("dh"),
                                                    tr("DH table (*.yaml *.yml *.csv);;All files (*)"));
  if (path.isEmpty()) return;
  rememberFolder("dh", path);
  projects_->loadRobot(project::RobotSource{path, {}});
}

void MainWindow::createMenus() {
  ToolBarActions bar;
  createFileMenu(bar);
  createEditMenu(bar);
  createRobotMenu();
  createExcitationMenu(bar);
  createIdentifyMenu();
  createViewMenu(bar);
  createHelpMenu();
  createToolBar(bar);
}

void MainWindow::createFileMenu(ToolBarActions& bar) {
  QStyle* st = style();
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* newAction = file->addAction(st->standardIcon(QStyle::SP_FileIcon), tr("&New (Panda)"), this,
                                       [this] { projects_->newProject(); });
  newAction->setShortcut(QKeySequence::New);
  QAction* openAction = file->addAction(st->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open project..."), this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open project"), lastFolder("project"), kProjectFilter);
    if (path.isEmpty()) return;
    rememberFolder("project", path);
    projects_->openProject(path);
  });
  openAction->setShortcut(QKeySequence::Open);
  QMenu* recentMenu = file->addMenu(tr("Open &recent"));
  recent_ = new RecentFiles(recentMenu, this);
  projects_->setRecentFiles(recent_);
  connect(recent_, &RecentFiles::openRequested, projects_, &ProjectController::openProject);
  QAction* saveAction = file->addAction(st->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), this,
                                        [this] { projects_->save(); });
  saveAction->setShortcut(QKeySequence::Save);
  QAction* saveAsAction = file->addAction(tr("Save &as..."), this, [this] {
    const QString path = askSavePath();
    if (!path.isEmpty()) projects_->saveAs(path);
  });
  saveAsAction->setShortcut(QKeySequence::SaveAs);
  file->addSeparator();
  createExportMenu(file);
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
  bar.newProject = newAction;
  bar.open = openAction;
  bar.save = saveAction;
}

void MainWindow::createExportMenu(QMenu* file) {
  QMenu* exportMenu = file->addMenu(tr("&Export"));
  auto exportTrajectory = [this](const QString& title, const QString& filter, const QString& suffix) {
    QString path = QFileDialog::getSaveFileName(this, title, lastFolder("export"), filter);
    if (path.isEmpty()) return;
    if (!path.endsWith(suffix, Qt::CaseInsensitive)) path += suffix;
    rememberFolder("export", path);
    exports_->exportTrajectory(path);
  };
  exportMenu->addAction(tr("Trajectory &CSV..."), this,
                        [=] { exportTrajectory(tr("Export trajectory CSV"), "CSV (*.csv)", ".csv"); });
  exportMenu->addAction(tr("Trajectory &MAT..."), this,
                        [=] { exportTrajectory(tr("Export trajectory MAT"), "MATLAB (*.mat)", ".mat"); });
  exportMenu->addAction(tr("Excitation &JSON..."), this,
                        [=] { exportTrajectory(tr("Export excitation JSON"), "JSON (*.json)", ".json"); });
  exportMenu->addAction(tr("Trajectory for &ros2_control (YAML)..."), this, [=] {
    exportTrajectory(tr("Export FollowJointTrajectory goal"), "YAML (*.yaml *.yml)", ".yaml");
  });
  exportMenu->addAction(tr("&URScript for a UR (servoj)..."), this, [this] {
    // servoj streams one sample per controller cycle: the rate is the controller's, never a guess.
    const QStringList rates = {tr("500 Hz (e-Series)"), tr("125 Hz (CB3)")};
    bool ok = false;
    const QString rate = QInputDialog::getItem(this, tr("URScript for a UR"), tr("Controller rate:"), rates, 0,
                                               false, &ok);
    if (!ok) return;
    QString path =
        QFileDialog::getSaveFileName(this, tr("Export URScript"), lastFolder("export"), "URScript (*.script)");
    if (path.isEmpty()) return;
    if (!path.endsWith(".script", Qt::CaseInsensitive) && !path.endsWith(".urscript", Qt::CaseInsensitive))
      path += ".script";
    rememberFolder("export", path);
    exports_->exportUrscript(path, rate == rates[0] ? 500.0 : 125.0);
  });
  exportMenu->addSeparator();
  exportMenu->addAction(tr("&View image (PNG)..."), this, [this] {
    QString path = QFileDialog::getSaveFileName(this, tr("Save view image"), lastFolder("export"), "PNG (*.png)");
    if (path.isEmpty()) return;
    if (!path.endsWith(".png", Qt::CaseInsensitive)) path += ".png";
    rememberFolder("export", path);
    exports_->saveViewImage(view_, path);
  });
  auto saveChart = [this](QWidget* widget, const QString& title) {
    QString path = QFileDialog::getSaveFileName(this, title, lastFolder("export"), "PNG (*.png);;SVG (*.svg)");
    if (path.isEmpty()) return;
    if (!path.endsWith(".png", Qt::CaseInsensitive) && !path.endsWith(".svg", Qt::CaseInsensitive)) path += ".png";
    rememberFolder("export", path);
    exports_->saveWidgetImage(widget, path);
  };
  exportMenu->addAction(tr("&Information charts (PNG/SVG)..."), this,
                        [=] { saveChart(infoPanel_, tr("Save information charts")); });
  exportMenu->addAction(tr("Joint &signal charts (PNG/SVG)..."), this,
                        [=] { saveChart(signalCharts_, tr("Save joint signal charts")); });
  exportMenu->addAction(tr("&Window (PNG/SVG)..."), this, [=] { saveChart(this, tr("Save window image")); });
  QAction* framesAction = exportMenu->addAction(tr("&Frame sequence (PNG)..."), this, [this] {
    FrameExportDialog dialog(trajectoryDuration(document_->excitation()), lastFolder("frames"), this);
    if (dialog.exec() != QDialog::Accepted) return;
    QSettings().setValue("folders/frames", dialog.folder());
    clock_->pause();
    exports_->startFrameExport(view_, animator_, dialog.folder(), dialog.framesPerSecond());
  });
  framesAction->setObjectName("exportFramesAction");
  framesAction->setStatusTip(FrameExportDialog::summary());
  connect(playback_, &widgets::PlaybackBar::exportFramesRequested, framesAction, &QAction::trigger);
}

void MainWindow::createRobotMenu() {
  QMenu* robot = menuBar()->addMenu(tr("&Robot"));
  QMenu* builtins = robot->addMenu(tr("&Built-in"));
  for (const std::string& name : builtinRobotNames()) {
    const QString n = QString::fromStdString(name);
    if (n.startsWith("snake")) {
      // snake:N is a family: offer a few sizes.
      for (const char* size : {"snake:3", "snake:7", "snake:20"})
        builtins->addAction(size, this, [this, size] { loadBuiltin(size); });
    } else {
      builtins->addAction(n, this, [this, n] { loadBuiltin(n); });
    }
  }
  robot->addAction(tr("Open &URDF..."), this, &MainWindow::openUrdfDialog);
  robot->addAction(tr("Set &packages root..."), this, &MainWindow::choosePackagesRoot);
  robot->addAction(tr("Open &DH table..."), this, &MainWindow::openDhDialog);
  robot->addSeparator();
  robot->addAction(tr("&Reset joint limits"), document_, &WorkbenchDocument::resetJointLimits);
}

void MainWindow::createEditMenu(ToolBarActions& bar) {
  QStyle* st = style();
  QUndoStack* undo = document_->undoStack();
  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  edit->setObjectName("editMenu");
  // The stack's actions read "Undo <step>" / "Redo <step>": the step is named where it is undone.
  QAction* undoAction = undo->createUndoAction(this, tr("&Undo"));
  undoAction->setObjectName("undoAction");
  undoAction->setShortcut(QKeySequence::Undo);
  undoAction->setIcon(st->standardIcon(QStyle::SP_ArrowBack));
  QAction* redoAction = undo->createRedoAction(this, tr("&Redo"));
  redoAction->setObjectName("redoAction");
  redoAction->setShortcut(QKeySequence::Redo);
  redoAction->setIcon(st->standardIcon(QStyle::SP_ArrowForward));
  edit->addAction(undoAction);
  edit->addAction(redoAction);
  bar.undo = undoAction;
  bar.redo = redoAction;
}

void MainWindow::createExcitationMenu(ToolBarActions& bar) {
  QStyle* st = style();
  QMenu* excitation = menuBar()->addMenu(tr("E&xcitation"));
  QAction* optimizeAction = excitation->addAction(st->standardIcon(QStyle::SP_MediaSeekForward), tr("&Optimize"), this,
                                                  &MainWindow::startOptimization);
  optimizeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
  cancelAction_ = excitation->addAction(tr("&Cancel optimization"), optimizer_, &OptimizerRunner::cancel);
  cancelAction_->setObjectName("cancelOptimizationAction");
  cancelAction_->setShortcut(QKeySequence(Qt::Key_Escape));  // keeps the best so far, as the button does
  // Enabled only while the optimizer runs: otherwise Esc belongs to editors, menus and dialogs.
  cancelAction_->setEnabled(false);
  excitation->addAction(tr("&Default excitation"), document_, &WorkbenchDocument::resetExcitation);
  bar.optimize = optimizeAction;
}

void MainWindow::createIdentifyMenu() {
  identifyMenu_ = menuBar()->addMenu(tr("&Identify"));
  wizardAction_ = identifyMenu_->addAction(tr("Identification &wizard..."));
  wizardAction_->setObjectName("identificationWizardAction");
  wizardAction_->setStatusTip(tr("Import logs, estimate and validate the dynamic parameters"));
  connect(wizardAction_, &QAction::triggered, this, [this] {
    // The wizard works on its own identification document, for the robot loaded now.
    auto* wizard = new wizard::IdentificationWizard(document_->robot(), document_->source().spec, this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    // Closing it keeps its session for the next wizard of this robot, which offers to reopen it.
    wizard->keepSessionIn(wizard::WizardSessionStore(wizard::WizardSessionStore::defaultPath()));
    // Its results and failures reach the log dock; a result also the status bar.
    connect(wizard, &wizard::IdentificationWizard::resultReady, this, [this](const QString& line) {
      log_->info(line);
      statusBar()->showMessage(line, 15000);
    });
    connect(wizard, &wizard::IdentificationWizard::problemReported, log_, &widgets::LogPanel::error);
    wizard->show();
  });
}

void MainWindow::createViewMenu(ToolBarActions& bar) {
  QStyle* st = style();
  viewMenu_ = menuBar()->addMenu(tr("&View"));
  QAction* play = viewMenu_->addAction(tr("&Play / pause"));
  play->setShortcut(QKeySequence(Qt::Key_Space));
  play->setShortcutContext(Qt::WindowShortcut);
  connect(play, &QAction::triggered, clock_, [this] { clock_->setPlaying(!clock_->isPlaying()); });
  QAction* fit = viewMenu_->addAction(st->standardIcon(QStyle::SP_TitleBarMaxButton), tr("&Fit to robot"), view_,
                                      &widgets::RobotView::fitToRobot);
  fit->setShortcut(QKeySequence(Qt::Key_F));
  auto toggle = [this](const QString& text, bool on, auto slot) {
    QAction* a = viewMenu_->addAction(text);
    a->setCheckable(true);
    a->setChecked(on);
    connect(a, &QAction::toggled, view_, slot);
    return a;
  };
  toggle(tr("Link &frames"), view_->framesVisible(), &widgets::RobotView::setFramesVisible);
  toggle(tr("Joint &axes"), view_->jointAxesVisible(), &widgets::RobotView::setJointAxesVisible);
  toggle(tr("Ground &grid"), view_->gridVisible(), &widgets::RobotView::setGridVisible);
  viewMenu_->addSeparator();
  for (QDockWidget* dock : findChildren<QDockWidget*>()) viewMenu_->addAction(dock->toggleViewAction());
  bar.fit = fit;
}

void MainWindow::createHelpMenu() {
  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&Mouse and keys"), this, [this] {
    QMessageBox::information(this, tr("Mouse and keys"),
                             tr("3D view: left drag rotates, middle drag pans, right drag or wheel zooms, double "
                                "click or F fits the robot.\nSpace plays / pauses. Sliders: drag to edit (one undo "
                                "step per drag), or type in the box.\nJoint limits: double click a cell; leave it "
                                "empty for no limit."));
  });
  help->addSeparator();
  // The README's sections, in a help window of their own (offline: the README is built in).
  const std::pair<QString, QString> sections[] = {
      {tr("&Command line"), HelpWindow::cliSection()},
      {tr("&File formats"), HelpWindow::fileFormatsSection()},
      {tr("The &workbench"), HelpWindow::workbenchSection()},
      {tr("The identification w&izard and real logs"), HelpWindow::wizardSection()},
  };
  for (const auto& [text, heading] : sections) {
    QAction* a = help->addAction(text, this, [this, heading = heading] { showHelp(heading); });
    a->setObjectName("helpSection:" + heading);
    a->setStatusTip(tr("The README's section \"%1\"").arg(heading));
  }
  help->addSeparator();
  help->addAction(tr("&About ExciteBench"), this,
                  [this] { QMessageBox::about(this, tr("About ExciteBench"), aboutText()); });
}

void MainWindow::showHelp(const QString& heading) {
  if (!helpWindow_) helpWindow_ = new HelpWindow(this);
  helpWindow_->show();
  helpWindow_->raise();
  helpWindow_->activateWindow();
  helpWindow_->showSection(heading);
}

void MainWindow::createToolBar(const ToolBarActions& actions) {
  QToolBar* bar = addToolBar(tr("Main"));
  bar->setObjectName("mainToolBar");
  bar->setIconSize(QSize(18, 18));
  bar->addAction(actions.newProject);
  bar->addAction(actions.open);
  bar->addAction(actions.save);
  bar->addSeparator();
  bar->addAction(actions.undo);
  bar->addAction(actions.redo);
  bar->addSeparator();
  bar->addAction(actions.fit);
  bar->addAction(actions.optimize);
}

}  // namespace eb::gui
