#include "app/project/identification_document.hpp"

#include "logs/log_file_kind.hpp"

#include "logs/csv_table.hpp"
#include "util/input_error.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace eb::project {

bool LogSource::operator==(const LogSource& o) const {
  return path == o.path && delimiter == o.delimiter && decimal == o.decimal && header == o.header &&
         mappingEdited == o.mappingEdited && mapping == o.mapping;
}

LogFileKind LogSource::kind() const {
  if (kindPath_.isNull() || kindPath_ != path) {
    kind_ = logFileKindOf(path.toStdString());
    kindPath_ = path.isNull() ? QString("") : path;
  }
  return kind_;
}

std::optional<CsvFormat> effectiveCsvFormat(const LogSource& log) {
  if (log.isNamed() || !log.hasFormatOverride()) return std::nullopt;
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

IdentificationDocument::IdentificationDocument(QObject* parent) : QObject(parent) {}

std::vector<std::string> IdentificationDocument::logPaths() const {
  std::vector<std::string> paths;
  for (const LogSource& l : logs_) paths.push_back(l.path.toStdString());
  return paths;
}

IdentificationSettings IdentificationDocument::commonSettings() const {
  IdentificationSettings s;
  s.import = import_;
  s.preprocess = preprocessing_.preprocess;
  s.useLoggedDerivatives = preprocessing_.useLoggedDerivatives;
  s.regressor = estimation_.regressor;
  // The compared friction shape refines the Coulomb term: without it, plain viscous friction.
  if (!s.regressor.coulomb) s.regressor = s.regressor.withPlainFriction();
  if (!s.regressor.stribeck) s.regressor.stribeckVelocities.clear();
  s.estimation = estimation_.estimation;
  return s;
}

IdentificationSettings IdentificationDocument::settingsFor(int index) const {
  IdentificationSettings s = commonSettings();
  const LogSource& log = logs_.at(static_cast<size_t>(index));
  if (!log.isNamed()) {
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

}  // namespace eb::project
