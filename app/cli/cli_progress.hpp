#pragma once
// Progress of a long command on the terminal: one line "[ 42%] what is being done", rewritten
// in place on stderr when stderr is a terminal, nothing at all in a pipe or a log file (the
// result lines on stdout stay clean for scripts).

#include <functional>
#include <string>

namespace eb::cli {

/// A progress callback (fraction in [0, 1], what) that prints "[pct%] <prefix><what>"; cancels
/// only when keepGoing() says so.
std::function<bool(double, const std::string&)> terminalProgress(const std::string& prefix = {});

/// Whether long work should go on, asked at each progress report: true in the CLI (Ctrl+C ends
/// the process); the Python module installs a check of Python's signals (KeyboardInterrupt).
bool keepGoing();

/// Installs `check` as keepGoing() until the returned guard is destroyed (one caller at a time:
/// the Python module holds the GIL while it installs one).
class KeepGoingCheck {
 public:
  explicit KeepGoingCheck(std::function<bool()> check);
  ~KeepGoingCheck();
  KeepGoingCheck(const KeepGoingCheck&) = delete;
  KeepGoingCheck& operator=(const KeepGoingCheck&) = delete;

 private:
  std::function<bool()> previous_;
};

/// Erases the progress line (call when the work is done, before printing results).
void clearTerminalProgress();

}  // namespace eb::cli
