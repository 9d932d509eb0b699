#pragma once
// OptimizerRunner: one excitation-optimizer run on a worker thread, with
// progress and cancel, through the application's BackgroundTask (the wizard's
// work runs the same way). Results arrive on the GUI thread.
//
// The run itself is a job: a function that optimizes, calling the progress
// callback, and says what it found as an OptimizerOutcome. Each family wraps its
// engine optimizer in a job (fourierOptimizerJob, multisineOptimizerJob below), so the runner, its
// progress, cancel and threading are shared by Fourier and multi-sine designs.

#include "excitation/excitation_optimizer.hpp"
#include "excitation/excitation_run.hpp"
#include "excitation/multisine_design.hpp"
#include "excitation/trajectory.hpp"

#include <QObject>

#include <functional>
#include <memory>
#include <string>

namespace eb::common {
class BackgroundTask;
}

namespace eb::gui {

/// What a run found, whichever family it optimized (the engine's ExcitationRun).
using OptimizerOutcome = ExcitationRun;

/// Optimizes, reporting progress through the callback (false: stop); runs on the worker thread.
using OptimizerJob = std::function<OptimizerOutcome(const OptimizerCallback&)>;

/// The Fourier optimizer (optimizeExcitation) from `initial` as a job.
OptimizerJob fourierOptimizerJob(std::shared_ptr<const RobotModel> robot, const FourierTrajectory& initial,
                                 const OptimizerSettings& settings);

/// The multi-sine optimizer (optimizeMultisineExcitation) from `initial` for `design` as a job.
OptimizerJob multisineOptimizerJob(std::shared_ptr<const RobotModel> robot, const MultisineTrajectory& initial,
                                   const MultisineDesign& design, const OptimizerSettings& settings);

class OptimizerRunner : public QObject {
  Q_OBJECT
 public:
  explicit OptimizerRunner(QObject* parent = nullptr);
  ~OptimizerRunner() override;  ///< cancels and waits for a running optimization

  bool isRunning() const;
  /// Starts `job` (progress reports carry `timeLimit` [s]); false if a run is already going.
  bool start(OptimizerJob job, double timeLimit);
  /// Starts the Fourier optimizer from `initial`; false if a run is already going.
  bool start(std::shared_ptr<const RobotModel> robot, const FourierTrajectory& initial,
             const OptimizerSettings& settings);

 public slots:
  /// Asks the run to stop; it ends with the best result so far (finished() with cancelled set).
  void cancel();

 signals:
  void progress(const eb::OptimizerProgress& progress, double timeLimit);
  void finished(std::shared_ptr<const eb::gui::OptimizerOutcome> result);
  void failed(const QString& message);

 private:
  struct Run;  // what the worker thread and this object share during one run

  common::BackgroundTask* task_;
  std::shared_ptr<Run> run_;
};

}  // namespace eb::gui
