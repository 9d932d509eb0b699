#pragma once
// Runs excitebench-cli with arguments and captures exit status, stdout and stderr.

#include "test_paths.hpp"

#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace eb::test {

struct CliResult {
  int status = -1;
  std::string out, err;
};

inline std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string shellQuote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

/// Runs the CLI in a shell with stdout/stderr redirected to temporary files.
inline CliResult runCli(const std::vector<std::string>& args) {
  namespace fs = std::filesystem;
  static int counter = 0;
  const fs::path dir = fs::temp_directory_path() / ("eb_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string outPath = (dir / ("out" + std::to_string(counter) + ".txt")).string();
  const std::string errPath = (dir / ("err" + std::to_string(counter++) + ".txt")).string();
  std::string cmd = shellQuote(eb::test_paths::kCliPath);
  for (const std::string& a : args) cmd += " " + shellQuote(a);
  cmd += " >" + shellQuote(outPath) + " 2>" + shellQuote(errPath) + " </dev/null";
  const int raw = std::system(cmd.c_str());
  CliResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = readText(outPath);
  r.err = readText(errPath);
  return r;
}

/// A fresh temporary folder for one test.
inline std::filesystem::path tempDir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("eb_cli_test_" + std::to_string(::getpid())) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace eb::test
