#pragma once
// Ctrl+C during a long engine call: the call runs with the GIL released; the engine's progress
// callback (identification_pipeline.hpp: returning false throws Cancelled) takes the GIL
// briefly and asks Python whether a signal arrived.

#include <functional>
#include <string>

namespace eb::python {

/// A progress callback (fraction, what) -> keep going, for engine calls made without the GIL:
/// false once Python's signal handler raised (KeyboardInterrupt stays set for the caller).
/// Checks at most every 50 ms so tight loops do not fight for the GIL.
std::function<bool(double, const std::string&)> interruptibleProgress();

}  // namespace eb::python
