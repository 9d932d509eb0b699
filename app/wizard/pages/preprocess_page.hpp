#pragma once
// Page 2, Preprocess: the low-pass cutoff and order, the differentiation
// method, whether torques are filtered, and a before/after view of one joint of
// one log — raw q against the q the estimate uses, the numeric derivatives of
// the raw q against the derivatives used, raw against used torque — with the
// log's time axis (steps, gaps, segments) and the pipeline's own summary line.
// The preview is computed on a worker thread by the engine's preprocessLog
// (the function identification uses: resampled, segment by segment, ends
// trimmed), on at most the first kMaxPreviewRows samples of the log.

#include "app/common/background_task.hpp"
#include "app/wizard/controller/wizard_session.hpp"

#include "logs/experiment_log.hpp"
#include "identification/identification_pipeline.hpp"
#include "identification/log_preprocessing.hpp"

#include <QWizardPage>

#include <memory>
#include <string>

class QComboBox;
class QGroupBox;
class QGridLayout;
class QLabel;
class QLineSeries;
class QChartView;
class QTimer;

namespace eb::widgets {
class PreprocessOptionsEditor;
class TimeStepChart;
}

namespace eb::wizard {


class PreprocessPage : public QWizardPage {
  Q_OBJECT
 public:
  /// Samples of a log read for the preview (two minutes at 1 kHz).
  static constexpr std::size_t kMaxPreviewRows = 120000;

  explicit PreprocessPage(WizardSession* session, QWidget* parent = nullptr);

  void initializePage() override;
  void cleanupPage() override {}
  bool isComplete() const override;

  /// True while the preview is being computed.
  bool isBusy() const;
  /// Number of points in the chart series (q, qd, qdd, tau charts; raw then filtered), for tests.
  int seriesPointCount(int chart, int series) const;
  /// The joint shown (0-based).
  void setPreviewJoint(int joint);

 private:
  struct PreviewData {
    PreprocessingPreview preview;   ///< the engine's raw and preprocessed first rows
    Eigen::MatrixXd rawQd, rawQdd;  ///< central differences of the raw positions
  };
  /// What the raw read of a preview depends on: the file and the options it is imported with.
  struct RawReadKey {
    std::string path;
    LogImportOptions options;
    bool operator==(const RawReadKey& o) const { return path == o.path && options == o.options; }
  };

  void buildUi();
  QGroupBox* buildPreviewBox();
  QGridLayout* buildCharts();
  void showSettings();
  void onSettingsEdited();
  void schedulePreview();
  void startPreview();
  void plot();

  WizardSession* session_;
  common::BackgroundTask* task_;
  QTimer* previewTimer_;
  bool updating_ = false;
  bool pending_ = false;
  QString error_;
  std::shared_ptr<const ExperimentLog> rawCache_;
  RawReadKey rawCacheKey_;
  std::shared_ptr<const PreviewData> preview_;

  widgets::PreprocessOptionsEditor* settingsEditor_;
  widgets::TimeStepChart* timeChart_;
  QComboBox* logCombo_;
  QComboBox* jointCombo_;
  QLabel* infoLabel_;
  QLabel* errorLabel_;
  QChartView* charts_[4];
  QLineSeries* rawSeries_[4];
  QLineSeries* filteredSeries_[4];
  QLineSeries* loggedSeries_[4];
};

}  // namespace eb::wizard
