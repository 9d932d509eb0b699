// Corpus replay: runs a fuzz target's LLVMFuzzerTestOneInput over every file of
// the folders (or files) given on the command line, so ctest replays the
// corpus without clang or libFuzzer. A crash, sanitizer report or unexpected
// exception aborts the process (the target calls abort); an input slower than
// EB_FUZZ_REPLAY_MAX_SECONDS (default 60) fails the run as a hang.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    const fs::path p(argv[i]);
    if (fs::is_directory(p)) {
      for (const auto& e : fs::recursive_directory_iterator(p))
        if (e.is_regular_file()) inputs.push_back(e.path());
    } else if (fs::is_regular_file(p)) {
      inputs.push_back(p);
    } else {
      std::fprintf(stderr, "replay: %s: no such file or folder\n", argv[i]);
      return 2;
    }
  }
  std::sort(inputs.begin(), inputs.end());
  if (inputs.empty()) {
    std::fprintf(stderr, "replay: no inputs (give corpus folders or files)\n");
    return 2;
  }
  const char* limitText = std::getenv("EB_FUZZ_REPLAY_MAX_SECONDS");
  const double limit = limitText ? std::atof(limitText) : 60.0;
  double slowest = 0.0;
  std::string slowestName;
  for (const fs::path& p : inputs) {
    std::ifstream in(p, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto start = std::chrono::steady_clock::now();
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (seconds > slowest) {
      slowest = seconds;
      slowestName = p.string();
    }
    if (seconds > limit) {
      std::fprintf(stderr, "replay: %s took %.1f s (limit %.0f s): a hang\n", p.c_str(), seconds, limit);
      return 1;
    }
  }
  std::printf("replay: %zu inputs, slowest %.3f s (%s)\n", inputs.size(), slowest, slowestName.c_str());
  return 0;
}
