#pragma once
// BackgroundTask: one piece of long work at a time on a worker thread, with
// progress and cancel, so neither the wizard nor the workbench blocks the GUI thread. The work
// receives a progress function with the engine's signature (fraction, what)
// that returns false once cancel() was called: pass it straight to the engine
// (accumulateLogs, LogImportOptions::progress) or test it between steps.
// Progress is forwarded to the GUI thread, throttled to about 20 Hz; the
// completion callback and finished() run on the GUI thread.

#include "util/diagnostic.hpp"

#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <string>

class QThread;

namespace eb::common {

class BackgroundTask : public QObject {
  Q_OBJECT
 public:
  /// (fraction in [0, 1], what is being done) -> false when the work should stop.
  using Progress = std::function<bool(double, const std::string&)>;
  /// The work; runs on the worker thread and reports failures by throwing.
  using Work = std::function<void(const Progress&)>;
  /// How a run ended, delivered on the GUI thread.
  struct Outcome {
    bool ok = false;         ///< the work returned and was not cancelled
    bool cancelled = false;  ///< cancel() was called (whatever the work did afterwards)
    QString error;           ///< what() of the exception the work threw, if any
    Diagnostic detail;       ///< the same as data (file, line, field) when it was an InputError
  };
  using Done = std::function<void(const Outcome&)>;

  explicit BackgroundTask(QObject* parent = nullptr);
  ~BackgroundTask() override;  ///< cancels and waits for a running work

  /// Starts `work` on a new worker thread; `done` is called on the GUI thread when it ends.
  /// Returns false (and does nothing) while another work is running.
  bool start(Work work, Done done = {});
  /// Asks the running work to stop (its progress function returns false from now on).
  void cancel();
  bool isRunning() const { return running_; }
  bool isCancelRequested() const { return cancel_->load(); }
  /// Blocks until the running work has ended (destructors and tests only).
  void wait();

 signals:
  void started();
  void progressChanged(double fraction, const QString& what);
  void finished(bool ok, bool cancelled, const QString& error);

 private:
  struct Shared;
  void onThreadFinished();

  QPointer<QThread> thread_;
  std::shared_ptr<std::atomic<bool>> cancel_;
  std::shared_ptr<Shared> shared_;
  Done done_;
  bool running_ = false;
};

}  // namespace eb::common
