#include "errors.hpp"

#include "util/cancelled.hpp"
#include "util/input_error.hpp"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <new>
#include <stdexcept>

namespace eb::python {

namespace error_mapping {

// An InputError about a file that is not there: the CLI says "cannot open" or the like, Python
// code wants to catch FileNotFoundError.
bool namesMissingFile(const InputError& e) {
  const std::string& file = e.diagnostic().file;
  std::error_code ec;
  if (!file.empty()) return !std::filesystem::exists(file, ec);
  // Messages without a file field: the robot loader's "... and no such file", strerror's ENOENT.
  const std::string what = e.what();
  return what.find("no such file") != std::string::npos || what.find("No such file") != std::string::npos;
}

}  // namespace error_mapping

void registerErrorTranslators(pybind11::module_& /*m*/) {
  pybind11::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InputError& e) {
      PyErr_SetString(error_mapping::namesMissingFile(e) ? PyExc_FileNotFoundError : PyExc_ValueError, e.what());
    } catch (const Cancelled& e) {
      // Ctrl+C set KeyboardInterrupt already (cancellation.cpp); another stop says what stopped.
      if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
    } catch (const CLI::ParseError& e) {
      // An option the command does not have, or a value its check refuses: CLI11's words.
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::invalid_argument& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::bad_alloc&) {
      PyErr_SetString(PyExc_MemoryError, "out of memory: the input needs more memory than this machine gives");
    }
  });
}

}  // namespace eb::python
