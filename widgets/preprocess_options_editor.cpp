#include "widgets/preprocess_options_editor.hpp"

#include "identification/identification_setting_specs.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>
#include <initializer_list>

namespace eb::widgets {

PreprocessOptionsEditor::PreprocessOptionsEditor(QWidget* parent) : QGroupBox(tr("Filter and derivatives"), parent) {
  cutoffSpin_ = new QDoubleSpinBox;
  cutoffSpin_->setObjectName("cutoffSpin");
  cutoffSpin_->setRange(kCutoffSpec.minimum, kCutoffSpec.maximum);
  cutoffSpin_->setDecimals(2);
  cutoffSpin_->setSingleStep(0.5);
  cutoffSpin_->setSuffix(tr(" Hz"));
  cutoffSpin_->setSpecialValueText(tr("auto (%1 Hz)").arg(kDefaultCutoffHz));
  cutoffSpin_->setToolTip(tr("Low-pass cutoff for positions and torques: about 10 times the highest excitation "
                             "frequency. 0 = automatic, as excitebench-cli identify."));
  orderSpin_ = new QSpinBox;
  orderSpin_->setObjectName("filterOrderSpin");
  orderSpin_->setRange(kFilterOrderSpec.minimum, kFilterOrderSpec.maximum);
  orderSpin_->setToolTip(tr(kFilterOrderSpec.help));
  differentiatorCombo_ = new QComboBox;
  differentiatorCombo_->setObjectName("differentiatorCombo");
  differentiatorCombo_->addItem(tr("Central differences"), static_cast<int>(Differentiator::CentralDifference));
  differentiatorCombo_->addItem(tr("Savitzky-Golay"), static_cast<int>(Differentiator::SavitzkyGolay));
  windowSpin_ = new QSpinBox;
  windowSpin_->setObjectName("savitzkyGolayWindowSpin");
  windowSpin_->setRange(kSavitzkyGolayWindowSpec.minimum, kSavitzkyGolayWindowSpec.maximum);
  windowSpin_->setToolTip(tr(kSavitzkyGolayWindowSpec.help));
  windowSpin_->setSingleStep(2);
  windowSpin_->setSuffix(tr(" samples"));
  polyOrderSpin_ = new QSpinBox;
  polyOrderSpin_->setObjectName("savitzkyGolayOrderSpin");
  polyOrderSpin_->setRange(kSavitzkyGolayOrderSpec.minimum, kSavitzkyGolayOrderSpec.maximum);
  polyOrderSpin_->setToolTip(tr(kSavitzkyGolayOrderSpec.help));
  filterTorqueCheck_ = new QCheckBox(tr("Low-pass the torques too"));
  filterTorqueCheck_->setObjectName("filterTorqueCheck");
  filterTorqueCheck_->setToolTip(tr("Off (the default, as the CLI): the torques are used as measured, so their noise "
                                    "stays white (honest standard deviations) and Coulomb steps stay sharp."));
  loggedDerivativesCheck_ = new QCheckBox(tr("Use logged qd and qdd as they are"));
  loggedDerivativesCheck_->setObjectName("loggedDerivativesCheck");
  loggedDerivativesCheck_->setToolTip(tr("For logs that carry exact velocities and accelerations (simulations): "
                                         "no filtering, no differentiation."));
  connect(cutoffSpin_, qOverload<double>(&QDoubleSpinBox::valueChanged), this, &PreprocessOptionsEditor::edited);
  connect(orderSpin_, qOverload<int>(&QSpinBox::valueChanged), this, &PreprocessOptionsEditor::edited);
  connect(differentiatorCombo_, qOverload<int>(&QComboBox::currentIndexChanged), this,
          &PreprocessOptionsEditor::edited);
  connect(windowSpin_, qOverload<int>(&QSpinBox::valueChanged), this, &PreprocessOptionsEditor::edited);
  connect(polyOrderSpin_, qOverload<int>(&QSpinBox::valueChanged), this, &PreprocessOptionsEditor::edited);
  connect(loggedDerivativesCheck_, &QCheckBox::toggled, this, &PreprocessOptionsEditor::edited);
  connect(filterTorqueCheck_, &QCheckBox::toggled, this, &PreprocessOptionsEditor::edited);

  auto* form = new QFormLayout(this);
  form->addRow(tr("Cutoff"), cutoffSpin_);
  form->addRow(tr("Order"), orderSpin_);
  form->addRow(tr("Derivatives"), differentiatorCombo_);
  form->addRow(tr("Window"), windowSpin_);
  form->addRow(tr("Polynomial order"), polyOrderSpin_);
  form->addRow(filterTorqueCheck_);
  form->addRow(loggedDerivativesCheck_);
}

void PreprocessOptionsEditor::setOptions(const PreprocessOptions& p, bool useLoggedDerivatives) {
  const QSignalBlocker a(cutoffSpin_), b(orderSpin_), c(differentiatorCombo_), d(windowSpin_), e(polyOrderSpin_),
      f(loggedDerivativesCheck_), g(filterTorqueCheck_);
  cutoffSpin_->setValue(p.cutoffHz);
  orderSpin_->setValue(p.filterOrder);
  differentiatorCombo_->setCurrentIndex(
      std::max(0, differentiatorCombo_->findData(static_cast<int>(p.differentiator))));
  windowSpin_->setValue(p.savitzkyGolayWindow);
  polyOrderSpin_->setValue(p.savitzkyGolayOrder);
  loggedDerivativesCheck_->setChecked(useLoggedDerivatives);
  filterTorqueCheck_->setChecked(p.filterTorque);
  // Logged derivatives are used unfiltered: no filter or differentiator field applies then.
  filterTorqueCheck_->setEnabled(!useLoggedDerivatives);
  const bool sg = p.differentiator == Differentiator::SavitzkyGolay;
  windowSpin_->setEnabled(sg && !useLoggedDerivatives);
  polyOrderSpin_->setEnabled(sg && !useLoggedDerivatives);
  for (QWidget* w : std::initializer_list<QWidget*>{cutoffSpin_, orderSpin_, differentiatorCombo_})
    w->setEnabled(!useLoggedDerivatives);
}

PreprocessOptions PreprocessOptionsEditor::options(const PreprocessOptions& current) const {
  PreprocessOptions p = current;
  p.cutoffHz = cutoffSpin_->value();
  p.filterOrder = orderSpin_->value();
  p.differentiator = static_cast<Differentiator>(differentiatorCombo_->currentData().toInt());
  int window = windowSpin_->value();
  if (window % 2 == 0) ++window;  // Savitzky-Golay windows are odd
  p.savitzkyGolayWindow = window;
  p.savitzkyGolayOrder = polyOrderSpin_->value();
  p.filterTorque = filterTorqueCheck_->isChecked();
  return p;
}

bool PreprocessOptionsEditor::useLoggedDerivatives() const { return loggedDerivativesCheck_->isChecked(); }

void PreprocessOptionsEditor::setLoggedDerivativesAvailable(bool available) {
  loggedDerivativesCheck_->setToolTip(available ? tr("Every log carries qd and qdd columns: use them without filtering")
                                                : tr("Only for logs that carry qd and qdd columns"));
}

}  // namespace eb::widgets
