#include "cli_progress.hpp"

#include <cstdio>
#include <unistd.h>

namespace eb::cli {

std::function<bool(double, const std::string&)> terminalProgress(const std::string& prefix) {
  const bool tty = isatty(fileno(stderr)) != 0;
  return [tty, prefix](double f, const std::string& what) {
    if (tty) std::fprintf(stderr, "\r[%3d%%] %-60.60s", static_cast<int>(100 * f), (prefix + what).c_str());
    return true;
  };
}

void clearTerminalProgress() {
  if (isatty(fileno(stderr))) std::fprintf(stderr, "\r%-70s\r", "");
}

}  // namespace eb::cli
