#include "app/gui/main_window.hpp"

#include "app/common/window_fit.hpp"
#include "app/gui/autosave.hpp"
#include "app/gui/compact_docks.hpp"
#include "app/gui/export_controller.hpp"
#include "app/gui/optimizer_runner.hpp"
#include "app/gui/project_controller.hpp"
#include "app/gui/recent_files.hpp"
#include "app/gui/robot_animator.hpp"
#include "app/gui/start_hint.hpp"
#include "app/gui/user_prompts.hpp"
#include "app/gui/vector_state_guard.hpp"
#include "app/gui/workbench_document.hpp"
#include "app/project/joint_lock_state.hpp"
#include "widgets/excitation_editor.hpp"
#include "widgets/information_charts.hpp"
#include "widgets/joint_limits_model.hpp"
#include "widgets/joint_signal_charts.hpp"
#include "widgets/log_panel.hpp"
#include "widgets/playback_bar.hpp"
#include "widgets/playback_clock.hpp"
#include "widgets/robot_panel.hpp"
#include "widgets/robot_view.hpp"

#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QLayout>
#include <QScreen>
#include <QShowEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <cmath>

namespace eb::gui {
namespace {

QDockWidget* makeDock(const QString& title, const QString& name, QWidget* content, QMainWindow* window) {
  auto* dock = new QDockWidget(title, window);
  dock->setObjectName(name);  // saveState() needs stable names
  dock->setWidget(content);
  return dock;
}

// Smallest readable sizes [px]: a chart with whole axis labels, a log with whole sentences.
// At 1024 x 700 the side docks, the view and the bottom row still fit beside each other.
constexpr int kMinChartWidth = 230;
constexpr int kMinChartHeight = 160;
constexpr int kMinLogWidth = 300;

std::vector<widgets::JointDescription> jointDescriptions(const RobotModel& model) {
  std::vector<widgets::JointDescription> out;
  for (const Joint& j : model.joints())
    out.push_back({QString::fromStdString(j.name), j.type == JointType::Prismatic, j.limits});
  return out;
}

}  // namespace

MainWindow::MainWindow(MainWindowOptions options, QWidget* parent)
    : QMainWindow(parent), options_(std::move(options)) {
  prompts_ = options_.prompts ? options_.prompts : std::make_shared<MessageBoxPrompts>();
  QCoreApplication::instance()->installEventFilter(new VectorStateGuard(this));
  document_ = new WorkbenchDocument(this);
  projects_ = new ProjectController(document_, prompts_.get(), this, this);
  exports_ = new ExportController(document_, prompts_.get(), this, this);
  optimizer_ = new OptimizerRunner(this);
  autosave_ = new Autosave(document_,
                           options_.recoveryPath.isEmpty() ? Autosave::defaultRecoveryPath() : options_.recoveryPath,
                           options_.autosaveSeconds, this);
  projects_->setAutosave(autosave_);
  projects_->setSavePathAsker([this] { return askSavePath(); });

  createWidgets();
  createDocks();
  createMenus();
  // A row of its own under the main toolbar: the whole window width for the one-line hint.
  startHint_ = new StartHint(this);
  addToolBarBreak();
  addToolBar(startHint_);
  connectDocument();
  // A first start fills most of the screen (the docks need the room), with room left for the
  // window manager's title bar and frame.
  if (const QScreen* screen = common::openingScreen(this)) {
    const QRect area = screen->availableGeometry();
    common::fitToScreen(this, QSize(std::min(1600, area.width() * 9 / 10), std::min(1000, area.height() * 9 / 10)));
  }
  // Tabbed for this size before the first show: split, the joint table over the excitation
  // would make the layout's minimum height larger than a 1024 x 700 screen leaves a window.
  compactDocks_->update();
  sizeDocks();
  if (options_.restoreLayout) {
    QSettings settings;
    restoreGeometry(settings.value("window/geometry").toByteArray());
    restoreState(settings.value("window/state").toByteArray());
  }
  updateTitle();
}

MainWindow::~MainWindow() = default;

void MainWindow::createWidgets() {
  view_ = new widgets::RobotView;
  clock_ = new widgets::PlaybackClock(this);
  playback_ = new widgets::PlaybackBar(clock_);
  // The new metrics first, then the robot (docs/workbench-latency.md). Connected before the
  // animator's own slot so that the edit's new pose already finds the view held.
  connect(document_, &WorkbenchDocument::excitationChanged, view_,
          [this] { holdPlayback(!document_->metricsAreCurrent()); });
  animator_ = new RobotAnimator(document_, view_, clock_, this);
  robotPanel_ = new widgets::RobotPanel;
  editor_ = new widgets::ExcitationEditor;
  eigenChart_ = new widgets::EigenvalueChart;
  historyChart_ = new widgets::MetricHistoryChart;
  rChart_ = new widgets::RDiagonalChart;
  signalCharts_ = new widgets::JointSignalCharts;
  log_ = new widgets::LogPanel;

  // The playback bar sits under the view it drives.
  auto* central = new QWidget;
  auto* layout = new QVBoxLayout(central);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  // A missing mesh is said where the user looks, over the view that shows the stand-in.
  meshBanner_ = new QLabel;
  meshBanner_->setObjectName("meshBanner");
  meshBanner_->setStyleSheet("background: #fff4ce; color: #5c4400; padding: 3px 6px;");
  meshBanner_->hide();
  connect(view_, &widgets::RobotView::meshSummary, this, [this](const QString& line) {
    meshBanner_->setText(line);
    meshBanner_->setToolTip(tr("The mesh files are listed in the log"));
    meshBanner_->setVisible(!line.isEmpty());
    if (!line.isEmpty())
      statusBar()->showMessage(line, 20000);
    else if (statusBar()->currentMessage().contains(tr("missing:")))  // of the robot before
      statusBar()->clearMessage();
  });
  layout->addWidget(meshBanner_);
  layout->addWidget(view_, 1);
  setCentralWidget(central);
  // The timeline runs the whole window width under the charts (a toolbar row of its own): under
  // the view alone a 1024 px window left the slider about 10 px between the side docks.
  auto* timeline = new QToolBar(tr("Timeline"), this);
  timeline->setObjectName("timelineToolBar");
  timeline->setMovable(false);
  timeline->addWidget(playback_);
  addToolBar(Qt::BottomToolBarArea, timeline);

  // Small windows: every chart keeps a readable size (its axis labels whole) and the panel
  // scrolls instead of squeezing them.
  for (QWidget* chart : std::initializer_list<QWidget*>{eigenChart_, historyChart_, rChart_})
    chart->setMinimumSize(kMinChartWidth, kMinChartHeight);
  auto* info = new QSplitter(Qt::Vertical);
  info->addWidget(eigenChart_);
  info->addWidget(historyChart_);
  info->addWidget(rChart_);
  info->setSizes({200, 200, 200});
  info->setChildrenCollapsible(false);
  infoPanel_ = info;
  signalCharts_->setMinimumSize(2 * kMinChartWidth, kMinChartHeight + 40);
  log_->setMinimumWidth(kMinLogWidth);

  statusRobot_ = new QLabel;
  statusBase_ = new QLabel;
  statusCond_ = new QLabel;
  statusFeasible_ = new QLabel;
  statusTiming_ = new QLabel;
  // Each figure says what it is in a word, and in full (with its unit) in the tooltip.
  statusRobot_->setObjectName("statusRobot");
  statusRobot_->setToolTip(tr("The robot and its degrees of freedom (joints free to move; locked joints apart)"));
  statusBase_->setObjectName("statusBase");
  statusBase_->setToolTip(
      tr("Base parameters: the number of independent combinations of the inertial "
         "parameters that the joint torques can identify (the rank of the regressor)"));
  statusCond_->setObjectName("statusCond");
  statusCond_->setToolTip(
      tr("cond: condition number of the base regressor over the excitation, "
         "sqrt(largest / smallest eigenvalue of the information matrix), in SI units "
         "(no unit; lower is better).\nscaled: the same with each regressor column scaled "
         "to unit norm, free of the units' choice: a large cond with a small scaled "
         "one comes from units, not from a weakly excited direction."));
  statusFeasible_->setObjectName("statusFeasible");
  statusTiming_->setObjectName("statusTiming");
  statusTiming_->setToolTip(
      tr("Time the worker took for the last edit, in milliseconds: metrics = sampling, "
         "information matrix and criteria (what the charts above show); total = "
         "also the joint torques and the limit checks"));
  for (QLabel* l : {statusRobot_, statusBase_, statusCond_, statusFeasible_, statusTiming_})
    statusBar()->addPermanentWidget(l);
}

void MainWindow::createDocks() {
  setDockNestingEnabled(true);
  // Left docks run the full height; the charts dock spans under the view and the information panel.
  setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
  // No "&" in dock titles: a tabbed dock's tab reads it as a shortcut marker.
  auto* robotDock = makeDock(tr("Robot and joints"), "robotDock", robotPanel_, this);
  auto* excitationDock = makeDock(tr("Excitation"), "excitationDock", editor_, this);
  auto* infoScroll = new QScrollArea;
  infoScroll->setWidget(infoPanel_);
  infoScroll->setWidgetResizable(true);
  infoScroll->setFrameShape(QFrame::NoFrame);
  infoScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  infoScroll->setMinimumWidth(kMinChartWidth + infoScroll->verticalScrollBar()->sizeHint().width());
  auto* infoDock = makeDock(tr("Information"), "informationDock", infoScroll, this);
  // The small multiples need ~160 px each: a narrow dock scrolls rather than squeezing them.
  auto* signalScroll = new QScrollArea;
  signalScroll->setWidget(signalCharts_);
  signalScroll->setWidgetResizable(true);
  signalScroll->setFrameShape(QFrame::NoFrame);
  auto* signalDock = makeDock(tr("Joint signals"), "signalsDock", signalScroll, this);
  auto* logDock = makeDock(tr("Log"), "logDock", log_, this);
  addDockWidget(Qt::LeftDockWidgetArea, robotDock);
  splitDockWidget(robotDock, excitationDock, Qt::Vertical);
  addDockWidget(Qt::RightDockWidgetArea, infoDock);
  addDockWidget(Qt::BottomDockWidgetArea, signalDock);
  splitDockWidget(signalDock, logDock, Qt::Horizontal);
  compactDocks_ = new CompactDocks(this);
  // Thresholds [px]: where the pair side by side stopped being readable in the screenshots. Under
  // the joint table the excitation shows a 7-joint robot's five multi-sine components from 900 px
  // high (with the start hint; tests/gui/test_workbench_layout.cpp), a tab of its own below that.
  compactDocks_->addPair(signalDock, logDock, Qt::Horizontal, 1280, 1400, signalDock, 0.75);
  compactDocks_->addPair(robotDock, excitationDock, Qt::Vertical, 900, 960, excitationDock, 0.3);
}

void MainWindow::sizeDocks() {
  auto dock = [this](const char* name) { return findChild<QDockWidget*>(name); };
  const int w = width(), h = height();
  resizeDocks({dock("robotDock"), dock("informationDock")}, {std::max(300, w * 26 / 100), std::max(kMinChartWidth, w / 4)},
              Qt::Horizontal);
  resizeDocks({dock("robotDock"), dock("excitationDock")}, {h / 4, h * 3 / 4}, Qt::Vertical);
  resizeDocks({dock("signalsDock")}, {std::max(240, h * 3 / 10)}, Qt::Vertical);
  resizeDocks({dock("signalsDock"), dock("logDock")}, {w * 3 / 4, std::max(kMinLogWidth, w / 6)}, Qt::Horizontal);
}

void MainWindow::connectDocument() {
  WorkbenchDocument* doc = document_;
  // Document -> widgets.
  connect(doc, &WorkbenchDocument::robotChanged, this, [this] {
    const RobotModel& model = document_->robot();
    showJoints();
    robotPanel_->setBaseParameters({}, {});
    editor_->setJoints(jointDescriptions(model));
    editor_->setTrajectory(document_->excitation());
    editor_->setRestToRest(document_->settings().restToRest);
    showEditorSettings();
    historyChart_->clear();
    shownBase_ = nullptr;
    log_->info(tr("Robot %1: %2 DOF, %3 links").arg(QString::fromStdString(model.name())).arg(model.dof()).arg(
        model.links().size()));
    updateStatus();
  });
  connect(doc, &WorkbenchDocument::jointLimitsChanged, this, [this] {
    showJoints();
    editor_->setJoints(jointDescriptions(document_->robot()));
  });
  connect(doc, &WorkbenchDocument::excitationChanged, this, [this] {
    editor_->setTrajectory(document_->excitation());
    showEditorSettings();
  });
  connect(doc, &WorkbenchDocument::settingsChanged, this, [this] {
    editor_->setRestToRest(document_->settings().restToRest);
    showEditorSettings();
    widgets::OptimizePanel* p = editor_->optimizePanel();
    p->setCriterion(document_->settings().criterion);
    p->setTimeLimit(document_->settings().optimizerTimeLimit);
    p->setStarts(document_->settings().optimizerStarts);
    p->setPositionRange(document_->settings().evaluation.limitScale.position);
  });
  connect(doc, &WorkbenchDocument::metricsUpdated, this, &MainWindow::showMetrics);
  connect(doc, &WorkbenchDocument::metricsUpdated, this, [this] {
    if (!document_->metricsAreCurrent()) return;
    holdPlayback(false);
    if (evaluationDeferred_) {  // the joint charts waited for these metrics (showEvaluation)
      evaluationTimer_->stop();
      scheduleEvaluationDisplay();
    }
  });
  connect(doc, &WorkbenchDocument::evaluationFailed, view_, [this] { holdPlayback(false); });
  connect(doc, &WorkbenchDocument::evaluationUpdated, this, &MainWindow::scheduleEvaluationDisplay);
  evaluationTimer_ = new QTimer(this);
  evaluationTimer_->setSingleShot(true);
  connect(evaluationTimer_, &QTimer::timeout, this, &MainWindow::showEvaluation);
  connect(doc, &WorkbenchDocument::evaluationFailed, log_, &widgets::LogPanel::error);
  connect(doc, &WorkbenchDocument::modifiedChanged, this, &MainWindow::updateTitle);
  connect(doc, &WorkbenchDocument::filePathChanged, this, &MainWindow::updateTitle);

  // Widgets -> document.
  connect(editor_, &widgets::ExcitationEditor::offsetEdited, doc, &WorkbenchDocument::setOffset);
  connect(editor_, &widgets::ExcitationEditor::harmonicEdited, doc, &WorkbenchDocument::setHarmonic);
  connect(editor_, &widgets::ExcitationEditor::dragFinished, doc, &WorkbenchDocument::endDrag);
  connect(editor_, &widgets::ExcitationEditor::periodEdited, doc, &WorkbenchDocument::setPeriod);
  connect(editor_, &widgets::ExcitationEditor::harmonicsEdited, doc, &WorkbenchDocument::setHarmonicCount);
  connect(editor_, &widgets::ExcitationEditor::restToRestToggled, doc, &WorkbenchDocument::setRestToRest);
  // Table rows are the joints as loaded; the document's robot leaves the locked ones out.
  connect(robotPanel_->jointsModel(), &widgets::JointLimitsModel::limitsEdited, this,
          [this](int row, const JointLimits& limits) {
            const auto& joints = robotPanel_->jointsModel()->joints();
            if (row >= 0 && row < static_cast<int>(joints.size()))
              document_->setJointLimits(document_->robot().jointIndex(joints[static_cast<size_t>(row)].name), limits);
          });
  connect(robotPanel_->jointsModel(), &widgets::JointLimitsModel::lockEdited, this, &MainWindow::editJointLock);
  connectExcitationFamilies();
  widgets::OptimizePanel* panel = editor_->optimizePanel();
  connect(panel, &widgets::OptimizePanel::settingsEdited, this,
          [this, panel] { document_->setOptimizerOptions(panel->criterion(), panel->timeLimit(), panel->starts()); });
  // Its own signal: only a user's edit reaches the document (a value shown is never rounded back into it).
  connect(panel, &widgets::OptimizePanel::positionRangeEdited, doc, &WorkbenchDocument::setPositionRangeUsed);

  // Optimizer.
  connect(panel, &widgets::OptimizePanel::optimizeRequested, this, &MainWindow::startOptimization);
  connect(panel, &widgets::OptimizePanel::cancelRequested, optimizer_, &OptimizerRunner::cancel);
  connect(optimizer_, &OptimizerRunner::progress, this, [panel](const OptimizerProgress& p, double limit) {
    panel->setProgress(limit > 0 ? p.elapsed / limit : 0.0, p.bestValue, p.bestCond, p.feasible, p.evaluations);
  });
  connect(optimizer_, &OptimizerRunner::finished, this, &MainWindow::optimizationFinished);
  connect(optimizer_, &OptimizerRunner::failed, this, [this, panel](const QString& message) {
    panel->setRunning(false);
    cancelAction_->setEnabled(false);
    panel->setResultText(tr("failed: %1").arg(message));
    log_->error(tr("Optimization failed: %1").arg(message));
  });

  // Messages.
  connect(projects_, &ProjectController::info, log_, &widgets::LogPanel::info);
  connect(projects_, &ProjectController::error, log_, &widgets::LogPanel::error);
  connect(exports_, &ExportController::info, log_, &widgets::LogPanel::info);
  connect(exports_, &ExportController::error, log_, &widgets::LogPanel::error);
  connect(animator_, &RobotAnimator::meshWarning, log_, &widgets::LogPanel::warning);
  connect(autosave_, &Autosave::failed, log_, &widgets::LogPanel::warning);

  // The charts' time cursor follows playback at ~15 Hz: a cursor step is a blit per chart,
  // but eight blits per 3D frame are not free.
  connect(clock_, &widgets::PlaybackClock::timeChanged, this, [this](double t) {
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (now - lastCursorMs_ < 60 && clock_->isPlaying()) return;
    lastCursorMs_ = now;
    signalCharts_->setCursorTime(t);
  });
}

void MainWindow::holdPlayback(bool hold) {
  view_->holdFrames(hold);
  clock_->hold(hold);
}

void MainWindow::showMetrics() {
  const auto m = document_->metrics();
  // Each request reports its metrics twice (alone, then with the rest): draw them once.
  if (!m || m->serial == shownMetricsSerial_) return;
  shownMetricsSerial_ = m->serial;
  // The live part: what a slider drag must move at once.
  const Eigen::VectorXd& ev = m->metrics.eigenvalues;
  eigenChart_->setEigenvalues(QList<double>(ev.data(), ev.data() + ev.size()));
  historyChart_->append(m->metrics.cond, m->metrics.logdet, m->metrics.eopt);
  if (shownBase_ != m->base.get() && m->base) {
    // Robot-level results: drawn once per robot, not on every edit.
    shownBase_ = m->base.get();
    const BaseParameters& b = *m->base;
    QStringList pivots;
    for (int column : b.pivotColumns) pivots << QString::fromStdString(b.columnNames[static_cast<size_t>(column)]);
    rChart_->setProfile(QList<double>(b.pivotedRDiagonal.data(), b.pivotedRDiagonal.data() + b.pivotedRDiagonal.size()),
                        b.rank, b.rankTolerance, pivots);
    QStringList names, expressions;
    for (int k = 0; k < b.rank; ++k) {
      names << QString::fromStdString(b.name(k));
      expressions << QString::fromStdString(b.expression(k, 4));
    }
    robotPanel_->setBaseParameters(names, expressions);
  }
  statusBase_->setText(tr("base params: %1").arg(m->base ? m->base->rank : 0));
  statusCond_->setText(tr("cond %1 | scaled %2").arg(m->metrics.cond, 0, 'f', 1).arg(m->metrics.condScaled, 0, 'f', 1));
  editor_->optimizePanel()->setCriterionRate(m->sampleRate, !(document_->settings().evaluation.sampleRate > 0.0));
}

void MainWindow::scheduleEvaluationDisplay() {
  // The joint charts redraw eight plots (~10 ms in software): at most every
  // 120 ms, and after the live charts above have been painted.
  if (evaluationTimer_->isActive()) return;
  const qint64 since = QDateTime::currentMSecsSinceEpoch() - lastEvaluationShownMs_;
  evaluationTimer_->start(static_cast<int>(std::clamp<qint64>(120 - since, 1, 120)));
}

void MainWindow::showEvaluation() {
  const auto e = document_->evaluation();
  if (!e) return;
  // The joint charts take ~10 ms of the GUI thread: not while an edit's metrics are computed,
  // which need the cores and are what a drag is watched for. Drawn once they are shown, or
  // 40 ms later whatever happens (a failed evaluation never shows them).
  if (!document_->metricsAreCurrent() && !evaluationDeferred_) {
    evaluationDeferred_ = true;
    evaluationTimer_->start(widgets::PlaybackClock::kMaxHoldMs);
    return;
  }
  evaluationDeferred_ = false;
  lastEvaluationShownMs_ = QDateTime::currentMSecsSinceEpoch();
  signalCharts_->setData(e->charts);
  editor_->setUsage(e->usage);
  const bool ok = e->feasible();
  statusFeasible_->setText(ok ? tr("feasible")
                              : tr("%n limit violation(s)", "", static_cast<int>(e->constraints.violations.size())));
  if (shownFeasible_ != static_cast<int>(ok)) {  // style sheets are costly: only on a change
    shownFeasible_ = ok;
    statusFeasible_->setStyleSheet(ok ? "color: #1e7d32; font-weight: bold;" : "color: #c0392b; font-weight: bold;");
  }
  statusFeasible_->setToolTip(QString::fromStdString(e->constraints.summary()));
  statusTiming_->setText(tr("metrics %1 / total %2 ms").arg(e->metricsMs, 0, 'f', 1).arg(e->totalMs, 0, 'f', 1));
}

void MainWindow::updateStatus() {
  if (!document_->hasRobot()) return;
  const RobotModel& model = document_->robot();
  const size_t locked = document_->source().locks.size();
  statusRobot_->setText(locked ? tr("%1 | %2 DOF (%3 locked)").arg(QString::fromStdString(model.name())).arg(model.dof()).arg(locked)
                               : tr("%1 | %2 DOF").arg(QString::fromStdString(model.name())).arg(model.dof()));
  if (!document_->metrics()) {
    statusBase_->setText(tr("base params: computing..."));
    statusCond_->clear();
    statusFeasible_->clear();
    statusTiming_->clear();
  }
}

void MainWindow::showJoints() {
  const project::DocumentState& s = document_->state();
  const RobotModel& model = document_->robot();
  robotPanel_->setSummary(QString::fromStdString(model.name()), s.source.spec, model.dof(),
                          static_cast<int>(s.source.locks.size()));
  robotPanel_->jointsModel()->setJoints(project::fullJoints(s), project::lockedValues(s));
}

void MainWindow::editJointLock(int row, bool locked, double value) {
  const auto& joints = robotPanel_->jointsModel()->joints();
  if (!document_->hasRobot() || row < 0 || row >= static_cast<int>(joints.size())) return;
  const std::string& name = joints[static_cast<size_t>(row)].name;
  const QString error =
      document_->setJointLocks(project::locksAfterEdit(document_->state(), name, locked, value));
  if (!error.isEmpty()) {
    log_->error(error);
    statusBar()->showMessage(error, 15000);
    return;
  }
  log_->info(locked ? tr("Joint %1 locked at %2: %3 DOF")
                          .arg(QString::fromStdString(name))
                          .arg(project::lockedValue(document_->source(), name))
                          .arg(document_->robot().dof())
                    : tr("Joint %1 free again: %2 DOF").arg(QString::fromStdString(name)).arg(document_->robot().dof()));
}

void MainWindow::updateTitle() {
  const QString path = document_->filePath();
  const QString name = path.isEmpty() ? tr("untitled") : QFileInfo(path).fileName();
  setWindowTitle(QString("%1[*] - ExciteBench").arg(name));
  setWindowModified(document_->isModified());
}

void MainWindow::startOptimization() {
  if (!document_->hasRobot() || optimizer_->isRunning()) return;
  widgets::OptimizePanel* panel = editor_->optimizePanel();
  OptimizerSettings settings;
  // Evaluated as the live view evaluates (rate, position range used, torque limits): the
  // optimizer's result then reports the cond the status bar shows for it.
  static_cast<ExcitationEvaluationSettings&>(settings) = document_->settings().evaluation;
  settings.criterion = panel->criterion();
  settings.timeLimit = panel->timeLimit();
  settings.starts = panel->starts();
  OptimizerJob job;
  if (const FourierTrajectory* fourier = document_->fourier()) {
    settings.harmonics = fourier->harmonics();
    settings.period = fourier->period();
    job = fourierOptimizerJob(document_->robotPointer(), *fourier, settings);
  } else {
    // The design is the one on screen (term count, duration, ramp, band, grid while snapping).
    job = multisineOptimizerJob(document_->robotPointer(), *document_->multisine(), *document_->multisineDesign(),
                                settings);
  }
  panel->setRunning(true);
  cancelAction_->setEnabled(true);
  optimizer_->start(std::move(job), settings.timeLimit);
  log_->info(tr("Optimizing %1 (%2 s, %3 starts)...").arg(criterionName(settings.criterion)).arg(settings.timeLimit).arg(settings.starts));
}

void MainWindow::optimizationFinished(const std::shared_ptr<const ExcitationRun>& r) {
  widgets::OptimizePanel* panel = editor_->optimizePanel();
  panel->setRunning(false);
  cancelAction_->setEnabled(false);
  const QString summary = tr("cond %1, %2 evaluations in %3 s%4")
                              .arg(r->metrics.cond, 0, 'f', 2)
                              .arg(r->evaluations)
                              .arg(r->elapsed, 0, 'f', 1)
                              .arg(r->cancelled ? tr(" (cancelled)") : QString());
  // The best feasible design is kept even after a cancel: it is one undo away from the previous one.
  if (r->feasible && trajectoryDof(r->trajectory) == trajectoryDof(document_->excitation())) {
    document_->setExcitation(r->trajectory, tr("Optimize excitation (cond %1)").arg(r->metrics.cond, 0, 'f', 1));
    panel->setResultText(summary);
    log_->info(tr("Optimizer: %1").arg(summary));
  } else {
    panel->setResultText(tr("no feasible result; excitation unchanged"));
    log_->warning(tr("Optimizer found no feasible excitation (%1); nothing changed").arg(summary));
  }
}

void MainWindow::start(const QString& projectPath, const project::RobotSource& robot) {
  startHint_->hide();  // restoreState() may have shown it; only a start with nothing opened does
  if (projects_->offerRecovery()) return;
  if (!projectPath.isEmpty() && projects_->openProject(projectPath)) return;
  if (!robot.spec.isEmpty() && projects_->newProject(robot)) return;
  if (projectPath.isEmpty() && robot.spec.isEmpty() && options_.reopenLastProject && reopenLastProject()) return;
  projects_->newProject(project::RobotSource{"panda", {}});
  startHint_->showUnlessDismissed();
}

bool MainWindow::reopenLastProject() {
  const QString last = recent_->files().value(0);
  if (last.isEmpty()) return false;
  if (!QFileInfo::exists(last)) {  // moved or deleted since: say so, no dialog
    const QString line = tr("Last project %1 no longer exists; started with the built-in panda").arg(last);
    statusBar()->showMessage(line, 30000);
    log_->warning(line);
    return false;
  }
  return projects_->openProject(last);
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (shownOnce_) return;
  shownOnce_ = true;
  // The first show lays the window out with a minimum height of the docks split (the joint table
  // over the excitation) and grows it to that, 655 px on a 1024 x 700 screen, before CompactDocks
  // tabs them for the small window. Laid out again tabbed, it fits the screen with its frame.
  // After the show's own layout pass (a queued call).
  QTimer::singleShot(0, this, [this] {
    layout()->invalidate();
    layout()->activate();
    const QSize largest = common::largestWindowSize(common::openingScreen(this));
    if (width() > largest.width() || height() > largest.height()) resize(size().boundedTo(largest));
  });
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!projects_->maybeSave()) {
    event->ignore();
    return;
  }
  optimizer_->cancel();
  autosave_->discard();
  if (options_.restoreLayout) {
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
  }
  event->accept();
}

}  // namespace eb::gui
