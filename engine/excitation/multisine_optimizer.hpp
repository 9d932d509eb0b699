#pragma once
// Excitation optimizer for multi-sine trajectories with the rest-to-rest
// envelope: the same loop as the Fourier optimizer (optimizer_session.hpp:
// multi-start, seeded and reproducible, NLopt SLSQP with exact gradients,
// peak constraints with torque limits through inverse dynamics and the
// keep-out plane, time limit, cancel returning the best so far, final
// dense-grid check) on the multi-sine's amplitudes and phases, and its
// frequencies when MultisineDesign::optimizeFrequencies (kept in the band).
// The first start is `initial` when it fits the design, otherwise the
// Schroeder-phase multi-sine (multisine_design.hpp); the others are random
// amplitudes and phases (and frequencies, when free) scaled into the limits.
// OptimizerSettings::harmonics and ::period are the Fourier family's and are
// not used here; the MultisineDesign gives the shape. The automatic criterion
// rate is 50 samples per period of the highest allowed frequency.

#include "excitation/excitation_optimizer.hpp"
#include "excitation/multisine_design.hpp"
#include "excitation/multisine_trajectory.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace eb {

struct MultisineOptimizerResult {
  MultisineTrajectory trajectory;
  InformationMetrics metrics;     ///< of the result, at the criterion sample rate
  double sampleRate = 0.0;        ///< criterion sample rate used [Hz] (settings' or automatic)
  ConstraintReport constraints;   ///< dense-grid check of the result
  double criterionValue = 0.0;
  bool feasible = false;
  bool cancelled = false;
  int evaluations = 0;
  double elapsed = 0.0;           ///< [s]
  /// (elapsed s, cond of the best feasible trajectory) each time the best (by the criterion) improves.
  std::vector<std::pair<double, double>> history;
  std::string stopReason;
};

/// Automatic criterion sample rate [Hz] of a multi-sine design: 50 samples per period of its maxFrequency.
double automaticSampleRate(const MultisineDesign& design);

/// Optimizes a multi-sine under the settings' limits (see the file comment). `initial` is the
/// first start when its dof and term counts match and its frequencies lie in the band (and on
/// the grid); its offsets are kept, duration and ramp are the design's. Throws
/// std::invalid_argument for an invalid design or settings.
MultisineOptimizerResult optimizeMultisineExcitation(const RobotModel& model,
                                                     const std::optional<MultisineTrajectory>& initial,
                                                     const MultisineDesign& design,
                                                     const OptimizerSettings& settings,
                                                     const OptimizerCallback& progress = {});

/// Dense-grid check (rateHz [Hz], the whole duration) of a multi-sine against the settings'
/// limits: position, velocity, acceleration, torque (inverse dynamics with the model's
/// parameters, when settings.torqueLimits) and the keep-out plane (every moving link origin).
ConstraintReport checkExcitationConstraints(const RobotModel& model, const MultisineTrajectory& trajectory,
                                            const OptimizerSettings& settings, double rateHz = 1000.0);

}  // namespace eb
