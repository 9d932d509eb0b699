// ROS 2 bag import speed and memory on a synthetic one-hour, 1 kHz, 7-joint JointState bag
// (3.6 M messages, zstd chunks of 768 KiB as rosbag2's MCAP writer makes them), against
// importing the same samples from a CSV. Both are streamed block by block through
// LogBlockReader, as identify reads them. Peak memory: each read runs once more in a forked
// child, whose ru_maxrss (the whole process: code, libraries, buffers) is the counter
// peak_MB. The bag and the CSV are written once per process in the temp directory and removed
// at exit; the hour-long cases run once each. With EB_BENCH_BAG_DIR set they are written there
// once and kept, so that runs compared against each other (or profiled) read the same files
// without writing 2 GB each time.

#include "logs/cdr_joint_state.hpp"
#include "logs/log_import.hpp"
#include "logs/mcap_reader.hpp"
#include "mcap_test_writer.hpp"

#include <benchmark/benchmark.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

constexpr int kJoints = 7;
constexpr std::size_t kMessages = 3600000;  // 1 h at 1 kHz
constexpr std::int64_t kStart = 1700000000000000000;
constexpr std::int64_t kStepNs = 1000000;

// Sample i of joint j: a 5-harmonic trajectory and its torque, the same in the bag and the CSV.
void sampleAt(std::size_t i, eb::test::TestJointState& m) {
  const double t = static_cast<double>(i) * 1e-3, wf = 2.0 * M_PI * 0.1;
  m.stampNs = kStart + kStepNs * static_cast<std::int64_t>(i);
  for (int j = 0; j < kJoints; ++j) {
    double q = 0.0, qd = 0.0;
    for (int k = 1; k <= 5; ++k) {
      const double a = 0.1 / k, phase = 0.3 * j + 0.7 * k;
      q += a * std::sin(k * wf * t + phase);
      qd += a * k * wf * std::cos(k * wf * t + phase);
    }
    m.position[static_cast<std::size_t>(j)] = q;
    m.velocity[static_cast<std::size_t>(j)] = qd;
    m.effort[static_cast<std::size_t>(j)] = 20.0 * q + 0.5 * qd;
  }
}

class OneHourBag {
 public:
  static const OneHourBag& get() {
    static OneHourBag bag;
    return bag;
  }
  ~OneHourBag() {
    if (kept_) return;
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::string bag, csv;

 private:
  OneHourBag() {
    const char* keep = std::getenv("EB_BENCH_BAG_DIR");
    kept_ = keep && *keep;
    dir_ = kept_ ? std::filesystem::path(keep)
                 : std::filesystem::temp_directory_path() / ("eb_bench_bag_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    bag = (dir_ / "joint_states_0.mcap").string();
    csv = (dir_ / "joint_states.csv").string();
    const std::filesystem::path done = dir_ / "complete";
    if (kept_ && std::filesystem::exists(done)) return;
    eb::test::TestJointState m;
    for (int j = 0; j < kJoints; ++j) m.names.push_back("joint" + std::to_string(j + 1));
    m.position.resize(kJoints);
    m.velocity.resize(kJoints);
    m.effort.resize(kJoints);
    eb::test::McapTestWriter writer(bag, "zstd");
    const auto channel = writer.addChannel("/joint_states", "sensor_msgs/msg/JointState");
    std::FILE* f = std::fopen(csv.c_str(), "wb");
    std::string header = "time";
    for (const char* field : {"position", "velocity", "effort"})
      for (const std::string& n : m.names) header += "," + n + "/" + field;
    std::fputs((header + "\n").c_str(), f);
    char line[768];
    for (std::size_t i = 0; i < kMessages; ++i) {
      sampleAt(i, m);
      writer.write(channel, static_cast<std::uint64_t>(m.stampNs + 300000), eb::test::encodeJointStateCdr(m));
      // The CSV as the tool writes logs: shortest round-trip text of every value.
      char* p = line;
      char* end = line + sizeof line;
      p = std::to_chars(p, end, m.stampNs / 1000000000).ptr;
      p += std::snprintf(p, 12, ".%09lld", static_cast<long long>(m.stampNs % 1000000000));
      for (const std::vector<double>* a : {&m.position, &m.velocity, &m.effort})
        for (const double v : *a) {
          *p++ = ',';
          p = std::to_chars(p, end, v).ptr;
        }
      *p++ = '\n';
      std::fwrite(line, 1, static_cast<std::size_t>(p - line), f);
    }
    std::fclose(f);
    writer.close();
    if (kept_) std::fclose(std::fopen(done.string().c_str(), "wb"));
  }
  std::filesystem::path dir_;
  bool kept_ = false;
};

eb::LogImportOptions options() {
  eb::LogImportOptions o;
  o.dof = kJoints;
  for (int j = 0; j < kJoints; ++j) o.jointNames.push_back("joint" + std::to_string(j + 1));
  return o;
}

// Streams the whole log through LogBlockReader; returns the samples read.
std::size_t streamLog(const std::string& path) {
  eb::LogBlockReader reader(path, options());
  eb::LogBlock block;
  std::size_t rows = 0;
  double checksum = 0.0;
  while (const std::size_t got = reader.read(block, 16384)) {
    rows += got;
    checksum += block.tau(0, 0);
  }
  benchmark::DoNotOptimize(checksum);
  return rows;
}

// Peak resident memory [MB] of a forked child that streams the log.
double childPeakMegabytes(const std::string& path) {
  const pid_t child = ::fork();
  if (child == 0) {
    const std::size_t rows = streamLog(path);
    ::_exit(rows == kMessages ? 0 : 1);
  }
  int status = 0;
  struct rusage usage {};
  ::wait4(child, &status, 0, &usage);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1.0;
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

void run(benchmark::State& state, const std::string& path) {
  std::size_t rows = 0;
  for (auto _ : state) rows = streamLog(path);
  if (rows != kMessages) state.SkipWithError("wrong sample count");
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(rows));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(std::filesystem::file_size(path)));
  state.counters["peak_MB"] = childPeakMegabytes(path);
  state.counters["file_MB"] = static_cast<double>(std::filesystem::file_size(path)) / 1e6;
}

void BM_RosbagMcapZstd1h7dof(benchmark::State& state) { run(state, OneHourBag::get().bag); }
BENCHMARK(BM_RosbagMcapZstd1h7dof)->Name("log_import/rosbag_mcap_zstd_1h_7dof")->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(1);

// The floors under the bag's read, to tell what a faster import could still gain: the MCAP
// container alone (chunks read, decompressed and CRC-checked on the worker threads, records
// walked, every message returned), then the same with each JointState decoded (no rows).
void containerFloor(benchmark::State& state, bool decode) {
  std::size_t messages = 0;
  for (auto _ : state) {
    eb::McapReader reader(OneHourBag::get().bag);
    eb::McapMessage m;
    eb::JointStateView view;
    double checksum = 0.0;
    messages = 0;
    while (reader.next(m)) {
      ++messages;
      if (decode && eb::decodeJointState(m.data, m.size, eb::JointStateEncoding::Cdr, view).empty())
        checksum += view.effort.at(0);
    }
    benchmark::DoNotOptimize(checksum);
  }
  if (messages != kMessages) state.SkipWithError("wrong message count");
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(messages));
}
BENCHMARK_CAPTURE(containerFloor, messages, false)->Name("log_import/rosbag_mcap_zstd_1h_7dof_messages_only")->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(1);
BENCHMARK_CAPTURE(containerFloor, decoded, true)->Name("log_import/rosbag_mcap_zstd_1h_7dof_messages_decoded")->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(1);

void BM_RosbagSameSamplesCsv1h7dof(benchmark::State& state) { run(state, OneHourBag::get().csv); }
BENCHMARK(BM_RosbagSameSamplesCsv1h7dof)->Name("log_import/rosbag_same_samples_csv_1h_7dof")->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(1);

}  // namespace
