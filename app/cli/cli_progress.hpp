#pragma once
// Progress of a long command on the terminal: one line "[ 42%] what is being done", rewritten
// in place on stderr when stderr is a terminal, nothing at all in a pipe or a log file (the
// result lines on stdout stay clean for scripts).

#include <functional>
#include <string>

namespace eb::cli {

/// A progress callback (fraction in [0, 1], what) that prints "[pct%] <prefix><what>"; never cancels.
std::function<bool(double, const std::string&)> terminalProgress(const std::string& prefix = {});

/// Erases the progress line (call when the work is done, before printing results).
void clearTerminalProgress();

}  // namespace eb::cli
