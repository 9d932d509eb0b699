#pragma once
// The workbench document's content as one value: robot (with the user's
// joint limits), where it came from, the excitation and the settings. Undo
// commands hold two of these, so every edit is undoable by swapping values.

#include "excitation/excitation_evaluation.hpp"
#include "excitation/kinematic_constraints.hpp"
#include "excitation/multisine_setting_specs.hpp"
#include "excitation/optimizer_setting_specs.hpp"
#include "excitation/trajectory.hpp"
#include "model/joint_locking.hpp"
#include "model/robot_model.hpp"

#include <QString>

#include <memory>
#include <optional>

namespace eb::project {

/// Where the robot came from, enough to load it again (project files store this).
struct RobotSource {
  RobotSource() = default;
  RobotSource(QString spec_, QString packagesRoot_ = {}, std::vector<JointLock> locks_ = {})
      : spec(std::move(spec_)), packagesRoot(std::move(packagesRoot_)), locks(std::move(locks_)) {}
  QString spec;          ///< built-in name ("panda", "snake:7") or path of a URDF / DH table
  QString packagesRoot;  ///< folder for package:// URIs; empty: the engine's defaults
  std::vector<JointLock> locks;  ///< joints held still, fixed at their value (model/joint_locking.hpp)
  bool operator==(const RobotSource& o) const {
    return spec == o.spec && packagesRoot == o.packagesRoot && locks == o.locks;
  }
};

/// How the excitation editor shows the excitation ("Edit as"): the Fourier modes edit a
/// FourierTrajectory, Multisine a MultisineTrajectory (the document keeps the two in step).
enum class EditMode { FourierAB, AmplitudePhase, Multisine };

/// "fourier_ab", "amplitude_phase", "multisine" (the project file's names).
const char* editModeName(EditMode mode);
/// The mode of a project-file name; nullopt when unknown.
std::optional<EditMode> parseEditMode(const QString& name);
/// True for the modes that edit a multi-sine.
inline bool editsMultisine(EditMode mode) { return mode == EditMode::Multisine; }

/// The multi-sine editor's frequency settings (ranges in multisine_setting_specs.hpp).
struct MultisineSettings {
  double minFrequency = kMultisineMinFrequencySpec.defaultValue;  ///< band the sliders span [Hz]
  double maxFrequency = kMultisineMaxFrequencySpec.defaultValue;  ///< [Hz]
  double periodGrid = kMultisineSnapPeriodSpec.defaultValue;      ///< T of the grid k/T [s]
  bool snapToGrid = true;  ///< frequency sliders and typed frequencies land on k/T
  /// The optimizer moves frequencies too, inside the band (only while not snapping: on the grid they stay).
  bool optimizeFrequencies = kMultisineOptimizeFrequenciesSpec.defaultValue;
  bool operator==(const MultisineSettings& o) const {
    return minFrequency == o.minFrequency && maxFrequency == o.maxFrequency && periodGrid == o.periodGrid &&
           snapToGrid == o.snapToGrid && optimizeFrequencies == o.optimizeFrequencies;
  }
};

/// Settings saved with the project.
struct DocumentSettings {
  /// How the live view evaluates the excitation (criterion rate, 0 = automatic; the share of each
  /// limit the checks allow, 95 % of each position range by default): the settings the optimizer
  /// starts from and `excitebench-cli evaluate` defaults to, so all three show one cond.
  ExcitationEvaluationSettings evaluation;
  bool restToRest = true;          ///< harmonic 1 derived so the motion starts and ends at rest
  ExcitationCriterion criterion = ExcitationCriterion::Cond;  ///< optimizer criterion
  double optimizerTimeLimit = kOptimizerTimeLimitSpec.defaultValue;  ///< [s], 0: none
  int optimizerStarts = kOptimizerStartsSpec.defaultValue;
  EditMode editMode = EditMode::FourierAB;  ///< "Edit as"; Multisine exactly when the excitation is one
  MultisineSettings multisine;
  bool operator==(const DocumentSettings& o) const;
};

struct DocumentState {
  std::shared_ptr<const RobotModel> robot;          ///< with the user's joint limits
  std::shared_ptr<const RobotModel> originalRobot;  ///< as loaded (limits from the file), source.locks applied
  std::shared_ptr<const RobotModel> fullRobot;      ///< as loaded, no joint locked; null: originalRobot
  quint64 robotKey = 0;  ///< changes when a different robot is loaded, not when limits change
  RobotSource source;
  Trajectory excitation;  ///< either family; settings.editMode says which the editor shows
  DocumentSettings settings;
};

/// Same period, harmonics, cycles and coefficients.
bool sameTrajectory(const FourierTrajectory& a, const FourierTrajectory& b);
/// Same duration, ramp, offsets and terms.
bool sameTrajectory(const MultisineTrajectory& a, const MultisineTrajectory& b);
/// Same family and the same parameters.
bool sameTrajectory(const Trajectory& a, const Trajectory& b);

/// Same limits on every joint.
bool sameLimits(const RobotModel& a, const RobotModel& b);

}  // namespace eb::project
