// base_parameters/<robot>: the base parameters of the rigid-body regressor, as
// `info`, `design`, `identify` and the workbench compute them on every model
// load (random stack, natural-order QR, pivoted profile, regrouping
// coefficients). The snakes show how the work grows with the chain length.
#include "dynamics/base_parameters.hpp"
#include "model/robot_loader.hpp"

#include <benchmark/benchmark.h>

namespace {

void baseParameters(benchmark::State& state, const std::string& robot) {
  const eb::RobotModel model = eb::loadRobot(robot);
  int rank = 0;
  for (auto _ : state) {
    const eb::BaseParameters base = eb::computeBaseParameters(model, eb::RegressorOptions{});
    rank = base.rank;
    benchmark::DoNotOptimize(base.beta.data());
  }
  state.counters["base_columns"] = rank;
}

const bool kBaseParametersRegistered = [] {
  for (const char* robot : {"panda", "ur5", "snake:20", "snake:50", "snake:100", "snake:300"})
    benchmark::RegisterBenchmark((std::string("base_parameters/") + robot).c_str(),
                                 [robot](benchmark::State& st) { baseParameters(st, robot); })
        ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
