#pragma once
// The engine's exceptions as Python's: bad input -> ValueError with the CLI's one-line message
// (file, place, field), a missing file -> FileNotFoundError, a stop asked by Ctrl+C ->
// KeyboardInterrupt.

#include <pybind11/pybind11.h>

namespace eb::python {

/// Registers the translators on the module.
void registerErrorTranslators(pybind11::module_& m);

}  // namespace eb::python
