#pragma once
// Shared by the fuzz targets: which exceptions are expected answers to bad
// input, a scratch file for the importers that read paths, and a hard stop
// (abort, so libFuzzer and the corpus replay report it) for everything else.
//
// Expected: eb::InputError (one-line messages), and
// std::invalid_argument / std::runtime_error from the parsers. Anything else
// that escapes (std::out_of_range from a stoi, a JSON library exception,
// std::bad_alloc from an unbounded allocation, a non-std exception) is a bug.

#include "util/input_error.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unistd.h>

namespace eb::fuzz {

[[noreturn]] inline void bug(const std::string& what) {
  std::fprintf(stderr, "FUZZ BUG: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

/// A project error message must be one non-empty line of valid UTF-8.
inline void checkMessage(const char* kind, const std::exception& e) {
  const std::string_view m = e.what();
  if (m.empty()) bug(std::string(kind) + " with an empty message");
  if (m.find('\n') != std::string_view::npos || m.find('\r') != std::string_view::npos)
    bug(std::string(kind) + " message is not one line: " + std::string(m));
  const std::string text(m);
  for (size_t i = 0; i < text.size();) {
    const size_t n = eb::utf8SequenceLength(text, i);
    if (n == 0) bug(std::string(kind) + " message is not valid UTF-8 at byte " + std::to_string(i));
    i += n;
  }
}

/// Runs f; expected exceptions are swallowed, anything else aborts.
template <class F>
void runExpectingOnlyInputErrors(F&& f) {
  try {
    f();
  } catch (const eb::InputError& e) {
    checkMessage("InputError", e);
  } catch (const std::invalid_argument&) {
  } catch (const std::runtime_error&) {
  } catch (const std::exception& e) {
    bug(std::string("unexpected exception: ") + e.what());
  } catch (...) {
    bug("unexpected non-std exception");
  }
}

/// Runs f where the contract is stricter, the bag readers': InputError (one line) is the only
/// answer to bad input; any other exception, std::runtime_error included, aborts.
template <class F>
void runExpectingInputErrorOnly(F&& f) {
  try {
    f();
  } catch (const eb::InputError& e) {
    checkMessage("InputError", e);
  } catch (const std::exception& e) {
    bug(std::string("exception other than InputError: ") + e.what());
  } catch (...) {
    bug("unexpected non-std exception");
  }
}

/// A file the target rewrites for each input (importers that only read paths).
/// In /dev/shm when available (no disk writes), named with the pid so parallel jobs do not clash.
class ScratchFile {
 public:
  explicit ScratchFile(const std::string& suffix) {
    std::error_code ec;
    const std::filesystem::path dir =
        std::filesystem::is_directory("/dev/shm", ec) ? std::filesystem::path("/dev/shm")
                                                      : std::filesystem::temp_directory_path();
    path_ = (dir / ("eb_fuzz_" + std::to_string(::getpid()) + suffix)).string();
  }
  ~ScratchFile() { std::remove(path_.c_str()); }
  const std::string& write(const uint8_t* data, size_t size) const {
    std::FILE* f = std::fopen(path_.c_str(), "wb");
    if (!f) bug("cannot write the scratch file " + path_);
    if (size > 0 && std::fwrite(data, 1, size, f) != size) bug("cannot write the scratch file " + path_);
    std::fclose(f);
    return path_;
  }

 private:
  std::string path_;
};

}  // namespace eb::fuzz
