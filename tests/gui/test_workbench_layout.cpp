// The workbench in a small, two mid-size and a large window (1024 x 700, 1296 x
// 810, 1400 x 900, 1920 x 1080), on a first start (the start hint shown) with the default
// excitation edited as a multi-sine: every component of the selected joint
// is in view without scrolling, its sliders long enough to drag and its
// numbers whole, and every label of the joint charts is drawn whole (Qt
// Charts elides a label that has too little room to "..."). Runs under Xvfb
// with a 1920 x 1080 screen.

#include "app/gui/main_window.hpp"
#include "app/gui/start_hint.hpp"
#include "app/gui/workbench_document.hpp"
#include "gui_test_support.hpp"
#include "widgets/excitation_editor.hpp"
#include "widgets/joint_signal_charts.hpp"
#include "widgets/multisine_editor.hpp"
#include "widgets/value_slider.hpp"

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QGraphicsTextItem>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace eb;
using namespace eb::gui;

namespace {

// A slider shorter than this [px] moves its value in steps too coarse to aim at.
constexpr int kMinSliderLength = 60;

QRect rectIn(const QWidget* w, const QWidget* ancestor) { return {w->mapTo(ancestor, QPoint(0, 0)), w->size()}; }

// Why `w` is not wholly in view in `viewport`, empty if it is.
QString outOfView(const QWidget* w, const QWidget* viewport, const QString& name) {
  if (!w->isVisible()) return name + " hidden";
  const QRect r = rectIn(w, viewport);
  if (viewport->rect().contains(r)) return {};
  return QString("%1 at %2,%3 %4 x %5, viewport %6 x %7")
      .arg(name)
      .arg(r.x())
      .arg(r.y())
      .arg(r.width())
      .arg(r.height())
      .arg(viewport->width())
      .arg(viewport->height());
}

// Why the number in `box` is not shown whole, empty if it is.
QString cutNumber(const QDoubleSpinBox* box, const QString& name) {
  const auto* edit = box->findChild<QLineEdit*>();
  const int needed = edit->fontMetrics().horizontalAdvance(box->text());
  return needed <= edit->width() - 4
             ? QString()  // the line edit's own text margins
             : QString("%1 '%2' needs %3 px, has %4").arg(name, box->text()).arg(needed).arg(edit->width());
}

// Why a label of `view`'s chart is not drawn whole, empty if all are: every text item (title,
// axis labels) without "...", and every y tick label among the visible ones.
QString elidedLabel(QChartView* view) {
  QStringList visible;
  for (QGraphicsItem* item : view->scene()->items())
    if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible()) {
      const QString t = text->toPlainText();
      if (t.contains("...")) return QString("'%1' in %2").arg(t, view->chart()->title());
      visible << t;
    }
  for (QAbstractAxis* axis : view->chart()->axes(Qt::Vertical))
    if (auto* y = qobject_cast<QCategoryAxis*>(axis))
      for (const QString& label : y->categoriesLabels())
        if (!visible.contains(label)) return QString("y label '%1' not drawn in %2").arg(label, view->chart()->title());
  return {};
}

}  // namespace

class WorkbenchLayoutTest : public QObject {
  Q_OBJECT
 public:
  static void initMain() { test::prepareApplication(); }

 private slots:
  void initTestCase();
  void cleanupTestCase();
  void multisineComponentsNeedNoScrolling_data();
  void multisineComponentsNeedNoScrolling();
  void jointChartLabelsAreWhole_data();
  void jointChartLabelsAreWhole();

 private:
  void addSizes();
  void resizeWindow(const QSize& size);

  std::unique_ptr<MainWindow> window_;
};

void WorkbenchLayoutTest::initTestCase() {
  MainWindowOptions options;
  options.prompts = std::make_shared<test::FakePrompts>();
  options.autosaveSeconds = 3600;
  options.restoreLayout = false;
  window_ = std::make_unique<MainWindow>(options);
  window_->show();
  QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
  window_->start();  // the built-in panda, as on a first start
  QVERIFY(window_->startHint()->isVisible());
  // "Edit as" Multi-sine, as the user picks it: the default excitation's five harmonics become
  // five components per joint.
  window_->excitationEditor()->editAsBox()->setCurrentIndex(2);
  QVERIFY(window_->document()->multisine());
  QVERIFY(QTest::qWaitFor([this] { return window_->document()->evaluationIsCurrent(); }, 30000));
}

void WorkbenchLayoutTest::cleanupTestCase() {
  window_->document()->setClean();
  window_->close();
  window_.reset();
}

void WorkbenchLayoutTest::addSizes() {
  // Large to small, then back: the docks of a window that was small are laid out differently
  // (tabbed) from those of one that never was.
  QTest::addColumn<QSize>("size");
  QTest::newRow("1920x1080") << QSize(1920, 1080);
  QTest::newRow("1400x900") << QSize(1400, 900);
  QTest::newRow("1296x810") << QSize(1296, 810);  // a first start on a 1440 x 900 screen
  QTest::newRow("1024x700") << QSize(1024, 700);
  QTest::newRow("1400x900 after 1024x700") << QSize(1400, 900);
}

void WorkbenchLayoutTest::resizeWindow(const QSize& size) {
  window_->resize(size);
  QTRY_COMPARE(window_->size(), size);
  QTest::qWait(300);  // docks re-tab and re-lay out after the resize
}

void WorkbenchLayoutTest::multisineComponentsNeedNoScrolling_data() { addSizes(); }

void WorkbenchLayoutTest::multisineComponentsNeedNoScrolling() {
  QFETCH(QSize, size);
  resizeWindow(size);
  widgets::ExcitationEditor* editor = window_->excitationEditor();
  widgets::MultisineEditor* ms = editor->multisineEditor();
  window_->findChild<QDockWidget*>("excitationDock")->raise();  // a tab beside the joint table when small
  // The editor's scroll area, around the components.
  QScrollArea* scroll = nullptr;
  for (QWidget* w = ms->componentsPane(); w && !scroll; w = w->parentWidget()) scroll = qobject_cast<QScrollArea*>(w);
  QVERIFY(scroll);
  QTRY_VERIFY(scroll->isVisible());
  const QWidget* viewport = scroll->viewport();
  for (int joint = 0; joint < window_->document()->robot().dof(); ++joint) {
    editor->setCurrentJoint(joint);
    QTest::qWait(50);
    QCOMPARE(ms->componentCount(), 5);
    QCOMPARE(scroll->verticalScrollBar()->value(), 0);
    // Nothing cut at the right edge either: the content is as wide as the viewport.
    QVERIFY2(
        scroll->widget()->width() <= viewport->width(),
        qPrintable(QString("content %1 px wide, viewport %2").arg(scroll->widget()->width()).arg(viewport->width())));
    QStringList problems;
    problems << outOfView(editor->editAsBox(), viewport, "Edit as");
    problems << outOfView(ms->addButton(), viewport, "add button");
    for (int i = 0; i < ms->componentCount(); ++i) {
      const QString c = QString("joint %1 component %2 ").arg(joint + 1).arg(i + 1);
      for (auto [control, name] : {std::pair{ms->amplitudeControl(i), QString("amplitude")},
                                   std::pair{ms->frequencyControl(i), QString("frequency")}}) {
        problems << outOfView(control->slider(), viewport, c + name + " slider");
        if (control->slider()->width() < kMinSliderLength)
          problems << c + name + QString(" slider %1 px long").arg(control->slider()->width());
      }
      for (auto [control, name] : {std::pair{ms->amplitudeControl(i), QString("amplitude")},
                                   std::pair{ms->frequencyControl(i), QString("frequency")},
                                   std::pair{ms->phaseControl(i), QString("phase")}}) {
        problems << outOfView(control->spinBox(), viewport, c + name + " box");
        problems << cutNumber(control->spinBox(), c + name);
      }
    }
    problems.removeAll(QString());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join("; ")));
  }
  editor->setCurrentJoint(0);
}

void WorkbenchLayoutTest::jointChartLabelsAreWhole_data() { addSizes(); }

void WorkbenchLayoutTest::jointChartLabelsAreWhole() {
  QFETCH(QSize, size);
  resizeWindow(size);
  widgets::JointSignalCharts* charts = window_->signalCharts();
  window_->findChild<QDockWidget*>("signalsDock")->raise();  // a tab beside the log when small
  for (int quantity = 0; quantity < 4; ++quantity) {
    charts->setCurrentQuantity(quantity);
    QList<QChartView*> views;
    QTRY_VERIFY((views = charts->findChildren<QChartView*>()).size() == 7 && views.first()->isVisible());
    for (QChartView* view : views) {
      // A new page lays its charts out over a few events: give it half a second to settle.
      QString problem;
      (void)QTest::qWaitFor([&] { return (problem = elidedLabel(view)).isEmpty(); }, 500);
      QVERIFY2(problem.isEmpty(), qPrintable(QString("tab %1: %2").arg(quantity).arg(problem)));
      // ...and a chart keeps at least two labelled ticks.
      QCategoryAxis* y = nullptr;
      for (QAbstractAxis* axis : view->chart()->axes(Qt::Vertical)) y = qobject_cast<QCategoryAxis*>(axis);
      QVERIFY(y && y->categoriesLabels().size() >= 2);
    }
  }
  charts->setCurrentQuantity(0);
}

QTEST_MAIN(WorkbenchLayoutTest)
#include "test_workbench_layout.moc"
