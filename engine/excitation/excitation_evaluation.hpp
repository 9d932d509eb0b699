#pragma once
// One evaluation of an excitation trajectory, shared by the workbench's live
// view, the optimizer's report, `design` and `evaluate`: the criterion sample
// rate, the information-matrix criteria of the base regressor and the
// dense-grid limit check, all from one settings struct, so that one
// trajectory gets one cond wherever it is looked at.

#include "dynamics/base_parameters.hpp"
#include "dynamics/joint_torque_regressor.hpp"
#include "excitation/excitation_defaults.hpp"
#include "excitation/information_matrix.hpp"
#include "excitation/kinematic_constraints.hpp"
#include "excitation/trajectory.hpp"
#include "model/robot_model.hpp"

#include <functional>
#include <memory>
#include <optional>

namespace eb {

class ThreadPool;

/// How an excitation is evaluated: the criterion's samples and the limit check.
struct ExcitationEvaluationSettings {
  double sampleRate = 0.0;     ///< criterion samples [Hz]; 0 = automatic (criterionSampleRate)
  double checkRate = 1000.0;   ///< dense grid of the limit check [Hz]
  /// Fraction of each limit the motion may use: 95 % of each position range (centred) by default,
  /// so that a designed motion keeps a margin from the end stops.
  LimitScale limitScale{0.95, 1.0, 1.0, 1.0};
  bool torqueLimits = true;              ///< check the effort limits (inverse dynamics, the model's parameters)
  std::optional<double> keepOutHeight;   ///< every link origin stays above this base-frame z [m]
  RegressorOptions regressor;            ///< columns the criterion is computed on (rigid body by default)

  bool operator==(const ExcitationEvaluationSettings& o) const;
  bool operator!=(const ExcitationEvaluationSettings& o) const { return !(*this == o); }
};

/// Automatic criterion sample rate [Hz] of a Fourier series: 50 samples per period [s] of the highest harmonic.
double automaticSampleRate(double period, int harmonics);

/// Criterion sample rate [Hz] of `trajectory`: settings.sampleRate when > 0, otherwise the automatic
/// one of its family (Fourier: automaticSampleRate(period, harmonics); multi-sine: 50 samples per
/// period of its highest component frequency).
double criterionSampleRate(const Trajectory& trajectory, const ExcitationEvaluationSettings& settings);

/// Dense-grid check (settings.checkRate [Hz]; one period of a Fourier series, the whole
/// multi-sine) of the trajectory against the model's joint limits scaled by settings.limitScale:
/// position, velocity, acceleration, torque (inverse dynamics with the model's parameters, when
/// settings.torqueLimits) and the keep-out plane (every moving link origin, when set).
ConstraintReport checkExcitationLimits(const RobotModel& model, const Trajectory& trajectory,
                                       const ExcitationEvaluationSettings& settings);

/// What one evaluation gives.
struct ExcitationEvaluation {
  double sampleRate = 0.0;        ///< criterion sample rate used [Hz]
  InformationMetrics metrics;     ///< criteria of the base regressor at that rate
  ConstraintReport constraints;   ///< the dense-grid limit check (empty when stopped before it)
  bool checked = false;           ///< constraints were computed (false: metricsReady stopped the evaluation)
};

/// Evaluates excitations of one robot with one regressor: holds the base parameters and the
/// information-matrix accumulator (built once; reuse it for every trajectory of that robot).
class ExcitationEvaluator {
 public:
  /// `pool`: threads of the criterion; null = sharedThreadPool(). It must outlive the evaluator.
  ExcitationEvaluator(const RobotModel& model, const RegressorOptions& regressor, ThreadPool* pool = nullptr);
  ~ExcitationEvaluator();
  ExcitationEvaluator(const ExcitationEvaluator&) = delete;
  ExcitationEvaluator& operator=(const ExcitationEvaluator&) = delete;

  /// Criteria of the base regressor sampled at criterionSampleRate; the rate used [Hz] into
  /// *rateUsed when given. Throws std::invalid_argument when settings.regressor is not the evaluator's.
  InformationMetrics metrics(const Trajectory& trajectory, const ExcitationEvaluationSettings& settings,
                             double* rateUsed = nullptr);

  /// metrics, then checkExcitationLimits. `metricsReady` sees the metrics first; returning false
  /// stops before the limit check (a live view whose request was superseded).
  ExcitationEvaluation evaluate(const Trajectory& trajectory, const ExcitationEvaluationSettings& settings,
                                const std::function<bool(const InformationMetrics&)>& metricsReady = {});

  const RobotModel& model() const { return model_; }
  const RegressorOptions& regressor() const { return regressor_; }
  const BaseParameters& base() const { return *base_; }
  /// The base parameters, shared (the workbench hands them to its widgets).
  const std::shared_ptr<const BaseParameters>& sharedBase() const { return base_; }

 private:
  RobotModel model_;
  RegressorOptions regressor_;
  std::shared_ptr<const BaseParameters> base_;
  std::unique_ptr<InformationMatrixAccumulator> accumulator_;
};

}  // namespace eb
