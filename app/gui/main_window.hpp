#pragma once
// MainWindow: the workbench of docs/design.md, section 6. It creates the widgets,
// docks, menus and helpers and wires them to the WorkbenchDocument; the work
// itself lives in the document, its evaluation service, the controllers and
// the engine.
//
// Identification: the Identify menu holds a disabled "Identification
// wizard..." action (identificationWizardAction()). The wizard, a QWizard on
// its own identification document, connects to it and opens as a child of
// this window with document() for the robot.

#include "app/project/document_state.hpp"

#include <QMainWindow>

#include <memory>

class QAction;
class QLabel;
class QMenu;
class QSplitter;
class QTimer;


namespace eb::widgets {
class EigenvalueChart;
class ExcitationEditor;
class JointSignalCharts;
class LogPanel;
class MetricHistoryChart;
class PlaybackBar;
class PlaybackClock;
class RDiagonalChart;
class RobotPanel;
class RobotView;
}  // namespace eb::widgets

namespace eb {
struct ExcitationRun;
}

namespace eb::gui {

class Autosave;
class CompactDocks;
class HelpWindow;
class ExportController;
class OptimizerRunner;
class ProjectController;
class RecentFiles;
class RobotAnimator;
class StartHint;
class UserPrompts;
class WorkbenchDocument;

struct MainWindowOptions {
  std::shared_ptr<UserPrompts> prompts;  ///< null: real message boxes
  QString recoveryPath;                  ///< empty: Autosave::defaultRecoveryPath()
  int autosaveSeconds = 30;
  bool restoreLayout = true;             ///< dock layout and geometry from QSettings
  bool reopenLastProject = true;         ///< start() with nothing asked for reopens the last project
};

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(MainWindowOptions options = {}, QWidget* parent = nullptr);
  ~MainWindow() override;

  WorkbenchDocument* document() const { return document_; }
  ProjectController* projects() const { return projects_; }
  ExportController* exports() const { return exports_; }
  OptimizerRunner* optimizer() const { return optimizer_; }
  RobotAnimator* animator() const { return animator_; }
  widgets::RobotView* robotView() const { return view_; }
  widgets::PlaybackClock* clock() const { return clock_; }
  widgets::ExcitationEditor* excitationEditor() const { return editor_; }
  widgets::RobotPanel* robotPanel() const { return robotPanel_; }
  widgets::EigenvalueChart* eigenvalueChart() const { return eigenChart_; }
  widgets::MetricHistoryChart* historyChart() const { return historyChart_; }
  widgets::RDiagonalChart* rDiagonalChart() const { return rChart_; }
  widgets::JointSignalCharts* signalCharts() const { return signalCharts_; }
  widgets::LogPanel* logPanel() const { return log_; }
  QWidget* informationPanel() const { return infoPanel_; }
  QAction* identificationWizardAction() const { return wizardAction_; }
  QMenu* identifyMenu() const { return identifyMenu_; }
  Autosave* autosave() const { return autosave_; }
  StartHint* startHint() const { return startHint_; }
  /// The help window, once Help opened it (else null).
  HelpWindow* helpWindow() const { return helpWindow_; }

  /// First document: recovery if a crash left one (and the user wants it), else the
  /// project file or robot asked for, else the last project (Open recent, first entry; a
  /// missing file is a status line), else panda; falls back to panda if that fails.
  /// Only the panda fallback (nothing asked for) shows the start hint.
  void start(const QString& projectPath = {}, const project::RobotSource& robot = {});

 protected:
  void closeEvent(QCloseEvent* event) override;
  /// On the first show: the size fitted to the screen, once the docks are laid out for it.
  void showEvent(QShowEvent* event) override;

 private:
  void createWidgets();
  void createDocks();
  /// Default dock sizes for the current window size.
  void sizeDocks();
  /// The toolbar's actions, made by the menus (main_window_menus.cpp).
  struct ToolBarActions {
    QAction* newProject = nullptr;
    QAction* open = nullptr;
    QAction* save = nullptr;
    QAction* undo = nullptr;
    QAction* redo = nullptr;
    QAction* fit = nullptr;
    QAction* optimize = nullptr;
  };
  /// Menu bar (File, Edit, Robot, Excitation, Identify, View, Help) and the toolbar, in that order.
  void createMenus();
  void createFileMenu(ToolBarActions& bar);
  /// Undo and Redo of the document's stack, named after the step.
  void createEditMenu(ToolBarActions& bar);
  void createExportMenu(QMenu* file);
  void createRobotMenu();
  void createExcitationMenu(ToolBarActions& bar);
  void createIdentifyMenu();
  void createViewMenu(ToolBarActions& bar);
  void createHelpMenu();
  /// Opens (or raises) the help window at the README's section `heading`.
  void showHelp(const QString& heading);
  void createToolBar(const ToolBarActions& actions);
  void connectDocument();
  /// "Edit as" and the multi-sine editor <-> document (main_window_excitation.cpp).
  void connectExcitationFamilies();
  /// Edit mode, band and grid from the document's settings; Optimize enabled for the family.
  void showEditorSettings();
  void startOptimization();
  void optimizationFinished(const std::shared_ptr<const ExcitationRun>& result);
  /// Holds (or releases) the 3D view and the playback clock while an edit's metrics are computed
  /// (docs/workbench-latency.md); each releases itself after kMaxHoldMs.
  void holdPlayback(bool hold);
  void showMetrics();
  void scheduleEvaluationDisplay();
  void showEvaluation();
  void updateTitle();
  void updateStatus();
  /// The joint table and summary: every joint of the robot as loaded, the locked ones marked.
  void showJoints();
  /// Locks or frees joint `row` of the table (the robot as loaded); errors go to the log.
  void editJointLock(int row, bool locked, double value);
  /// Opens the first recent project; false (and a status line if it is gone) when there is none.
  bool reopenLastProject();
  void loadBuiltin(const QString& name);
  void openUrdfDialog();
  void openDhDialog();
  void choosePackagesRoot();
  QString askSavePath();

  MainWindowOptions options_;
  std::shared_ptr<UserPrompts> prompts_;
  WorkbenchDocument* document_ = nullptr;
  ProjectController* projects_ = nullptr;
  ExportController* exports_ = nullptr;
  OptimizerRunner* optimizer_ = nullptr;
  RobotAnimator* animator_ = nullptr;
  Autosave* autosave_ = nullptr;
  RecentFiles* recent_ = nullptr;
  CompactDocks* compactDocks_ = nullptr;

  widgets::RobotView* view_ = nullptr;
  widgets::PlaybackClock* clock_ = nullptr;
  widgets::PlaybackBar* playback_ = nullptr;
  widgets::RobotPanel* robotPanel_ = nullptr;
  widgets::ExcitationEditor* editor_ = nullptr;
  widgets::EigenvalueChart* eigenChart_ = nullptr;
  widgets::MetricHistoryChart* historyChart_ = nullptr;
  widgets::RDiagonalChart* rChart_ = nullptr;
  widgets::JointSignalCharts* signalCharts_ = nullptr;
  widgets::LogPanel* log_ = nullptr;
  QWidget* infoPanel_ = nullptr;
  StartHint* startHint_ = nullptr;
  HelpWindow* helpWindow_ = nullptr;

  QMenu* identifyMenu_ = nullptr;
  QMenu* viewMenu_ = nullptr;
  QAction* wizardAction_ = nullptr;
  QLabel* statusRobot_ = nullptr;
  QLabel* statusBase_ = nullptr;
  QLabel* statusCond_ = nullptr;
  QLabel* statusFeasible_ = nullptr;
  QLabel* statusTiming_ = nullptr;
  QLabel* meshBanner_ = nullptr;  // over the 3D view: meshes drawn with stand-ins
  QAction* cancelAction_ = nullptr;
  QTimer* evaluationTimer_ = nullptr;
  const void* shownBase_ = nullptr;  // base parameters last drawn (|R_ii| chart, list)
  int shownFeasible_ = -1;
  quint64 shownMetricsSerial_ = 0;
  qint64 lastCursorMs_ = 0;
  qint64 lastEvaluationShownMs_ = 0;
  bool shownOnce_ = false;
  bool evaluationDeferred_ = false;  // an evaluation waits for an edit's metrics to be shown
};

}  // namespace eb::gui
