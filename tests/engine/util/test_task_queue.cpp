// TaskQueue: results come back through their futures whatever order the threads finish in, an
// exception reaches the future's get(), the same few threads run every task (so per-thread state
// is reused), and destruction runs what is still queued before it returns.
#include "util/task_queue.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

namespace task_queue_tests {

TEST(TaskQueue, EachFutureGetsItsOwnTasksResult) {
  eb::TaskQueue queue(2);
  std::vector<std::future<int>> results;
  for (int i = 0; i < 50; ++i)
    results.push_back(queue.submit([i] {
      // Early tasks sleep longer, so later ones finish first on the other thread.
      std::this_thread::sleep_for(std::chrono::microseconds(i % 2 == 0 ? 300 : 0));
      return i * i;
    }));
  for (int i = 0; i < 50; ++i) EXPECT_EQ(results[static_cast<std::size_t>(i)].get(), i * i);
}

TEST(TaskQueue, AnExceptionComesOutOfGetAndTheQueueGoesOn) {
  eb::TaskQueue queue(2);
  auto bad = queue.submit([]() -> int { throw std::runtime_error("chunk 3 is corrupt"); });
  auto good = queue.submit([] { return 7; });
  try {
    bad.get();
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "chunk 3 is corrupt");
  }
  EXPECT_EQ(good.get(), 7);
}

TEST(TaskQueue, TheSameThreadsRunEveryTask) {
  eb::TaskQueue queue(2);
  std::vector<std::future<std::thread::id>> ids;
  for (int i = 0; i < 200; ++i) ids.push_back(queue.submit([] { return std::this_thread::get_id(); }));
  std::set<std::thread::id> distinct;
  for (auto& id : ids) distinct.insert(id.get());
  EXPECT_GE(distinct.size(), 1u);
  EXPECT_LE(distinct.size(), 2u);
  EXPECT_EQ(distinct.count(std::this_thread::get_id()), 0u);
}

TEST(TaskQueue, DestructionRunsTheTasksStillQueued) {
  std::atomic<int> ran{0};
  {
    eb::TaskQueue queue(1);
    for (int i = 0; i < 20; ++i)
      (void)queue.submit([&ran] {
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        ++ran;
      });
  }
  EXPECT_EQ(ran.load(), 20);
}

}  // namespace task_queue_tests
