#pragma once
// Excitation optimizer: finds Fourier coefficients (rest-to-rest
// parametrization) that minimize an information criterion of the base
// regressor under joint position, velocity, acceleration and torque limits
// (and an optional keep-out plane). Multi-start, seeded and reproducible;
// gradient-based (NLopt SLSQP) with exact trajectory-basis gradients; progress
// through a callback that can cancel. Implementation notes in the .cpp.

#include "excitation/excitation_evaluation.hpp"
#include "excitation/fourier_trajectory.hpp"
#include "excitation/information_matrix.hpp"
#include "excitation/kinematic_constraints.hpp"
#include "excitation/optimizer_setting_specs.hpp"
#include "dynamics/joint_torque_regressor.hpp"
#include "model/robot_model.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace eb {

class ThreadPool;

/// The optimizer's settings: how a trajectory is evaluated (criterion rate, limit scale, torque
/// limits, keep-out, regressor columns, check rate: ExcitationEvaluationSettings, declared once
/// with the workbench and `evaluate`) and how the search runs.
struct OptimizerSettings : ExcitationEvaluationSettings {
  ExcitationCriterion criterion = ExcitationCriterion::Cond;
  int harmonics = kDefaultHarmonics;
  double period = kDefaultFourierPeriod;  ///< T [s]
  int starts = kOptimizerStartsSpec.defaultValue;  ///< multi-start count (optimizer_setting_specs.hpp)
  unsigned seed = 1;                ///< same settings and seed: same result, unless the time limit stops the run first
  double timeLimit = kOptimizerTimeLimitSpec.defaultValue;  ///< wall-clock budget [s] for all starts; <= 0: none
  bool optimizeOffsets = true;      ///< offsets q_i0 are free variables too

  // Extras (defaults are what `design` uses).
  int maxEvaluations = 0;           ///< evaluations (SLSQP, repairs) over all starts, 0 = none; a deterministic stop
  int evaluationsPerStart = 0;      ///< SLSQP evaluations each start explores before the best is polished; 0 = 150
  int randomCandidates = 64;        ///< random scaled trajectories per start; the best feasible one seeds SLSQP
  int peaksPerChannel = 4;          ///< constraints per limit channel (optimizer_peak_constraints.hpp)
  double tighten = 0.005;           ///< limits tightened by this fraction during the optimization
  ThreadPool* pool = nullptr;       ///< threads for the criterion; null = sharedThreadPool()
};

struct OptimizerProgress {
  int start = 0;              ///< current start (0-based)
  int starts = 0;
  int evaluations = 0;        ///< criterion evaluations so far (all starts)
  double elapsed = 0.0;       ///< [s]
  double bestValue = 0.0;     ///< best feasible criterion value so far (criterion units)
  double bestCond = 0.0;      ///< cond of that best trajectory
  bool feasible = false;      ///< a feasible trajectory has been found
  bool polishing = false;     ///< exploration of all starts is over; `start` is being refined further
};

struct OptimizerResult {
  FourierTrajectory trajectory;
  InformationMetrics metrics;     ///< of the result, at the settings' sample rate
  double sampleRate = 0.0;        ///< criterion sample rate used [Hz] (settings' or automatic)
  ConstraintReport constraints;   ///< dense-grid check of the result
  double criterionValue = 0.0;
  bool feasible = false;
  bool cancelled = false;
  int evaluations = 0;
  double elapsed = 0.0;
  /// (elapsed s, cond of the best feasible trajectory) each time the best (by the criterion) improves.
  std::vector<std::pair<double, double>> history;
  std::string stopReason;
};

/// Dense-grid check (rateHz [Hz], one period) of a Fourier trajectory against the settings'
/// limits: position, velocity, acceleration, torque (inverse dynamics with the model's
/// parameters, when settings.torqueLimits) and the keep-out plane (every moving link origin).
ConstraintReport checkExcitationConstraints(const RobotModel& model, const FourierTrajectory& trajectory,
                                            const OptimizerSettings& settings, double rateHz = 1000.0);

/// Progress callback; return false to cancel (the best result so far is returned).
using OptimizerCallback = std::function<bool(const OptimizerProgress&)>;

/// Optimizes from `initial` (used as the first start when it matches the settings'
/// dof and harmonics; otherwise starts are random) — see the file comment.
OptimizerResult optimizeExcitation(const RobotModel& model, const std::optional<FourierTrajectory>& initial,
                                   const OptimizerSettings& settings, const OptimizerCallback& progress = {});

}  // namespace eb
