#include "cancellation.hpp"

#include <pybind11/pybind11.h>

namespace eb::python {

InterruptWatch::InterruptWatch()
    : caller_(std::this_thread::get_id()),
      last_(std::chrono::steady_clock::now()),
      installed_([this] { return keepGoing(); }) {}

bool InterruptWatch::keepGoing() {
  if (interrupted_) return false;
  // Python handles signals on its main thread only: workers of a parallel engine call just
  // read what the caller's thread found.
  if (std::this_thread::get_id() != caller_) return true;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < std::chrono::milliseconds(50)) return true;
  last_ = now;
  pybind11::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) interrupted_ = true;
  return !interrupted_;
}

std::function<bool(double, const std::string&)> InterruptWatch::progress() {
  return [this](double, const std::string&) { return keepGoing(); };
}

void InterruptWatch::raiseIfInterrupted() const {
  if (interrupted_ && PyErr_Occurred()) throw pybind11::error_already_set();
}

}  // namespace eb::python
