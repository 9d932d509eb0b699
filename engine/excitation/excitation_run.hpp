#pragma once
// ExcitationRun: what an optimizer run found, whichever trajectory family it
// optimized. The family results (OptimizerResult, MultisineOptimizerResult)
// carry the same fields with their own trajectory type; the optimizer loop
// returns this, and the callers that handle both families (the CLI's design
// command, the workbench's optimizer runs) keep it.

#include "excitation/information_matrix.hpp"
#include "excitation/kinematic_constraints.hpp"
#include "excitation/trajectory.hpp"

#include <string>
#include <utility>
#include <vector>

namespace eb {

struct ExcitationRun {
  Trajectory trajectory;          ///< the best trajectory (feasible when `feasible`)
  InformationMetrics metrics;     ///< of `trajectory`, at the criterion sample rate
  double sampleRate = 0.0;        ///< criterion sample rate used [Hz]
  ConstraintReport constraints;   ///< dense-grid check of `trajectory`
  double criterionValue = 0.0;
  bool feasible = false;
  bool cancelled = false;
  int evaluations = 0;
  double elapsed = 0.0;           ///< [s]
  /// (elapsed s, cond of the best feasible trajectory) each time the best improves.
  std::vector<std::pair<double, double>> history;
  std::string stopReason;
};

/// A family's result (OptimizerResult, MultisineOptimizerResult) as a run of either family.
template <class Result>
ExcitationRun excitationRunOf(Result&& r) {
  ExcitationRun run;
  run.trajectory = Trajectory(std::move(r.trajectory));
  run.metrics = std::move(r.metrics);
  run.sampleRate = r.sampleRate;
  run.constraints = std::move(r.constraints);
  run.criterionValue = r.criterionValue;
  run.feasible = r.feasible;
  run.cancelled = r.cancelled;
  run.evaluations = r.evaluations;
  run.elapsed = r.elapsed;
  run.history = std::move(r.history);
  run.stopReason = std::move(r.stopReason);
  return run;
}

}  // namespace eb
