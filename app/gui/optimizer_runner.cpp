#include "app/gui/optimizer_runner.hpp"

#include "excitation/multisine_optimizer.hpp"

#include <QMetaObject>

#include <chrono>

namespace eb::gui {

OptimizerJob fourierOptimizerJob(std::shared_ptr<const RobotModel> robot, const FourierTrajectory& initial,
                                 const OptimizerSettings& settings) {
  return [robot, initial, settings](const OptimizerCallback& callback) {
    const OptimizerResult r = optimizeExcitation(*robot, initial, settings, callback);
    return OptimizerOutcome{r.trajectory, r.metrics, r.feasible, r.cancelled, r.evaluations, r.elapsed, r.stopReason};
  };
}

OptimizerJob multisineOptimizerJob(std::shared_ptr<const RobotModel> robot, const MultisineTrajectory& initial,
                                   const MultisineDesign& design, const OptimizerSettings& settings) {
  return [robot, initial, design, settings](const OptimizerCallback& callback) {
    const MultisineOptimizerResult r = optimizeMultisineExcitation(*robot, initial, design, settings, callback);
    return OptimizerOutcome{r.trajectory, r.metrics, r.feasible, r.cancelled, r.evaluations, r.elapsed, r.stopReason};
  };
}

OptimizerRunner::OptimizerRunner(QObject* parent) : QObject(parent) {}

OptimizerRunner::~OptimizerRunner() {
  cancel_ = true;
  join();
}

void OptimizerRunner::join() {
  if (thread_.joinable()) thread_.join();
}

bool OptimizerRunner::start(std::shared_ptr<const RobotModel> robot, const FourierTrajectory& initial,
                            const OptimizerSettings& settings) {
  return start(fourierOptimizerJob(std::move(robot), initial, settings), settings.timeLimit);
}

bool OptimizerRunner::start(OptimizerJob job, double timeLimit) {
  if (running_) return false;
  join();  // a finished run's thread
  running_ = true;
  cancel_ = false;
  thread_ = std::thread([this, job = std::move(job), timeLimit] {
    using Clock = std::chrono::steady_clock;
    auto lastReport = Clock::now() - std::chrono::seconds(1);
    const OptimizerCallback callback = [this, &lastReport, timeLimit](const OptimizerProgress& p) {
      // The optimizer may call back thousands of times a second; the GUI needs ~10 updates.
      const auto now = Clock::now();
      if (now - lastReport > std::chrono::milliseconds(100)) {
        lastReport = now;
        QMetaObject::invokeMethod(this, [this, p, timeLimit] { emit progress(p, timeLimit); }, Qt::QueuedConnection);
      }
      return !cancel_.load();
    };
    try {
      auto result = std::make_shared<const OptimizerOutcome>(job(callback));
      QMetaObject::invokeMethod(
          this,
          [this, result] {
            running_ = false;
            emit finished(result);
          },
          Qt::QueuedConnection);
    } catch (const std::exception& e) {
      const QString message = QString::fromStdString(e.what());
      QMetaObject::invokeMethod(
          this,
          [this, message] {
            running_ = false;
            emit failed(message);
          },
          Qt::QueuedConnection);
    }
  });
  return true;
}

void OptimizerRunner::cancel() { cancel_ = true; }

}  // namespace eb::gui
