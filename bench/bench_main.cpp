// Entry point of excitebench-bench: runs the benchmarks with Google Benchmark's
// own display reporter (so --benchmark_format=console|json|csv keeps its
// meaning), then prints a summary table (median per benchmark, cost per joint,
// Pinocchio reference figures and the ratio to MuJoCo's mj_inverse measured in
// the same run, which normalises for a noisy machine): on stdout after console
// output, on stderr after JSON or CSV, which stay machine-readable.
#include "bench_references.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

// Forwards everything to the library's display reporter and keeps the medians.
class CollectingReporter : public benchmark::BenchmarkReporter {
 public:
  explicit CollectingReporter(benchmark::BenchmarkReporter* display) : display_(display) {}
  bool ReportContext(const Context& context) override {
    display_->SetOutputStream(&GetOutputStream());
    display_->SetErrorStream(&GetErrorStream());
    return display_->ReportContext(context);
  }
  void Finalize() override { display_->Finalize(); }
  bool isConsole() const { return dynamic_cast<benchmark::ConsoleReporter*>(display_.get()) != nullptr; }

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      if (r.error_occurred) continue;
      const std::string name = r.run_name.function_name + (r.run_name.args.empty() ? "" : "/" + r.run_name.args);
      if (r.run_type == Run::RT_Aggregate) {
        if (r.aggregate_name == "median") medians_[name] = r.GetAdjustedRealTime() * toMicros(r.time_unit);
      } else {
        samples_[name].push_back(r.GetAdjustedRealTime() * toMicros(r.time_unit));
        const auto peak = r.counters.find("peak_MB");
        if (peak != r.counters.end()) peaks_[name] = peak->second.value;
        cpu_[name] = r.GetAdjustedCPUTime() * toMicros(r.time_unit);
      }
    }
    display_->ReportRuns(runs);
  }

  // Median in microseconds: the aggregate when repetitions were asked for, else the single run.
  std::map<std::string, double> medians() const {
    std::map<std::string, double> out = medians_;
    for (const auto& [name, v] : samples_) {
      if (out.count(name)) continue;
      std::vector<double> s = v;
      std::sort(s.begin(), s.end());
      out[name] = s[s.size() / 2];
    }
    return out;
  }

 private:
  static double toMicros(benchmark::TimeUnit u) {
    switch (u) {
      case benchmark::kNanosecond: return 1e-3;
      case benchmark::kMicrosecond: return 1.0;
      case benchmark::kMillisecond: return 1e3;
      case benchmark::kSecond: return 1e6;
    }
    return 1.0;
  }
  std::unique_ptr<benchmark::BenchmarkReporter> display_;
  std::map<std::string, double> medians_;

 public:
  std::map<std::string, double> peaks_, cpu_;  // peak_MB counters and CPU times [us] of single runs
  std::map<std::string, std::vector<double>> samples_;
};

int robotDof(const std::string& robot) {
  if (robot == "panda") return 7;
  if (robot == "ur5") return 6;
  if (robot.rfind("snake:", 0) == 0) return std::stoi(robot.substr(6));
  return 0;
}

void printTable(const std::map<std::string, double>& medians, std::FILE* out) {
  const auto mj = medians.find("mujoco_inverse/panda");
  const double mjNow = mj != medians.end() ? mj->second : 0.0;
  // Machine-speed factor: how much slower/faster this run is than the run that
  // produced the reference figures (MuJoCo's mj_inverse on panda was 1.85 us there).
  const double speed = mjNow > 0.0 ? mjNow / eb::bench::kReferenceMujocoInversePanda : 1.0;
  std::fprintf(out, "\n| benchmark | median [us] | per joint [ns] | Pinocchio ref [us] | ratio to ref (machine-normalised) | vs MuJoCo mj_inverse in this run |\n");
  std::fprintf(out, "|---|---:|---:|---:|---:|---:|\n");
  for (const auto& [name, us] : medians) {
    const size_t slash = name.find('/');
    const std::string what = name.substr(0, slash);
    const std::string robot = slash == std::string::npos ? "" : name.substr(slash + 1);
    const int dof = robotDof(robot);
    char perJoint[32] = "";
    const bool perJointCost = what == "fk" || what == "jacobian" || what == "rnea" || what == "crba" || what == "regressor";
    if (dof > 0 && perJointCost) std::snprintf(perJoint, sizeof perJoint, "%.1f", 1e3 * us / dof);
    const double ref = eb::bench::pinocchioReference(what, robot);
    char refs[32] = "", ratio[32] = "", vsMj[32] = "";
    if (ref > 0.0) {
      std::snprintf(refs, sizeof refs, "%.2f", ref);
      std::snprintf(ratio, sizeof ratio, "%.2fx (%.2fx)", us / ref, us / (ref * speed));
    }
    if (mjNow > 0.0 && robot == "panda") std::snprintf(vsMj, sizeof vsMj, "%.2fx", us / mjNow);
    std::fprintf(out, "| %s | %.3f | %s | %s | %s | %s |\n", name.c_str(), us, perJoint, refs, ratio, vsMj);
  }
  if (mjNow > 0.0)
    std::fprintf(out, "\nMuJoCo mj_inverse/panda in this run: %.3f us (reference run: %.2f us; machine factor %.2f).\n",
                mjNow, eb::bench::kReferenceMujocoInversePanda, speed);
  std::fprintf(out, "Ratios below 1 are faster than the reference. Target: <= 1.2x Pinocchio for fk, rnea, crba, regressor.\n");
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  CollectingReporter reporter(benchmark::CreateDefaultDisplayReporter());
  benchmark::RunSpecifiedBenchmarks(&reporter);
  printTable(reporter.medians(), reporter.isConsole() ? stdout : stderr);
  // The ROS 2 bag against the same samples as CSV: speed and the reading process's peak memory.
  const std::string bag = "log_import/rosbag_mcap_zstd_1h_7dof", csv = "log_import/rosbag_same_samples_csv_1h_7dof";
  const std::map<std::string, double> medians = reporter.medians();
  if (medians.count(bag) && medians.count(csv)) {
    std::FILE* out = reporter.isConsole() ? stdout : stderr;
    std::fprintf(out, "\n| 1 h 1 kHz 7-joint log | wall [ms] | CPU [ms] | peak memory [MB] |\n|---|---:|---:|---:|\n");
    for (const std::string& name : {bag, csv})
      std::fprintf(out, "| %s | %.0f | %.0f | %.1f |\n", name.c_str(), medians.at(name) / 1e3, reporter.cpu_[name] / 1e3,
                   reporter.peaks_[name]);
    std::fprintf(out, "Bag vs CSV: %.2fx faster (wall), %.2fx (CPU). Target: >= 2x, peak < 300 MB.\n",
                 medians.at(csv) / medians.at(bag), reporter.cpu_[csv] / reporter.cpu_[bag]);
  }
  benchmark::Shutdown();
  return 0;
}
