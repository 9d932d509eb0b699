#pragma once
// Page 3, Estimate: the estimator (OLS, WLS, ridge, physically consistent)
// and the regressor's extra columns (viscous and Coulomb friction, torque
// offset, armature); runs accumulateLogs + estimateFromLogs on a worker
// thread (the session's IdentificationController) with progress and Cancel. Shows every base parameter with its value,
// standard deviation, relative standard deviation (poorly identified ones
// highlighted) and expression, and the residual per joint; beside them, every estimate made on
// these logs side by side (EstimateComparisonTable). Changing only the
// method re-estimates from the cached normal equations.

#include "app/wizard/controller/wizard_session.hpp"

#include <QWizardPage>

class QGroupBox;
class QSplitter;
class QTabWidget;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace eb::widgets {
class EstimationOptionsEditor;
class PlausibilityTable;
class PriorWeightChart;
}

namespace eb::wizard {

class EstimateComparisonTable;
class FrictionComparisonView;

/// The prior weight as the estimate page shows it ("1e-05", 3 significant digits, as the engine's note).
QString formatPriorWeight(double weight);

class EstimatePage : public QWizardPage {
  Q_OBJECT
 public:
  explicit EstimatePage(WizardSession* session, QWidget* parent = nullptr);

  void initializePage() override;
  void cleanupPage() override {}
  bool isComplete() const override;

  /// The side-by-side table of the estimates made on these logs.
  EstimateComparisonTable* comparison() const { return comparison_; }
  /// Starts estimating with the document's settings (restarts a running one).
  void startEstimation();
  /// Stops a running estimation; the page stays usable.
  void cancelEstimation();
  bool isRunning() const;
  /// Whether the page starts an estimation by itself when it is shown without a result.
  void setAutoStart(bool on) { autoStart_ = on; }

 signals:
  /// An estimation ended: ok, or cancelled, or failed with `message`.
  void estimationFinished(bool ok, bool cancelled, const QString& message);

 private:
  enum ParameterColumn { PIndex, PName, PValue, PStd, PRel, PExpression, PCount };
  // The widgets (estimate_page_layout.cpp).
  void buildUi();
  QGroupBox* buildRunBox();
  QWidget* buildParameterView();
  QWidget* buildResultPanes();
  void showSettings();
  void onSettingsEdited();
  /// The friction model chosen on the comparison tab becomes the estimate's (results dropped).
  void useFrictionModel(const RegressorOptions& options, const QString& name);
  /// An estimate made before, chosen on the comparison tab, becomes live (its settings the document's).
  void useEstimate(const EstimationSettings& settings);
  void showResults();
  /// The prior weight line, the per-link plausibility and the held-out chart (consistent only; s null: none).
  void showConsistentResults(const ResultsSummary* s, bool live);
  void setRunning(bool running);
  /// The controller's estimate ended: the status line, the bar, and estimationFinished().
  void onEstimationFinished(Job job, bool ok, bool cancelled, const QString& message);

  WizardSession* session_;
  IdentificationController* controller_;
  bool updating_ = false;
  bool autoStart_ = true;

  widgets::EstimationOptionsEditor* settingsEditor_ = nullptr;
  QPushButton* runButton_;
  QPushButton* cancelButton_;
  QProgressBar* progressBar_;
  QLabel* statusLabel_;
  QLabel* summaryLabel_;
  QTableWidget* parameterTable_;
  QTableWidget* residualTable_;
  QPlainTextEdit* notesText_;
  QLabel* priorWeightLabel_;
  QGroupBox* linksBox_;
  widgets::PlausibilityTable* plausibilityTable_;
  QTabWidget* notesTabs_;
  QSplitter* split_;
  widgets::PriorWeightChart* priorWeightChart_;
  FrictionComparisonView* frictionView_ = nullptr;
  QTabWidget* resultTabs_ = nullptr;
  EstimateComparisonTable* comparison_ = nullptr;
};

}  // namespace eb::wizard
