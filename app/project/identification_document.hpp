#pragma once
// IdentificationDocument: everything the identification wizard edits, as one
// observable object that a project file can save and restore — the logs with
// their CSV format overrides and column mappings, the preprocessing, the model
// columns and estimation method, the validation log, and a summary of the
// latest results (values, standard deviations, residuals, validation errors).
//
// It holds settings and summaries only; the live estimate (normal equations,
// base-parameter map) belongs to the wizard and is rebuilt by running it.
// toJson()/fromJson() give one JSON object (format "excitebench-identification",
// version 1); paths are written relative to a folder when one is given.

#include "identification/base_estimation.hpp"
#include "identification/identification_pipeline.hpp"
#include "logs/log_column_mapping.hpp"
#include "logs/log_file_kind.hpp"
#include "logs/log_scan.hpp"
#include "identification/log_preprocessing.hpp"
#include "report/identification_report.hpp"

#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QStringList>

#include <limits>
#include <optional>
#include <utility>
#include <string>
#include <vector>

namespace eb::project {

/// One experiment log and how to read it: the engine's read choice (its column mapping, for CSV
/// logs with the joints in model order, empty until guessed on import; whether the user made
/// it; the CSV format fields forced, detected when empty) for the file at `path`.
struct LogSource : LogReadChoice {
  QString path;  ///< absolute
  bool operator==(const LogSource& o) const;
  /// The log's kind (logFileKindOf), worked out once per path: recognising a bag reads the file
  /// system, which pages refreshing their widgets must not do each time.
  LogFileKind kind() const;
  /// True for MATLAB files (read by variable name, no column mapping).
  bool isMat() const { return kind() == LogFileKind::Mat; }
  /// True for ROS 2 bags (an .mcap or .db3 file, or a bag folder): JointState
  /// joints are matched by name, no column mapping.
  bool isBag() const { return kind() == LogFileKind::RosBag; }
  /// True for logs read by name rather than through a column mapping (MATLAB files and bags).
  bool isNamed() const { return isMat() || isBag(); }
  /// Whether any CSV format field is forced.
  bool hasFormatOverride() const { return delimiter || decimal || header; }

 private:
  // A cache, not state: equal logs compare equal whatever it holds. Pages read it on the GUI
  // thread; jobs get copies of the document's logs.
  mutable QString kindPath_;  // the path kind_ was worked out for
  mutable LogFileKind kind_ = LogFileKind::DelimitedText;
};

// The settings sections hold the engine's own option structs, so a setting the engine gains
// reaches the estimate without a copy here, and the engine's operator== (beside each struct)
// compares it: an edit of any field drops the results. Defaults are IdentificationSettings',
// the CLI's.

/// How the logs are read beyond their columns: the importer's options. The wizard sets the
/// motor-current torque constants [N m/A] (empty: the logs hold torques), dropBadRows and
/// gapSteps; settingsFor() adds a log's mapping and format, importOptionsFor() the model's joints.
using ImportSettings = LogImportOptions;

/// Filtering and differentiation of the logs.
struct PreprocessingSettings {
  /// cutoffHz 0 = automatic (automaticCutoffHz, as the CLI); edgeTrimSeconds < 0 automatic.
  PreprocessOptions preprocess = IdentificationSettings{}.preprocess;
  /// Use logged qd, qdd as they are when a log has both (IdentificationSettings::useLoggedDerivatives).
  bool useLoggedDerivatives = IdentificationSettings{}.useLoggedDerivatives;
  bool operator==(const PreprocessingSettings& o) const {
    return preprocess == o.preprocess && useLoggedDerivatives == o.useLoggedDerivatives;
  }
};

/// Regressor columns and estimator.
struct EstimationSettings {
  /// The columns; a richer friction shape (per direction Coulomb, per joint widths, Stribeck)
  /// comes from the friction comparison. Without Coulomb friction its shape is not used.
  RegressorOptions regressor = IdentificationSettings{}.regressor;
  EstimationOptions estimation = IdentificationSettings{}.estimation;  ///< method OLS, as the CLI
  /// Name of the compared model the friction shape came from ("" for the plain checkboxes).
  std::string frictionModel;
  bool operator==(const EstimationSettings& o) const {
    return regressor == o.regressor && estimation == o.estimation && frictionModel == o.frictionModel;
  }
};

/// One base parameter of the latest estimate.
struct ParameterResult {
  QString name, expression;
  double value = 0.0, stddev = 0.0;
  double relativeStddev = 0.0;  ///< percent of |value|; infinite for a zero value
};

/// Per joint residual of the latest estimate.
struct JointResidual {
  QString joint;
  double residualRms = 0.0;  ///< [N m]
  double noiseStd = 0.0;     ///< [N m]
};

/// Summary of the latest estimate (what the project file keeps, the consistent fields included).
struct ResultsSummary {
  EstimationMethod method = EstimationMethod::Wls;
  double condition = 0.0;  ///< cond(W^1/2 Phi_b)
  long samples = 0;
  std::vector<ParameterResult> parameters;
  std::vector<JointResidual> joints;
  bool consistent = false;  ///< full (physically consistent) parameters were estimated
  // Consistent estimate only:
  double priorWeight = 0.0;        ///< the prior's weight used (BaseEstimate::priorWeight)
  bool priorWeightChosen = false;  ///< chosen on held-out samples (else fixed)
  long heldOutSamples = 0;         ///< samples it was chosen on
  std::vector<std::pair<double, double>> priorWeightCurve;  ///< (weight, held-out score) of each weight tried
  /// Per body, model order (reportLinks: mass, verdict, data shares; COM and inertia are not kept);
  /// empty when plausibility was not checked.
  std::vector<ReportLink> links;
};

/// Per joint torque prediction error on the validation log.
struct JointValidation {
  QString joint;
  double rmse = 0.0;         ///< [N m]
  double nrmse = 0.0;        ///< percent of RMS(measured)
  double maxError = 0.0;     ///< [N m]
  double measuredRms = 0.0;  ///< [N m]
  double modelRmse = 0.0;    ///< [N m] with the robot's own model parameters (URDF / CAD)
  double modelNrmse = 0.0;   ///< percent, with the model's own parameters
};

/// Summary of the latest validation.
struct ValidationSummary {
  QString logPath;
  long samples = 0;
  std::vector<JointValidation> joints;
};

/// Relative standard deviation [%] above which a base parameter is called poorly identified.
inline constexpr double kPoorlyIdentifiedPercent = 10.0;

class IdentificationDocument : public QObject {
  Q_OBJECT
 public:
  explicit IdentificationDocument(QObject* parent = nullptr);

  // ---- reading ----
  const std::vector<LogSource>& logs() const { return logs_; }
  const ImportSettings& import() const { return import_; }
  const PreprocessingSettings& preprocessing() const { return preprocessing_; }
  const EstimationSettings& estimation() const { return estimation_; }
  const QString& validationLog() const { return validationLog_; }
  const std::optional<ResultsSummary>& results() const { return results_; }
  const std::optional<ValidationSummary>& validation() const { return validation_; }
  /// Paths of the logs, in order.
  std::vector<std::string> logPaths() const;

  /// Engine settings for log `index` (its mapping and format) with the document's preprocessing,
  /// regressor columns and method. Reads the file head when a format field is forced (to fill
  /// in the detected others). Throws InputError when that fails.
  IdentificationSettings settingsFor(int index) const;
  /// Engine settings without a log (no mapping, detected format).
  IdentificationSettings commonSettings() const;

  // ---- edits (each emits its signal and changed()) ----
  // Editing the logs, the preprocessing or the estimation settings drops the results and the
  // validation (they describe the settings they were computed with); new results drop the
  // validation, a new validation log drops the validation.
  void setLogs(std::vector<LogSource> logs);
  void addLog(const LogSource& log);
  void removeLog(int index);
  void setLog(int index, const LogSource& log);
  void setImport(const ImportSettings& settings);
  void setPreprocessing(const PreprocessingSettings& settings);
  void setEstimation(const EstimationSettings& settings);
  void setValidationLog(const QString& path);
  void setResults(std::optional<ResultsSummary> results);
  void setValidation(std::optional<ValidationSummary> validation);
  /// Back to a new document (no logs, default settings).
  void clear();

  // ---- project file ----
  /// The document as a JSON object; paths relative to `baseDir` when it is not empty.
  QJsonObject toJson(const QString& baseDir = {}) const;
  /// Replaces the document with `json` (paths relative to `baseDir` resolved). When the object is
  /// not an identification document, throws InputError and leaves the document unchanged; its
  /// Diagnostic names `file` (the file the object was read from, "" when none) and, as its field,
  /// the JSON path of the bad value from `objectPath` (the object's own path in that file, "" for
  /// its root): "<file>: document.logs[1].mapping.time_unit: '<unit>' (s, ms, us, ns)".
  void readJson(const QJsonObject& json, const QString& baseDir, const QString& file = {},
                const QString& objectPath = {});
  /// readJson() of an object from no file: false with the one-line message in `error` instead of
  /// throwing ("logs[1].mapping.time_unit: 'h' (s, ms, us, ns)").
  bool fromJson(const QJsonObject& json, const QString& baseDir = {}, QString* error = nullptr);

 signals:
  void logsChanged();
  void importChanged();
  void preprocessingChanged();
  void estimationChanged();
  void validationLogChanged();
  void resultsChanged();
  void validationChanged();
  /// Any of the above.
  void changed();

 private:
  void invalidateResults();
  void emitEverythingChanged();  // every section was replaced (fromJson, clear)
  std::vector<LogSource> logs_;
  ImportSettings import_;
  PreprocessingSettings preprocessing_;
  EstimationSettings estimation_;
  QString validationLog_;
  std::optional<ResultsSummary> results_;
  std::optional<ValidationSummary> validation_;
};

/// The CSV format to force for a log (detected values for fields not overridden), or none.
/// Reads the head of the file when a field is overridden; throws InputError.
std::optional<CsvFormat> effectiveCsvFormat(const LogSource& log);

}  // namespace eb::project
