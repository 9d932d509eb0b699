#include "app/common/background_task.hpp"

#include "util/input_error.hpp"
#include "util/cancelled.hpp"
#include "util/vector_state.hpp"

#include <QMetaObject>
#include <QThread>

#include <chrono>
#include <exception>

namespace eb::common {

// State written by the worker thread and read on the GUI thread after it ended.
struct BackgroundTask::Shared {
  QString error;
  Diagnostic detail;
  // Throttling of progress reports (worker thread only).
  std::chrono::steady_clock::time_point lastReport{};
  std::string lastWhat;
};

BackgroundTask::BackgroundTask(QObject* parent)
    : QObject(parent), cancel_(std::make_shared<std::atomic<bool>>(false)) {}

BackgroundTask::~BackgroundTask() {
  cancel();
  wait();
}

bool BackgroundTask::start(Work work, Done done) {
  if (running_) return false;
  running_ = true;
  cancel_ = std::make_shared<std::atomic<bool>>(false);
  shared_ = std::make_shared<Shared>();
  done_ = std::move(done);
  auto cancel = cancel_;
  auto shared = shared_;
  // Signals emitted from the worker thread reach the GUI thread through queued connections.
  thread_ = QThread::create([this, work = std::move(work), cancel, shared]() {
    const Progress progress = [this, cancel, shared](double fraction, const std::string& what) {
      const auto now = std::chrono::steady_clock::now();
      if (what != shared->lastWhat || now - shared->lastReport > std::chrono::milliseconds(50)) {
        shared->lastReport = now;
        shared->lastWhat = what;
        emit progressChanged(fraction, QString::fromStdString(what));
      }
      return !cancel->load();
    };
    clearUpperVectorState();  // started from the GUI thread, it inherits its vector state (util/vector_state.hpp)
    try {
      work(progress);
    } catch (const Cancelled&) {
      // Stopped on request: not a failure (Outcome::cancelled says it).
    } catch (const InputError& e) {
      shared->error = QString::fromUtf8(e.what());
      shared->detail = e.diagnostic();
    } catch (const std::exception& e) {
      shared->error = QString::fromUtf8(e.what());
    } catch (...) {
      shared->error = tr("unexpected error");
    }
  });
  connect(thread_, &QThread::finished, this, &BackgroundTask::onThreadFinished);
  connect(thread_, &QThread::finished, thread_, &QObject::deleteLater);
  thread_->start();
  emit started();
  return true;
}

void BackgroundTask::cancel() {
  if (running_) cancel_->store(true);
}

void BackgroundTask::wait() {
  if (thread_) thread_->wait();
}

void BackgroundTask::onThreadFinished() {
  if (!running_) return;
  running_ = false;
  Outcome outcome;
  outcome.cancelled = cancel_->load();
  outcome.error = shared_ ? shared_->error : QString();
  if (shared_) outcome.detail = shared_->detail;
  outcome.ok = !outcome.cancelled && outcome.error.isEmpty();
  Done done = std::move(done_);
  done_ = nullptr;
  if (done) done(outcome);
  emit finished(outcome.ok, outcome.cancelled, outcome.error);
}

}  // namespace eb::common
