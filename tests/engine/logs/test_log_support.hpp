#pragma once
// Helpers for the log import and signal tests: temporary files, fixture paths,
// and checking that an InputError names the file, line and column.

#include "logs/log_import.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <string>
#include <unistd.h>

namespace eb::test {

/// Path of a fixture in tests/data/logs.
inline std::string logFixture(const std::string& name) { return std::string(test_paths::kTestDataDir) + "/logs/" + name; }

/// Import options for a log of `dof` joints, everything else at its default.
inline LogImportOptions withDof(int dof) {
  LogImportOptions o;
  o.dof = dof;
  return o;
}

/// A file in the temp directory, removed when the object dies.
class TempFile {
 public:
  explicit TempFile(const std::string& suffix = ".csv") {
    static std::atomic<int> counter{0};
    path_ = (std::filesystem::temp_directory_path() /
             ("eb_log_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + suffix))
                .string();
  }
  TempFile(const std::string& content, const std::string& suffix) : TempFile(suffix) { write(content); }
  ~TempFile() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  void write(const std::string& content) const {
    std::ofstream out(path_, std::ios::binary);
    out << content;
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

/// Runs f, expects an exception of type E, and returns its message ("" if none was thrown).
template <class E, class F>
std::string messageOf(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  ADD_FAILURE() << "no exception thrown";
  return "";
}

}  // namespace eb::test

/// Expects `message` to contain every one of the given fragments.
#define EXPECT_MESSAGE_HAS(message, ...)                                                     \
  do {                                                                                       \
    const std::string eb_msg_ = (message);                                                   \
    for (const std::string& eb_part_ : std::initializer_list<std::string>{__VA_ARGS__})                                    \
      EXPECT_NE(eb_msg_.find(eb_part_), std::string::npos) << "'" << eb_part_ << "' not in: " << eb_msg_; \
  } while (0)
