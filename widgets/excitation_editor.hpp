#pragma once
// ExcitationEditor: edits a Fourier excitation one joint at a time — offset
// and, per harmonic, the coefficients a/b or amplitude/phase — plus the base
// period, the number of harmonics and the rest-to-rest option. It shows the
// joint's limits and how much of each the current trajectory uses. It only
// displays what it is given and reports edits; the document applies them.

#include "excitation/fourier_trajectory.hpp"
#include "model/robot_model.hpp"
#include "widgets/optimize_panel.hpp"

#include <QWidget>

#include <array>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QSpinBox;
class QVBoxLayout;

namespace eb::widgets {

class ValueSlider;

/// What the editor shows about one joint.
struct JointDescription {
  QString name;
  bool prismatic = false;
  JointLimits limits;
};

/// Largest share of each limit the trajectory uses (1 = at the limit), NaN when unknown.
struct JointUsage {
  std::array<double, 4> fraction{};  ///< position, velocity, acceleration, torque
};

class ExcitationEditor : public QWidget {
  Q_OBJECT
 public:
  enum class Parametrization { FourierAB, AmplitudePhase };

  explicit ExcitationEditor(QWidget* parent = nullptr);

  void setJoints(const std::vector<JointDescription>& joints);
  void setTrajectory(const FourierTrajectory& trajectory);
  void setRestToRest(bool on);
  void setUsage(const std::vector<JointUsage>& usage);
  void setParametrization(Parametrization p);

  void setCurrentJoint(int joint);
  OptimizePanel* optimizePanel() const { return optimize_; }
  /// The offset control of the current joint (tests drive it).
  ValueSlider* offsetControl() const { return offset_; }
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

 private:
  void rebuildControls();
  void refreshValues();
  void refreshLimits();
  void emitHarmonic(int k, bool dragging);
  double coefficientRange(int k) const;

  std::vector<JointDescription> joints_;
  FourierTrajectory trajectory_;
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
  QComboBox* jointBox_;
  QLabel* limits_;
  std::array<QProgressBar*, 4> usageBars_{};
  ValueSlider* offset_;
  QVBoxLayout* harmonicLayout_;
  std::vector<std::array<ValueSlider*, 2>> harmonicControls_;
  OptimizePanel* optimize_;
};

}  // namespace eb::widgets
