#include "cancellation.hpp"

#include <pybind11/pybind11.h>

#include <chrono>
#include <memory>

namespace eb::python {

std::function<bool(double, const std::string&)> interruptibleProgress() {
  using Clock = std::chrono::steady_clock;
  auto last = std::make_shared<Clock::time_point>(Clock::now());
  auto interrupted = std::make_shared<bool>(false);
  return [last, interrupted](double, const std::string&) {
    if (*interrupted) return false;
    const Clock::time_point now = Clock::now();
    if (now - *last < std::chrono::milliseconds(50)) return true;
    *last = now;
    pybind11::gil_scoped_acquire gil;
    // Signals are handled on the main thread only; elsewhere this returns 0 at once.
    if (PyErr_CheckSignals() != 0) *interrupted = true;
    return !*interrupted;
  };
}

}  // namespace eb::python
