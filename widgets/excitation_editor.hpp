#pragma once
// ExcitationEditor: edits an excitation one joint at a time. "Edit as" picks the
// view: a Fourier series by its coefficients a/b [rad/s] or by amplitude [rad]
// and phase [rad] per harmonic (plus the base period, the number of harmonics and
// the rest-to-rest option), or a multi-sine by its components (MultisineEditor).
// The offset, the joint's limits and how much of each the trajectory uses are
// shown for both. It only displays what it is given and reports edits (a change
// of "Edit as" too: the document converts, or refuses and the editor shows why).

#include "excitation/trajectory.hpp"
#include "model/robot_model.hpp"
#include "widgets/joint_description.hpp"
#include "widgets/optimize_panel.hpp"

#include <QWidget>

#include <array>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QProgressBar;
class QSpinBox;
class QVBoxLayout;

namespace eb::widgets {

class MultisineEditor;
class ValueSlider;

class ExcitationEditor : public QWidget {
  Q_OBJECT
 public:
  /// "Edit as", in the order of the project's EditMode.
  enum class Parametrization { FourierAB, AmplitudePhase, Multisine };

  explicit ExcitationEditor(QWidget* parent = nullptr);

  void setJoints(const std::vector<JointDescription>& joints);
  /// The excitation; a multi-sine shows the multi-sine pane, a Fourier series the harmonics.
  void setTrajectory(const Trajectory& trajectory);
  void setRestToRest(bool on);
  void setUsage(const std::vector<JointUsage>& usage);
  /// How a Fourier series is shown (a/b or amplitude/phase); Multisine is implied by a multi-sine.
  void setParametrization(Parametrization p);
  Parametrization parametrization() const;
  /// Shows why the last "Edit as" request was refused (empty: hides it) and the mode in force.
  void showConversionProblem(const QString& reason);
  /// The multi-sine pane (its signals report the multi-sine edits).
  MultisineEditor* multisineEditor() const { return multisine_; }
  /// The "Edit as" selector.
  QComboBox* editAsBox() const { return parametrizationBox_; }

  void setCurrentJoint(int joint);
  OptimizePanel* optimizePanel() const { return optimize_; }
  /// The offset control of the current joint (tests drive it).
  ValueSlider* offsetControl() const { return offset_; }
  /// The limit-usage bar of q, qd, qdd or tau (0..3) of the shown joint.
  QProgressBar* usageBar(int i) const { return usageBars_[static_cast<size_t>(i)]; }
  /// Control of coefficient a (or amplitude) of harmonic k (1-based) of the current joint.
  ValueSlider* firstCoefficientControl(int k) const;

 signals:
  void offsetEdited(int joint, double value, bool dragging);
  /// New coefficients a_jk, b_jk [rad/s] of harmonic k (1-based) of joint j.
  void harmonicEdited(int joint, int k, double a, double b, bool dragging);
  void dragFinished();
  void periodEdited(double seconds);
  void harmonicsEdited(int harmonics);
  void restToRestToggled(bool on);
  /// The user picked another "Edit as" entry (the document decides).
  void parametrizationRequested(eb::widgets::ExcitationEditor::Parametrization p);

 protected:
  /// Swallows wheel events on "Edit as" while it has no focus (see the constructor).
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void rebuildControls();
  void refreshValues();
  void refreshLimits();
  void emitHarmonic(int k, bool dragging);
  void showFamily();
  bool isMultisine() const { return std::holds_alternative<MultisineTrajectory>(excitation_); }
  double coefficientRange(int k) const;

  std::vector<JointDescription> joints_;
  Trajectory excitation_;
  FourierTrajectory trajectory_;  // the Fourier series shown (empty while a multi-sine is)
  std::vector<JointUsage> usage_;
  Parametrization parametrization_ = Parametrization::FourierAB;
  bool restToRest_ = true;
  int joint_ = 0;
  int builtHarmonics_ = -1;
  int builtJoint_ = -1;

  QDoubleSpinBox* period_;
  QSpinBox* harmonics_;
  QCheckBox* rest_;
  QComboBox* parametrizationBox_;
  QLabel* conversionProblem_;
  QWidget* fourierControls_;
  QGroupBox* multisineRun_;  // the multi-sine's settings pane, under the joint
  QComboBox* jointBox_;
  QLabel* limits_;
  std::array<QProgressBar*, 4> usageBars_{};
  ValueSlider* offset_;
  QVBoxLayout* harmonicLayout_;
  std::vector<std::array<ValueSlider*, 2>> harmonicControls_;
  OptimizePanel* optimize_;
  MultisineEditor* multisine_;
};

}  // namespace eb::widgets
