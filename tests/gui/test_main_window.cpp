// The workbench's main window, driven like a user: panda at start, the 3D
// view renders, sliders change the metrics (on the worker) and undo restores
// them, the optimizer cancels, projects round-trip, bad files leave the
// window usable, exports and crash recovery work. Runs under Xvfb.

#include "app/gui/autosave.hpp"
#include "app/gui/export_controller.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/optimizer_runner.hpp"
#include "app/gui/project_controller.hpp"
#include "app/gui/workbench_document.hpp"
#include "app/wizard/identification_wizard.hpp"
#include "excitation/default_excitation.hpp"
#include "gui_test_support.hpp"
#include "widgets/excitation_editor.hpp"
#include "widgets/information_charts.hpp"
#include "widgets/joint_limits_model.hpp"
#include "widgets/joint_signal_charts.hpp"
#include "widgets/log_panel.hpp"
#include "widgets/multisine_editor.hpp"
#include "widgets/optimize_panel.hpp"
#include "widgets/playback_clock.hpp"
#include "widgets/robot_panel.hpp"
#include "widgets/robot_scene.hpp"
#include "widgets/robot_view.hpp"
#include "widgets/value_slider.hpp"
#include "test_paths.hpp"

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QStatusBar>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QSlider>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>
#include <QWizard>
#include <QUndoStack>

#include <cmath>
#include <memory>

using namespace eb;
using namespace eb::gui;
using namespace eb::project;

namespace {

const QString kPublicPanda = QString::fromUtf8(eb::test_paths::kSharedRobotsDir) + "/example-robot-data/robots/panda_description/urdf/panda.urdf";
const QString kPublicUr5 = QString::fromUtf8(eb::test_paths::kSharedRobotsDir) + "/example-robot-data/robots/ur_description/urdf/ur5_robot.urdf";

/// Text of the status-bar label that shows `piece` ("DOF", "base params"), empty if none.
QString statusText(QMainWindow* window, const QString& piece) {
  for (QLabel* l : window->statusBar()->findChildren<QLabel*>())
    if (l->text().contains(piece)) return l->text();
  return {};
}

bool nearlyEqual(const QList<double>& a, const QList<double>& b, double rel) {
  if (a.size() != b.size()) return false;
  for (int i = 0; i < a.size(); ++i)
    if (std::abs(a[i] - b[i]) > rel * std::max(std::abs(a[i]), std::abs(b[i])) + 1e-300) return false;
  return true;
}

void writeText(const QString& path, const QByteArray& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
}

}  // namespace

class MainWindowTest : public QObject {
  Q_OBJECT
 public:
  static void initMain() { test::prepareApplication(); }

 private slots:
  void initTestCase();
  void cleanupTestCase();
  void startsWithPandaAndLiveCharts();
  void statusCondIsTheCliEvaluates();
  void viewRendersTheRobot();
  void animationMovesTheRobot();
  void sliderChangesMetricsAndUndoRestoresThem();
  void editMenuNamesTheStepAndStatusFiguresSayWhatTheyAre();
  void anEditHoldsTheViewUntilItsMetrics();
  void dragIsOneUndoStep();
  void limitViolationTurnsLinkRed();
  void usageBarLabelsReadOverTheFill();
  void optimizeCanBeCancelled();
  void escapeActionCancelsTheOptimization();
  void escapeKeyCancelsTheOptimization();
  void projectRoundTrips();
  void typedEditIsOneUndoStep();
  void editAsKeepsItsFamilyAfterTheChoice();
  void multisineSlidersUndoAndProject();
  void schroederStartAndFrequencyOptimization();
  void badUrdfShowsErrorAndKeepsWindowUsable();
  void packagesRootIsAskedOnlyForUnresolvedPackageMeshes();
  void badProjectShowsErrorAndKeepsDocument();
  void exportsTrajectoryAndImages();
  void publicPandaMeshesLoad();
  void missingMeshGivesWarningAndPlaceholder();
  void missingVisualMeshesFallBackAndSaySo();
  void publicUr5ShowsItsCollisionMeshes();
  void lockingThePandaFingerRemovesADof();
  void autosaveOffersRecovery();

 private:
  /// Waits until the document's evaluation is of its current excitation.
  bool waitForCurrentEvaluation(int timeoutMs = 15000);
  void loadPanda();

  QTemporaryDir tmp_;
  std::shared_ptr<test::FakePrompts> prompts_;
  std::unique_ptr<MainWindow> window_;
  WorkbenchDocument* doc_ = nullptr;
};

bool MainWindowTest::waitForCurrentEvaluation(int timeoutMs) {
  return QTest::qWaitFor([this] { return doc_->evaluationIsCurrent(); }, timeoutMs);
}

void MainWindowTest::initTestCase() {
  QVERIFY(tmp_.isValid());
  prompts_ = std::make_shared<test::FakePrompts>();
  MainWindowOptions options;
  options.prompts = prompts_;
  options.recoveryPath = tmp_.filePath("recovery.ebproj.json");
  options.autosaveSeconds = 3600;  // the test writes recovery files explicitly
  options.restoreLayout = false;
  window_ = std::make_unique<MainWindow>(options);
  doc_ = window_->document();
  window_->resize(1280, 780);
  window_->show();
  QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
  window_->start();
  QVERIFY(waitForCurrentEvaluation());
}

void MainWindowTest::cleanupTestCase() {
  doc_->setClean();  // no save prompt on close
  window_->close();
  window_.reset();
}

void MainWindowTest::loadPanda() {
  if (doc_->robot().name() != "panda" || doc_->source().spec != "panda")
    QVERIFY(window_->projects()->loadRobot({"panda", {}}));
  QVERIFY(waitForCurrentEvaluation());
}

void MainWindowTest::startsWithPandaAndLiveCharts() {
  QCOMPARE(QString::fromStdString(doc_->robot().name()), QString("panda"));
  QCOMPARE(doc_->robot().dof(), 7);
  QVERIFY(doc_->fourier());
  QCOMPARE(doc_->fourier()->harmonics(), 5);
  QCOMPARE(doc_->fourier()->period(), 5.0);
  const auto e = doc_->evaluation();
  QVERIFY(e);
  QVERIFY(e->base);
  QVERIFY(e->metrics.cond > 1.0 && std::isfinite(e->metrics.cond));
  QCOMPARE(window_->eigenvalueChart()->values().size(), e->base->rank);
  QVERIFY(window_->historyChart()->pointCount() >= 1);
  QVERIFY(window_->rDiagonalChart()->pointCount() > 0);
  // Hovering a point names its regressor column (panda: the first pivot is one of its standard parameters).
  QVERIFY2(window_->rDiagonalChart()->pointDescription(0).contains(QRegularExpression(R"(^pivot 1 \(\w+\d\): )")),
           qPrintable(window_->rDiagonalChart()->pointDescription(0)));
  QTRY_VERIFY(window_->signalCharts()->pointCount(0, 0) > 100);
  QCOMPARE(window_->robotPanel()->baseParameterCount(), e->base->rank);
  QVERIFY(e->feasible());  // the default excitation is inside the limits
  // Identify > Identification wizard opens the wizard for the robot loaded now.
  QAction* wizardAction = window_->identificationWizardAction();
  QVERIFY(wizardAction->isEnabled());
  wizardAction->trigger();
  QWizard* wizard = nullptr;
  QTRY_VERIFY((wizard = window_->findChild<QWizard*>()) != nullptr);
  QCOMPARE(wizard->pageIds().size(), 6);  // import, preprocess, estimate, validate, export, payload
  QVERIFY(wizard->isVisible());
  // Its results reach the log dock and the status bar; its failures the log dock.
  auto* identification = qobject_cast<wizard::IdentificationWizard*>(wizard);
  QVERIFY(identification);
  const QString result = "Identified panda (ols) from 1 log, 5000 samples";
  emit identification->resultReady(result);
  QVERIFY(window_->logPanel()->toPlainText().contains(result));
  QCOMPARE(window_->statusBar()->currentMessage(), result);
  emit identification->problemReported("Validation failed: no such file");
  QVERIFY(window_->logPanel()->toPlainText().contains("Validation failed: no such file"));
  delete wizard;
}

// One evaluation everywhere (engine/excitation/excitation_evaluation.hpp): the default Panda
// design exported as excitation.json, `excitebench-cli evaluate` prints the cond the status bar
// shows, to the digits each prints, at the same automatic rate and the same samples.
void MainWindowTest::statusCondIsTheCliEvaluates() {
  loadPanda();
  if (!sameTrajectory(doc_->excitation(), Trajectory(defaultExcitation(doc_->robot())))) {
    doc_->resetExcitation();
    QVERIFY(waitForCurrentEvaluation());
  }
  QVERIFY(doc_->settings().evaluation == ExcitationEvaluationSettings{});  // the defaults: automatic rate, 95 %
  const auto* panel = window_->findChild<widgets::OptimizePanel*>();
  QVERIFY(panel);
  QCOMPARE(panel->positionRangeBox()->value(), 95.0);
  QTRY_COMPARE(panel->criterionRateText(), QString("criterion at 50 Hz (automatic)"));
  QVERIFY(panel->findChild<QComboBox*>()->toolTip().contains("criterion at 50 Hz (automatic)"));

  const QString json = tmp_.filePath("default_panda.excitation.json");
  QVERIFY(window_->exports()->exportTrajectory(json));
  QProcess cli;
  cli.start(QString::fromUtf8(eb::test_paths::kCliPath), {"evaluate", "panda", json, "--json"});
  QVERIFY(cli.waitForFinished(60000));
  QCOMPARE(cli.exitCode(), 0);
  const QJsonObject evaluated = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
  QVERIFY2(evaluated.contains("cond"), qPrintable(QString::fromUtf8(cli.readAllStandardError())));

  const auto m = doc_->metrics();
  QVERIFY(m);
  QCOMPARE(evaluated.value("samples").toInt(), m->metrics.samples);
  QCOMPARE(evaluated.value("sample_rate").toDouble(), m->sampleRate);
  const double cond = evaluated.value("cond").toDouble(), scaled = evaluated.value("cond_scaled").toDouble();
  // The status bar's digits ("cond 21.3 | scaled 4.5") and the CLI's ("%12.4f").
  const auto* statusCond = window_->statusBar()->findChild<QLabel*>("statusCond");
  QVERIFY(statusCond);
  const QString status = statusCond->text();
  QCOMPARE(status, QString("cond %1 | scaled %2").arg(cond, 0, 'f', 1).arg(scaled, 0, 'f', 1));
  QCOMPARE(QString::number(m->metrics.cond, 'f', 4), QString::number(cond, 'f', 4));
  QProcess text;
  text.start(QString::fromUtf8(eb::test_paths::kCliPath), {"evaluate", "panda", json});
  QVERIFY(text.waitForFinished(60000));
  QCOMPARE(text.exitCode(), 0);
  const QString printed = QString::fromUtf8(text.readAllStandardOutput());
  QVERIFY2(printed.contains(QString("  cond                         %1\n").arg(m->metrics.cond, 12, 'f', 4)),
           qPrintable(printed));
  // And the same limit check: the workbench's feasibility is the CLI's.
  QCOMPARE(evaluated.value("feasible").toBool(), doc_->evaluation()->feasible());
}

void MainWindowTest::viewRendersTheRobot() {
  widgets::RobotView* view = window_->robotView();
  QTRY_VERIFY_WITH_TIMEOUT(view->framesRendered() > 0, 5000);
  const QImage frame = view->grabFramebuffer();
  QVERIFY(!frame.isNull());
  QVERIFY2(test::distinctColors(frame) >= 20,
           qPrintable(QString("only %1 colours: blank view?").arg(test::distinctColors(frame))));
  // The window grab includes the GL content too (what a screenshot shows).
  QVERIFY(test::distinctColors(window_->grab().toImage()) >= 20);
}

void MainWindowTest::animationMovesTheRobot() {
  widgets::PlaybackClock* clock = window_->clock();
  clock->pause();
  clock->setTime(0.3);
  const QImage a = window_->robotView()->grabFramebuffer();
  clock->setTime(1.6);
  const QImage b = window_->robotView()->grabFramebuffer();
  QVERIFY(a != b);
  const quint64 frames = window_->robotView()->framesRendered();
  clock->play();
  QTRY_VERIFY_WITH_TIMEOUT(clock->time() > 1.7 || clock->time() < 1.5, 2000);
  QTRY_VERIFY_WITH_TIMEOUT(window_->robotView()->framesRendered() > frames + 5, 3000);
}

void MainWindowTest::anEditHoldsTheViewUntilItsMetrics() {
  loadPanda();
  widgets::RobotView* view = window_->robotView();
  widgets::PlaybackClock* clock = window_->clock();
  clock->pause();
  QVERIFY(!view->framesHeld());
  widgets::ValueSlider* control = window_->excitationEditor()->firstCoefficientControl(2);
  QSlider* slider = control->slider();
  // Until the edit's metrics arrive the view shows its last frame and playback does not tick
  // (no time line or chart cursor repaints); then the view renders the change.
  slider->setValue(slider->value() + (slider->value() > 500 ? -100 : 100));
  QVERIFY(!doc_->metricsAreCurrent());
  QVERIFY(view->framesHeld());
  QVERIFY(clock->isHeld());
  const quint64 held = view->framesRendered();
  view->repaint();  // a repaint while held draws the old frame
  QCOMPARE(view->framesRendered(), held);
  QTRY_VERIFY_WITH_TIMEOUT(doc_->metricsAreCurrent(), 15000);
  QVERIFY(!view->framesHeld());
  QVERIFY(!clock->isHeld());
  QTRY_VERIFY_WITH_TIMEOUT(view->framesRendered() > held, 2000);
  // A hold never outlasts kMaxHoldMs, whatever the worker does.
  view->holdFrames(true);
  QTRY_VERIFY_WITH_TIMEOUT(!view->framesHeld(), 10 * widgets::RobotView::kMaxHoldMs);
  QVERIFY(waitForCurrentEvaluation());
}

void MainWindowTest::sliderChangesMetricsAndUndoRestoresThem() {
  loadPanda();
  widgets::ExcitationEditor* editor = window_->excitationEditor();
  editor->setCurrentJoint(1);
  widgets::ValueSlider* control = editor->firstCoefficientControl(3);
  QVERIFY(control);
  const QList<double> before = window_->eigenvalueChart()->values();
  const double condBefore = doc_->evaluation()->metrics.cond;
  const int steps = doc_->undoStack()->index();
  const int historyBefore = window_->historyChart()->pointCount();

  QSlider* slider = control->slider();
  slider->setValue(slider->value() + (slider->value() > 500 ? -250 : 250));  // as a click on the track does
  QVERIFY(waitForCurrentEvaluation());
  const QList<double> after = window_->eigenvalueChart()->values();
  QVERIFY(!nearlyEqual(before, after, 1e-9));
  QVERIFY(doc_->evaluation()->metrics.cond != condBefore);
  QCOMPARE(doc_->undoStack()->index(), steps + 1);
  QCOMPARE(window_->historyChart()->lastCond(), doc_->evaluation()->metrics.cond);
  QCOMPARE(window_->historyChart()->pointCount(), historyBefore + 1);  // one point per edit

  doc_->undoStack()->undo();
  QVERIFY(waitForCurrentEvaluation());
  QVERIFY(nearlyEqual(before, window_->eigenvalueChart()->values(), 1e-9));
  QVERIFY(std::abs(doc_->evaluation()->metrics.cond - condBefore) <= 1e-9 * condBefore);
  doc_->undoStack()->redo();
  QVERIFY(waitForCurrentEvaluation());
  QVERIFY(nearlyEqual(after, window_->eigenvalueChart()->values(), 1e-9));
  doc_->undoStack()->undo();
  QVERIFY(waitForCurrentEvaluation());
}

// Edit follows File and its Undo / Redo name the step; each status-bar figure is labelled and
// its tooltip says what it is and its unit (issue 43).
void MainWindowTest::editMenuNamesTheStepAndStatusFiguresSayWhatTheyAre() {
  loadPanda();
  QStringList menus;
  for (QAction* a : window_->menuBar()->actions()) menus << a->text().remove('&');
  QVERIFY2(menus.indexOf("Edit") == menus.indexOf("File") + 1, qPrintable(menus.join(", ")));
  auto* edit = window_->menuBar()->findChild<QMenu*>("editMenu");
  QVERIFY(edit);
  QAction* undo = window_->findChild<QAction*>("undoAction");
  QAction* redo = window_->findChild<QAction*>("redoAction");
  QVERIFY(undo && redo && edit->actions().contains(undo) && edit->actions().contains(redo));

  widgets::ExcitationEditor* editor = window_->excitationEditor();
  editor->setCurrentJoint(1);
  widgets::ValueSlider* control = editor->firstCoefficientControl(3);
  QVERIFY(control);
  QSlider* slider = control->slider();
  slider->setValue(slider->value() + (slider->value() > 500 ? -250 : 250));
  QVERIFY(waitForCurrentEvaluation());
  const QString step = doc_->undoStack()->undoText();
  QVERIFY2(step.contains("of joint 2"), qPrintable(step));  // "Harmonic 3 of joint 2"
  QVERIFY(undo->isEnabled());
  QCOMPARE(undo->text().remove('&'), "Undo " + step);
  undo->trigger();
  QVERIFY(waitForCurrentEvaluation());
  QCOMPARE(redo->text().remove('&'), "Redo " + step);

  QVERIFY(statusText(window_.get(), "cond").contains("scaled"));
  QVERIFY2(statusText(window_.get(), " ms").startsWith("metrics "), qPrintable(statusText(window_.get(), " ms")));
  QVERIFY(statusText(window_.get(), " ms").contains("/ total "));
  auto tip = [this](const char* name) {
    auto* label = window_->statusBar()->findChild<QLabel*>(name);
    return label ? label->toolTip() : QString();
  };
  QVERIFY(tip("statusCond").contains("condition number"));
  QVERIFY(tip("statusCond").contains("scaled"));
  QVERIFY(tip("statusTiming").contains("milliseconds"));
  QVERIFY(tip("statusTiming").contains("total"));
  QVERIFY(tip("statusBase").contains("Base parameters"));
  QVERIFY(tip("statusRobot").contains("degrees of freedom"));
}

void MainWindowTest::dragIsOneUndoStep() {
  widgets::ExcitationEditor* editor = window_->excitationEditor();
  editor->setCurrentJoint(0);
  QSlider* slider = editor->offsetControl()->slider();
  const double offsetBefore = trajectoryOffsets(doc_->excitation())[0];
  const int steps = doc_->undoStack()->index();
  const quint64 serialBefore = doc_->evaluation()->serial;
  slider->setSliderDown(true);
  for (int i = 1; i <= 20; ++i) {
    slider->setValue(slider->value() + 3);
    QTest::qWait(2);
  }
  slider->setSliderDown(false);  // emits sliderReleased: the drag ends
  QCOMPARE(doc_->undoStack()->index(), steps + 1);
  QVERIFY(trajectoryOffsets(doc_->excitation())[0] != offsetBefore);
  QVERIFY(waitForCurrentEvaluation());
  // Coalescing: fewer evaluations than edits, and the last one is of the final value.
  QVERIFY(doc_->evaluation()->serial > serialBefore);
  doc_->undoStack()->undo();
  QCOMPARE(trajectoryOffsets(doc_->excitation())[0], offsetBefore);
  QVERIFY(waitForCurrentEvaluation());
}

namespace {

// WCAG contrast ratio of two colours (1 = same luminance, 21 = black on white).
double contrastRatio(QColor a, QColor b) {
  auto luminance = [](QColor c) {
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
  };
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The strongest contrast between the bar's colour beside its text and the text's pixels.
double usageLabelContrast(QProgressBar* bar) {
  const QImage image = bar->grab().toImage();
  const int mid = image.height() / 2;
  const QColor ground = image.pixelColor(3, mid);  // inside the border, left of the centred text
  double best = 1.0;
  for (int y = mid - 3; y <= mid + 3; ++y)
    for (int x = image.width() * 3 / 10; x < image.width() * 7 / 10; ++x)
      best = std::max(best, contrastRatio(ground, image.pixelColor(x, y)));
  return best;
}

}  // namespace

void MainWindowTest::usageBarLabelsReadOverTheFill() {
  loadPanda();
  QVERIFY(waitForCurrentEvaluation());
  QProgressBar* bar = window_->excitationEditor()->usageBar(1);  // qd, 37 % on the default design
  QVERIFY(bar->isVisible());
  QTRY_VERIFY2(bar->text().startsWith("qd ") && bar->isEnabled(), qPrintable(bar->text()));  // the usage has come
  const int value = bar->value();
  // Full (the text all over the fill) and empty (all over the groove): WCAG AA for text, 4.5.
  for (int v : {bar->maximum(), 0}) {
    bar->setValue(v);
    const double contrast = usageLabelContrast(bar);
    QVERIFY2(contrast >= 4.5, qPrintable(QString("value %1: contrast %2").arg(v).arg(contrast)));
  }
  bar->setValue(value);
}

void MainWindowTest::limitViolationTurnsLinkRed() {
  QCOMPARE(window_->robotView()->highlightedLinkCount(), 0);
  widgets::JointLimitsModel* model = window_->robotPanel()->jointsModel();
  // Joint 4's velocity limit far below what the excitation uses.
  QVERIFY(model->setData(model->index(3, widgets::JointLimitsModel::Velocity), "0.05", Qt::EditRole));
  QCOMPARE(doc_->robot().joint(3).limits.velocity, 0.05);
  QVERIFY(waitForCurrentEvaluation());
  QVERIFY(!doc_->evaluation()->feasible());
  QVERIFY(window_->robotView()->highlightedLinkCount() > 0);
  window_->signalCharts()->setCurrentQuantity(1);
  QTRY_VERIFY(window_->signalCharts()->violationMarkerCount() > 0);  // the joint charts follow within ~0.1 s
  doc_->undoStack()->undo();
  QVERIFY(waitForCurrentEvaluation());
  QVERIFY(doc_->evaluation()->feasible());
  QCOMPARE(window_->robotView()->highlightedLinkCount(), 0);
  window_->signalCharts()->setCurrentQuantity(0);
}

void MainWindowTest::escapeActionCancelsTheOptimization() {
  loadPanda();
  widgets::OptimizePanel* panel = window_->excitationEditor()->optimizePanel();
  panel->setTimeLimit(120.0);
  QSignalSpy finished(window_->optimizer(), &OptimizerRunner::finished);
  QTest::mouseClick(panel->optimizeButton(), Qt::LeftButton);
  QVERIFY(window_->optimizer()->isRunning());
  QTest::qWait(800);
  // The menu action that owns Esc (Xvfb has no window manager to make the window active,
  // so Qt's shortcut map would not dispatch the key itself: the action is triggered).
  QAction* escape = nullptr;
  for (QAction* a : window_->findChildren<QAction*>())
    if (a->shortcut() == QKeySequence(Qt::Key_Escape)) escape = a;
  QVERIFY(escape != nullptr);
  QCOMPARE(escape->text().remove('&'), QString("Cancel optimization"));
  escape->trigger();
  QTRY_VERIFY_WITH_TIMEOUT(!window_->optimizer()->isRunning(), 20000);
  QCOMPARE(finished.size(), 1);
  const auto result = finished.first().first().value<std::shared_ptr<const OptimizerOutcome>>();
  QVERIFY(result->cancelled);
  QVERIFY(result->elapsed < 60.0);
  if (result->feasible) doc_->undoStack()->undo();
  QVERIFY(waitForCurrentEvaluation());
}

void MainWindowTest::optimizeCanBeCancelled() {
  loadPanda();
  widgets::OptimizePanel* panel = window_->excitationEditor()->optimizePanel();
  panel->setTimeLimit(120.0);
  QSignalSpy finished(window_->optimizer(), &OptimizerRunner::finished);
  QSignalSpy failed(window_->optimizer(), &OptimizerRunner::failed);
  const int steps = doc_->undoStack()->index();
  QTest::mouseClick(panel->optimizeButton(), Qt::LeftButton);
  QVERIFY(window_->optimizer()->isRunning());
  QVERIFY(!panel->optimizeButton()->isEnabled());
  QVERIFY(panel->cancelButton()->isEnabled());
  // Let it work a little; the GUI keeps running meanwhile (the clock ticks, the view draws).
  const quint64 frames = window_->robotView()->framesRendered();
  window_->clock()->play();
  QTest::qWait(1500);
  QVERIFY(window_->robotView()->framesRendered() > frames);
  QTest::mouseClick(panel->cancelButton(), Qt::LeftButton);
  QTRY_VERIFY_WITH_TIMEOUT(!window_->optimizer()->isRunning(), 20000);
  QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
  QCOMPARE(finished.size(), 1);
  const auto result = finished.first().first().value<std::shared_ptr<const OptimizerOutcome>>();
  QVERIFY(result->cancelled);
  QVERIFY(result->elapsed < 60.0);
  QVERIFY(panel->optimizeButton()->isEnabled());
  // A feasible best-so-far is applied as one undoable step.
  if (result->feasible) {
    QCOMPARE(doc_->undoStack()->index(), steps + 1);
    doc_->undoStack()->undo();
  }
  QVERIFY(waitForCurrentEvaluation());
}

void MainWindowTest::projectRoundTrips() {
  loadPanda();
  doc_->setHarmonic(2, 3, 0.123456789, -0.0421, false);
  doc_->setJointLimits(5, [&] {
    JointLimits l = doc_->robot().joint(5).limits;
    l.effort = 11.5;
    return l;
  }());
  const Trajectory saved = doc_->excitation();
  const QString path = tmp_.filePath("roundtrip.ebproj.json");
  QVERIFY(window_->projects()->saveAs(path));
  QVERIFY(!doc_->isModified());
  QCOMPARE(doc_->filePath(), QFileInfo(path).absoluteFilePath());

  doc_->setOffset(0, 0.4, false);
  QVERIFY(doc_->isModified());
  prompts_->saveAnswer = UserPrompts::SaveChoice::Discard;
  const int questions = prompts_->saveQuestions;
  QVERIFY(window_->projects()->openProject(path));
  QCOMPARE(prompts_->saveQuestions, questions + 1);
  QVERIFY(!doc_->isModified());
  QVERIFY(sameTrajectory(doc_->excitation(), saved));
  QCOMPARE(doc_->robot().joint(5).limits.effort, 11.5);
  QCOMPARE(doc_->undoStack()->count(), 0);
  QVERIFY(waitForCurrentEvaluation());
}

// Typing a value and pressing Enter (then leaving the box) is one edit: one undo step, and
// no state in between (the spin box applies only the finished number).
void MainWindowTest::typedEditIsOneUndoStep() {
  loadPanda();
  widgets::ExcitationEditor* editor = window_->excitationEditor();
  editor->setCurrentJoint(2);
  QDoubleSpinBox* spin = editor->firstCoefficientControl(4)->spinBox();
  const int steps = doc_->undoStack()->index();
  QSignalSpy changed(doc_, &WorkbenchDocument::excitationChanged);
  spin->setFocus();
  spin->selectAll();
  QTest::keyClicks(spin, "0.125");
  QCOMPARE(changed.size(), 0);  // nothing applied while typing
  QTest::keyClick(spin, Qt::Key_Return);
  editor->offsetControl()->spinBox()->setFocus();  // leaving the box applies nothing more
  QTest::qWait(50);
  QCOMPARE(doc_->undoStack()->index(), steps + 1);
  QCOMPARE(changed.size(), 1);
  QCOMPARE(doc_->fourier()->a()(2, 3), 0.125);
  QVERIFY(waitForCurrentEvaluation());

  // Amplitude / phase (a step of its own, saved with the project): a typed amplitude [rad] keeps the phase.
  editor->editAsBox()->setCurrentIndex(1);
  QVERIFY(doc_->editMode() == EditMode::AmplitudePhase);
  QCOMPARE(doc_->undoStack()->index(), steps + 2);
  const double w4 = 4 * doc_->fourier()->baseFrequency();
  const double phase = std::atan2(-doc_->fourier()->b()(2, 3), doc_->fourier()->a()(2, 3));
  QCOMPARE(editor->firstCoefficientControl(4)->value(), std::hypot(0.125, doc_->fourier()->b()(2, 3)) / w4);
  spin = editor->firstCoefficientControl(4)->spinBox();
  QVERIFY(spin->suffix().contains("rad"));
  spin->setFocus();
  spin->selectAll();
  QTest::keyClicks(spin, "0.02");
  QTest::keyClick(spin, Qt::Key_Return);
  QCOMPARE(doc_->undoStack()->index(), steps + 3);
  const double a = doc_->fourier()->a()(2, 3), b = doc_->fourier()->b()(2, 3);
  QVERIFY(std::abs(std::hypot(a, b) / w4 - 0.02) < 1e-15);
  QVERIFY(std::abs(std::atan2(-b, a) - phase) < 1e-12);
  for (int i = 0; i < 3; ++i) doc_->undoStack()->undo();
  QCOMPARE(doc_->undoStack()->index(), steps);
  QVERIFY(doc_->editMode() == EditMode::FourierAB);
  QCOMPARE(editor->editAsBox()->currentIndex(), 0);
  QVERIFY(waitForCurrentEvaluation());
}

// "Edit as" converts the trajectory: once a family is chosen, the focus leaves the box, so an
// arrow key or a scroll meant for the panel does not switch the family again.
void MainWindowTest::editAsKeepsItsFamilyAfterTheChoice() {
  loadPanda();
  widgets::ExcitationEditor* editor = window_->excitationEditor();
  QComboBox* box = editor->editAsBox();
  QCOMPARE(box->focusPolicy(), Qt::StrongFocus);
  box->setFocus();
  QTest::keyClick(box, Qt::Key_Down);  // a deliberate choice with the keyboard, while focused
  QCOMPARE(box->currentIndex(), 1);
  emit box->activated(1);  // the user confirmed it (Enter or a click in the list)
  QVERIFY(!box->hasFocus());
  QWidget* focused = QApplication::focusWidget();
  QTest::keyClick(focused ? focused : static_cast<QWidget*>(window_.get()), Qt::Key_Down);
  QCOMPARE(box->currentIndex(), 1);
  QVERIFY(doc_->editMode() == EditMode::AmplitudePhase);
  // A wheel over the box without focus does not change it either.
  QWheelEvent wheel(QPointF(5, 5), box->mapToGlobal(QPointF(5, 5)), QPoint(), QPoint(0, -120), Qt::NoButton,
                    Qt::NoModifier, Qt::NoScrollPhase, false);
  QApplication::sendEvent(box, &wheel);
  QCOMPARE(box->currentIndex(), 1);
  doc_->undoStack()->undo();
  QCOMPARE(box->currentIndex(), 0);
  QVERIFY(waitForCurrentEvaluation());
}

void MainWindowTest::schroederStartAndFrequencyOptimization() {
  loadPanda();
  widgets::ExcitationEditor* editor = window_->excitationEditor();
  widgets::MultisineEditor* ms = editor->multisineEditor();
  editor->editAsBox()->setCurrentIndex(2);
  QVERIFY(doc_->multisine());
  QVERIFY(waitForCurrentEvaluation());
  const MultisineTrajectory converted = *doc_->multisine();

  // On the grid the optimizer keeps the frequencies: the option is offered only without snapping.
  ms->snapBox()->setChecked(true);
  QVERIFY(doc_->settings().multisine.snapToGrid);
  QVERIFY(!ms->optimizeFrequenciesBox()->isEnabled());
  ms->snapBox()->setChecked(false);
  QVERIFY(ms->optimizeFrequenciesBox()->isEnabled());
  ms->optimizeFrequenciesBox()->setChecked(true);
  QVERIFY(doc_->settings().multisine.optimizeFrequencies);
  QVERIFY(doc_->multisineDesign()->optimizeFrequencies);

  // Schroeder start: one undo step; per joint equal amplitudes, frequencies in the band, inside the limits.
  const int steps = doc_->undoStack()->index();
  QTest::mouseClick(ms->schroederButton(), Qt::LeftButton);
  QCOMPARE(doc_->undoStack()->index(), steps + 1);
  const MultisineTrajectory schroeder = *doc_->multisine();
  QVERIFY(!sameTrajectory(schroeder, converted));
  const project::MultisineSettings& band = doc_->settings().multisine;
  for (int i = 0; i < schroeder.dof(); ++i) {
    const std::vector<SineTerm>& terms = schroeder.terms(i);
    QCOMPARE(static_cast<int>(terms.size()), 5);
    QCOMPARE(schroeder.offsets()[i], converted.offsets()[i]);
    for (const SineTerm& t : terms) {
      QVERIFY2(std::abs(t.amplitude - terms[0].amplitude) <= 1e-12 * terms[0].amplitude, qPrintable(QString::number(i)));
      QVERIFY(t.amplitude > 0.0);
      QVERIFY(t.frequency >= band.minFrequency - 1e-12 && t.frequency <= band.maxFrequency + 1e-12);
    }
  }
  QVERIFY(waitForCurrentEvaluation());
  QVERIFY2(doc_->evaluation()->feasible(), doc_->evaluation()->constraints.summary().c_str());
  const double condSchroeder = doc_->evaluation()->metrics.cond;

  // Optimize from it with frequencies free: better, feasible, frequencies moved and still in the band.
  widgets::OptimizePanel* panel = editor->optimizePanel();
  panel->setTimeLimit(5.0);
  QSignalSpy optimized(window_->optimizer(), &OptimizerRunner::finished);
  QTest::mouseClick(panel->optimizeButton(), Qt::LeftButton);
  QTRY_VERIFY_WITH_TIMEOUT(optimized.size() == 1, 60000);
  const auto outcome = optimized.first().first().value<std::shared_ptr<const OptimizerOutcome>>();
  QVERIFY(outcome->feasible);
  QVERIFY2(outcome->metrics.cond < condSchroeder,
           qPrintable(QString("optimized %1, Schroeder start %2").arg(outcome->metrics.cond).arg(condSchroeder)));
  const auto& result = std::get<MultisineTrajectory>(outcome->trajectory);
  int moved = 0;
  for (int i = 0; i < result.dof(); ++i)
    for (size_t k = 0; k < result.terms(i).size(); ++k) {
      const double f = result.terms(i)[k].frequency;
      QVERIFY(f >= band.minFrequency - 1e-9 && f <= band.maxFrequency + 1e-9);
      if (std::abs(f - schroeder.terms(i)[k].frequency) > 1e-6) ++moved;
    }
  QVERIFY2(moved > 0, "no frequency moved");

  // The optimizer's result may hold inverted components (A < 0): the signed amplitude slider
  // shows one where it is, and a touch that comes back to where it started leaves the design and
  // its cond as they were (it used to clamp A to 0 and turn -0.30 into +0.035, cond 8.8 into 96.8).
  QVERIFY(waitForCurrentEvaluation());
  MultisineTrajectory inDocument = *doc_->multisine();
  int joint = 0, term = 0;
  for (int i = 0; i < inDocument.dof(); ++i)
    for (size_t k = 0; k < inDocument.terms(i).size(); ++k)
      if (inDocument.terms(i)[k].amplitude < inDocument.terms(joint)[static_cast<size_t>(term)].amplitude) {
        joint = i;
        term = static_cast<int>(k);
      }
  if (!(inDocument.terms(joint)[static_cast<size_t>(term)].amplitude < 0.0)) {
    // None inverted this time: invert one (A -> -A, phi -> phi + pi is the same motion).
    SineTerm t = inDocument.terms(joint)[static_cast<size_t>(term)];
    t.amplitude = -t.amplitude;
    t.phase += M_PI;
    doc_->setMultisineTerm(joint, term, t, false);
    QVERIFY(waitForCurrentEvaluation());
    inDocument = *doc_->multisine();
  }
  const double negative = inDocument.terms(joint)[static_cast<size_t>(term)].amplitude;
  QVERIFY(negative < 0.0);
  const double condBefore = doc_->evaluation()->metrics.cond;
  editor->setCurrentJoint(joint);
  widgets::ValueSlider* amplitude = ms->amplitudeControl(term);
  QVERIFY(amplitude);
  QSlider* slider = amplitude->slider();
  QVERIFY2(slider->value() < (slider->minimum() + slider->maximum()) / 2,
           qPrintable(QString("A = %1 shown at %2 of %3..%4")
                          .arg(negative)
                          .arg(slider->value())
                          .arg(slider->minimum())
                          .arg(slider->maximum())));
  QVERIFY(std::abs(amplitude->spinBox()->value() - negative) <= 5e-5);
  const int start = slider->value();
  slider->setSliderDown(true);
  slider->setValue(start + 40);
  QVERIFY(doc_->multisine()->terms(joint)[static_cast<size_t>(term)].amplitude != negative);
  slider->setValue(start);
  slider->setSliderDown(false);
  QCOMPARE(doc_->multisine()->terms(joint)[static_cast<size_t>(term)].amplitude, negative);
  QVERIFY(sameTrajectory(*doc_->multisine(), inDocument));
  QVERIFY(waitForCurrentEvaluation());
  QCOMPARE(doc_->evaluation()->metrics.cond, condBefore);

  // The option is saved with the project.
  const QString path = tmp_.filePath("schroeder.ebproj.json");
  QVERIFY(window_->projects()->saveAs(path));
  QVERIFY(window_->projects()->newProject({"panda", {}}));
  project::MultisineSettings off = doc_->settings().multisine;
  off.optimizeFrequencies = false;
  doc_->setMultisineSettings(off);
  QVERIFY(!ms->optimizeFrequenciesBox()->isChecked());
  QVERIFY(window_->projects()->openProject(path));
  QVERIFY(doc_->settings().multisine.optimizeFrequencies);
  QVERIFY(ms->optimizeFrequenciesBox()->isChecked());
  QVERIFY(window_->projects()->newProject({"panda", {}}));  // the next tests start from the default Fourier design
  doc_->setMultisineSettings(off);
  QVERIFY(waitForCurrentEvaluation());
}

void MainWindowTest::multisineSlidersUndoAndProject() {
  loadPanda();
  widgets::ExcitationEditor* editor = window_->excitationEditor();
  widgets::MultisineEditor* ms = editor->multisineEditor();
  const double condFourier = doc_->evaluation()->metrics.cond;
  const int steps = doc_->undoStack()->index();

  // "Edit as" Multi-sine, as the user picks it: one undoable step, the same motion exactly.
  editor->editAsBox()->setCurrentIndex(2);
  QVERIFY(doc_->multisine());
  QVERIFY(doc_->editMode() == EditMode::Multisine);
  QCOMPARE(doc_->undoStack()->index(), steps + 1);
  QVERIFY(waitForCurrentEvaluation());
  const double condConverted = doc_->evaluation()->metrics.cond;
  QVERIFY2(std::abs(condConverted - condFourier) <= 1e-9 * condFourier,
           qPrintable(QString("%1 vs %2").arg(condConverted, 0, 'g', 17).arg(condFourier, 0, 'g', 17)));
  QVERIFY(doc_->evaluation()->feasible());
  QVERIFY(editor->optimizePanel()->optimizeButton()->isEnabled());  // multi-sine designs optimize too
  editor->setCurrentJoint(1);
  QCOMPARE(ms->componentCount(), 5);  // one component per harmonic
  QCOMPARE(ms->frequencyControl(2)->value(), 3.0 / 5.0);  // harmonic 3 of the 5 s period
  const QList<double> eigenConverted = window_->eigenvalueChart()->values();

  // Drag the amplitude of component 3: one undo step, new metrics.
  auto drag = [](QSlider* slider, int step) {
    slider->setSliderDown(true);
    for (int i = 1; i <= 12; ++i) {
      slider->setValue(slider->value() + step);
      QTest::qWait(2);
    }
    slider->setSliderDown(false);
  };
  QSlider* amplitude = ms->amplitudeControl(2)->slider();
  drag(amplitude, amplitude->value() > 500 ? -20 : 20);
  QCOMPARE(doc_->undoStack()->index(), steps + 2);
  QVERIFY(waitForCurrentEvaluation());
  const double condAmplitude = doc_->evaluation()->metrics.cond;
  QVERIFY(condAmplitude != condConverted);
  QCOMPARE(window_->historyChart()->lastCond(), condAmplitude);

  // Drag the frequency of component 2 with snapping on: it moves along k/T, one step.
  QSlider* frequency = ms->frequencyControl(1)->slider();
  const double f0 = doc_->multisine()->terms(1)[1].frequency;
  drag(frequency, 30);
  QCOMPARE(doc_->undoStack()->index(), steps + 3);
  const double f1 = doc_->multisine()->terms(1)[1].frequency;
  QVERIFY(f1 > f0);
  QCOMPARE(std::round(f1 * 5.0) / 5.0, f1);
  QVERIFY(waitForCurrentEvaluation());
  const double condFrequency = doc_->evaluation()->metrics.cond;
  QVERIFY(condFrequency != condAmplitude);
  const QList<double> eigenEdited = window_->eigenvalueChart()->values();

  // Undo restores the converted design's metrics exactly; redo the edited ones.
  doc_->undoStack()->undo();
  doc_->undoStack()->undo();
  QVERIFY(waitForCurrentEvaluation());
  QCOMPARE(doc_->evaluation()->metrics.cond, condConverted);
  QVERIFY(nearlyEqual(eigenConverted, window_->eigenvalueChart()->values(), 0.0));
  QCOMPARE(ms->amplitudeControl(2)->value(), doc_->multisine()->terms(1)[2].amplitude);
  doc_->undoStack()->redo();
  doc_->undoStack()->redo();
  QVERIFY(waitForCurrentEvaluation());
  QCOMPARE(doc_->evaluation()->metrics.cond, condFrequency);
  QVERIFY(nearlyEqual(eigenEdited, window_->eigenvalueChart()->values(), 0.0));

  // A typed phase is one step too.
  QDoubleSpinBox* phase = ms->phaseControl(0)->spinBox();
  phase->setFocus();
  phase->selectAll();
  QTest::keyClicks(phase, "0.5");
  QTest::keyClick(phase, Qt::Key_Return);
  QCOMPARE(doc_->undoStack()->index(), steps + 4);
  QCOMPARE(doc_->multisine()->terms(1)[0].phase, 0.5);

  // Free frequencies: off the grid, the way back to Fourier is refused and the editor says why.
  ms->snapBox()->setChecked(false);
  QVERIFY(!doc_->settings().multisine.snapToGrid);
  doc_->setMultisineTerm(1, 4, {0.01, 0.737, 0.0}, false);
  editor->editAsBox()->setCurrentIndex(0);
  QVERIFY(doc_->multisine());
  QCOMPARE(editor->editAsBox()->currentIndex(), 2);
  const QLabel* problem = editor->findChild<QLabel*>("conversionProblem");
  QVERIFY(problem && problem->isVisible());
  QVERIFY2(problem->text().contains("component 5 of joint 2 at 0.737 Hz is not a multiple of 1/T = 0.2 Hz"),
           qPrintable(problem->text()));
  doc_->undoStack()->undo();  // back on the grid

  // Exports write the multi-sine as it is (excitation.json of type multisine, samples of its motion).
  QVERIFY(waitForCurrentEvaluation());
  const QString json = tmp_.filePath("multisine.excitation.json"), csv = tmp_.filePath("multisine.csv");
  QVERIFY(window_->exports()->exportTrajectory(json));
  QVERIFY(window_->exports()->exportTrajectory(csv));
  QFile exported(json);
  QVERIFY(exported.open(QIODevice::ReadOnly));
  const QByteArray exportedText = exported.readAll();
  QVERIFY(exportedText.contains("\"type\": \"multisine\"") && exportedText.contains("\"metrics\""));
  QCOMPARE(QFile(csv).size() > 0, true);

  // Save and reopen: the family and the edit mode come back.
  const double condSaved = doc_->evaluation()->metrics.cond;
  const MultisineTrajectory saved = *doc_->multisine();
  const QString path = tmp_.filePath("multisine.ebproj.json");
  QVERIFY(window_->projects()->saveAs(path));
  QVERIFY(window_->projects()->newProject({"panda", {}}));
  QVERIFY(window_->projects()->openProject(path));
  QVERIFY(doc_->multisine());
  QVERIFY(sameTrajectory(*doc_->multisine(), saved));
  QVERIFY(doc_->editMode() == EditMode::Multisine);
  QCOMPARE(editor->editAsBox()->currentIndex(), 2);
  QVERIFY(!doc_->settings().multisine.snapToGrid);
  QVERIFY(waitForCurrentEvaluation());
  QCOMPARE(doc_->evaluation()->metrics.cond, condSaved);  // the same design: the same cond

  // Optimize the multi-sine design from the panel: a better feasible multi-sine, one undo step.
  widgets::OptimizePanel* panel = editor->optimizePanel();
  panel->setTimeLimit(3.0);
  QSignalSpy optimized(window_->optimizer(), &OptimizerRunner::finished);
  const int beforeOptimize = doc_->undoStack()->index();
  QTest::mouseClick(panel->optimizeButton(), Qt::LeftButton);
  QVERIFY(window_->optimizer()->isRunning());
  QTRY_VERIFY_WITH_TIMEOUT(optimized.size() == 1, 60000);
  const auto outcome = optimized.first().first().value<std::shared_ptr<const OptimizerOutcome>>();
  QVERIFY(std::holds_alternative<MultisineTrajectory>(outcome->trajectory));
  QVERIFY(outcome->feasible);
  QVERIFY2(outcome->metrics.cond < condSaved,
           qPrintable(QString("optimized cond %1, started from %2").arg(outcome->metrics.cond).arg(condSaved)));
  QVERIFY(doc_->multisine());
  QCOMPARE(doc_->undoStack()->index(), beforeOptimize + 1);
  QVERIFY(waitForCurrentEvaluation());
  QVERIFY(doc_->evaluation()->metrics.cond < condSaved);
  doc_->undoStack()->undo();
  QVERIFY(sameTrajectory(*doc_->multisine(), saved));
  QVERIFY(waitForCurrentEvaluation());

  // On the grid and without a ramp it converts back to a Fourier series.
  editor->editAsBox()->setCurrentIndex(0);
  QVERIFY(doc_->fourier());
  QVERIFY(problem->isHidden());
  QVERIFY(editor->optimizePanel()->optimizeButton()->isEnabled());
  QVERIFY(waitForCurrentEvaluation());
  QVERIFY(std::abs(doc_->evaluation()->metrics.cond - condSaved) <= 1e-9 * condSaved);
  doc_->setClean();
}

void MainWindowTest::badUrdfShowsErrorAndKeepsWindowUsable() {
  loadPanda();
  const QString bad = tmp_.filePath("broken.urdf");
  writeText(bad, "<robot name='broken'><link name='a'/><joint name='j' type='revolute'><parent link='a'/></joint>");
  const Trajectory before = doc_->excitation();
  const int errors = prompts_->errors.size();
  QVERIFY(!window_->projects()->loadRobot({bad, {}}));
  QCOMPARE(prompts_->errors.size(), errors + 1);
  QVERIFY2(prompts_->errors.last().contains("broken.urdf"), qPrintable(prompts_->errors.last()));
  QVERIFY(!prompts_->errors.last().contains('\n'));
  QCOMPARE(QString::fromStdString(doc_->robot().name()), QString("panda"));
  QVERIFY(sameTrajectory(doc_->excitation(), before));
  QCOMPARE(window_->logPanel()->lastMessage(), prompts_->errors.last().section(": ", 1, -1));
  // Still usable: an edit is evaluated.
  doc_->setOffset(1, trajectoryOffsets(doc_->excitation())[1] + 0.05, false);
  QVERIFY(waitForCurrentEvaluation());
  doc_->undoStack()->undo();
  QVERIFY(waitForCurrentEvaluation());
}

void MainWindowTest::packagesRootIsAskedOnlyForUnresolvedPackageMeshes() {
  QDir(tmp_.path()).mkpath("urdf");
  QDir(tmp_.path()).mkpath("pkgs/eb_pkg/meshes");
  const int errors = prompts_->errors.size(), questions = prompts_->packagesRootQuestions;
  // A binary file: the parser's one line, no question about packages.
  const QString binary = tmp_.filePath("urdf/binary.urdf");
  writeText(binary, QByteArray("\x7f"
                               "ELF\x02\x01\x01\x00\x00\x00\xff\xfe\x00\x13\x37",
                               16));
  QVERIFY(!window_->projects()->loadUrdf(binary, {}));
  QCOMPARE(prompts_->errors.size(), errors + 1);
  QVERIFY2(prompts_->errors.last().contains("binary.urdf"), qPrintable(prompts_->errors.last()));
  QVERIFY(!prompts_->errors.last().contains('\n'));
  QCOMPARE(prompts_->packagesRootQuestions, questions);

  auto oneLink = [&](const QString& path, const QByteArray& mesh) {
    writeText(path, "<robot name='onelink'><link name='base'/><link name='arm'><visual><geometry><mesh filename='" +
                        mesh +
                        "'/></geometry></visual><inertial><mass value='1'/><inertia ixx='0.01' ixy='0' "
                        "ixz='0' iyy='0.01' iyz='0' izz='0.01'/></inertial></link><joint name='j1' type='revolute'>"
                        "<parent link='base'/><child link='arm'/><axis xyz='0 0 1'/><limit lower='-1' upper='1' "
                        "velocity='2' effort='10'/></joint></robot>");
  };
  // A missing mesh without package://: nothing a packages root could find, no question.
  const QString relative = tmp_.filePath("urdf/relative.urdf");
  oneLink(relative, "meshes/arm.stl");
  QVERIFY(window_->projects()->loadUrdf(relative, {}));
  QCOMPARE(prompts_->packagesRootQuestions, questions);
  doc_->undoStack()->undo();

  // package:// not found beside the file: asked once, after parsing; the answer finds the mesh.
  const QString packaged = tmp_.filePath("urdf/packaged.urdf");
  oneLink(packaged, QByteArray("package:") + "//eb_pkg/meshes/arm.stl");
  writeText(tmp_.filePath("pkgs/eb_pkg/meshes/arm.stl"),
            "solid arm\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 0.1 0 0\nvertex 0 0.1 0\nendloop\n"
            "endfacet\nendsolid arm\n");
  prompts_->packagesRootAnswer = tmp_.filePath("pkgs");
  QString used;
  QVERIFY(window_->projects()->loadUrdf(packaged, {}, &used));
  prompts_->packagesRootAnswer.clear();
  QCOMPARE(prompts_->packagesRootQuestions, questions + 1);
  QCOMPARE(prompts_->lastUnresolved, 1);
  QCOMPARE(used, tmp_.filePath("pkgs"));
  QCOMPARE(doc_->source().packagesRoot, tmp_.filePath("pkgs"));
  QCOMPARE(window_->robotView()->meshReport().missingVisuals, 0);
  doc_->undoStack()->undo();
  // Remembered from last time: found without a question.
  QVERIFY(window_->projects()->loadUrdf(packaged, tmp_.filePath("pkgs")));
  QCOMPARE(prompts_->packagesRootQuestions, questions + 1);
  QCOMPARE(window_->robotView()->meshReport().missingVisuals, 0);
  doc_->undoStack()->undo();
  QCOMPARE(prompts_->errors.size(), errors + 1);
  QVERIFY(waitForCurrentEvaluation());
}

void MainWindowTest::badProjectShowsErrorAndKeepsDocument() {
  const QString bad = tmp_.filePath("bad.ebproj.json");
  writeText(bad, R"({"format": "excitebench-project", "version": 1, "robot": {"spec": "panda"},
                     "excitation": {"format": "excitebench-excitation", "version": 1, "type": "fourier",
                                    "period": 5, "harmonics": 1, "joints": [{"offset": "x", "a": [0], "b": [0]}]}})");
  const QString garbage = tmp_.filePath("garbage.ebproj.json");
  writeText(garbage, "{ not json");
  doc_->setClean();
  const Trajectory before = doc_->excitation();
  const QString pathBefore = doc_->filePath();
  for (const QString& file : {bad, garbage}) {
    const int errors = prompts_->errors.size();
    QVERIFY(!window_->projects()->openProject(file));
    QCOMPARE(prompts_->errors.size(), errors + 1);
    QVERIFY2(prompts_->errors.last().contains(QFileInfo(file).fileName()), qPrintable(prompts_->errors.last()));
    QVERIFY(sameTrajectory(doc_->excitation(), before));
    QCOMPARE(doc_->filePath(), pathBefore);
  }
}

void MainWindowTest::exportsTrajectoryAndImages() {
  ExportController* ex = window_->exports();
  const QString csv = tmp_.filePath("traj.csv"), mat = tmp_.filePath("traj.mat"), json = tmp_.filePath("exc.json");
  QVERIFY(waitForCurrentEvaluation());
  QVERIFY(ex->exportTrajectory(csv));
  QVERIFY(ex->exportTrajectory(mat));
  QVERIFY(ex->exportTrajectory(json));
  QFile f(csv);
  QVERIFY(f.open(QIODevice::ReadOnly));
  QVERIFY(f.readLine().startsWith("t,q1,q2"));
  QVERIFY(QFileInfo(mat).size() > 1000);
  QFile j(json);
  QVERIFY(j.open(QIODevice::ReadOnly));
  const QByteArray text = j.readAll();
  QVERIFY(text.contains("\"metrics\"") && text.contains("\"cond\""));
  // The FollowJointTrajectory goal for ros2_control, at the document's rate with the joints' names.
  const QString yaml = tmp_.filePath("traj.yaml");
  QVERIFY(ex->exportTrajectory(yaml));
  QFile y(yaml);
  QVERIFY(y.open(QIODevice::ReadOnly));
  const QByteArray goal = y.readAll();
  QVERIFY(goal.startsWith("# ExciteBench excitation as a control_msgs/action/FollowJointTrajectory goal\n"));
  QVERIFY(goal.contains("\ntrajectory:\n  header:\n") && goal.contains("  joint_names: [\""));
  QVERIFY(goal.contains("      time_from_start: {sec: 0, nanosec: 0}\n"));
  QFile rows(csv);
  QVERIFY(rows.open(QIODevice::ReadOnly));
  QCOMPARE(goal.count("    - positions: ["), rows.readAll().count('\n') - 1);  // one point per CSV row

  const QString png = tmp_.filePath("view.png"), svg = tmp_.filePath("info.svg"), chartPng = tmp_.filePath("info.png");
  QVERIFY(ex->saveViewImage(window_->robotView(), png));
  QVERIFY(test::distinctColors(QImage(png)) >= 20);
  QVERIFY(ex->saveWidgetImage(window_->informationPanel(), svg));
  QVERIFY(ex->saveWidgetImage(window_->informationPanel(), chartPng));
  QFile s(svg);
  QVERIFY(s.open(QIODevice::ReadOnly));
  QVERIFY(s.readAll().contains("<svg"));
  QVERIFY(!QImage(chartPng).isNull());

  // Frame sequence at 2 fps over the 5 s period: 11 frames.
  const QString frames = tmp_.filePath("frames");
  QSignalSpy done(ex, &ExportController::frameExportFinished);
  QVERIFY(ex->startFrameExport(window_->robotView(), window_->animator(), frames, 2.0));
  QVERIFY(done.wait(20000));
  QCOMPARE(done.first().at(0).toInt(), 11);
  QCOMPARE(QDir(frames).entryList({"frame_*.png"}).size(), 11);
}

void MainWindowTest::publicPandaMeshesLoad() {
  if (!QFileInfo::exists(kPublicPanda)) QSKIP("public robots not available");
  const int warnings = window_->logPanel()->count(widgets::LogPanel::Level::Warning);
  QVERIFY(window_->projects()->loadRobot({kPublicPanda, QString::fromUtf8(eb::test_paths::kSharedRobotsDir)}));
  QCOMPARE(window_->logPanel()->count(widgets::LogPanel::Level::Warning), warnings);
  QVERIFY(waitForCurrentEvaluation(30000));
  QVERIFY(doc_->robot().dof() >= 7);  // 7 arm joints plus the gripper's finger joint(s)
  window_->robotView()->update();
  QTest::qWait(200);
  QVERIFY(test::distinctColors(window_->robotView()->grabFramebuffer()) >= 20);
  doc_->undoStack()->undo();  // back to the built-in panda
  QVERIFY(waitForCurrentEvaluation());
}

void MainWindowTest::missingMeshGivesWarningAndPlaceholder() {
  const QString urdf = tmp_.filePath("missing_mesh.urdf");
  writeText(urdf, R"(<robot name="onelink">
  <link name="base"/>
  <link name="arm">
    <visual><geometry><mesh filename="package://nowhere/meshes/arm.stl"/></geometry></visual>
    <inertial><mass value="1"/><origin xyz="0.1 0 0"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
  </link>
  <joint name="j1" type="revolute"><parent link="base"/><child link="arm"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" velocity="2" effort="10"/></joint>
</robot>)");
  const int warnings = window_->logPanel()->count(widgets::LogPanel::Level::Warning);
  QVERIFY(window_->projects()->loadRobot({urdf, {}}));
  QCOMPARE(window_->logPanel()->count(widgets::LogPanel::Level::Warning), warnings + 1);
  QVERIFY(window_->logPanel()->toPlainText().contains("warning: mesh 'package://nowhere/meshes/arm.stl' not found"));
  QCOMPARE(doc_->robot().dof(), 1);
  QVERIFY(waitForCurrentEvaluation());
  doc_->undoStack()->undo();
  QVERIFY(waitForCurrentEvaluation());
}

void MainWindowTest::escapeKeyCancelsTheOptimization() {
  loadPanda();
  auto* escape = window_->findChild<QAction*>("cancelOptimizationAction");
  QVERIFY(escape);
  QVERIFY(!escape->isEnabled());  // idle: Esc belongs to editors and dialogs
  widgets::OptimizePanel* panel = window_->excitationEditor()->optimizePanel();
  panel->setTimeLimit(120.0);
  QSignalSpy finished(window_->optimizer(), &OptimizerRunner::finished);
  QTest::mouseClick(panel->optimizeButton(), Qt::LeftButton);
  QVERIFY(window_->optimizer()->isRunning());
  QVERIFY(escape->isEnabled());
  QTest::qWait(500);
  // A real key press where the user's focus is (a slider of the excitation editor). Xvfb has no
  // window manager to activate the window, so the test does what a click on it would.
  QApplication::setActiveWindow(window_.get());
  QTRY_VERIFY(QApplication::activeWindow() == window_.get());
  QWidget* focus = window_->excitationEditor()->offsetControl()->slider();
  focus->setFocus();
  QTest::keyClick(focus, Qt::Key_Escape);
  QTRY_VERIFY_WITH_TIMEOUT(!window_->optimizer()->isRunning(), 20000);
  QCOMPARE(finished.size(), 1);
  QVERIFY(finished.first().first().value<std::shared_ptr<const OptimizerOutcome>>()->cancelled);
  QVERIFY(!escape->isEnabled());
  if (finished.first().first().value<std::shared_ptr<const OptimizerOutcome>>()->feasible) doc_->undoStack()->undo();
  QVERIFY(waitForCurrentEvaluation());
}

void MainWindowTest::missingVisualMeshesFallBackAndSaySo() {
  // Three links whose visual meshes are missing: one has a collision box (drawn instead), one a
  // collision mesh that is missing too (nothing of it draws: a cylinder along the chain) and one
  // no collision shape but a second visual, a box primitive (drawn, with a box for the mesh).
  const QString urdf = tmp_.filePath("fallback.urdf");
  writeText(urdf, R"(<robot name="fallback">
  <link name="base"/>
  <link name="l1">
    <visual><geometry><mesh filename="meshes/l1.dae"/></geometry></visual>
    <collision><geometry><box size="0.1 0.1 0.3"/></geometry></collision>
    <inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
  </link>
  <link name="l2">
    <visual><geometry><mesh filename="meshes/l2.dae"/></geometry></visual>
    <collision><geometry><mesh filename="meshes/l2.stl"/></geometry></collision>
    <inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
  </link>
  <link name="l3">
    <visual><geometry><mesh filename="meshes/l3.dae"/></geometry></visual>
    <visual><geometry><box size="0.05 0.05 0.2"/></geometry></visual>
    <inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
  </link>
  <joint name="j1" type="revolute"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" velocity="2" effort="10"/></joint>
  <joint name="j2" type="revolute"><parent link="l1"/><child link="l2"/><origin xyz="0 0 0.3"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" velocity="2" effort="10"/></joint>
  <joint name="j3" type="revolute"><parent link="l2"/><child link="l3"/><origin xyz="0 0 0.3"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" velocity="2" effort="10"/></joint>
</robot>)");
  auto* banner = window_->findChild<QLabel*>("meshBanner");
  QVERIFY(banner);
  QVERIFY(window_->projects()->loadRobot({urdf, {}}));
  const QString line =
      "3 visual meshes missing: shown with collision meshes (1), boxes (1) and cylinders along the chain (1)";
  QCOMPARE(banner->text(), line);
  QVERIFY(banner->isVisible());
  QCOMPARE(window_->statusBar()->currentMessage(), line);
  const widgets::MeshReport& report = window_->robotView()->meshReport();
  QCOMPARE(report.missingVisuals, 3);
  QCOMPARE(report.shownWithCollision, 1);
  QCOMPARE(report.shownWithBox, 1);
  QCOMPARE(report.shownAlongChain, 1);
  QVERIFY(waitForCurrentEvaluation());
  doc_->undoStack()->undo();  // the built-in panda: every mesh there, no banner
  QVERIFY(waitForCurrentEvaluation());
  QVERIFY(!banner->isVisible());
}

void MainWindowTest::publicUr5ShowsItsCollisionMeshes() {
  if (!QFileInfo::exists(kPublicUr5)) QSKIP("public robots not available");
  QVERIFY(window_->projects()->loadRobot({kPublicUr5, QString::fromUtf8(eb::test_paths::kSharedRobotsDir)}));
  // example-robot-data ships the UR5's collision STLs but not its visual DAEs.
  QCOMPARE(window_->findChild<QLabel*>("meshBanner")->text(),
           QString("7 visual meshes missing: shown with collision meshes (7)"));
  QVERIFY(waitForCurrentEvaluation(30000));
  window_->robotView()->update();
  QTest::qWait(200);
  QVERIFY(test::distinctColors(window_->robotView()->grabFramebuffer()) >= 20);
  doc_->undoStack()->undo();
  QVERIFY(waitForCurrentEvaluation());
}

void MainWindowTest::lockingThePandaFingerRemovesADof() {
  if (!QFileInfo::exists(kPublicPanda)) QSKIP("public robots not available");
  QVERIFY(window_->projects()->loadRobot({kPublicPanda, QString::fromUtf8(eb::test_paths::kSharedRobotsDir)}));
  QVERIFY(waitForCurrentEvaluation(30000));
  QCOMPARE(doc_->robot().dof(), 8);
  QCOMPARE(window_->robotPanel()->baseParameterCount(), 48);
  QCOMPARE(statusText(window_.get(), "base params"), QString("base params: 48"));
  QVERIFY(statusText(window_.get(), "DOF").endsWith("| 8 DOF"));

  // The user ticks "lock" on the finger's row of the joint table.
  widgets::JointLimitsModel* joints = window_->robotPanel()->jointsModel();
  QCOMPARE(joints->rowCount(), 8);
  QCOMPARE(joints->data(joints->index(7, widgets::JointLimitsModel::Name), Qt::DisplayRole).toString(),
           QString("panda_finger_joint1"));
  const QModelIndex lock = joints->index(7, widgets::JointLimitsModel::Lock);
  QVERIFY(joints->flags(lock) & Qt::ItemIsUserCheckable);
  QVERIFY(joints->setData(lock, Qt::Checked, Qt::CheckStateRole));
  QCOMPARE(doc_->robot().dof(), 7);
  QVERIFY(waitForCurrentEvaluation(30000));
  QTRY_COMPARE(window_->robotPanel()->baseParameterCount(), 43);
  QCOMPARE(statusText(window_.get(), "base params"), QString("base params: 43"));
  QVERIFY2(statusText(window_.get(), "DOF").endsWith("| 7 DOF (1 locked)"), qPrintable(statusText(window_.get(), "DOF")));
  QCOMPARE(joints->rowCount(), 8);  // the locked joint stays in the table, to be freed again
  QVERIFY(joints->isLocked(7));
  QCOMPARE(joints->data(lock, Qt::CheckStateRole).toInt(), int(Qt::Checked));
  const double value = doc_->source().locks.at(0).value;
  QVERIFY(value >= 0.0 && value <= 0.04);  // the finger's range
  // Limits of the free joints still edit the right joint (row 6 is joint 7 in both models).
  QVERIFY(joints->setData(joints->index(6, widgets::JointLimitsModel::Effort), "11", Qt::EditRole));
  QCOMPARE(doc_->robot().joint(6).limits.effort, 11.0);

  // Exports carry the finger as a constant column: the CSV drives the 8-joint robot.
  const QString csv = tmp_.filePath("locked.csv");
  QVERIFY(window_->exports()->exportTrajectory(csv));
  QFile f(csv);
  QVERIFY(f.open(QIODevice::ReadOnly));
  const QList<QByteArray> header = f.readLine().trimmed().split(',');
  QCOMPARE(header.size(), 1 + 3 * 8);
  const QList<QByteArray> row = f.readLine().trimmed().split(',');
  QCOMPARE(row.at(header.indexOf("q8")).toDouble(), value);
  QCOMPARE(row.at(header.indexOf("qd8")).toDouble(), 0.0);

  // Saved with the project and back after reopening it.
  const QString path = tmp_.filePath("locked.ebproj.json");
  QVERIFY(window_->projects()->saveAs(path));
  QVERIFY(window_->projects()->loadRobot({"panda", {}}));
  QVERIFY(waitForCurrentEvaluation());
  QVERIFY(window_->projects()->openProject(path));
  QCOMPARE(doc_->robot().dof(), 7);
  QCOMPARE(doc_->source().locks.size(), size_t(1));
  QCOMPARE(doc_->source().locks[0].value, value);
  QCOMPARE(doc_->robot().joint(6).limits.effort, 11.0);
  QVERIFY(waitForCurrentEvaluation(30000));
  QTRY_COMPARE(window_->robotPanel()->baseParameterCount(), 43);
  QVERIFY(window_->robotPanel()->jointsModel()->isLocked(7));

  // Unticking frees it: 8 DOF again, the finger at rest where it was held; undo locks it again.
  QVERIFY(joints->setData(lock, Qt::Unchecked, Qt::CheckStateRole));
  QCOMPARE(doc_->robot().dof(), 8);
  QCOMPARE(trajectoryOffsets(doc_->excitation())[7], value);
  doc_->undoStack()->undo();
  QCOMPARE(doc_->robot().dof(), 7);
  QVERIFY(waitForCurrentEvaluation(30000));
  loadPanda();
}

void MainWindowTest::autosaveOffersRecovery() {
  loadPanda();
  doc_->setOffset(2, trajectoryOffsets(doc_->excitation())[2] + 0.1, false);
  const Trajectory edited = doc_->excitation();
  Autosave* autosave = window_->autosave();
  QVERIFY(autosave->saveNow());
  QVERIFY(autosave->recoveryExists());

  // A second window started with the same recovery file plays the next session after a crash.
  MainWindowOptions options;
  auto prompts = std::make_shared<test::FakePrompts>();
  options.prompts = prompts;
  options.recoveryPath = autosave->recoveryPath();
  options.autosaveSeconds = 3600;
  options.restoreLayout = false;
  MainWindow next(options);
  next.start();
  QCOMPARE(prompts->recoverQuestions, 1);
  QVERIFY(sameTrajectory(next.document()->excitation(), edited));
  QVERIFY(next.document()->isModified());
  next.document()->setClean();
  QVERIFY(!QFileInfo::exists(options.recoveryPath));  // saved or clean: nothing left to recover
}

QTEST_MAIN(MainWindowTest)
#include "test_main_window.moc"
