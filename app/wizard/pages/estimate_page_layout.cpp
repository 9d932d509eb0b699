// EstimatePage's widgets and their layout: the estimator, joint-model and run boxes over the
// parameter table and the result panes. What they show and do is in estimate_page.cpp.
#include "app/wizard/pages/estimate_page.hpp"

#include "app/wizard/panels/estimate_comparison_table.hpp"
#include "app/wizard/panels/friction_comparison_view.hpp"
#include "widgets/plausibility_table.hpp"
#include "widgets/prior_weight_chart.hpp"
#include "app/wizard/controller/wizard_text.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace eb::wizard {

// The estimator: method and ridge weight.
QGroupBox* EstimatePage::buildEstimatorBox() {
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
  connect(methodCombo_, qOverload<int>(&QComboBox::currentIndexChanged), this, &EstimatePage::onSettingsEdited);
  connect(ridgeSpin_, &QDoubleSpinBox::editingFinished, this, &EstimatePage::onSettingsEdited);
  auto* methodBox = new QGroupBox(tr("Estimator"));
  auto* methodLayout = new QVBoxLayout(methodBox);
  methodLayout->addWidget(methodCombo_);
  auto* ridgeRow = new QHBoxLayout;
  ridgeRow->addWidget(new QLabel(tr("Ridge λ")));
  ridgeRow->addWidget(ridgeSpin_, 1);
  methodLayout->addLayout(ridgeRow);
  return methodBox;
}

// The joint model: friction, offset and armature columns.
QGroupBox* EstimatePage::buildJointModelBox() {
  viscousCheck_ = new QCheckBox(tr("Viscous friction  fv·qd"));
  viscousCheck_->setObjectName("viscousCheck");
  coulombCheck_ = new QCheckBox(tr("Coulomb friction  fc·sign(qd)"));
  coulombCheck_->setObjectName("coulombCheck");
  offsetCheck_ = new QCheckBox(tr("Torque offset  fo"));
  offsetCheck_->setObjectName("offsetCheck");
  armatureCheck_ = new QCheckBox(tr("Armature  Ia·qdd"));
  armatureCheck_->setObjectName("armatureCheck");
  for (QCheckBox* c : {viscousCheck_, coulombCheck_, offsetCheck_, armatureCheck_})
    connect(c, &QCheckBox::toggled, this, &EstimatePage::onSettingsEdited);

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
  return columnsBox;
}

// Estimate / Cancel, progress and status.
QGroupBox* EstimatePage::buildRunBox() {
  runButton_ = new QPushButton(tr("Estimate"));
  runButton_->setObjectName("estimateButton");
  runButton_->setDefault(false);
  runButton_->setAutoDefault(false);
  cancelButton_ = new QPushButton(tr("Cancel"));
  cancelButton_->setObjectName("cancelEstimateButton");
  cancelButton_->setAutoDefault(false);
  cancelButton_->setEnabled(false);
  connect(runButton_, &QPushButton::clicked, this, &EstimatePage::startEstimation);
  connect(cancelButton_, &QPushButton::clicked, this, &EstimatePage::cancelEstimation);
  progressBar_ = new QProgressBar;
  progressBar_->setObjectName("estimateProgress");
  progressBar_->setRange(0, 1000);
  progressBar_->setTextVisible(false);
  statusLabel_ = new QLabel;
  statusLabel_->setObjectName("estimateStatus");
  statusLabel_->setWordWrap(true);
  statusLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* runBox = new QGroupBox(tr("Run"));
  auto* runLayout = new QGridLayout(runBox);
  runLayout->addWidget(runButton_, 0, 0);
  runLayout->addWidget(cancelButton_, 0, 1);
  runLayout->addWidget(progressBar_, 0, 2);
  runLayout->addWidget(statusLabel_, 1, 0, 1, 3);
  runLayout->setColumnStretch(2, 1);
  return runBox;
}

// The summary, the prior weight line and the base-parameter table.
QWidget* EstimatePage::buildParameterView() {
  summaryLabel_ = new QLabel;
  summaryLabel_->setObjectName("estimateSummary");
  summaryLabel_->setWordWrap(true);
  summaryLabel_->setTextFormat(Qt::RichText);
  priorWeightLabel_ = new QLabel;
  priorWeightLabel_->setObjectName("priorWeightLabel");
  priorWeightLabel_->setTextFormat(Qt::RichText);
  priorWeightLabel_->setToolTip(tr("The physically consistent estimate pulls what the data cannot see toward the "
                                   "model's own inertias; the weight is relative to the data's mean curvature"));
  parameterTable_ = new QTableWidget(0, PCount);
  parameterTable_->setObjectName("parameterTable");
  parameterTable_->setHorizontalHeaderLabels(
      {tr("#"), tr("Base parameter"), tr("Value"), tr("Std. dev."), tr("Rel. std. [%]"), tr("Expression")});
  parameterTable_->horizontalHeaderItem(PRel)->setToolTip(
      tr("Standard deviation over |value|; above %1 % the parameter is poorly identified (highlighted)")
          .arg(kPoorlyIdentifiedPercent));
  parameterTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  parameterTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
  parameterTable_->verticalHeader()->setVisible(false);
  parameterTable_->verticalHeader()->setDefaultSectionSize(22);
  parameterTable_->horizontalHeader()->setStretchLastSection(true);
  parameterTable_->setColumnWidth(PIndex, 36);
  parameterTable_->setColumnWidth(PName, 110);
  parameterTable_->setColumnWidth(PValue, 110);
  parameterTable_->setColumnWidth(PStd, 95);
  parameterTable_->setColumnWidth(PRel, 95);
  parameterTable_->setSortingEnabled(true);
  parameterTable_->setWordWrap(false);

  auto* tableBox = new QWidget;
  auto* tableLayout = new QVBoxLayout(tableBox);
  tableLayout->setContentsMargins(0, 0, 0, 0);
  tableLayout->addWidget(summaryLabel_);
  tableLayout->addWidget(priorWeightLabel_);
  tableLayout->addWidget(parameterTable_, 1);
  // Every estimate made on these logs, side by side, in a tab beside the live one's parameters.
  comparison_ = new EstimateComparisonTable(session_);
  connect(comparison_, &EstimateComparisonTable::chosen, this, &EstimatePage::useEstimate);
  resultTabs_ = new QTabWidget;
  resultTabs_->setObjectName("estimateResultTabs");
  resultTabs_->addTab(tableBox, tr("Base parameters"));
  resultTabs_->addTab(comparison_, tr("Estimates compared"));
  resultTabs_->setTabToolTip(1, tr("Each method and joint model run on these logs: cond, plausible links and "
                                   "NRMSE per joint; the one exported is marked"));
  connect(session_, &WizardSession::estimatesChanged, this, [this] {
    resultTabs_->setTabText(1, tr("Estimates compared (%1)").arg(session_->estimates().size()));
  });
  return resultTabs_;
}

// Below the table: plausibility per link, residual per joint, notes / prior weight / friction tabs.
QWidget* EstimatePage::buildResultPanes() {
  residualTable_ = new QTableWidget(0, 3);
  residualTable_->setObjectName("residualTable");
  residualTable_->setHorizontalHeaderLabels({tr("Joint"), tr("RMS [N m]"), tr("Noise std [N m]")});
  residualTable_->horizontalHeaderItem(1)->setToolTip(tr("RMS of the torque residual per joint"));
  residualTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  residualTable_->verticalHeader()->setVisible(false);
  residualTable_->verticalHeader()->setDefaultSectionSize(22);
  // Columns as wide as their cells (stretched ones cut "0.0505" to "0...." at 1024 x 700).
  residualTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  residualTable_->horizontalHeader()->setStretchLastSection(true);
  notesText_ = new QPlainTextEdit;
  notesText_->setObjectName("estimateNotes");
  notesText_->setReadOnly(true);
  notesText_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
  plausibilityTable_ = new widgets::PlausibilityTable;
  priorWeightChart_ = new widgets::PriorWeightChart;
  linksBox_ = new QGroupBox(tr("Plausibility per link"));
  linksBox_->setObjectName("plausibilityBox");
  (new QVBoxLayout(linksBox_))->addWidget(plausibilityTable_);
  auto* residualBox = new QGroupBox(tr("Residual per joint"));
  (new QVBoxLayout(residualBox))->addWidget(residualTable_);
  notesTabs_ = new QTabWidget;
  notesTabs_->setObjectName("estimateNotesTabs");
  notesTabs_->addTab(notesText_, tr("Notes"));
  notesTabs_->addTab(priorWeightChart_, tr("Prior weight"));
  frictionView_ = new FrictionComparisonView(controller_);
  notesTabs_->addTab(frictionView_, tr("Friction models"));
  connect(frictionView_, &FrictionComparisonView::modelChosen, this, &EstimatePage::useFrictionModel);
  auto* bottom = new QSplitter(Qt::Horizontal);
  bottom->addWidget(linksBox_);
  bottom->addWidget(residualBox);
  bottom->addWidget(notesTabs_);
  bottom->setSizes({600, 330, 310});
  return bottom;
}

void EstimatePage::buildUi() {
  auto* top = new QHBoxLayout;
  top->addWidget(buildEstimatorBox());
  top->addWidget(buildJointModelBox());
  top->addWidget(buildRunBox(), 1);
  QWidget* tableBox = buildParameterView();
  QWidget* bottom = buildResultPanes();
  split_ = new QSplitter(Qt::Vertical);
  split_->addWidget(tableBox);
  split_->addWidget(bottom);
  split_->setStretchFactor(0, 3);
  split_->setStretchFactor(1, 1);
  split_->setSizes({330, 230});

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(top);
  layout->addWidget(split_, 1);
  showSettings();
  showResults();
}

}  // namespace eb::wizard
