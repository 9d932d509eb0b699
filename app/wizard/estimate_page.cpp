#include "app/wizard/estimate_page.hpp"

#include "app/wizard/estimate_comparison_table.hpp"
#include "app/wizard/plausibility_table.hpp"
#include "app/wizard/prior_weight_chart.hpp"
#include "app/wizard/result_summaries.hpp"
#include "app/wizard/wizard_text.hpp"


#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
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

#include "app/wizard/friction_comparison_view.hpp"
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace eb::wizard {
namespace {

// A table item that sorts by a number (Qt::UserRole) instead of its text.
class NumberItem : public QTableWidgetItem {
 public:
  NumberItem(const QString& text, double value) : QTableWidgetItem(text) {
    setData(Qt::UserRole, value);
    setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  }
  bool operator<(const QTableWidgetItem& other) const override {
    return data(Qt::UserRole).toDouble() < other.data(Qt::UserRole).toDouble();
  }
};

enum ParameterColumn { PIndex, PName, PValue, PStd, PRel, PExpression, PCount };

}  // namespace

QString formatPriorWeight(double weight) { return formatNumber(weight, 3); }

EstimatePage::EstimatePage(WizardSession* session, QWidget* parent)
    : QWizardPage(parent), session_(session), controller_(session->controller()) {
  setTitle(tr("Estimate the base parameters"));
  setSubTitle(tr("Choose the estimator and the joint friction model. The logs are streamed through the regression "
                 "(constant memory); the standard deviations come from the residual noise."));
  buildUi();
  connect(controller_, &IdentificationController::jobStarted, this, [this](Job job) {
    if (job != Job::Estimate) return;
    setRunning(true);
    statusLabel_->setText(controller_->accumulated() ? tr("Estimating from the accumulated logs...")
                                                     : tr("Reading the logs..."));
  });
  connect(controller_, &IdentificationController::jobFinished, this, &EstimatePage::onEstimationFinished);
  connect(controller_, &IdentificationController::jobProgress, this, [this](Job job, double f, const QString& what) {
    if (job != Job::Estimate) return;
    progressBar_->setValue(static_cast<int>(std::lround(1000 * f)));
    QString text = what;
    for (const LogSource& log : session_->document()->logs()) text.replace(log.path, QFileInfo(log.path).fileName());
    statusLabel_->setText(text);
  });
  connect(session_->document(), &IdentificationDocument::estimationChanged, this, [this]() {
    if (!updating_) showSettings();
  });
  // The controller makes the live estimate's summary the document's (whether just made or chosen again).
  connect(session_, &WizardSession::estimateChanged, this, [this]() {
    showResults();
    emit completeChanged();
  });
  connect(session_->document(), &IdentificationDocument::resultsChanged, this, &EstimatePage::showResults);
}

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
  plausibilityTable_ = new PlausibilityTable;
  priorWeightChart_ = new PriorWeightChart;
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

void EstimatePage::showSettings() {
  updating_ = true;
  const EstimationSettings& s = session_->document()->estimation();
  methodCombo_->setCurrentIndex(std::max(0, methodCombo_->findData(static_cast<int>(s.estimation.method))));
  ridgeSpin_->setValue(s.estimation.ridgeLambda);
  ridgeSpin_->setEnabled(s.estimation.method == EstimationMethod::Ridge);
  viscousCheck_->setChecked(s.regressor.viscous);
  coulombCheck_->setChecked(s.regressor.coulomb);
  offsetCheck_->setChecked(s.regressor.offset);
  armatureCheck_->setChecked(s.regressor.armature);
  frictionModelLabel_->setText(s.frictionModel.empty()
                                   ? QString()
                                   : tr("Friction: %1, as compared").arg(QString::fromStdString(s.frictionModel)));
  frictionModelLabel_->setVisible(!s.frictionModel.empty());
  updating_ = false;
}

void EstimatePage::useFrictionModel(const RegressorOptions& options, const QString& name) {
  EstimationSettings s = session_->document()->estimation();
  // The compared model's friction columns; the other columns stay as the boxes have them.
  RegressorOptions chosen = options;
  chosen.offset = s.regressor.offset;
  chosen.armature = s.regressor.armature;
  s.regressor = chosen;
  s.frictionModel = name.toStdString();
  if (s == session_->document()->estimation()) return;
  if (isRunning()) cancelEstimation();
  session_->document()->setEstimation(s);  // drops the results of the old model
  showSettings();
}

void EstimatePage::useEstimate(const EstimationSettings& settings) {
  if (settings == session_->document()->estimation()) return;
  if (isRunning()) cancelEstimation();
  session_->document()->setEstimation(settings);  // the session makes the estimate made with them live
  showSettings();
  statusLabel_->setText(session_->estimate() ? tr("An earlier estimate, chosen: nothing re-estimated.")
                                             : tr("Settings changed: press Estimate."));
  emit completeChanged();
}

void EstimatePage::onSettingsEdited() {
  if (updating_) return;
  EstimationSettings s = session_->document()->estimation();
  s.estimation.method = static_cast<EstimationMethod>(methodCombo_->currentData().toInt());
  s.estimation.ridgeLambda = ridgeSpin_->value();
  RegressorOptions& r = s.regressor;
  if (r.viscous != viscousCheck_->isChecked() || r.coulomb != coulombCheck_->isChecked()) {
    // A friction box ticked by hand: back to the plain shapes.
    r = r.withPlainFriction();
    s.frictionModel.clear();
    frictionModelLabel_->setVisible(false);
  }
  r.viscous = viscousCheck_->isChecked();
  r.coulomb = coulombCheck_->isChecked();
  r.offset = offsetCheck_->isChecked();
  r.armature = armatureCheck_->isChecked();
  if (s == session_->document()->estimation()) return;
  updating_ = true;
  session_->document()->setEstimation(s);
  updating_ = false;
  ridgeSpin_->setEnabled(s.estimation.method == EstimationMethod::Ridge);
  if (isRunning()) {
    // The running estimate is for the old settings: the controller stops it and starts again.
    controller_->runEstimate();
  } else {
    statusLabel_->setText(tr("Settings changed: press Estimate."));
  }
}

void EstimatePage::initializePage() {
  showSettings();
  showResults();
  if (autoStart_ && !session_->estimate() && !isRunning()) startEstimation();
}

bool EstimatePage::isComplete() const { return session_->estimate() && !isRunning(); }

bool EstimatePage::isRunning() const { return controller_->isRunning(Job::Estimate); }

void EstimatePage::cancelEstimation() {
  if (!isRunning()) return;
  controller_->cancel(Job::Estimate);
  statusLabel_->setText(tr("Cancelling..."));
}

void EstimatePage::setRunning(bool running) {
  runButton_->setEnabled(!running);
  cancelButton_->setEnabled(running);
  progressBar_->setRange(0, 1000);
  progressBar_->setValue(running ? 0 : progressBar_->value());
}

void EstimatePage::startEstimation() {
  if (session_->document()->logs().empty() && !isRunning()) {
    statusLabel_->setText(tr("No log: add logs on the Import page."));
    return;
  }
  // The controller copies the document's settings and runs (or restarts) the estimate.
  QString why;
  if (!controller_->runEstimate(&why))
    statusLabel_->setText(QString("<span style='color:#b00020'>%1</span>").arg(why.toHtmlEscaped()));
}

void EstimatePage::onEstimationFinished(Job job, bool ok, bool cancelled, const QString& message) {
  if (job != Job::Estimate) return;
  setRunning(false);
  if (cancelled) {
    statusLabel_->setText(message);
    progressBar_->setValue(0);
  } else if (ok) {
    progressBar_->setValue(1000);
    statusLabel_->setText(tr("Done."));
  } else if (message == IdentificationController::staleRunText(Job::Estimate)) {
    statusLabel_->setText(message);
  } else {
    statusLabel_->setText(QString("<span style='color:#b00020'>%1</span>").arg(message.toHtmlEscaped()));
  }
  emit completeChanged();
  emit estimationFinished(ok, cancelled, message);
}

void EstimatePage::showResults() {
  const auto live = session_->estimate();
  const auto& summary = session_->document()->results();
  parameterTable_->setSortingEnabled(false);
  parameterTable_->setRowCount(0);
  residualTable_->setRowCount(0);
  notesText_->clear();
  if (!live && !summary) {
    summaryLabel_->setText(tr("No estimate yet."));
    showConsistentResults(nullptr, false);
    parameterTable_->setSortingEnabled(true);
    return;
  }
  // The live estimate when there is one, else the summary saved with the project.
  ResultsSummary s = live ? estimateSummary(*live, session_->model()) : *summary;
  const QColor poor(255, 224, 178);
  int poorCount = 0;
  parameterTable_->setRowCount(static_cast<int>(s.parameters.size()));
  for (int k = 0; k < static_cast<int>(s.parameters.size()); ++k) {
    const ParameterResult& p = s.parameters[size_t(k)];
    const bool isPoor = !(p.relativeStddev <= kPoorlyIdentifiedPercent);
    poorCount += isPoor;
    QTableWidgetItem* items[PCount] = {
        new NumberItem(QString::number(k + 1), k + 1),
        new QTableWidgetItem(p.name),
        new NumberItem(formatNumber(p.value, 6), p.value),
        new NumberItem(formatNumber(p.stddev, 3), p.stddev),
        new NumberItem(std::isfinite(p.relativeStddev) ? QString::number(p.relativeStddev, 'f', 2) : tr("inf"),
                       std::isfinite(p.relativeStddev) ? p.relativeStddev : std::numeric_limits<double>::max()),
        new QTableWidgetItem(p.expression)};
    items[PExpression]->setToolTip(p.expression);
    for (int c = 0; c < PCount; ++c) {
      if (isPoor) {
        items[c]->setBackground(poor);
        items[c]->setToolTip(tr("Poorly identified: relative standard deviation above %1 %")
                                 .arg(kPoorlyIdentifiedPercent));
      }
      parameterTable_->setItem(k, c, items[c]);
    }
  }
  parameterTable_->setSortingEnabled(true);
  parameterTable_->sortByColumn(PIndex, Qt::AscendingOrder);

  residualTable_->setRowCount(static_cast<int>(s.joints.size()));
  for (int j = 0; j < static_cast<int>(s.joints.size()); ++j) {
    residualTable_->setItem(j, 0, new QTableWidgetItem(QString("%1  %2").arg(j + 1).arg(s.joints[size_t(j)].joint)));
    residualTable_->setItem(j, 1, new NumberItem(formatNumber(s.joints[size_t(j)].residualRms, 4), 0));
    residualTable_->setItem(j, 2, new NumberItem(formatNumber(s.joints[size_t(j)].noiseStd, 4), 0));
  }

  QString text = tr("<b>%1 base parameters</b> · %2 · %3 samples · cond(Φ<sub>b</sub>) = %4")
                     .arg(s.parameters.size())
                     .arg(methodLabel(s.method))
                     .arg(s.samples)
                     .arg(formatNumber(s.condition, 4));
  text += poorCount ? tr(" · <span style='background:#ffe0b2'>&nbsp;%1 poorly identified&nbsp;</span> (rel. std. "
                         "&gt; %2 %)")
                          .arg(poorCount)
                          .arg(kPoorlyIdentifiedPercent)
                    : tr(" · all identified within %1 %").arg(kPoorlyIdentifiedPercent);
  if (!live) text += tr("<br><i>Saved with the project: press Estimate to recompute (needed to validate and export).</i>");
  summaryLabel_->setText(text);
  showConsistentResults(&s, live != nullptr);

  if (live) {
    QStringList notes;
    for (const std::string& n : live->logs->notes) notes << QString::fromStdString(n);
    for (QString& n : notes)
      for (const LogSource& log : session_->document()->logs()) n.replace(log.path, QFileInfo(log.path).fileName());
    for (const std::string& n : live->estimate.notes) notes << QString::fromStdString(n);
    // The estimate's own findings (a torque offset the model is missing) before the logs' many.
    for (const LogWarning& w : live->warnings) notes << tr("warning: %1").arg(QString::fromStdString(w.message));
    const size_t shown = std::min<size_t>(live->logs->warnings.size(), 20);
    for (size_t w = 0; w < shown; ++w)
      notes << tr("warning: %1").arg(QString::fromStdString(live->logs->warnings[w].message));
    if (live->logs->warnings.size() > shown)
      notes << tr("... and %1 more warnings").arg(live->logs->warnings.size() - shown);
    notesText_->setPlainText(notes.join('\n'));
  }
}

void EstimatePage::showConsistentResults(const ResultsSummary* s, bool live) {
  const bool consistent = s && s->consistent;
  if (consistent != !linksBox_->isHidden()) {
    // The table of links needs every row in view: give the bottom more height while it shows.
    const int total = split_->sizes().value(0) + split_->sizes().value(1);
    const int bottomHeight = consistent ? 290 : 230;
    if (total > 2 * bottomHeight) split_->setSizes({total - bottomHeight, bottomHeight});
  }
  linksBox_->setVisible(consistent);
  const int chartTab = notesTabs_->indexOf(priorWeightChart_);
  const bool curve = consistent && s->priorWeightChosen && !s->priorWeightCurve.empty();
  notesTabs_->setTabVisible(chartTab, curve);
  priorWeightChart_->setCurve(curve ? s->priorWeightCurve : std::vector<std::pair<double, double>>{},
                              consistent ? s->priorWeight : 0.0);
  priorWeightLabel_->setVisible(s != nullptr);
  if (!s) return;
  if (!consistent) {
    priorWeightLabel_->setText(
        tr("<i>Prior weight and plausibility per link: need the physically consistent method.</i>"));
    plausibilityTable_->setLinks({});
    return;
  }
  priorWeightLabel_->setText(
      s->priorWeightChosen
          ? tr("<b>Prior weight %1</b>, chosen on held-out samples (%2 of %3) · held-out score by weight: "
               "tab Prior weight")
                .arg(formatPriorWeight(s->priorWeight))
                .arg(s->heldOutSamples)
                .arg(s->samples)
          : tr("<b>Prior weight %1</b>, fixed (not chosen on held-out samples: see the notes)")
                .arg(formatPriorWeight(s->priorWeight)));
  plausibilityTable_->setLinks(s->links, live ? tr("Plausibility per link: not checked.")
                                              : tr("Plausibility per link: press Estimate to recompute."));
}

}  // namespace eb::wizard
