#pragma once
// EstimationOptionsEditor: two group boxes side by side editing how base parameters are
// estimated — "Estimator" (the engine's EstimationMethod, each with a tooltip, and the
// ridge weight λ, enabled for ridge only) and "Joint model" (the regressor's viscous and
// Coulomb friction, torque offset and armature columns, with a line naming the compared
// friction model the shape came from, when one did). It shows values and says when the
// user changed one; its owner applies them.

#include "dynamics/joint_torque_regressor.hpp"
#include "identification/base_estimation.hpp"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;

namespace eb::widgets {

class EstimationOptionsEditor : public QWidget {
  Q_OBJECT
 public:
  explicit EstimationOptionsEditor(QWidget* parent = nullptr);

  /// Shows the method, ridge weight and columns, and the compared friction model's name ("": none) (no signal).
  void setOptions(const EstimationOptions& estimation, const RegressorOptions& regressor,
                  const QString& comparedFriction);
  /// Names the compared friction model the shape came from on a line under the boxes; "" hides it.
  void setComparedFriction(const QString& name);
  /// `current` with the method and ridge weight as set.
  EstimationOptions estimation(const EstimationOptions& current) const;
  /// `current` with the viscous, Coulomb, offset and armature columns as ticked (other fields kept).
  RegressorOptions regressor(const RegressorOptions& current) const;

 signals:
  /// The user changed the method, the ridge weight (editing finished) or a column box.
  void edited();

 private:
  QComboBox* methodCombo_;
  QDoubleSpinBox* ridgeSpin_;
  QCheckBox* viscousCheck_;
  QCheckBox* coulombCheck_;
  QCheckBox* offsetCheck_;
  QCheckBox* armatureCheck_;
  QLabel* frictionModelLabel_;
};

}  // namespace eb::widgets
