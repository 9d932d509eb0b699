// Crash recovery with a real crash: a child process (this executable started
// with --crash-child) runs the real main window with a 1 s autosave, edits the
// excitation, waits for the recovery file and reports the edit; the test kills
// it with SIGKILL (no destructor, no clean exit), then opens a new window on
// the same recovery file and expects the edit back, bit for bit. Runs under Xvfb.

#include "app/gui/main_window.hpp"
#include "app/gui/workbench_document.hpp"
#include "app/project/project_file.hpp"
#include "gui_test_support.hpp"

#include <QApplication>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <memory>

using namespace eb;
using namespace eb::gui;
using namespace eb::project;

namespace {

constexpr double kEdit = 0.123456789012345678;  // added to joint 3's offset; not a short decimal

MainWindowOptions optionsFor(const QString& recoveryPath, int autosaveSeconds,
                             std::shared_ptr<test::FakePrompts> prompts) {
  MainWindowOptions options;
  options.prompts = std::move(prompts);
  options.recoveryPath = recoveryPath;
  options.autosaveSeconds = autosaveSeconds;
  options.restoreLayout = false;
  return options;
}

/// The child: edit, wait for the autosave, print "ready <offset>", then live until killed.
int runChild(int argc, char** argv, const QString& recoveryPath) {
  test::prepareApplication();
  QApplication app(argc, argv);
  MainWindow window(optionsFor(recoveryPath, 1, std::make_shared<test::FakePrompts>()));
  window.show();
  window.start();
  WorkbenchDocument* doc = window.document();
  const double offset = trajectoryOffsets(doc->excitation())[2] + kEdit;
  doc->setOffset(2, offset, false);
  QTimer poll;
  QObject::connect(&poll, &QTimer::timeout, [&] {
    if (!QFileInfo::exists(recoveryPath)) return;
    poll.stop();
    std::printf("ready %.17g\n", offset);
    std::fflush(stdout);
  });
  poll.start(50);
  return app.exec();
}

}  // namespace

class CrashRecoveryTest : public QObject {
  Q_OBJECT
 private slots:
  void killedSessionIsRecovered();
};

void CrashRecoveryTest::killedSessionIsRecovered() {
  QTemporaryDir tmp;
  QVERIFY(tmp.isValid());
  const QString recovery = tmp.filePath("recovery.ebproj.json");

  QProcess child;
  child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
  child.start(QCoreApplication::applicationFilePath(), {"--crash-child", recovery});
  QVERIFY(child.waitForStarted(10000));
  QByteArray out;
  QVERIFY2(QTest::qWaitFor(
               [&] {
                 out += child.readAllStandardOutput();
                 return out.contains('\n') || child.state() == QProcess::NotRunning;
               },
               60000),
           "the child did not autosave within 60 s");
  QVERIFY2(out.startsWith("ready "), out.constData());
  const double edited = out.mid(6).trimmed().toDouble();

  ::kill(static_cast<pid_t>(child.processId()), SIGKILL);
  QVERIFY(child.waitForFinished(10000));
  QCOMPARE(child.exitStatus(), QProcess::CrashExit);
  QVERIFY(QFileInfo::exists(recovery));
  QCOMPARE(trajectoryOffsets(readProject(recovery).excitation)[2], edited);  // complete, valid file

  // The next session finds the recovery file, asks, and restores the edit as an unsaved change.
  auto prompts = std::make_shared<test::FakePrompts>();
  MainWindow next(optionsFor(recovery, 3600, prompts));
  next.start();
  QCOMPARE(prompts->recoverQuestions, 1);
  QCOMPARE(trajectoryOffsets(next.document()->excitation())[2], edited);
  QVERIFY(next.document()->isModified());
  next.document()->setClean();
  QVERIFY(!QFileInfo::exists(recovery));
}

int main(int argc, char** argv) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--crash-child") == 0) return runChild(argc, argv, QString::fromLocal8Bit(argv[i + 1]));
  test::prepareApplication();
  QApplication app(argc, argv);
  CrashRecoveryTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "test_crash_recovery.moc"
