#pragma once
// A few persistent threads that run queued tasks in submission order, each
// answering through a future: for pipelines that hand work ahead (an MCAP
// chunk decompressed while the previous one is read). Threads are started once,
// so a task costs a wake-up, not a thread start, and per-thread state (a
// decompression context) is reused from task to task.

#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace eb {

class TaskQueue {
 public:
  /// Starts `threads` (at least one) worker threads.
  explicit TaskQueue(int threads);
  /// Runs the tasks still queued, then joins the threads: nothing a task uses may go first.
  ~TaskQueue();
  TaskQueue(const TaskQueue&) = delete;
  TaskQueue& operator=(const TaskQueue&) = delete;

  /// Queues `f`; its result (or exception) comes out of the returned future's get().
  template <class F>
  auto submit(F f) -> std::future<decltype(f())> {
    using Result = decltype(f());
    auto task = std::make_shared<std::packaged_task<Result()>>(std::move(f));
    std::future<Result> result = task->get_future();
    push([task] { (*task)(); });
    return result;
  }

 private:
  void push(std::function<void()> task);
  void workerLoop();

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;
  bool stop_ = false;
};

}  // namespace eb
