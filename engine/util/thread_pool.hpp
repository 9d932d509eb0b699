#pragma once
// A small fixed pool of worker threads for data-parallel loops on the hot
// paths (information matrix, streaming identification). Created once and
// reused, so a call costs a wake-up, not a thread start.

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace eb {

class ThreadPool {
 public:
  /// `threads` workers in total including the caller; 0 means the hardware concurrency.
  explicit ThreadPool(int threads = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  /// Number of parallel lanes (workers + the calling thread).
  int size() const { return static_cast<int>(workers_.size()) + 1; }

  /// Calls fn(lane) once for each lane 0..size()-1 in parallel (lane 0 on the caller)
  /// and returns when all are done. Exceptions from lanes are rethrown on the caller.
  /// Callers from several threads are served one after the other.
  void runOnAllLanes(const std::function<void(int lane)>& fn);

 private:
  void workerLoop(int lane);

  std::vector<std::thread> workers_;
  std::mutex callMutex_;  // one parallel region at a time, whichever thread asks
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  const std::function<void(int)>* task_ = nullptr;
  unsigned long generation_ = 0;
  int pending_ = 0;
  bool stop_ = false;
  std::exception_ptr error_;
};

/// The process-wide pool sized to the hardware (created on first use).
ThreadPool& sharedThreadPool();

}  // namespace eb
