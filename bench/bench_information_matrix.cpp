// information_matrix/<robot>: 2,500 samples of the default excitation (5 s at
// 500 Hz), base columns (rigid body), F accumulated on all cores plus every
// criterion and the full eigenvalue spectrum (unscaled and column-scaled):
// what the GUI recomputes on each slider edit.
#include "excitation/default_excitation.hpp"
#include "excitation/information_matrix.hpp"
#include "excitation/trajectory_conversion.hpp"
#include "model/robot_loader.hpp"
#include "util/thread_pool.hpp"

#include <benchmark/benchmark.h>

namespace {

void informationMatrix(benchmark::State& state, const std::string& robot) {
  const eb::RobotModel model = eb::loadRobot(robot);
  const eb::BaseParameters base = eb::computeBaseParameters(model, eb::RegressorOptions{});
  const Eigen::VectorXd times = Eigen::VectorXd::LinSpaced(2500, 0.0, 2499.0 / 500.0);
  const eb::TrajectorySamples samples = eb::sampleTrajectoryAt(eb::Trajectory(eb::defaultExcitation(model)), times);
  eb::InformationMatrixAccumulator acc(model, base, &eb::sharedThreadPool());
  for (auto _ : state) {
    const eb::InformationMetrics m = acc.computeMetrics(samples);
    benchmark::DoNotOptimize(m.cond);
  }
  state.counters["base_columns"] = base.rank;
}

// live_metrics/<family>/panda: the workbench's metrics stage for one slider edit,
// sampling at 500 Hz included (2,501 samples), on the default excitation and on its
// exact multi-sine conversion (7 joints x 5 components).
void liveMetrics(benchmark::State& state, bool multisine) {
  const eb::RobotModel model = eb::loadRobot("panda");
  const eb::BaseParameters base = eb::computeBaseParameters(model, eb::RegressorOptions{});
  const eb::FourierTrajectory fourier = eb::defaultExcitation(model);
  const eb::Trajectory trajectory =
      multisine ? eb::Trajectory(eb::multisineFromFourier(fourier)) : eb::Trajectory(fourier);
  eb::InformationMatrixAccumulator acc(model, base, &eb::sharedThreadPool());
  for (auto _ : state) {
    const eb::InformationMetrics m = acc.computeMetrics(eb::sampleTrajectory(trajectory, 500.0));
    benchmark::DoNotOptimize(m.cond);
  }
}

const bool kInformationMatrixRegistered = [] {
  benchmark::RegisterBenchmark("live_metrics/fourier/panda", [](benchmark::State& st) { liveMetrics(st, false); })
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("live_metrics/multisine/panda", [](benchmark::State& st) { liveMetrics(st, true); })
      ->Unit(benchmark::kMillisecond);
  for (const char* robot : {"panda", "ur5", "snake:7", "snake:20", "snake:50", "snake:100"})
    benchmark::RegisterBenchmark((std::string("information_matrix/") + robot).c_str(),
                                 [robot](benchmark::State& st) { informationMatrix(st, robot); })
        ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
