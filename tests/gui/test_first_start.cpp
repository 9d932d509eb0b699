// What a new user sees on a first start at the default window size
// (1600 x 1000, as the documentation screenshots): every joint name readable
// and seven joints without scrolling. Runs under Xvfb with a 1600 x 1000 screen.

#include "app/gui/main_window.hpp"
#include "app/gui/workbench_document.hpp"
#include "gui_test_support.hpp"
#include "widgets/joint_limits_model.hpp"
#include "widgets/robot_panel.hpp"

#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace eb;
using namespace eb::gui;

class FirstStartTest : public QObject {
  Q_OBJECT
 public:
  static void initMain() { test::prepareApplication(); }

 private slots:
  void initTestCase();
  void cleanupTestCase();
  void jointNamesAreReadable();
  void sevenJointsWithoutScrolling();

 private:
  std::unique_ptr<MainWindow> makeWindow();

  QTemporaryDir tmp_;
  std::unique_ptr<MainWindow> window_;
};

std::unique_ptr<MainWindow> FirstStartTest::makeWindow() {
  MainWindowOptions options;
  options.prompts = std::make_shared<test::FakePrompts>();
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

QTEST_MAIN(FirstStartTest)
#include "test_first_start.moc"
