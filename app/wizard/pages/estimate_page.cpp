#include "app/wizard/pages/estimate_page.hpp"

#include "app/wizard/panels/estimate_comparison_table.hpp"
#include "app/wizard/panels/friction_comparison_view.hpp"
#include "widgets/estimation_options_editor.hpp"
#include "widgets/plausibility_table.hpp"
#include "widgets/prior_weight_chart.hpp"
#include "app/wizard/controller/result_summaries.hpp"
#include "app/wizard/controller/wizard_text.hpp"

#include <QFileInfo>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>

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

void EstimatePage::showSettings() {
  const EstimationSettings& s = session_->document()->estimation();
  settingsEditor_->setOptions(s.estimation, s.regressor, QString::fromStdString(s.frictionModel));
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
  s.estimation = settingsEditor_->estimation(s.estimation);
  RegressorOptions r = settingsEditor_->regressor(s.regressor);
  if (r.viscous != s.regressor.viscous || r.coulomb != s.regressor.coulomb) {
    // A friction box ticked by hand: back to the plain shapes (the compared model no longer applies).
    r = r.withPlainFriction();
    s.frictionModel.clear();
    settingsEditor_->setComparedFriction(QString());
  }
  s.regressor = r;
  if (s == session_->document()->estimation()) return;
  updating_ = true;
  session_->document()->setEstimation(s);
  updating_ = false;
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
