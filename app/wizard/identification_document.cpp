#include "app/wizard/identification_document.hpp"

#include "logs/csv_table.hpp"
#include "util/input_error.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace eb::wizard {
namespace {

bool sameMapping(const LogColumnMapping& a, const LogColumnMapping& b) {
  if (a.timeColumn != b.timeColumn || a.timeUnit != b.timeUnit || a.sampleRateHz != b.sampleRateHz ||
      a.positionUnit != b.positionUnit || a.joints.size() != b.joints.size())
    return false;
  for (size_t k = 0; k < a.joints.size(); ++k) {
    const JointColumns &x = a.joints[k], &y = b.joints[k];
    if (x.name != y.name || x.q != y.q || x.qd != y.qd || x.qdd != y.qdd || x.tau != y.tau ||
        x.torqueScale != y.torqueScale)
      return false;
  }
  return true;
}

}  // namespace

bool LogSource::operator==(const LogSource& o) const {
  return path == o.path && delimiter == o.delimiter && decimal == o.decimal && header == o.header &&
         mappingEdited == o.mappingEdited && sameMapping(mapping, o.mapping);
}

bool LogSource::isMat() const { return path.endsWith(QLatin1String(".mat"), Qt::CaseInsensitive); }

bool ImportSettings::operator==(const ImportSettings& o) const {
  return torqueConstants == o.torqueConstants && dropBadRows == o.dropBadRows && gapSteps == o.gapSteps;
}

bool PreprocessingSettings::operator==(const PreprocessingSettings& o) const {
  return cutoffHz == o.cutoffHz && filterOrder == o.filterOrder && differentiator == o.differentiator &&
         savitzkyGolayWindow == o.savitzkyGolayWindow && savitzkyGolayOrder == o.savitzkyGolayOrder &&
         useLoggedDerivatives == o.useLoggedDerivatives && filterTorque == o.filterTorque &&
         edgeTrimSeconds == o.edgeTrimSeconds;
}

bool EstimationSettings::operator==(const EstimationSettings& o) const {
  return method == o.method && ridgeLambda == o.ridgeLambda && viscous == o.viscous && coulomb == o.coulomb &&
         offset == o.offset && armature == o.armature && coulombWidth == o.coulombWidth &&
         asymmetricCoulomb == o.asymmetricCoulomb && stribeck == o.stribeck && coulombWidths == o.coulombWidths &&
         stribeckVelocities == o.stribeckVelocities && frictionModel == o.frictionModel;
}

std::optional<CsvFormat> effectiveCsvFormat(const LogSource& log) {
  if (log.isMat() || !log.hasFormatOverride()) return std::nullopt;
  QFile file(log.path);
  if (!file.open(QIODevice::ReadOnly)) throw inputErrorIn(log.path.toStdString(), "cannot open");
  const QByteArray head = file.read(64 * 1024);
  CsvFormat format = inspectCsvText(std::string_view(head.constData(), static_cast<size_t>(head.size())),
                                    log.path.toStdString())
                         .format;
  if (log.delimiter) format.delimiter = *log.delimiter;
  if (log.decimal) format.decimal = *log.decimal;
  if (log.header) format.hasHeader = *log.header;
  return format;
}

QString methodLabel(EstimationMethod method) {
  switch (method) {
    case EstimationMethod::Ols: return QObject::tr("Ordinary least squares (OLS)");
    case EstimationMethod::Wls: return QObject::tr("Weighted least squares (WLS)");
    case EstimationMethod::Ridge: return QObject::tr("Ridge regression");
    case EstimationMethod::Consistent: return QObject::tr("Physically consistent");
  }
  return {};
}

QString delimiterLabel(char delimiter) {
  switch (delimiter) {
    case ',': return QObject::tr("comma");
    case ';': return QObject::tr("semicolon");
    case '\t': return QObject::tr("tab");
    case ' ': return QObject::tr("blanks");
    case '|': return QObject::tr("bar");
    default: return QString(QChar(delimiter));
  }
}

IdentificationDocument::IdentificationDocument(QObject* parent) : QObject(parent) {}

std::vector<std::string> IdentificationDocument::logPaths() const {
  std::vector<std::string> paths;
  for (const LogSource& l : logs_) paths.push_back(l.path.toStdString());
  return paths;
}

IdentificationSettings IdentificationDocument::commonSettings() const {
  IdentificationSettings s;
  s.regressor.viscous = estimation_.viscous;
  s.regressor.coulomb = estimation_.coulomb;
  s.regressor.offset = estimation_.offset;
  s.regressor.armature = estimation_.armature;
  s.regressor.coulombWidth = estimation_.coulombWidth;
  s.regressor.asymmetricCoulomb = estimation_.coulomb && estimation_.asymmetricCoulomb;
  s.regressor.stribeck = estimation_.coulomb && estimation_.stribeck;
  s.regressor.coulombWidths = estimation_.coulomb ? estimation_.coulombWidths : std::vector<double>{};
  s.regressor.stribeckVelocities = s.regressor.stribeck ? estimation_.stribeckVelocities : std::vector<double>{};
  s.estimation.method = estimation_.method;
  s.estimation.ridgeLambda = estimation_.ridgeLambda;
  s.preprocess.cutoffHz = preprocessing_.cutoffHz;
  s.preprocess.filterOrder = preprocessing_.filterOrder;
  s.preprocess.differentiator = preprocessing_.differentiator;
  s.preprocess.savitzkyGolayWindow = preprocessing_.savitzkyGolayWindow;
  s.preprocess.savitzkyGolayOrder = preprocessing_.savitzkyGolayOrder;
  s.useLoggedDerivatives = preprocessing_.useLoggedDerivatives;
  s.preprocess.filterTorque = preprocessing_.filterTorque;
  s.preprocess.edgeTrimSeconds = preprocessing_.edgeTrimSeconds;
  s.import.torqueConstants = import_.torqueConstants;
  s.import.dropBadRows = import_.dropBadRows;
  s.import.gapSteps = import_.gapSteps;
  return s;
}

IdentificationSettings IdentificationDocument::settingsFor(int index) const {
  IdentificationSettings s = commonSettings();
  const LogSource& log = logs_.at(static_cast<size_t>(index));
  if (!log.isMat()) {
    if (!log.mapping.joints.empty()) {
      s.import.mapping = log.mapping;
      s.import.sampleRateHz = log.mapping.sampleRateHz;
    }
    s.import.format = effectiveCsvFormat(log);
  }
  return s;
}

void IdentificationDocument::setLogs(std::vector<LogSource> logs) {
  logs_ = std::move(logs);
  invalidateResults();
  emit logsChanged();
  emit changed();
}

void IdentificationDocument::addLog(const LogSource& log) {
  logs_.push_back(log);
  invalidateResults();
  emit logsChanged();
  emit changed();
}

void IdentificationDocument::removeLog(int index) {
  if (index < 0 || index >= static_cast<int>(logs_.size())) return;
  logs_.erase(logs_.begin() + index);
  invalidateResults();
  emit logsChanged();
  emit changed();
}

void IdentificationDocument::setLog(int index, const LogSource& log) {
  if (index < 0 || index >= static_cast<int>(logs_.size()) || logs_[static_cast<size_t>(index)] == log) return;
  logs_[static_cast<size_t>(index)] = log;
  invalidateResults();
  emit logsChanged();
  emit changed();
}

void IdentificationDocument::setImport(const ImportSettings& settings) {
  if (settings == import_) return;
  import_ = settings;
  invalidateResults();
  emit importChanged();
  emit changed();
}

void IdentificationDocument::setPreprocessing(const PreprocessingSettings& settings) {
  if (settings == preprocessing_) return;
  preprocessing_ = settings;
  invalidateResults();
  emit preprocessingChanged();
  emit changed();
}

void IdentificationDocument::setEstimation(const EstimationSettings& settings) {
  if (settings == estimation_) return;
  estimation_ = settings;
  invalidateResults();
  emit estimationChanged();
  emit changed();
}

void IdentificationDocument::setValidationLog(const QString& path) {
  if (path == validationLog_) return;
  validationLog_ = path;
  if (validation_) {
    validation_.reset();
    emit validationChanged();
  }
  emit validationLogChanged();
  emit changed();
}

void IdentificationDocument::setResults(std::optional<ResultsSummary> results) {
  if (!results && !results_) return;
  results_ = std::move(results);
  if (validation_) {
    validation_.reset();
    emit validationChanged();
  }
  emit resultsChanged();
  emit changed();
}

void IdentificationDocument::setValidation(std::optional<ValidationSummary> validation) {
  if (!validation && !validation_) return;
  validation_ = std::move(validation);
  emit validationChanged();
  emit changed();
}

void IdentificationDocument::invalidateResults() {
  if (results_) {
    results_.reset();
    emit resultsChanged();
  }
  if (validation_) {
    validation_.reset();
    emit validationChanged();
  }
}

void IdentificationDocument::clear() {
  logs_.clear();
  import_ = {};
  preprocessing_ = {};
  estimation_ = {};
  validationLog_.clear();
  results_.reset();
  validation_.reset();
  emitEverythingChanged();
}

void IdentificationDocument::emitEverythingChanged() {
  emit logsChanged();
  emit importChanged();
  emit preprocessingChanged();
  emit estimationChanged();
  emit validationLogChanged();
  emit resultsChanged();
  emit validationChanged();
  emit changed();
}

}  // namespace eb::wizard
