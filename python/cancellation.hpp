#pragma once
// Ctrl+C during a long engine call. The call runs with the GIL released; the engine asks
// whether to go on at each progress report (identification_pipeline.hpp: a progress callback
// returning false throws Cancelled; the optimizer returns its best so far). The watch answers
// by taking the GIL briefly on the calling (main) thread and asking Python whether a signal
// arrived; other threads read the verdict.

#include "cli_progress.hpp"

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>

namespace eb::python {

/// One long call's interrupt watch; made with the GIL held, on the thread that calls the engine.
class InterruptWatch {
 public:
  InterruptWatch();

  /// False once Python's SIGINT handler raised KeyboardInterrupt (left set for the caller).
  /// Any thread; the caller's thread checks at most every 50 ms.
  bool keepGoing();

  /// A progress callback (fraction, what) answering keepGoing(), for the engine's long calls.
  std::function<bool(double, const std::string&)> progress();

  /// With the GIL: raises the KeyboardInterrupt when the call was interrupted but returned
  /// (the optimizer stops with its best so far instead of throwing).
  void raiseIfInterrupted() const;

 private:
  std::thread::id caller_;
  std::atomic<bool> interrupted_{false};
  std::chrono::steady_clock::time_point last_;
  cli::KeepGoingCheck installed_;
};

}  // namespace eb::python
