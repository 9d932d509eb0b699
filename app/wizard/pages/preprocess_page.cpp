#include "app/wizard/pages/preprocess_page.hpp"

#include "widgets/preprocess_options_editor.hpp"
#include "widgets/time_step_chart.hpp"
#include "widgets/line_charts.hpp"
#include "app/wizard/controller/wizard_text.hpp"

#include "identification/differentiation.hpp"
#include "identification/identification_pipeline.hpp"
#include "logs/log_import.hpp"
#include "util/input_error.hpp"

#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPen>
#include <QTimer>
#include <QVBoxLayout>
#include <QtCharts/QLineSeries>

#include <algorithm>

namespace eb::wizard {
namespace {

const char* kChartTitles[4] = {"Position q", "Velocity qd", "Acceleration qdd", "Torque τ"};
const char* kChartUnits[4] = {"rad", "rad/s", "rad/s²", "N m"};

}  // namespace

PreprocessPage::PreprocessPage(WizardSession* session, QWidget* parent)
    : QWizardPage(parent), session_(session), task_(new common::BackgroundTask(this)), previewTimer_(new QTimer(this)) {
  setTitle(tr("Preprocess: filter and differentiate"));
  setSubTitle(tr("Each log is resampled from its true time stamps onto a uniform grid, segment by segment (never across "
                 "a gap); positions are low-passed without phase lag (forward-backward Butterworth) and differentiated. "
                 "The blue curves are what the estimate uses."));
  buildUi();
  previewTimer_->setSingleShot(true);
  previewTimer_->setInterval(200);
  connect(previewTimer_, &QTimer::timeout, this, &PreprocessPage::startPreview);
  connect(session_->document(), &IdentificationDocument::preprocessingChanged, this, [this]() {
    if (!updating_) showSettings();
  });
}

// Which log and joint the charts preview, with the info and error lines.
QGroupBox* PreprocessPage::buildPreviewBox() {
  logCombo_ = new QComboBox;
  logCombo_->setObjectName("previewLogCombo");
  logCombo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  logCombo_->setMinimumContentsLength(14);
  jointCombo_ = new QComboBox;
  jointCombo_->setObjectName("previewJointCombo");
  for (int j = 0; j < session_->model().dof(); ++j)
    jointCombo_->addItem(QString("%1  %2").arg(j + 1).arg(QString::fromStdString(session_->model().joint(j).name)));
  connect(logCombo_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() { schedulePreview(); });
  connect(jointCombo_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() { plot(); });
  auto* previewBox = new QGroupBox(tr("Preview"));
  auto* previewForm = new QFormLayout(previewBox);
  previewForm->addRow(tr("Log"), logCombo_);
  previewForm->addRow(tr("Joint"), jointCombo_);
  infoLabel_ = new QLabel;
  infoLabel_->setObjectName("preprocessInfo");
  infoLabel_->setWordWrap(true);
  errorLabel_ = new QLabel;
  errorLabel_->setObjectName("preprocessError");
  errorLabel_->setWordWrap(true);
  errorLabel_->setStyleSheet("color: #b00020");
  previewForm->addRow(infoLabel_);
  previewForm->addRow(errorLabel_);
  return previewBox;
}

// The four charts q, qd, qdd, tau: raw, logged and used by the estimate.
QGridLayout* PreprocessPage::buildCharts() {
  auto* grid = new QGridLayout;
  grid->setSpacing(4);
  for (int c = 0; c < 4; ++c) {
    charts_[c] = widgets::makeLineChart(tr(kChartTitles[c]), QString::fromUtf8(kChartUnits[c]));
    charts_[c]->setObjectName(QString("preprocessChart%1").arg(c));
    QChart* chart = charts_[c]->chart();
    const QString what = c == 0 || c == 3 ? tr("raw") : tr("from raw q");
    // Drawn in this order: raw noise at the back, the filtered signal on top.
    rawSeries_[c] = widgets::addLineSeries(chart, what, QColor(150, 150, 150, 150), 1.0);
    loggedSeries_[c] = widgets::addLineSeries(chart, tr("logged"), QColor(44, 160, 44), 1.5);
    QPen dashed = loggedSeries_[c]->pen();
    dashed.setStyle(Qt::DashLine);
    loggedSeries_[c]->setPen(dashed);
    loggedSeries_[c]->setVisible(false);
    filteredSeries_[c] = widgets::addLineSeries(chart, tr("used by the estimate"), QColor(31, 119, 180), 2.0);
    grid->addWidget(charts_[c], c / 2, c % 2);
  }
  return grid;
}

void PreprocessPage::buildUi() {
  timeChart_ = new widgets::TimeStepChart;
  timeChart_->setMinimumHeight(170);
  timeChart_->setSummaryVisible(false);  // the info line above says it, with the preprocessing

  auto* left = new QVBoxLayout;
  settingsEditor_ = new widgets::PreprocessOptionsEditor;
  connect(settingsEditor_, &widgets::PreprocessOptionsEditor::edited, this, &PreprocessPage::onSettingsEdited);
  left->addWidget(settingsEditor_);
  left->addWidget(buildPreviewBox());
  left->addWidget(timeChart_, 1);
  auto* leftWidget = new QWidget;
  leftWidget->setLayout(left);
  leftWidget->setFixedWidth(290);

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(leftWidget);
  layout->addLayout(buildCharts(), 1);
  showSettings();
}

void PreprocessPage::showSettings() {
  const PreprocessingSettings& s = session_->document()->preprocessing();
  settingsEditor_->setOptions(s.preprocess, s.useLoggedDerivatives);
}

void PreprocessPage::initializePage() {
  showSettings();
  const QSignalBlocker block(logCombo_);
  const int current = logCombo_->currentIndex();
  logCombo_->clear();
  const auto& logs = session_->document()->logs();
  for (const LogSource& log : logs) logCombo_->addItem(QFileInfo(log.path).fileName(), log.path);
  bool hasDerivatives = !logs.empty();
  for (const LogSource& log : logs)
    hasDerivatives &= !log.isNamed() && log.mapping.hasVelocity() && log.mapping.hasAcceleration();
  settingsEditor_->setLoggedDerivativesAvailable(hasDerivatives);
  logCombo_->setCurrentIndex(std::clamp(current, 0, static_cast<int>(logs.size()) - 1));
  schedulePreview();
}

void PreprocessPage::onSettingsEdited() {
  if (updating_) return;
  PreprocessingSettings s = session_->document()->preprocessing();
  s.preprocess = settingsEditor_->options(s.preprocess);
  s.useLoggedDerivatives = settingsEditor_->useLoggedDerivatives();
  updating_ = true;
  session_->document()->setPreprocessing(s);
  updating_ = false;
  showSettings();
  schedulePreview();
}

bool PreprocessPage::isBusy() const { return task_->isRunning() || previewTimer_->isActive() || pending_; }

bool PreprocessPage::isComplete() const { return error_.isEmpty() && !session_->document()->logs().empty(); }

void PreprocessPage::setPreviewJoint(int joint) { jointCombo_->setCurrentIndex(joint); }


int PreprocessPage::seriesPointCount(int chart, int series) const {
  if (chart < 0 || chart > 3) return 0;
  const QLineSeries* s = series == 0 ? rawSeries_[chart] : series == 1 ? filteredSeries_[chart] : loggedSeries_[chart];
  return static_cast<int>(s->count());
}

void PreprocessPage::schedulePreview() {
  pending_ = true;
  previewTimer_->start();
}

void PreprocessPage::startPreview() {
  if (task_->isRunning()) {
    task_->cancel();  // restarts when it has stopped
    return;
  }
  pending_ = false;
  const int index = logCombo_->currentIndex();
  IdentificationDocument* doc = session_->document();
  if (index < 0 || index >= static_cast<int>(doc->logs().size())) return;
  IdentificationSettings settings;
  try {
    settings = doc->settingsFor(index);
  } catch (const std::exception& e) {
    error_ = QString::fromUtf8(e.what());
    errorLabel_->setText(error_);
    emit completeChanged();
    return;
  }
  const LogSource& source = doc->logs()[size_t(index)];
  // A filter change re-filters the samples already read: the read depends on its options only.
  LogImportOptions readOptions = importOptionsFor(session_->model(), settings);
  readOptions.maxRows = kMaxPreviewRows;
  const RawReadKey rawKey{source.path.toStdString(), readOptions};
  std::shared_ptr<const ExperimentLog> cached = rawKey == rawCacheKey_ ? rawCache_ : nullptr;
  const std::shared_ptr<const RobotModel> model = session_->modelPointer();
  const std::string path = source.path.toStdString();
  auto result = std::make_shared<PreviewData>();
  infoLabel_->setText(tr("Computing the preview..."));
  task_->start(
      [=](const common::BackgroundTask::Progress& progress) {
        PreviewData& out = *result;
        // The engine's own preprocessing of the first rows: the preview shows what the estimate uses.
        out.preview = previewPreprocessing(*model, path, settings, kMaxPreviewRows, cached,
                                           [&](double f) { return progress(0.8 * f, "reading"); });
        if (!progress(0.9, "differentiating")) return;
        const ExperimentLog& raw = *out.preview.raw;
        if (raw.rows() >= 3) {
          out.rawQd = centralDerivative(raw.t, raw.q);
          out.rawQdd = centralSecondDerivative(raw.t, raw.q);
        }
      },
      [this, result, rawKey](const common::BackgroundTask::Outcome& outcome) {
        if (outcome.ok) {
          preview_ = result;
          rawCache_ = result->preview.raw;
          rawCacheKey_ = rawKey;
          error_.clear();
        } else if (!outcome.cancelled) {
          preview_.reset();
          error_ = outcome.error;
        }
        if (!outcome.cancelled || !pending_) plot();
        if (pending_) startPreview();
        emit completeChanged();
      });
}

void PreprocessPage::plot() {
  errorLabel_->setText(error_);
  if (!preview_ || !error_.isEmpty()) {
    for (int c = 0; c < 4; ++c) {
      rawSeries_[c]->clear();
      filteredSeries_[c]->clear();
      loggedSeries_[c]->clear();
    }
    infoLabel_->setText(error_.isEmpty() ? tr("No preview.") : QString());
    return;
  }
  const PreviewData& p = *preview_;
  const ExperimentLog& raw = *p.preview.raw;
  const PreprocessedLog& filteredLog = p.preview.preprocessed;
  const bool loggedUsed = p.preview.loggedDerivatives;
  const int j = std::max(0, jointCombo_->currentIndex());
  if (j >= raw.dof()) return;
  const Eigen::VectorXd& t = raw.t;
  const Eigen::VectorXd& tf = filteredLog.t;
  const bool hasRawDerivatives = p.rawQd.rows() == t.size();
  const Eigen::VectorXd empty;
  const Eigen::VectorXd rawSignals[4] = {raw.q.col(j), hasRawDerivatives ? Eigen::VectorXd(p.rawQd.col(j)) : empty,
                                         hasRawDerivatives ? Eigen::VectorXd(p.rawQdd.col(j)) : empty, raw.tau.col(j)};
  const Eigen::VectorXd filtered[4] = {filteredLog.q.col(j), filteredLog.qd.col(j), filteredLog.qdd.col(j),
                                       filteredLog.tau.col(j)};
  const double t0 = t.size() ? t[0] : 0.0, t1 = t.size() ? t[t.size() - 1] : 1.0;
  for (int c = 0; c < 4; ++c) {
    widgets::setSeriesData(rawSeries_[c], t.head(rawSignals[c].size()), rawSignals[c]);
    widgets::setSeriesData(filteredSeries_[c], tf, filtered[c]);
    // Logged derivatives, when the log has them, show how close the filtered ones come.
    const Eigen::MatrixXd* logged = c == 1 && raw.hasVelocity() ? &raw.qd : c == 2 && raw.hasAcceleration() ? &raw.qdd : nullptr;
    loggedSeries_[c]->setVisible(logged && !loggedUsed);
    if (logged && !loggedUsed)
      widgets::setSeriesData(loggedSeries_[c], t, logged->col(j));
    else
      loggedSeries_[c]->clear();
    // The axis follows the filtered signal; raw noise may leave it (numeric second derivatives do).
    auto [lo, hi] = widgets::quantileRange(filtered[c]);
    if (rawSignals[c].size()) {
      auto [rlo, rhi] = widgets::quantileRange(rawSignals[c], 0.01, 0.99);
      const double span = std::max(hi - lo, 1e-12);
      lo = std::min(lo, std::max(rlo, lo - 0.25 * span));
      hi = std::max(hi, std::min(rhi, hi + 0.25 * span));
    }
    widgets::setChartRanges(charts_[c]->chart(), t0, t1, lo, hi);
  }
  // What the estimate will use, in the pipeline's own words (LogSummary, as the CLI prints it).
  LogSummary summary;
  summary.timeBase = raw.timeBase;
  summary.preprocess = filteredLog.report;
  summary.loggedDerivatives = loggedUsed;
  QString info = QString::fromStdString(summary.text());
  if (!loggedUsed)
    info += tr(", order %1").arg(session_->document()->preprocessing().preprocess.filterOrder);
  if (raw.truncated) info += tr(" (preview of the first %1 s of the log)").arg(t1, 0, 'f', 1);
  infoLabel_->setText(info);
  timeChart_->setTimeBase(&raw.timeBase, logCombo_->currentText());
  // The torque the estimate uses is the measured one unless it is filtered too: say which.
  filteredSeries_[3]->setName(session_->document()->preprocessing().preprocess.filterTorque || loggedUsed
                                  ? tr("used by the estimate")
                                  : tr("used by the estimate (as measured)"));
}

}  // namespace eb::wizard
