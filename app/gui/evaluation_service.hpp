#pragma once
// EvaluationService: computes an excitation's metrics, torques and limit
// checks on a worker thread. Requests coalesce: while one is computed, newer
// requests overwrite a single pending slot, so a dragged slider never queues
// up stale work — the worker always moves on to the latest edit. Results come
// back on the GUI thread through resultReady(), twice per request: the
// metrics as soon as they exist (the live charts), then the torques and limit
// checks — unless a newer request arrived meanwhile: then those are skipped, so
// during a drag the worker starts the next edit's metrics at once.

#include "app/gui/evaluation.hpp"

#include <QObject>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace eb::gui {

/// The computation itself, synchronous (the service calls it on its thread).
class Evaluator {
 public:
  Evaluator();
  ~Evaluator();
  /// Metrics first (`metricsReady`, may be empty), then returns the complete result;
  /// when `superseded` (may be empty) says a newer request waits, the torques and limit
  /// checks are skipped and the result stays incomplete (metrics only).
  EvaluationResult evaluate(const EvaluationRequest& request,
                            const std::function<void(const EvaluationResult&)>& metricsReady = {},
                            const std::function<bool()>& superseded = {});

 private:
  struct Robot;
  std::unique_ptr<Robot> robot_;
};

class EvaluationService : public QObject {
  Q_OBJECT
 public:
  explicit EvaluationService(QObject* parent = nullptr);
  ~EvaluationService() override;

  /// Queues `request`, replacing any request not yet started.
  void request(EvaluationRequest request);
  /// Requests computed so far (coalesced ones are not counted).
  quint64 computedCount() const { return computed_; }

 signals:
  void resultReady(std::shared_ptr<const eb::gui::EvaluationResult> result);

 private:
  void run();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<EvaluationRequest> pending_;
  bool stop_ = false;
  std::atomic<quint64> computed_{0};
  std::unique_ptr<Evaluator> evaluator_;  // used by the worker thread only
  std::thread thread_;
};

}  // namespace eb::gui
