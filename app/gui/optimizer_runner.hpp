#pragma once
// OptimizerRunner: one excitation-optimizer run on a worker thread, with
// progress (throttled to ~10 Hz) and cancel. Results arrive on the GUI thread.

#include "excitation/excitation_optimizer.hpp"

#include <QElapsedTimer>
#include <QObject>

#include <atomic>
#include <memory>
#include <thread>

namespace eb::gui {

class OptimizerRunner : public QObject {
  Q_OBJECT
 public:
  explicit OptimizerRunner(QObject* parent = nullptr);
  ~OptimizerRunner() override;  ///< cancels and waits for a running optimization

  bool isRunning() const { return running_; }
  /// Starts optimizing from `initial`; false if a run is already going.
  bool start(std::shared_ptr<const RobotModel> robot, const FourierTrajectory& initial,
             const OptimizerSettings& settings);

 public slots:
  /// Asks the run to stop; it ends with the best result so far (finished() with cancelled set).
  void cancel();

 signals:
  void progress(const eb::OptimizerProgress& progress, double timeLimit);
  void finished(std::shared_ptr<const eb::OptimizerResult> result);
  void failed(const QString& message);

 private:
  void join();

  std::thread thread_;
  std::atomic<bool> cancel_{false};
  bool running_ = false;
};

}  // namespace eb::gui
