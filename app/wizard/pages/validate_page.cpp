#include "app/wizard/pages/validate_page.hpp"

#include "app/wizard/panels/closed_loop_panel.hpp"
#include "app/wizard/panels/drift_panel.hpp"
#include "widgets/result_table.hpp"
#include "widgets/joint_bar_chart.hpp"
#include "widgets/line_charts.hpp"
#include "app/wizard/controller/wizard_text.hpp"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtCharts/QLineSeries>

#include <algorithm>
#include <cmath>

namespace eb::wizard {

ValidatePage::ValidatePage(WizardSession* session, QWidget* parent)
    : QWizardPage(parent), session_(session), controller_(session->controller()) {
  setTitle(tr("Validate on an independent log"));
  setSubTitle(tr("Predict the joint torques of a log that was not used for the estimate, preprocessed the same way. "
                 "NRMSE is the RMS error over the RMS of the measured torque."));
  buildUi();
  connect(controller_, &IdentificationController::jobProgress, this, [this](Job job, double f, const QString& what) {
    if (job == Job::Validation) statusLabel_->setText(tr("%1 (%2 %)").arg(what).arg(int(100 * f)));
  });
  connect(controller_, &IdentificationController::jobStarted, this, [this](Job job) {
    if (job != Job::Validation) return;
    runButton_->setEnabled(false);
    browseButton_->setEnabled(false);
    statusLabel_->setText(tr("Reading %1...").arg(QFileInfo(runningPath_).fileName()));
  });
  connect(controller_, &IdentificationController::jobFinished, this, &ValidatePage::onValidationFinished);
  connect(session_, &WizardSession::validationChanged, this, &ValidatePage::showValidation);
  connect(session_->document(), &IdentificationDocument::validationChanged, this, &ValidatePage::showValidation);
}

void ValidatePage::buildUi() {
  pathEdit_ = new QLineEdit;
  pathEdit_->setObjectName("validationLogEdit");
  pathEdit_->setPlaceholderText(tr("Type the path of a log recorded on another trajectory, or choose one"));
  pathEdit_->setClearButtonEnabled(true);
  connect(pathEdit_, &QLineEdit::editingFinished, this, &ValidatePage::takeTypedPath);
  browseButton_ = new QPushButton(tr("Choose log..."));
  browseButton_->setObjectName("chooseValidationLogButton");
  browseButton_->setAutoDefault(false);
  runButton_ = new QPushButton(tr("Validate"));
  runButton_->setObjectName("validateButton");
  runButton_->setAutoDefault(false);
  connect(browseButton_, &QPushButton::clicked, this, &ValidatePage::browse);
  connect(runButton_, &QPushButton::clicked, this, &ValidatePage::startValidation);
  statusLabel_ = new QLabel;
  statusLabel_->setObjectName("validationStatus");
  statusLabel_->setWordWrap(true);
  statusLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  independenceLabel_ = new QLabel;
  independenceLabel_->setObjectName("validationIndependence");
  independenceLabel_->setWordWrap(true);
  independenceLabel_->setStyleSheet("color: #9a5b00");
  auto* row = new QHBoxLayout;
  row->addWidget(new QLabel(tr("Validation log")));
  row->addWidget(pathEdit_, 1);
  row->addWidget(browseButton_);
  row->addWidget(runButton_);

  jointCombo_ = new QComboBox;
  jointCombo_->setObjectName("validationJointCombo");
  for (int j = 0; j < session_->model().dof(); ++j)
    jointCombo_->addItem(QString("%1  %2").arg(j + 1).arg(QString::fromStdString(session_->model().joint(j).name)));
  connect(jointCombo_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() { plot(); });
  chart_ = widgets::makeLineChart(tr("Joint torque: measured and predicted"), tr("τ [N m]"));
  chart_->setObjectName("validationChart");
  // Measured wide and grey under a thin predicted line: where they agree the grey shows as a border.
  measuredSeries_ = widgets::addLineSeries(chart_->chart(), tr("measured (as the estimate uses it)"), QColor(150, 150, 150), 3.5);
  predictedSeries_ = widgets::addLineSeries(chart_->chart(), tr("predicted"), QColor(31, 119, 180), 1.3);
  errorSeries_ = widgets::addLineSeries(chart_->chart(), tr("error"), QColor(214, 39, 40), 1.0);
  auto* chartBox = new QWidget;
  auto* chartLayout = new QVBoxLayout(chartBox);
  chartLayout->setContentsMargins(0, 0, 0, 0);
  auto* jointRow = new QHBoxLayout;
  jointRow->addWidget(new QLabel(tr("Joint")));
  jointRow->addWidget(jointCombo_);
  jointRow->addStretch(1);
  chartLayout->addLayout(jointRow);
  chartLayout->addWidget(chart_, 1);

  table_ = widgets::makeResultTable({tr("Joint"), tr("RMSE\n[N m]"), tr("NRMSE\n[%]"), tr("Max. error\n[N m]"),
                                     tr("RMS τ\n[N m]"), tr("Model\nRMSE\n[N m]"), tr("Model\nNRMSE\n[%]")},
                                    "validationTable", 54);  // headers of up to three lines: name, unit
  table_->horizontalHeaderItem(5)->setToolTip(tr("The robot's own model parameters (URDF / CAD), no friction: "
                                                 "what identification gained"));
  table_->horizontalHeaderItem(6)->setToolTip(table_->horizontalHeaderItem(5)->toolTip());
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  connect(table_, &QTableWidget::currentCellChanged, this, [this](int current) {
    if (current >= 0) jointCombo_->setCurrentIndex(current);
  });
  // NRMSE per joint at a glance.
  barChart_ = new widgets::JointBarChart(tr("NRMSE per joint [%]: identified and the model's own parameters"));
  barChart_->setObjectName("nrmseChart");
  auto* tableBox = new QWidget;
  auto* tableLayout = new QVBoxLayout(tableBox);
  tableLayout->addWidget(table_, 3);
  tableLayout->addWidget(barChart_, 2);
  drift_ = new DriftPanel(session_);
  closedLoop_ = new ClosedLoopPanel(session_);
  tabs_ = new QTabWidget;
  tabs_->setObjectName("validationTabs");
  tabs_->addTab(tableBox, tr("Prediction error"));
  tabs_->addTab(drift_, tr("Drift"));
  tabs_->addTab(closedLoop_, tr("Closed loop"));
  tabs_->setTabToolTip(1, tr("Does the residual wander over the log (friction warming up, temperature)?"));
  tabs_->setTabToolTip(2,
                       tr("Computed-torque tracking of the log's motion with the estimate as the controller's model"));

  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(chartBox);
  split->addWidget(tabs_);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  split->setSizes({640, 560});

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(row);
  layout->addWidget(statusLabel_);
  layout->addWidget(independenceLabel_);
  layout->addWidget(split, 1);
}

void ValidatePage::initializePage() {
  pathEdit_->setText(session_->document()->validationLog());
  showValidation();
  if (!session_->validation() && !session_->document()->validationLog().isEmpty() && session_->estimate() &&
      !isRunning())
    startValidation();
}

bool ValidatePage::isRunning() const { return controller_->isRunning(Job::Validation); }

void ValidatePage::setChartJoint(int joint) { jointCombo_->setCurrentIndex(joint); }

void ValidatePage::showTab(int index) { tabs_->setCurrentIndex(index); }

int ValidatePage::seriesPointCount(int series) const {
  return static_cast<int>((series == 0 ? measuredSeries_ : series == 1 ? predictedSeries_ : errorSeries_)->count());
}

void ValidatePage::browse() {
  QSettings settings;
  const QString dir = settings.value("identificationWizard/logDirectory").toString();
  const QString path = QFileDialog::getOpenFileName(this, tr("Choose a validation log"), dir,
                                                    logFileDialogFilter());
  if (path.isEmpty()) return;
  settings.setValue("identificationWizard/logDirectory", QFileInfo(path).absolutePath());
  setValidationLog(path);
}

QString validationPathProblem(const QString& path) {
  const QFileInfo info(path);
  if (!info.exists()) return QObject::tr("no such file: %1").arg(path);
  if (!info.isFile()) return QObject::tr("not a file: %1").arg(path);
  if (!info.isReadable()) return QObject::tr("cannot be read: %1").arg(path);
  return {};
}

void ValidatePage::takeTypedPath() {
  const QString typed = pathEdit_->text().trimmed();
  const QString current = session_->document()->validationLog();
  if (typed.isEmpty() ? current.isEmpty() : QFileInfo(typed).absoluteFilePath() == current) return;
  if (typed.isEmpty()) {
    setValidationLog(QString());
    return;
  }
  const QString problem = validationPathProblem(typed);
  if (!problem.isEmpty()) {
    // The typed text stays for the user to correct; the document keeps its validation log.
    statusLabel_->setText(QString("<span style='color:#b00020'>%1</span>").arg(problem.toHtmlEscaped()));
    return;
  }
  setValidationLog(typed);
}

void ValidatePage::setValidationLog(const QString& given) {
  const QString path = given.isEmpty() ? QString() : QFileInfo(given).absoluteFilePath();
  session_->document()->setValidationLog(path);
  pathEdit_->setText(path);
  if (!path.isEmpty()) startValidation();
}

void ValidatePage::startValidation() {
  if (isRunning()) return;
  IdentificationDocument* doc = session_->document();
  runningPath_ = doc->validationLog();
  // The controller reads the log as the CLI's validate does and keeps the result for this estimate.
  QString why;
  if (!controller_->runValidation(&why)) {
    statusLabel_->setText(why);
    return;
  }
  bool training = false;
  for (const LogSource& log : doc->logs()) training |= log.path == runningPath_;
  independenceLabel_->setText(training ? tr("This log was used for the estimate: the validation is not independent.")
                                       : QString());
}

void ValidatePage::onValidationFinished(Job job, bool ok, bool cancelled, const QString& message) {
  if (job != Job::Validation) return;
  runButton_->setEnabled(true);
  browseButton_->setEnabled(true);
  // A stored validation is shown through resultChanged; its summary is the document's (the controller's doing).
  if (ok) {
    // Nothing more to say here: showValidation wrote the status line.
  } else if (cancelled || message == IdentificationController::staleRunText(Job::Validation)) {
    statusLabel_->setText(message);
  } else {
    statusLabel_->setText(QString("<span style='color:#b00020'>%1: %2</span>")
                              .arg(QFileInfo(runningPath_).fileName().toHtmlEscaped(), message.toHtmlEscaped()));
  }
  emit validationFinished(ok, message);
}

void ValidatePage::showValidation() {
  const auto live = session_->validation();
  if (live.get() != shownValidation_) {
    shownValidation_ = live.get();
    drift_->refresh();
    closedLoop_->clear();
  }
  const auto& summary = session_->document()->validation();
  table_->setRowCount(0);
  barChart_->clear();
  if (!live && !summary) {
    plot();
    return;
  }
  const ValidationSummary s = summary ? *summary : ValidationSummary{};
  table_->setRowCount(static_cast<int>(s.joints.size()));
  double worst = 0.0;
  for (int j = 0; j < static_cast<int>(s.joints.size()); ++j) {
    const JointValidation& v = s.joints[size_t(j)];
    worst = std::max(worst, v.nrmse);
    const QString cells[7] = {QString("%1  %2").arg(j + 1).arg(v.joint), formatNumber(v.rmse, 4),
                              QString::number(v.nrmse, 'f', 2),         formatNumber(v.maxError, 4),
                              formatNumber(v.measuredRms, 4),           formatNumber(v.modelRmse, 4),
                              QString::number(v.modelNrmse, 'f', 2)};
    for (int c = 0; c < 7; ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      if (c > 0) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      table_->setItem(j, c, item);
    }
  }
  std::vector<std::vector<double>> nrmse(2);
  for (const JointValidation& v : s.joints) {
    nrmse[0].push_back(v.nrmse);
    nrmse[1].push_back(v.modelNrmse);
  }
  barChart_->setBars({tr("identified"), tr("model's own")}, nrmse, {QColor(31, 119, 180), QColor(190, 190, 190)});

  QString text = tr("%1 samples of %2; worst NRMSE %3 %.")
                     .arg(s.samples)
                     .arg(QFileInfo(s.logPath).fileName())
                     .arg(worst, 0, 'f', 2);
  if (live) {
    text += " " + tr("(%1)").arg(live->mappingNote);
    text += "<br>" + QString::fromStdString(live->run.summary.text()).toHtmlEscaped();
    for (const LogWarning& w : live->run.warnings)
      text += "<br><span style='color:#8a5a00'>" + QString::fromStdString(w.message).toHtmlEscaped() + "</span>";
  }
  else text += " " + tr("Saved with the project: validate again to see the torques.");
  statusLabel_->setText(text);
  plot();
}

void ValidatePage::plot() {
  const auto live = session_->validation();
  if (!live || live->run.log.tau.cols() == 0) {
    measuredSeries_->clear();
    predictedSeries_->clear();
    errorSeries_->clear();
    // Empty: a plain 0..1 frame with a few round ticks (Qt's default range put the labels on
    // top of each other), and the title says what will appear.
    widgets::setChartRanges(chart_->chart(), 0.0, 1.0, 0.0, 1.0);
    chart_->chart()->setTitle(tr("Joint torque: choose a validation log to see measured and predicted"));
    return;
  }
  const PreprocessedLog& log = live->run.log;
  const int j = std::clamp(jointCombo_->currentIndex(), 0, static_cast<int>(log.tau.cols()) - 1);
  const Eigen::VectorXd measured = log.tau.col(j), predicted = live->run.identified.predicted.col(j);
  const Eigen::VectorXd error = measured - predicted;
  widgets::setSeriesData(measuredSeries_, log.t, measured);
  widgets::setSeriesData(predictedSeries_, log.t, predicted);
  widgets::setSeriesData(errorSeries_, log.t, error);
  auto [lo, hi] = widgets::quantileRange(measured);
  auto [plo, phi] = widgets::quantileRange(predicted);
  auto [elo, ehi] = widgets::quantileRange(error);
  lo = std::min({lo, plo, elo});
  hi = std::max({hi, phi, ehi});
  const double t1 = log.t.size() ? log.t[log.t.size() - 1] : 1.0;
  widgets::setChartRanges(chart_->chart(), log.t.size() ? log.t[0] : 0.0, t1, lo, hi);
  chart_->chart()->setTitle(tr("Joint %1 torque: measured and predicted").arg(j + 1));
}

}  // namespace eb::wizard
