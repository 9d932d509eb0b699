// What a new user sees on a first start at the default window size
// (1600 x 1000, as the documentation screenshots): every joint name readable
// and seven joints without scrolling, a hint that names the four steps by
// their real menus without covering a control, and a frames export that
// says what it writes. Runs under Xvfb with a 1600 x 1000 screen.

#include "app/gui/frame_export_dialog.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/project_controller.hpp"
#include "app/gui/start_hint.hpp"
#include "app/gui/workbench_document.hpp"
#include "gui_test_support.hpp"
#include "widgets/information_charts.hpp"
#include "widgets/joint_limits_model.hpp"
#include "widgets/joint_signal_charts.hpp"
#include "widgets/log_panel.hpp"
#include "widgets/playback_bar.hpp"
#include "widgets/robot_panel.hpp"
#include "widgets/robot_view.hpp"

#include <QAction>
#include <QChartView>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QScrollBar>
#include <QSettings>
#include <QSlider>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolBar>

#include <memory>

using namespace eb;
using namespace eb::gui;

namespace {

// The action reached by a menu path of visible texts, e.g. {"Robot", "Open URDF..."}; null if none.
QAction* findMenuAction(QMenuBar* bar, const QStringList& path) {
  QList<QAction*> actions = bar->actions();
  QAction* found = nullptr;
  for (const QString& step : path) {
    found = nullptr;
    for (QAction* a : actions)
      if (a->text().remove('&') == step) found = a;
    if (!found) return nullptr;
    actions = found->menu() ? found->menu()->actions() : QList<QAction*>{};
  }
  return found;
}

}  // namespace

class FirstStartTest : public QObject {
  Q_OBJECT
 public:
  static void initMain() { test::prepareApplication(); }

 private slots:
  void initTestCase();
  void cleanupTestCase();
  void jointNamesAreReadable();
  void sevenJointsWithoutScrolling();
  void startHintNamesTheRealMenus();
  void startHintCoversNoControl();
  void startHintFitsA1024Window();
  void startHintStaysDismissed();
  void noStartHintWhenAProjectIsOpened();
  void framesActionSaysWhatItWrites();
  void reopensTheLastProject();
  void commandLineWinsOverTheLastProject();
  void missingLastProjectIsAStatusLine();
  void smallWindowKeepsEveryControlUsable();

 private:
  std::unique_ptr<MainWindow> makeWindow(std::shared_ptr<test::FakePrompts> prompts = nullptr);

  QTemporaryDir tmp_;
  std::unique_ptr<MainWindow> window_;
};

std::unique_ptr<MainWindow> FirstStartTest::makeWindow(std::shared_ptr<test::FakePrompts> prompts) {
  MainWindowOptions options;
  options.prompts = prompts ? prompts : std::make_shared<test::FakePrompts>();
  options.recoveryPath = tmp_.filePath("recovery.ebproj.json");
  options.autosaveSeconds = 3600;
  options.restoreLayout = false;
  auto w = std::make_unique<MainWindow>(options);
  w->resize(1600, 1000);  // as tests/gui/take_screenshots.cpp
  w->show();
  return w;
}

void FirstStartTest::initTestCase() {
  QVERIFY(tmp_.isValid());
  window_ = makeWindow();
  QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
  window_->start();
  QVERIFY(QTest::qWaitFor([this] { return window_->document()->evaluationIsCurrent(); }, 30000));
  QCOMPARE(window_->size(), QSize(1600, 1000));
}

void FirstStartTest::cleanupTestCase() {
  window_->document()->setClean();
  window_->close();
  window_.reset();
}

void FirstStartTest::jointNamesAreReadable() {
  QTableView* table = window_->robotPanel()->jointsTable();
  const widgets::JointLimitsModel* model = window_->robotPanel()->jointsModel();
  QCOMPARE(model->rowCount(), 7);
  const int column = widgets::JointLimitsModel::Name;
  const QFontMetrics fm(table->font());
  for (int row = 0; row < model->rowCount(); ++row) {
    const QModelIndex index = model->index(row, column);
    const QString name = model->data(index, Qt::DisplayRole).toString();
    QCOMPARE(model->data(index, Qt::ToolTipRole).toString(), name);
    // The name fits its cell: no elision.
    QVERIFY2(table->visualRect(index).width() >= fm.horizontalAdvance(name) + 6, qPrintable(name));
  }
  // ...and every column is in view at the default size: nothing to scroll to.
  QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
  const int right = table->columnViewportPosition(widgets::JointLimitsModel::Effort) +
                    table->columnWidth(widgets::JointLimitsModel::Effort);
  QVERIFY(right <= table->viewport()->width());
}

void FirstStartTest::sevenJointsWithoutScrolling() {
  QTableView* table = window_->robotPanel()->jointsTable();
  QCOMPARE(table->verticalScrollBar()->maximum(), 0);
  const int lastRow = table->rowViewportPosition(6) + table->rowHeight(6);
  QVERIFY2(lastRow <= table->viewport()->height(),
           qPrintable(QString("row 7 ends at %1, viewport %2").arg(lastRow).arg(table->viewport()->height())));
}

void FirstStartTest::startHintNamesTheRealMenus() {
  StartHint* hint = window_->startHint();
  QVERIFY(hint->isVisible());
  const QString text = hint->text();
  QMenuBar* bar = window_->menuBar();
  for (const QStringList& path :
       {QStringList{"Robot", "Built-in"}, QStringList{"Robot", "Open URDF..."}, QStringList{"Excitation", "Optimize"},
        QStringList{"Identify", "Identification wizard..."}}) {
    // "Robot > Built-in or Open URDF...": the last item by name, its menu path as "A > B" once.
    QVERIFY2(text.contains(path.back()) && text.contains(path.front() + " > "),
             qPrintable(path.join(" > ") + " missing in: " + text));
    QVERIFY2(findMenuAction(bar, path), qPrintable(path.join(" > ") + " is not a menu item"));
  }
  bool excitationDock = false;
  for (QDockWidget* d : window_->findChildren<QDockWidget*>()) excitationDock |= d->windowTitle() == "Excitation";
  QVERIFY(excitationDock && text.contains("Excitation dock"));
  // One line, not cut, at the default size.
  auto* label = hint->findChild<QLabel*>();
  QVERIFY(label && !label->wordWrap());
  QVERIFY2(label->width() >= label->sizeHint().width(),
           qPrintable(QString("%1 < %2").arg(label->width()).arg(label->sizeHint().width())));
}

void FirstStartTest::startHintCoversNoControl() {
  StartHint* hint = window_->startHint();
  const QRect hintRect(hint->mapTo(window_.get(), QPoint(0, 0)), hint->size());
  QList<QWidget*> others{window_->menuBar(), window_->centralWidget()};
  for (QDockWidget* d : window_->findChildren<QDockWidget*>()) others << d;
  for (QToolBar* t : window_->findChildren<QToolBar*>())
    if (t != hint) others << t;
  for (QWidget* w : others) {
    const QRect r(w->mapTo(window_.get(), QPoint(0, 0)), w->size());
    QVERIFY2(!hintRect.intersects(r), qPrintable(w->objectName() + " " + w->metaObject()->className()));
  }
  QVERIFY(hintRect.right() < window_->width());
}

void FirstStartTest::startHintFitsA1024Window() {
  StartHint* hint = window_->startHint();
  auto* label = hint->findChild<QLabel*>();
  QVERIFY(hint->isVisible() && !hint->isTwoLines());
  window_->resize(1024, 700);
  QTRY_COMPARE(window_->size(), QSize(1024, 700));
  // Too narrow for the one line (~1300 px): two lines, each whole, and the bar as tall as both.
  QTRY_VERIFY(hint->isTwoLines());
  QTest::qWait(200);
  QVERIFY2(label->width() >= label->sizeHint().width(),
           qPrintable(QString("%1 < %2").arg(label->width()).arg(label->sizeHint().width())));
  QVERIFY2(label->height() >= label->sizeHint().height() && label->height() >= 2 * label->fontMetrics().height(),
           qPrintable(QString("label %1 px high, needs %2").arg(label->height()).arg(label->sizeHint().height())));
  startHintCoversNoControl();
  if (const QString dir = qEnvironmentVariable("EB_SCREENSHOT_DIR"); !dir.isEmpty()) {
    QDir().mkpath(dir);
    window_->grab().save(QDir(dir).filePath("start_hint_1024x700.png"));
  }
  window_->resize(1600, 1000);
  QTRY_VERIFY(!hint->isTwoLines());
  QTest::qWait(200);
}

void FirstStartTest::startHintStaysDismissed() {
  StartHint* hint = window_->startHint();
  hint->dismiss();
  QVERIFY(!hint->isVisible());
  // The next session starts without it.
  auto second = makeWindow();
  QVERIFY(QTest::qWaitForWindowExposed(second.get()));
  second->start();
  QVERIFY(!second->startHint()->isVisible());
  second->document()->setClean();
  second->close();
}

void FirstStartTest::noStartHintWhenAProjectIsOpened() {
  QSettings().remove("hints/startDismissed");
  const QString path = tmp_.filePath("first.ebproj.json");
  QVERIFY(window_->projects()->saveAs(path));
  auto second = makeWindow();
  QVERIFY(QTest::qWaitForWindowExposed(second.get()));
  second->start(path);
  QCOMPARE(second->document()->filePath(), QFileInfo(path).absoluteFilePath());
  QVERIFY(!second->startHint()->isVisible());
  second->document()->setClean();
  second->close();
}

void FirstStartTest::framesActionSaysWhatItWrites() {
  auto* action = window_->findChild<QAction*>("exportFramesAction");
  QVERIFY(action);
  QVERIFY(action->statusTip().contains("PNG"));
  QVERIFY(action->statusTip().contains("folder"));
  // The action opens the explaining dialog first, not a bare folder chooser.
  QString title, description;
  QTimer poll;
  int tries = 0;
  connect(&poll, &QTimer::timeout, this, [&] {
    auto* dialog = window_->findChild<FrameExportDialog*>();
    if (!dialog || !dialog->isVisible()) {
      if (++tries > 250) poll.stop();
      return;
    }
    poll.stop();
    title = dialog->windowTitle();
    description = dialog->description();
    dialog->reject();
  });
  poll.start(20);
  action->trigger();  // returns when the dialog is closed
  QCOMPARE(title, QString("Export playback as PNG frames"));
  QVERIFY(description.contains("5.00 s"));
}


void FirstStartTest::reopensTheLastProject() {
  // noStartHintWhenAProjectIsOpened saved first.ebproj.json: the next plain start reopens it.
  const QString path = QFileInfo(tmp_.filePath("first.ebproj.json")).absoluteFilePath();
  QVERIFY(QFileInfo::exists(path));
  auto second = makeWindow();
  second->start();
  QCOMPARE(second->document()->filePath(), path);
  QVERIFY(!second->document()->isModified());
  QVERIFY(!second->startHint()->isVisible());
  second->close();
}

void FirstStartTest::commandLineWinsOverTheLastProject() {
  auto second = makeWindow();
  second->start({}, project::RobotSource{"ur5", {}});
  QCOMPARE(second->document()->source().spec, QString("ur5"));
  QVERIFY(second->document()->filePath().isEmpty());
  second->document()->setClean();
  second->close();
}

void FirstStartTest::missingLastProjectIsAStatusLine() {
  const QString gone = tmp_.filePath("gone.ebproj.json");
  QVERIFY(window_->projects()->saveAs(gone));
  QVERIFY(QFile::remove(gone));
  auto prompts = std::make_shared<test::FakePrompts>();
  auto second = makeWindow(prompts);
  second->start();
  QVERIFY(prompts->errors.isEmpty());  // no dialog
  QCOMPARE(second->document()->source().spec, QString("panda"));
  QVERIFY(second->document()->filePath().isEmpty());
  QVERIFY2(second->statusBar()->currentMessage().contains("no longer exists"),
           qPrintable(second->statusBar()->currentMessage()));
  QVERIFY(second->statusBar()->currentMessage().contains("gone.ebproj.json"));
  second->document()->setClean();
  second->close();
}

void FirstStartTest::smallWindowKeepsEveryControlUsable() {
  window_->resize(1024, 700);
  QTRY_COMPARE(window_->size(), QSize(1024, 700));
  QTest::qWait(300);
  // The timeline slider keeps its full height and a usable length.
  QSlider* scrubber = window_->findChild<widgets::PlaybackBar*>()->scrubber();
  // Its whole height (the style's size hint, 15 px with Fusion) and at least 400 px of travel.
  QVERIFY2(scrubber->height() >= scrubber->sizeHint().height() && scrubber->height() >= 12,
           qPrintable(QString("scrubber %1 x %2, hint %3").arg(scrubber->width()).arg(scrubber->height()).arg(scrubber->sizeHint().height())));
  QVERIFY2(scrubber->width() >= 400, qPrintable(QString("scrubber %1 px wide").arg(scrubber->width())));
  // Charts big enough to read: each information chart and the joint signal charts.
  for (QWidget* chart : {static_cast<QWidget*>(window_->eigenvalueChart()), static_cast<QWidget*>(window_->historyChart()),
                         static_cast<QWidget*>(window_->rDiagonalChart())})
    QVERIFY2(chart->height() >= 150 && chart->width() >= 220,
             qPrintable(QString("%1: %2 x %3").arg(chart->metaObject()->className()).arg(chart->width()).arg(chart->height())));
  // The bottom row: the log is a tab beside the joint signals, each with the whole row.
  auto* signalsDock = window_->findChild<QDockWidget*>("signalsDock");
  auto* logDock = window_->findChild<QDockWidget*>("logDock");
  QVERIFY(window_->tabifiedDockWidgets(signalsDock).contains(logDock));
  QVERIFY2(signalsDock->width() >= 600 && signalsDock->height() >= 200,
           qPrintable(QString("joint signals dock %1 x %2").arg(signalsDock->width()).arg(signalsDock->height())));
  // Every joint chart lies wholly inside the dock, the bottom row with its time labels.
  const QList<QChartView*> jointCharts = signalsDock->findChildren<QChartView*>();
  QCOMPARE(jointCharts.size(), 7);
  const QRect dockArea = signalsDock->rect();
  for (QChartView* c : jointCharts) {
    const QRect r(c->mapTo(signalsDock, QPoint(0, 0)), c->size());
    QVERIFY2(dockArea.contains(r) && c->height() >= c->minimumHeight(),
             qPrintable(QString("%1 at %2,%3 %4 x %5 in a dock of %6 x %7")
                            .arg(c->chart()->title()).arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height())
                            .arg(dockArea.width()).arg(dockArea.height())));
  }
  logDock->raise();
  QTRY_VERIFY(window_->logPanel()->isVisible());
  QVERIFY2(window_->logPanel()->width() >= 600, qPrintable(QString("log %1 px wide").arg(window_->logPanel()->width())));
  signalsDock->raise();
  // Back to a large window: side by side again.
  window_->resize(1600, 1000);
  QTRY_VERIFY(!window_->tabifiedDockWidgets(signalsDock).contains(logDock));
  QVERIFY(logDock->isVisible() && signalsDock->isVisible());
}

QTEST_MAIN(FirstStartTest)
#include "test_first_start.moc"
