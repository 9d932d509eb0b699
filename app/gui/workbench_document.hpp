#pragma once
// WorkbenchDocument: the single source of truth of the main window — the
// robot (with edited limits), where it came from, the excitation, the
// settings, the latest metrics and the undo stack. Widgets observe its
// signals and call its edit methods; every edit goes through the undo stack.
// Metrics are recomputed by an EvaluationService after each change (on a
// worker thread, latest edit wins) and published by evaluationUpdated().

#include "app/project/document_state.hpp"
#include "app/gui/evaluation.hpp"
#include "excitation/multisine_design.hpp"

#include <QObject>
#include <QUndoStack>

#include <memory>
#include <optional>

namespace eb::gui {

class EvaluationService;

class WorkbenchDocument : public QObject {
  Q_OBJECT
 public:
  explicit WorkbenchDocument(QObject* parent = nullptr);
  ~WorkbenchDocument() override;

  const project::DocumentState& state() const { return state_; }
  bool hasRobot() const { return static_cast<bool>(state_.robot); }
  const RobotModel& robot() const { return *state_.robot; }
  std::shared_ptr<const RobotModel> robotPointer() const { return state_.robot; }
  /// The excitation, of either family.
  const Trajectory& excitation() const { return state_.excitation; }
  /// The excitation when it is a Fourier series, else null.
  const FourierTrajectory* fourier() const { return std::get_if<FourierTrajectory>(&state_.excitation); }
  /// The excitation when it is a multi-sine, else null.
  const MultisineTrajectory* multisine() const { return std::get_if<MultisineTrajectory>(&state_.excitation); }
  /// "Edit as": which editor shows the excitation.
  project::EditMode editMode() const { return state_.settings.editMode; }
  const project::RobotSource& source() const { return state_.source; }
  const project::DocumentSettings& settings() const { return state_.settings; }
  /// Latest complete evaluation of the current robot: metrics, torques, limit checks, chart data
  /// (null until the first arrives).
  std::shared_ptr<const EvaluationResult> evaluation() const { return evaluation_; }
  /// Latest metrics of the current robot (a complete evaluation or the metrics-only first stage).
  std::shared_ptr<const EvaluationResult> metrics() const { return metrics_; }
  /// True when the latest complete evaluation is of the current excitation (no edit pending).
  bool evaluationIsCurrent() const;
  /// True when the latest metrics are of the current excitation.
  bool metricsAreCurrent() const;
  QUndoStack* undoStack() { return &undo_; }
  QString filePath() const { return filePath_; }
  void setFilePath(const QString& path);
  bool isModified() const { return !undo_.isClean(); }
  void setClean() { undo_.setClean(); }

  // ---- edits (each one undoable) ----
  /// The excitation a new project on `robot` starts with in `mode`: the default Fourier
  /// series, converted (exactly) to a multi-sine for the multi-sine editor.
  static Trajectory defaultExcitationFor(const RobotModel& robot, project::EditMode mode);

  /// Loads a new robot with its default excitation (or `excitation` when it fits the robot).
  void setRobot(std::shared_ptr<const RobotModel> robot, const project::RobotSource& source,
                const Trajectory* excitation = nullptr);
  /// Replaces the excitation (an optimizer result, a reset); the edit mode follows its family.
  void setExcitation(const Trajectory& excitation, const QString& text);
  /// Offset q_i0 [rad or m] of either family.
  void setOffset(int joint, double value, bool dragging);
  /// Switches "Edit as", converting the excitation when the family changes (one undo step).
  /// Returns an empty string, or why the excitation cannot be converted (then nothing changes).
  QString setEditMode(project::EditMode mode);
  void setHarmonic(int joint, int k, double a, double b, bool dragging);
  void setPeriod(double seconds);
  void setHarmonicCount(int harmonics);
  void setRestToRest(bool on);
  // Multi-sine edits (ignored while the excitation is a Fourier series).
  /// Component `index` of `joint`: amplitude [rad or m], frequency [Hz] (>= 0), phase [rad].
  void setMultisineTerm(int joint, int index, const SineTerm& term, bool dragging);
  /// Adds a silent component to `joint` at the lowest grid frequency of the band it does not use yet.
  void addMultisineTerm(int joint);
  void removeMultisineTerm(int joint, int index);
  /// Duration [s] (the ramp shrinks to half of it if needed).
  void setMultisineDuration(double seconds);
  /// Envelope ramp time [s], 0 .. duration / 2.
  void setRampTime(double seconds);
  /// Band, grid and snapping of the frequency sliders.
  void setMultisineSettings(const project::MultisineSettings& settings);
  /// The design of the multi-sine on screen (null when the excitation is a Fourier series): its
  /// component count, duration and ramp, the band, the grid while snapping, whether frequencies move.
  std::optional<MultisineDesign> multisineDesign() const;
  /// Replaces the multi-sine by the Schroeder-phase start of its design (offsets kept, amplitudes
  /// fitted to the scaled limits), one undo step. Returns the engine's one-line refusal or "".
  QString applySchroederStart();
  void setJointLimits(int joint, const JointLimits& limits);
  void resetJointLimits();
  /// Holds exactly `locks` still (joints of the robot as loaded, app/project/joint_lock_state.hpp):
  /// a new model with fewer DOF, one undo step. Returns the engine's one-line error (nothing
  /// changed) or an empty string.
  QString setJointLocks(std::vector<JointLock> locks);
  void resetExcitation();
  /// Ends the current slider drag: the next edit starts a new undo step.
  void endDrag() { ++dragId_; }

  /// Settings that are not document content (optimizer run options): saved, not undoable.
  void setOptimizerOptions(ExcitationCriterion criterion, double timeLimit, int starts);
  /// Share of each joint's position range (centred) the optimizer and the live limit checks
  /// allow, in [0.5, 1]: saved, not undoable; re-evaluates and emits settingsChanged.
  void setPositionRangeUsed(double fraction);

  /// Replaces everything (opening a project or recovering): clears the undo stack.
  void replaceState(project::DocumentState state, const QString& filePath);

  /// Applies a state (undo commands call this); emits what changed and asks for new metrics.
  void applyState(const project::DocumentState& state);
  /// A new robot key for a freshly loaded robot.
  quint64 nextRobotKey() { return ++robotKeys_; }

 signals:
  void robotChanged();           ///< a different robot (joints, links, dof may all differ)
  void jointLimitsChanged();     ///< same robot, new limits
  void excitationChanged();
  void settingsChanged();
  void metricsUpdated();     ///< new metrics (first stage of an evaluation, or a complete one)
  void evaluationUpdated();  ///< a new complete evaluation
  void evaluationFailed(const QString& message);
  void modifiedChanged(bool modified);
  void filePathChanged(const QString& path);

 private:
  /// Pushes a multi-sine with `terms` (and the current duration, ramp and offsets) if it is valid.
  void pushMultisine(const MultisineTrajectory& next, const QString& text, const QString& mergeKey = {},
                     bool dragging = false);
  void push(project::DocumentState after, const QString& text, const QString& mergeKey = {}, bool dragging = false);
  void requestEvaluation();
  void acceptResult(std::shared_ptr<const EvaluationResult> result);

  project::DocumentState state_;
  std::shared_ptr<const EvaluationResult> evaluation_;
  std::shared_ptr<const EvaluationResult> metrics_;
  QUndoStack undo_;
  QString filePath_;
  quint64 robotKeys_ = 0;
  quint64 dragId_ = 1;
  quint64 requestSerial_ = 0;
  std::unique_ptr<EvaluationService> service_;
};

}  // namespace eb::gui
