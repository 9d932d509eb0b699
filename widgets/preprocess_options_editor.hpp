#pragma once
// PreprocessOptionsEditor: a group box "Filter and derivatives" editing the engine's
// PreprocessOptions (low-pass cutoff [Hz] and order, central differences or
// Savitzky-Golay with its window and order, whether torques are filtered) and
// whether logged velocities and accelerations are used as they are. The ranges are
// the declared setting specs (identification_setting_specs.hpp). Fields that do not
// apply are disabled. It shows values and says when the user changed one; its owner
// applies them.

#include "identification/log_preprocessing.hpp"

#include <QGroupBox>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace eb::widgets {

class PreprocessOptionsEditor : public QGroupBox {
  Q_OBJECT
 public:
  explicit PreprocessOptionsEditor(QWidget* parent = nullptr);

  /// Shows `options` and whether logged derivatives are used, enabling the fields that apply (no signal).
  void setOptions(const PreprocessOptions& options, bool useLoggedDerivatives);
  /// `current` with the fields this box edits as set (an even Savitzky-Golay window rounded up to odd).
  PreprocessOptions options(const PreprocessOptions& current) const;
  /// Whether "use logged qd and qdd as they are" is ticked.
  bool useLoggedDerivatives() const;
  /// Says in the logged-derivatives tooltip whether every log carries qd and qdd columns.
  void setLoggedDerivativesAvailable(bool available);

 signals:
  /// The user changed a field.
  void edited();

 private:
  QDoubleSpinBox* cutoffSpin_;
  QSpinBox* orderSpin_;
  QComboBox* differentiatorCombo_;
  QSpinBox* windowSpin_;
  QSpinBox* polyOrderSpin_;
  QCheckBox* filterTorqueCheck_;
  QCheckBox* loggedDerivativesCheck_;
};

}  // namespace eb::widgets
