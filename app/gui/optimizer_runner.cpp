#include "app/gui/optimizer_runner.hpp"

#include "excitation/multisine_optimizer.hpp"

#include "app/common/background_task.hpp"

#include <algorithm>
#include <mutex>

namespace eb::gui {

OptimizerJob fourierOptimizerJob(std::shared_ptr<const RobotModel> robot, const FourierTrajectory& initial,
                                 const OptimizerSettings& settings) {
  return [robot, initial, settings](const OptimizerCallback& callback) {
    OptimizerResult r = optimizeExcitation(*robot, initial, settings, callback);
    return excitationRunOf(std::move(r));
  };
}

OptimizerJob multisineOptimizerJob(std::shared_ptr<const RobotModel> robot, const MultisineTrajectory& initial,
                                   const MultisineDesign& design, const OptimizerSettings& settings) {
  return [robot, initial, design, settings](const OptimizerCallback& callback) {
    MultisineOptimizerResult r = optimizeMultisineExcitation(*robot, initial, design, settings, callback);
    return excitationRunOf(std::move(r));
  };
}

// The worker writes the latest report and the outcome; the GUI thread reads them when
// the task says there is news (progress, throttled by the task) or that it ended.
struct OptimizerRunner::Run {
  std::mutex mutex;
  OptimizerProgress latest;
  std::shared_ptr<const OptimizerOutcome> outcome;
  double timeLimit = 0.0;
};

OptimizerRunner::OptimizerRunner(QObject* parent) : QObject(parent), task_(new common::BackgroundTask(this)) {
  connect(task_, &common::BackgroundTask::progressChanged, this, [this] {
    if (!run_) return;
    OptimizerProgress p;
    {
      const std::lock_guard<std::mutex> lock(run_->mutex);
      p = run_->latest;
    }
    emit progress(p, run_->timeLimit);
  });
}

// The task is a child: stop and wait for the run before the members it reports to go.
OptimizerRunner::~OptimizerRunner() {
  task_->cancel();
  task_->wait();
}

bool OptimizerRunner::isRunning() const { return task_->isRunning(); }

bool OptimizerRunner::start(std::shared_ptr<const RobotModel> robot, const FourierTrajectory& initial,
                            const OptimizerSettings& settings) {
  return start(fourierOptimizerJob(std::move(robot), initial, settings), settings.timeLimit);
}

bool OptimizerRunner::start(OptimizerJob job, double timeLimit) {
  if (task_->isRunning()) return false;
  auto run = std::make_shared<Run>();
  run->timeLimit = timeLimit;
  auto work = [run, job = std::move(job), timeLimit](const common::BackgroundTask::Progress& report) {
    const OptimizerCallback callback = [&](const OptimizerProgress& p) {
      {
        const std::lock_guard<std::mutex> lock(run->mutex);
        run->latest = p;
      }
      return report(timeLimit > 0.0 ? std::min(1.0, p.elapsed / timeLimit) : 0.0, "optimizing");
    };
    auto outcome = std::make_shared<const OptimizerOutcome>(job(callback));
    const std::lock_guard<std::mutex> lock(run->mutex);
    run->outcome = std::move(outcome);
  };
  // A cancelled run still ends with the best design so far: the optimizer returns it.
  auto done = [this, run](const common::BackgroundTask::Outcome& o) {
    std::shared_ptr<const OptimizerOutcome> outcome;
    {
      const std::lock_guard<std::mutex> lock(run->mutex);
      outcome = run->outcome;
    }
    if (outcome)
      emit finished(outcome);
    else
      emit failed(o.error.isEmpty() ? tr("the optimizer stopped without a result") : o.error);
  };
  run_ = run;
  return task_->start(std::move(work), std::move(done));
}

void OptimizerRunner::cancel() { task_->cancel(); }

}  // namespace eb::gui
