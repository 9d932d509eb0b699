// EstimatePage's widgets and their layout: the estimation options and run boxes over the
// parameter table and the result panes. What they show and do is in estimate_page.cpp.
#include "app/wizard/pages/estimate_page.hpp"

#include "app/wizard/panels/estimate_comparison_table.hpp"
#include "app/wizard/panels/friction_comparison_view.hpp"
#include "widgets/estimation_options_editor.hpp"
#include "widgets/plausibility_table.hpp"
#include "widgets/prior_weight_chart.hpp"
#include "app/wizard/controller/wizard_text.hpp"

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
  settingsEditor_ = new widgets::EstimationOptionsEditor;
  connect(settingsEditor_, &widgets::EstimationOptionsEditor::edited, this, &EstimatePage::onSettingsEdited);
  top->addWidget(settingsEditor_);
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
