#include "cli_progress.hpp"

#include <cstdio>
#include <unistd.h>
#include <utility>

namespace eb::cli {

namespace progress_check {
std::function<bool()>& current() {
  static std::function<bool()> check;
  return check;
}
}  // namespace progress_check

bool keepGoing() {
  const std::function<bool()>& check = progress_check::current();
  return !check || check();
}

KeepGoingCheck::KeepGoingCheck(std::function<bool()> check) : previous_(std::move(progress_check::current())) {
  progress_check::current() = std::move(check);
}

KeepGoingCheck::~KeepGoingCheck() { progress_check::current() = std::move(previous_); }

std::function<bool(double, const std::string&)> terminalProgress(const std::string& prefix) {
  const bool tty = isatty(fileno(stderr)) != 0;
  return [tty, prefix](double f, const std::string& what) {
    if (tty) std::fprintf(stderr, "\r[%3d%%] %-60.60s", static_cast<int>(100 * f), (prefix + what).c_str());
    return keepGoing();
  };
}

void clearTerminalProgress() {
  if (isatty(fileno(stderr))) std::fprintf(stderr, "\r%-70s\r", "");
}

}  // namespace eb::cli
