// design_gradient/<robot> and design_constraints/<robot>: the cost of one
// optimizer evaluation for `design` (5 harmonics, T = 10 s, automatic
// criterion rate = 251 samples, rigid-body base): the cond criterion with its
// exact gradient in the 63 free coefficients (on all cores), and the peak
// constraints with their gradients. design_gradient_multisine/<robot> and
// design_constraints_multisine/<robot>: the same for the multi-sine design
// (5 components, 10 s, automatic rate = 251 samples, frequencies free and
// optimized: 112 variables on the Panda). The convergence of the whole optimizer
// (cond vs wall time) is printed by scripts/design_convergence.sh.
#include "excitation/default_excitation.hpp"
#include "excitation/multisine_optimizer.hpp"
#include "excitation/optimizer_multisine_basis.hpp"
#include "excitation/optimizer_objective.hpp"
#include "excitation/optimizer_peak_constraints.hpp"
#include "excitation/trajectory_sampling.hpp"
#include "model/robot_loader.hpp"
#include "util/thread_pool.hpp"

#include <benchmark/benchmark.h>

#include <vector>

namespace {

constexpr double kPeriod = 10.0;
constexpr int kHarmonics = 5;

void designGradient(benchmark::State& state, const std::string& robot) {
  const eb::RobotModel model = eb::loadRobot(robot);
  const eb::BaseParameters base = eb::computeBaseParameters(model, eb::RegressorOptions{});
  const eb::FourierTrajectory tr = eb::defaultExcitation(model, kPeriod, kHarmonics);
  const eb::FourierRestParametrization p(model.dof(), kHarmonics, true);
  const double rate = eb::automaticSampleRate(kPeriod, kHarmonics);
  const int n = eb::uniformSampleCount(kPeriod, rate);
  const Eigen::VectorXd times = Eigen::VectorXd::LinSpaced(n, 0.0, (n - 1) / rate);
  eb::ExcitationObjective objective(model, base, eb::ExcitationCriterion::Cond, p, tr, times, &eb::sharedThreadPool());
  const Eigen::VectorXd x = p.fromTrajectory(tr);
  Eigen::VectorXd grad(x.size());
  for (auto _ : state) benchmark::DoNotOptimize(objective.evaluate(x, grad.data()).objective);
  state.counters["samples"] = n;
  state.counters["variables"] = static_cast<double>(x.size());
}

void designConstraints(benchmark::State& state, const std::string& robot) {
  const eb::RobotModel model = eb::loadRobot(robot);
  const eb::FourierTrajectory tr = eb::defaultExcitation(model, kPeriod, kHarmonics);
  const eb::FourierRestParametrization p(model.dof(), kHarmonics, true);
  eb::PeakConstraints constraints(model, p, tr, eb::PeakConstraintSettings{});
  const Eigen::VectorXd x = p.fromTrajectory(tr);
  std::vector<double> c(static_cast<size_t>(constraints.count())),
      jac(static_cast<size_t>(constraints.count()) * static_cast<size_t>(x.size()));
  for (auto _ : state) {
    constraints.evaluate(x, c.data(), jac.data());
    benchmark::DoNotOptimize(c.data());
  }
  state.counters["constraints"] = constraints.count();
}

eb::MultisineTrajectory schroederStart(const eb::RobotModel& model, const eb::MultisineDesign& d) {
  std::vector<eb::JointLimits> limits;
  Eigen::VectorXd offsets(model.dof());
  for (int i = 0; i < model.dof(); ++i) {
    limits.push_back(model.joint(i).limits);
    offsets[i] = limits.back().hasPositionLimits() ? 0.5 * (limits.back().lower + limits.back().upper) : 0.0;
  }
  return eb::schroederMultisine(d, offsets, limits, eb::LimitScale{});
}

void designGradientMultisine(benchmark::State& state, const std::string& robot) {
  const eb::RobotModel model = eb::loadRobot(robot);
  const eb::BaseParameters base = eb::computeBaseParameters(model, eb::RegressorOptions{});
  const eb::MultisineDesign d;
  const eb::MultisineTrajectoryBasis basis(schroederStart(model, d), true, true);
  const double rate = eb::automaticSampleRate(d);
  const int n = eb::uniformSampleCount(d.duration, rate);
  const Eigen::VectorXd times = Eigen::VectorXd::LinSpaced(n, 0.0, (n - 1) / rate);
  eb::ExcitationObjective objective(model, base, eb::ExcitationCriterion::Cond, basis, times, &eb::sharedThreadPool());
  const Eigen::VectorXd x = basis.fromTrajectory(schroederStart(model, d));
  Eigen::VectorXd grad(x.size());
  for (auto _ : state) benchmark::DoNotOptimize(objective.evaluate(x, grad.data()).objective);
  state.counters["samples"] = n;
  state.counters["variables"] = static_cast<double>(x.size());
}

void designConstraintsMultisine(benchmark::State& state, const std::string& robot) {
  const eb::RobotModel model = eb::loadRobot(robot);
  const eb::MultisineDesign d;
  const eb::MultisineTrajectoryBasis basis(schroederStart(model, d), true, true);
  eb::PeakConstraints constraints(model, basis, eb::PeakConstraintSettings{});
  const Eigen::VectorXd x = basis.fromTrajectory(schroederStart(model, d));
  std::vector<double> c(static_cast<size_t>(constraints.count())),
      jac(static_cast<size_t>(constraints.count()) * static_cast<size_t>(x.size()));
  for (auto _ : state) {
    constraints.evaluate(x, c.data(), jac.data());
    benchmark::DoNotOptimize(c.data());
  }
  state.counters["constraints"] = constraints.count();
}

const bool kDesignRegistered = [] {
  for (const char* robot : {"panda", "ur5"}) {
    benchmark::RegisterBenchmark((std::string("design_gradient/") + robot).c_str(),
                                 [robot](benchmark::State& st) { designGradient(st, robot); })
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((std::string("design_constraints/") + robot).c_str(),
                                 [robot](benchmark::State& st) { designConstraints(st, robot); })
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((std::string("design_gradient_multisine/") + robot).c_str(),
                                 [robot](benchmark::State& st) { designGradientMultisine(st, robot); })
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((std::string("design_constraints_multisine/") + robot).c_str(),
                                 [robot](benchmark::State& st) { designConstraintsMultisine(st, robot); })
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
