// Log import and preprocessing speed on a synthetic one-hour, 1 kHz, 7-joint log
// (3.6 M rows x 22 columns: t, q1..q7, qd1..qd7, tau1..tau7, about 0.9 GB of text).
// The file is generated once per process in the temp directory (about 20 s) and removed at
// exit; no large file is kept in the repository. The hour-long cases run once each (seconds
// per run), whatever repetitions the command line asks for.

#include "identification/butterworth_filter.hpp"
#include "logs/csv_table.hpp"
#include "logs/log_import.hpp"
#include "identification/log_preprocessing.hpp"

#include <benchmark/benchmark.h>

#include <charconv>
#include <cstdint>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <unistd.h>

namespace {

constexpr int kDof = 7;
constexpr double kRateHz = 1000.0;

// Writes `rows` samples of a 10 s-period, 5-harmonic Fourier trajectory with noise.
void writeSyntheticLog(const std::string& path, std::size_t rows) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) throw std::runtime_error("cannot write " + path);
  std::string line = "t";
  for (const char* name : {"q", "qd", "tau"})
    for (int j = 1; j <= kDof; ++j) line += "," + std::string(name) + std::to_string(j);
  line += "\n";
  std::fputs(line.c_str(), f);
  std::mt19937 rng(1);
  std::normal_distribution<double> noise(0.0, 1e-4);
  char buffer[512];
  const double wf = 2.0 * M_PI * 0.1;
  for (std::size_t i = 0; i < rows; ++i) {
    const double t = static_cast<double>(i) / kRateHz;
    char* p = buffer;
    char* end = buffer + sizeof buffer;
    p = std::to_chars(p, end, t, std::chars_format::fixed, 3).ptr;
    double values[3 * kDof];
    for (int j = 0; j < kDof; ++j) {
      double q = 0.0, qd = 0.0;
      for (int k = 1; k <= 5; ++k) {
        const double a = 0.1 / k, phase = 0.3 * j + 0.7 * k;
        q += a * std::sin(k * wf * t + phase);
        qd += a * k * wf * std::cos(k * wf * t + phase);
      }
      values[j] = q + noise(rng);
      values[kDof + j] = qd + 10.0 * noise(rng);
      values[2 * kDof + j] = 20.0 * q + 100.0 * noise(rng);
    }
    for (double v : values) {
      *p++ = ',';
      p = std::to_chars(p, end, v, std::chars_format::fixed, 6).ptr;
    }
    *p++ = '\n';
    std::fwrite(buffer, 1, static_cast<std::size_t>(p - buffer), f);
  }
  std::fclose(f);
}

// The one-hour log, generated on first use, deleted at exit.
class OneHourLog {
 public:
  static const std::string& path() {
    static OneHourLog log;
    return log.path_;
  }
  ~OneHourLog() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
  }

 private:
  OneHourLog() {
    path_ = (std::filesystem::temp_directory_path() / ("eb_bench_log_1h_" + std::to_string(::getpid()) + ".csv")).string();
    writeSyntheticLog(path_, 3600000);
  }
  std::string path_;
};

eb::LogImportOptions importOptions() {
  eb::LogImportOptions options;
  options.dof = kDof;
  return options;
}

eb::PreprocessOptions preprocessOptions() {
  eb::PreprocessOptions options;
  options.cutoffHz = eb::defaultCutoffHz(0.5, kRateHz);  // 5 harmonics of 0.1 Hz -> 5 Hz
  return options;
}

void setFileCounters(benchmark::State& state, const std::string& path) {
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(std::filesystem::file_size(path)));
  state.SetItemsProcessed(state.iterations() * 3600000);  // rows
}

// Parse every column into memory (no mapping, no checks beyond numbers).
void BM_CsvTable1h7dof(benchmark::State& state) {
  const std::string& path = OneHourLog::path();
  for (auto _ : state) {
    eb::CsvTable table = eb::readCsvTable(path);
    benchmark::DoNotOptimize(table.values.data());
  }
  setFileCounters(state, path);
}
BENCHMARK(BM_CsvTable1h7dof)->Name("log_import/csv_table_1h_7dof")->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(1);

// Full import: detection, mapping guess, units, time checks, ExperimentLog.
void BM_CsvImport1h7dof(benchmark::State& state) {
  const std::string& path = OneHourLog::path();
  const eb::LogImportOptions options = importOptions();
  for (auto _ : state) {
    eb::ExperimentLog log = eb::importCsvLog(path, options);
    benchmark::DoNotOptimize(log.q.data());
  }
  setFileCounters(state, path);
}
BENCHMARK(BM_CsvImport1h7dof)->Name("log_import/csv_1h_7dof")->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(1);

// Import, filter and differentiate block by block with bounded memory.
void BM_CsvStreaming1h7dof(benchmark::State& state) {
  const std::string& path = OneHourLog::path();
  const eb::LogImportOptions options = importOptions();
  const eb::PreprocessOptions pre = preprocessOptions();
  std::size_t workingSet = 0;
  for (auto _ : state) {
    double checksum = 0.0;
    const auto summary = eb::preprocessCsvLogStreaming(path, options, pre, [&](const eb::ProcessedBlock& b) {
      checksum += b.qdd(0, 0);
    });
    workingSet = summary.workingSetBytes;
    benchmark::DoNotOptimize(checksum);
  }
  setFileCounters(state, path);
  state.counters["working_set_MB"] = static_cast<double>(workingSet) / 1e6;
}
BENCHMARK(BM_CsvStreaming1h7dof)->Name("log_import/csv_streaming_preprocess_1h_7dof")->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(1);

// Filtering and differentiation of a log already in memory.
void BM_Preprocess1h7dof(benchmark::State& state) {
  static const eb::ExperimentLog log = eb::importCsvLog(OneHourLog::path(), importOptions());
  const eb::PreprocessOptions pre = preprocessOptions();
  for (auto _ : state) {
    eb::PreprocessedLog out = eb::preprocessLog(log, pre);
    benchmark::DoNotOptimize(out.qdd.data());
  }
}
BENCHMARK(BM_Preprocess1h7dof)->Name("log_import/preprocess_1h_7dof")->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(1);

// Zero-phase Butterworth on one channel of 3.6 M samples.
void BM_Filtfilt1h(benchmark::State& state) {
  const auto n = static_cast<Eigen::Index>(3600000);
  const Eigen::VectorXd x = Eigen::VectorXd::Random(n);
  Eigen::VectorXd y(n);
  const eb::ButterworthLowpass filter = eb::designButterworthLowpass(4, 5.0, kRateHz);
  eb::FiltfiltWorkspace workspace;
  for (auto _ : state) {
    eb::filtfilt(filter, x.data(), static_cast<std::size_t>(n), y.data(), workspace);
    benchmark::DoNotOptimize(y.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
}
BENCHMARK(BM_Filtfilt1h)->Name("log_import/filtfilt_1h_1ch")->Unit(benchmark::kMillisecond);

}  // namespace
