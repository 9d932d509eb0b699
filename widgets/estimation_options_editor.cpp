#include "widgets/estimation_options_editor.hpp"

#include "identification/identification_setting_specs.hpp"
#include "widgets/display_text.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

namespace eb::widgets {

EstimationOptionsEditor::EstimationOptionsEditor(QWidget* parent) : QWidget(parent) {
  methodCombo_ = new QComboBox;
  methodCombo_->setObjectName("methodCombo");
  for (EstimationMethod m : {EstimationMethod::Auto, EstimationMethod::Ols, EstimationMethod::Wls,
                             EstimationMethod::Ridge, EstimationMethod::Consistent})
    methodCombo_->addItem(methodLabel(m), static_cast<int>(m));
  methodCombo_->setItemData(0, tr("The physically consistent estimate and OLS, both fitted on four seconds in five "
                                  "and scored on the fifth; the better one (the consistent one on a tie)"),
                            Qt::ToolTipRole);
  methodCombo_->setItemData(1, tr("Least squares, every joint weighted alike"), Qt::ToolTipRole);
  methodCombo_->setItemData(2, tr("Each joint weighted by its estimated noise variance (two steps)"), Qt::ToolTipRole);
  methodCombo_->setItemData(3, tr("Least squares with a small Tikhonov term (biased, tames weak parameters)"),
                            Qt::ToolTipRole);
  methodCombo_->setItemData(4, tr("Every link's inertia physically possible (positive-definite pseudo-inertia), "
                                  "friction non-negative; needed for the identified URDF"),
                            Qt::ToolTipRole);
  ridgeSpin_ = new QDoubleSpinBox;
  ridgeSpin_->setObjectName("ridgeLambdaSpin");
  ridgeSpin_->setDecimals(8);
  ridgeSpin_->setRange(kRidgeLambdaSpec.minimum, kRidgeLambdaSpec.maximum);
  ridgeSpin_->setSingleStep(1e-4);
  ridgeSpin_->setToolTip(tr("Ridge weight λ relative to diag(ΦᵀΦ)"));
  connect(methodCombo_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() {
    ridgeSpin_->setEnabled(static_cast<EstimationMethod>(methodCombo_->currentData().toInt()) ==
                           EstimationMethod::Ridge);
    emit edited();
  });
  connect(ridgeSpin_, &QDoubleSpinBox::editingFinished, this, &EstimationOptionsEditor::edited);
  auto* methodBox = new QGroupBox(tr("Estimator"));
  auto* methodLayout = new QVBoxLayout(methodBox);
  methodLayout->addWidget(methodCombo_);
  auto* ridgeRow = new QHBoxLayout;
  ridgeRow->addWidget(new QLabel(tr("Ridge λ")));
  ridgeRow->addWidget(ridgeSpin_, 1);
  methodLayout->addLayout(ridgeRow);

  viscousCheck_ = new QCheckBox(tr("Viscous friction  fv·qd"));
  viscousCheck_->setObjectName("viscousCheck");
  coulombCheck_ = new QCheckBox(tr("Coulomb friction  fc·sign(qd)"));
  coulombCheck_->setObjectName("coulombCheck");
  offsetCheck_ = new QCheckBox(tr("Torque offset  fo"));
  offsetCheck_->setObjectName("offsetCheck");
  armatureCheck_ = new QCheckBox(tr("Armature  Ia·qdd"));
  armatureCheck_->setObjectName("armatureCheck");
  for (QCheckBox* c : {viscousCheck_, coulombCheck_, offsetCheck_, armatureCheck_})
    connect(c, &QCheckBox::toggled, this, &EstimationOptionsEditor::edited);
  frictionModelLabel_ = new QLabel;
  frictionModelLabel_->setObjectName("frictionModelLabel");
  frictionModelLabel_->setWordWrap(true);
  frictionModelLabel_->setToolTip(
      tr("Chosen on the Friction models tab; ticking a friction box goes back to the plain "
         "model"));
  auto* columnsBox = new QGroupBox(tr("Joint model"));
  auto* columnsLayout = new QGridLayout(columnsBox);
  columnsLayout->addWidget(viscousCheck_, 0, 0);
  columnsLayout->addWidget(coulombCheck_, 1, 0);
  columnsLayout->addWidget(offsetCheck_, 0, 1);
  columnsLayout->addWidget(armatureCheck_, 1, 1);
  columnsLayout->addWidget(frictionModelLabel_, 2, 0, 1, 2);

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(methodBox);
  layout->addWidget(columnsBox);
}

void EstimationOptionsEditor::setOptions(const EstimationOptions& e, const RegressorOptions& r,
                                         const QString& comparedFriction) {
  const QSignalBlocker a(methodCombo_), b(ridgeSpin_), c(viscousCheck_), d(coulombCheck_), f(offsetCheck_),
      g(armatureCheck_);
  methodCombo_->setCurrentIndex(std::max(0, methodCombo_->findData(static_cast<int>(e.method))));
  ridgeSpin_->setValue(e.ridgeLambda);
  ridgeSpin_->setEnabled(e.method == EstimationMethod::Ridge);
  viscousCheck_->setChecked(r.viscous);
  coulombCheck_->setChecked(r.coulomb);
  offsetCheck_->setChecked(r.offset);
  armatureCheck_->setChecked(r.armature);
  setComparedFriction(comparedFriction);
}

void EstimationOptionsEditor::setComparedFriction(const QString& name) {
  frictionModelLabel_->setText(name.isEmpty() ? QString() : tr("Friction: %1, as compared").arg(name));
  frictionModelLabel_->setVisible(!name.isEmpty());
}

EstimationOptions EstimationOptionsEditor::estimation(const EstimationOptions& current) const {
  EstimationOptions e = current;
  e.method = static_cast<EstimationMethod>(methodCombo_->currentData().toInt());
  e.ridgeLambda = ridgeSpin_->value();
  return e;
}

RegressorOptions EstimationOptionsEditor::regressor(const RegressorOptions& current) const {
  RegressorOptions r = current;
  r.viscous = viscousCheck_->isChecked();
  r.coulomb = coulombCheck_->isChecked();
  r.offset = offsetCheck_->isChecked();
  r.armature = armatureCheck_->isChecked();
  return r;
}

}  // namespace eb::widgets
