// BackgroundTask (app/common): the work runs off the GUI thread, progress is
// throttled and reaches the GUI thread, cancel is not an error, and an input
// error keeps its place.
#include "app/common/background_task.hpp"

#include "util/input_error.hpp"
#include "util/cancelled.hpp"

#include <QCoreApplication>
#include <QEventLoop>
#include <QThread>
#include <QTimer>

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace eb::common {
namespace {

QCoreApplication& application() {
  static int argc = 1;
  static char name[] = "test_background_task";
  static char* argv[] = {name, nullptr};
  static QCoreApplication app(argc, argv);
  return app;
}

struct Ended {
  BackgroundTask::Outcome outcome;
  bool doneOnGuiThread = false;
  std::vector<double> fractions;  ///< progress seen on the GUI thread, in order
  bool progressOnGuiThread = true;
};

// Starts `work`, spins the event loop until the done callback ran (10 s at most); `onProgress`
// runs on the GUI thread for each report.
Ended runToEnd(BackgroundTask& task, BackgroundTask::Work work, const std::function<void()>& onProgress = {}) {
  application();
  Ended ended;
  QEventLoop loop;
  QTimer timeout;
  timeout.setSingleShot(true);
  QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
  const QMetaObject::Connection c =
      QObject::connect(&task, &BackgroundTask::progressChanged, &loop, [&](double fraction, const QString&) {
        ended.fractions.push_back(fraction);
        ended.progressOnGuiThread = ended.progressOnGuiThread && QThread::currentThread() == application().thread();
        if (onProgress) onProgress();
      });
  bool done = false;
  EXPECT_TRUE(task.start(std::move(work), [&](const BackgroundTask::Outcome& o) {
    ended.outcome = o;
    ended.doneOnGuiThread = QThread::currentThread() == application().thread();
    done = true;
    loop.quit();
  }));
  timeout.start(10000);
  if (!done) loop.exec();
  QObject::disconnect(c);
  EXPECT_TRUE(done) << "the work did not end within 10 s";
  return ended;
}

TEST(BackgroundTask, RunsOffTheGuiThreadAndThrottlesProgress) {
  BackgroundTask task;
  std::atomic<bool> offGuiThread{false};
  std::atomic<double> workMs{0.0};
  const Ended e = runToEnd(task, [&](const BackgroundTask::Progress& progress) {
    offGuiThread = QThread::currentThread() != application().thread();
    const auto start = std::chrono::steady_clock::now();
    // 200 reports, ~1 ms apart, with the same text: one per 50 ms reaches the GUI, not 200.
    for (int i = 1; i <= 200; ++i) {
      EXPECT_TRUE(progress(i / 200.0, "step"));
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    workMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  });
  EXPECT_TRUE(offGuiThread);
  EXPECT_TRUE(e.outcome.ok);
  EXPECT_FALSE(e.outcome.cancelled);
  EXPECT_TRUE(e.outcome.error.isEmpty());
  EXPECT_TRUE(e.doneOnGuiThread);
  EXPECT_TRUE(e.progressOnGuiThread);
  EXPECT_GE(e.fractions.size(), 1u);
  EXPECT_LE(static_cast<double>(e.fractions.size()), workMs / 50.0 + 2.0) << workMs << " ms of work";
  for (size_t k = 1; k < e.fractions.size(); ++k) EXPECT_GT(e.fractions[k], e.fractions[k - 1]);
  EXPECT_FALSE(task.isRunning());
}

TEST(BackgroundTask, CancelStopsTheWorkAndIsNotAnError) {
  BackgroundTask task;
  std::atomic<int> stepsAfterCancel{0};
  const Ended e = runToEnd(
      task,
      [&](const BackgroundTask::Progress& progress) {
        // Runs until told to stop, as the engine's loops do; then throws as the engine does.
        for (int i = 0;; ++i) {
          if (!progress(0.001 * (i % 1000), "loop " + std::to_string(i))) throw Cancelled("loop");
          if (task.isCancelRequested()) ++stepsAfterCancel;
          std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
      },
      [&] { task.cancel(); });
  EXPECT_TRUE(e.outcome.cancelled);
  EXPECT_FALSE(e.outcome.ok);
  EXPECT_TRUE(e.outcome.error.isEmpty()) << e.outcome.error.toStdString();
  EXPECT_LE(stepsAfterCancel.load(), 1);  // the next report after cancel() returns false
}

TEST(BackgroundTask, AnInputErrorKeepsItsPlace) {
  BackgroundTask task;
  const Ended e = runToEnd(task, [](const BackgroundTask::Progress&) {
    Diagnostic d;
    d.file = "log.csv";
    d.line = 12;
    d.field = "tau3";
    d.message = "not a number: 'abc'";
    throw InputError(d);
  });
  EXPECT_FALSE(e.outcome.ok);
  EXPECT_FALSE(e.outcome.cancelled);
  EXPECT_EQ(e.outcome.error.toStdString(), "log.csv: line 12: column 'tau3': not a number: 'abc'");
  EXPECT_EQ(e.outcome.detail.file, "log.csv");
  EXPECT_EQ(e.outcome.detail.line, 12u);
  EXPECT_EQ(e.outcome.detail.field, "tau3");
}

TEST(BackgroundTask, OneWorkAtATime) {
  application();
  BackgroundTask task;
  std::atomic<bool> release{false};
  ASSERT_TRUE(task.start([&](const BackgroundTask::Progress&) {
    while (!release) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }));
  EXPECT_TRUE(task.isRunning());
  EXPECT_FALSE(task.start([](const BackgroundTask::Progress&) {}));
  release = true;
  task.wait();
  QCoreApplication::processEvents();  // delivers the thread's end
  EXPECT_FALSE(task.isRunning());
}

}  // namespace
}  // namespace eb::common
