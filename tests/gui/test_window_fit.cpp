// Every top-level window fits a small screen (issue 43): the workbench, the identification
// wizard on its own and opened from the workbench, the frame export dialog and the help window
// open inside the screen's available area with room left for a window manager's title bar, and
// the wizard's Back / Next / Cancel are inside the window on every page. Runs under
//   xvfb-run -a -s "-screen 0 1024x700x24"
// (no window manager there: the frame is the window, so the title bar's room is checked as a margin).
// With EB_SCREENSHOT_DIR set, each window is saved there as <name>_1024x700.png to be looked at.
// Also: Help's sections and About's versions.

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QTest>
#include <QTextBrowser>
#include <memory>

#include "app/common/window_fit.hpp"
#include "app/gui/about_text.hpp"
#include "app/gui/frame_export_dialog.hpp"
#include "app/gui/help_window.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/workbench_document.hpp"
#include "app/wizard/identification_wizard.hpp"
#include "chart_text_check.hpp"
#include "gui_test_support.hpp"
#include "model/builtin_robots.hpp"
#include "widgets/widget_export.hpp"

using namespace eb;
using namespace eb::gui;

namespace {

// Room [px] above and below a window for a title bar (and the bottom border) a window manager adds.
constexpr int kTitleBarRoom = 30;

// Why `w` does not fit its screen with room for a title bar, empty if it does.
QString misfit(const QWidget* w) {
  const QRect area = w->screen()->availableGeometry();
  const QRect frame = w->frameGeometry();
  QString why;
  if (!area.contains(frame))
    why = QString("frame %1,%2 %3 x %4 outside the available %5,%6 %7 x %8")
              .arg(frame.x())
              .arg(frame.y())
              .arg(frame.width())
              .arg(frame.height())
              .arg(area.x())
              .arg(area.y())
              .arg(area.width())
              .arg(area.height());
  else if (area.height() - frame.height() < kTitleBarRoom)
    why = QString("%1 px high on %2 px: no room for a title bar").arg(frame.height()).arg(area.height());
  return why.isEmpty() ? why : w->objectName() + ": " + why;
}

void saveShot(QWidget* w, const QString& name) {
  const QString dir = qEnvironmentVariable("EB_SCREENSHOT_DIR");
  if (dir.isEmpty()) return;
  QDir().mkpath(dir);
  const QSize screen = w->screen()->size();
  widgets::savePng(w->grab().toImage(),
                   QDir(dir).filePath(QString("%1_%2x%3.png").arg(name).arg(screen.width()).arg(screen.height())));
}

QString pageName(int id) {
  using W = wizard::IdentificationWizard;
  switch (id) {
    case W::ImportPageId:
      return "1_import";
    case W::PreprocessPageId:
      return "2_preprocess";
    case W::EstimatePageId:
      return "3_estimate";
    case W::ValidatePageId:
      return "4_validate";
    case W::ExportPageId:
      return "5_export";
    case W::PayloadPageId:
      return "6_payload";
  }
  return QString::number(id);
}

// Visits every page with Next: the wizard fits, and Back / Next / Cancel / Close that show are
// inside it (Back from the second page on, Next or Close on each).
void checkWizardPages(wizard::IdentificationWizard& wizard, const QString& shotPrefix) {
  QVERIFY(QTest::qWaitForWindowExposed(&wizard));
  const QSize largest = common::largestWindowSize(wizard.screen());
  QVERIFY2(
      wizard.minimumSizeHint().width() <= largest.width() && wizard.minimumSizeHint().height() <= largest.height(),
      qPrintable(
          QString("minimum %1 x %2").arg(wizard.minimumSizeHint().width()).arg(wizard.minimumSizeHint().height())));
  int visited = 0;
  for (int id = wizard.currentId(); id != -1; id = wizard.currentId()) {
    QTest::qWait(50);
    QVERIFY2(misfit(&wizard).isEmpty(), qPrintable(misfit(&wizard)));
    bool forward = false;
    for (QWizard::WizardButton which :
         {QWizard::BackButton, QWizard::NextButton, QWizard::CancelButton, QWizard::FinishButton}) {
      QAbstractButton* b = wizard.button(which);
      if (!b->isVisible()) continue;
      const QRect r(b->mapTo(&wizard, QPoint(0, 0)), b->size());
      QVERIFY2(wizard.rect().contains(r), qPrintable(QString("page %1: %2 at %3,%4 outside %5 x %6")
                                                         .arg(pageName(id), b->text())
                                                         .arg(r.x())
                                                         .arg(r.y())
                                                         .arg(wizard.width())
                                                         .arg(wizard.height())));
      if (which == QWizard::NextButton || which == QWizard::FinishButton) forward = true;
    }
    QVERIFY2(forward, qPrintable("page " + pageName(id) + ": neither Next nor Close shows"));
    if (visited > 0) QVERIFY2(wizard.button(QWizard::BackButton)->isVisible(), qPrintable(pageName(id)));
    const QStringList cut = test_charts::cutChartTexts(&wizard);
    QVERIFY2(cut.isEmpty(), qPrintable("page " + pageName(id) + ": " + cut.join("; ")));
    if (!shotPrefix.isEmpty()) saveShot(&wizard, shotPrefix + pageName(id));
    ++visited;
    if (wizard.nextId() == -1) break;
    wizard.next();
  }
  QCOMPARE(visited, 6);
}

}  // namespace

class WindowFitTest : public QObject {
  Q_OBJECT
 public:
  static void initMain() { test::prepareApplication(); }

 private slots:
  void initTestCase() {
    const QRect area = QGuiApplication::primaryScreen()->availableGeometry();
    qInfo("screen: available %d x %d", area.width(), area.height());
    MainWindowOptions options;
    options.restoreLayout = false;
    options.reopenLastProject = false;
    options.prompts = std::make_shared<test::FakePrompts>();
    options.recoveryPath = QDir::temp().filePath("eb_window_fit_recovery.json");
    window_ = std::make_unique<MainWindow>(options);
    window_->start();
    window_->show();
    QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    QTRY_VERIFY_WITH_TIMEOUT(window_->document()->evaluationIsCurrent(), 60000);
  }

  void cleanupTestCase() { window_.reset(); }

  void workbenchFits() {
    QVERIFY2(misfit(window_.get()).isEmpty(), qPrintable(misfit(window_.get())));
    const QSize minimum = window_->minimumSize(), largest = common::largestWindowSize(window_->screen());
    qInfo("workbench %d x %d, minimum %d x %d, largest %d x %d", window_->width(), window_->height(),
          minimum.width(), minimum.height(), largest.width(), largest.height());
    QVERIFY(minimum.width() <= largest.width());
    QVERIFY(minimum.height() <= largest.height());
    QVERIFY(window_->width() <= largest.width() && window_->height() <= largest.height());
    QTest::qWait(400);
    const QStringList cut = test_charts::cutChartTexts(window_.get());
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join("; ")));
    saveShot(window_.get(), "workbench");
  }

  void standaloneWizardFitsOnEveryPage() {
    wizard::IdentificationWizard wizard(builtinRobot("panda"), "panda");
    wizard.show();
    checkWizardPages(wizard, "wizard_");
  }

  void wizardOfTheWorkbenchFitsOnEveryPage() {
    QAction* open = window_->identificationWizardAction();
    QVERIFY(open && open->isEnabled());
    open->trigger();
    auto* wizard = window_->findChild<wizard::IdentificationWizard*>();
    QVERIFY(wizard);
    checkWizardPages(*wizard, {});
    wizard->close();
  }

  void frameExportDialogFits() {
    FrameExportDialog dialog(10.0, QDir::tempPath(), window_.get());
    dialog.setObjectName("frameExportDialog");
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY2(misfit(&dialog).isEmpty(), qPrintable(misfit(&dialog)));
    saveShot(&dialog, "frame_export_dialog");
  }

  void helpOpensTheReadmeSectionsInAWindowThatFits() {
    const QString sections[] = {HelpWindow::cliSection(), HelpWindow::fileFormatsSection(),
                                HelpWindow::workbenchSection(), HelpWindow::wizardSection()};
    for (const QString& heading : sections) {
      QAction* entry = window_->findChild<QAction*>("helpSection:" + heading);
      QVERIFY2(entry, qPrintable(heading));
      entry->trigger();
      HelpWindow* help = window_->helpWindow();
      QVERIFY(help);
      QVERIFY(QTest::qWaitForWindowExposed(help));
      QVERIFY2(misfit(help).isEmpty(), qPrintable(misfit(help)));
      QTRY_COMPARE(help->sectionShown(), heading);
      // The README's text itself, not a placeholder.
      QVERIFY(help->browser()->toPlainText().contains("excitebench-cli"));
    }
    window_->findChild<QAction*>("helpSection:" + HelpWindow::cliSection())->trigger();
    saveShot(window_->helpWindow(), "help_window");
    window_->helpWindow()->close();
  }

  void aboutGivesTheVersionAndTheLibraries() {
    QCOMPARE(excitebenchVersion(), QString("0.1.0"));  // project(ExciteBench VERSION 0.1.0) in CMakeLists.txt
    const QString about = aboutText();
    QVERIFY(about.contains("0.1.0"));
    for (const char* library : {"Qt ", "Eigen ", "OpenSceneGraph ", "Assimp ", "NLopt ", "SQLite ", "zlib "})
      QVERIFY2(about.contains(library), library);
    QVERIFY(about.contains(QString("Qt %1").arg(qVersion())));
    // Each with a version "N.N..." after its name.
    for (const QString& entry : libraryVersions())
      QVERIFY2(entry.contains(QRegularExpression(" \\d+\\.\\d+")), qPrintable(entry));
  }

 private:
  std::unique_ptr<MainWindow> window_;
};

QTEST_MAIN(WindowFitTest)
#include "test_window_fit.moc"
