#pragma once
// MultisineEditor: the multi-sine pane of the excitation editor. Two panes the
// editor places in its layout: the run's settings (duration, envelope ramp, the
// frequency band the sliders span, the period grid k/T they may snap to) and the
// current joint's components, one line each under one header (amplitude [rad or
// m] and frequency [Hz] a slider and a number box each, phase [rad] a number
// box; add and remove). Like the editor it only shows what it is given and
// reports edits; the document applies them.

#include "excitation/multisine_trajectory.hpp"
#include "widgets/joint_description.hpp"

#include <QObject>

#include <array>
#include <vector>

class QCheckBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QPushButton;
class QToolButton;
class QWidget;

namespace eb::widgets {

class ValueSlider;

/// Band, grid and snapping of the frequency sliders, and whether the optimizer may move frequencies.
struct FrequencyGrid {
  double minFrequency = 0.1;  ///< [Hz]
  double maxFrequency = 0.5;  ///< [Hz]
  double period = 10.0;       ///< grid period T [s]: lines at k / T
  bool snap = true;           ///< frequencies land on the lines
  bool optimizeFrequencies = false;  ///< the optimizer moves frequencies in the band (only with snap off)
  bool operator==(const FrequencyGrid& o) const {
    return minFrequency == o.minFrequency && maxFrequency == o.maxFrequency && period == o.period && snap == o.snap &&
           optimizeFrequencies == o.optimizeFrequencies;
  }
};

class MultisineEditor : public QObject {
  Q_OBJECT
 public:
  explicit MultisineEditor(QObject* parent = nullptr);
  ~MultisineEditor() override;

  /// Duration, ramp, band, grid and snap controls (placed by the editor above the joint box).
  QWidget* settingsPane() const { return settings_; }
  /// The current joint's components (placed by the editor in the joint box).
  QWidget* componentsPane() const { return components_; }

  /// The joint whose components are shown (index 0-based).
  void setJoint(int index, const JointDescription& joint);
  void setTrajectory(const MultisineTrajectory& trajectory);
  void setGrid(const FrequencyGrid& grid);
  const FrequencyGrid& grid() const { return grid_; }

  /// Number of component rows shown for the current joint.
  int componentCount() const { return static_cast<int>(rows_.size()); }
  /// Controls of component `index` (0-based) of the current joint; null when out of range.
  ValueSlider* amplitudeControl(int index) const;
  ValueSlider* frequencyControl(int index) const;
  ValueSlider* phaseControl(int index) const;
  QToolButton* addButton() const { return add_; }
  QCheckBox* snapBox() const { return snap_; }
  QCheckBox* optimizeFrequenciesBox() const { return optimizeFrequencies_; }
  QPushButton* schroederButton() const { return schroeder_; }

 signals:
  /// Component `index` of `joint`: amplitude [rad or m], frequency [Hz], phase [rad].
  void termEdited(int joint, int index, double amplitude, double frequency, double phase, bool dragging);
  void termAdded(int joint);
  void termRemoved(int joint, int index);
  void durationEdited(double seconds);
  void rampEdited(double seconds);
  void gridEdited(const eb::widgets::FrequencyGrid& grid);
  /// The user asks for the Schroeder-phase start of the current design.
  void schroederRequested();
  void dragFinished();

 private:
  struct Row {  // one line of rowGrid_
    QLabel* title = nullptr;
    std::array<ValueSlider*, 3> controls{};  // amplitude, frequency, phase
    QToolButton* remove = nullptr;
  };
  void rebuildRows();
  void refreshValues();
  void emitTerm(int index, bool dragging);
  void emitGrid();
  void showGrid();
  double amplitudeRange(double frequency, double amplitude) const;
  QString rowTitle(int index, double frequency) const;

  QWidget* settings_;
  QWidget* components_;
  QDoubleSpinBox* duration_;
  QDoubleSpinBox* ramp_;
  QDoubleSpinBox* minFrequency_;
  QDoubleSpinBox* maxFrequency_;
  QDoubleSpinBox* period_;
  QCheckBox* snap_;
  QCheckBox* optimizeFrequencies_;
  QPushButton* schroeder_;
  QLabel* restNote_;
  QGridLayout* rowGrid_;     // header line, then one line per component
  QLabel* amplitudeHeader_;  // "A [rad]" or "A [m]"
  QToolButton* add_;
  std::vector<Row> rows_;

  MultisineTrajectory trajectory_;
  JointDescription joint_;
  int jointIndex_ = 0;
  FrequencyGrid grid_;
  int builtJoint_ = -1;
  int builtCount_ = -1;
};

}  // namespace eb::widgets
