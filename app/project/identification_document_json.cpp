// IdentificationDocument's JSON form (toJson / fromJson): format "excitebench-identification",
// version 1, one section per settings group, paths relative to a folder when one is given.
#include "app/project/identification_document.hpp"
#include "app/project/identification_json_support.hpp"
#include "app/project/result_summaries_json.hpp"

#include "io/identification_settings_json.hpp"
#include "logs/log_mapping_file.hpp"
#include "util/input_error.hpp"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace eb::project {

using namespace document_json;

namespace {

constexpr const char* kFormatName = "excitebench-identification";
constexpr int kFormatVersion = 1;

QString delimiterKey(char c) {
  switch (c) {
    case '\t': return QStringLiteral("tab");
    case ' ': return QStringLiteral("blanks");
    default: return QString(QChar(c));
  }
}
char parseDelimiter(const QString& s, const QString& where) {
  if (s == QLatin1String("tab")) return '\t';
  if (s == QLatin1String("blanks")) return ' ';
  if (s == QLatin1String(",") || s == QLatin1String(";") || s == QLatin1String("|")) return s[0].toLatin1();
  jsonFail(where.toStdString(), ("unknown delimiter '" + s + "' (',', ';', '|', tab, blanks)").toStdString());
}

// The engine's codec of a mapping (log_mapping_file.hpp), the same object a mapping file holds.
QJsonObject mappingToJson(const LogColumnMapping& m) {
  return QJsonDocument::fromJson(QByteArray::fromStdString(formatLogColumnMappingJson(m))).object();
}

LogColumnMapping mappingFromJson(const QJsonObject& o, const QString& where) {
  try {
    return parseLogColumnMappingJson(QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString());
  } catch (const std::invalid_argument& e) {
    // "joints/2/torque_scale: not a number" -> field "<where>.joints[2].torque_scale", "not a number"
    const QString what = QString::fromUtf8(e.what());
    const int colon = what.indexOf(QLatin1String(": "));
    QString path = what.left(std::max(colon, 0));
    path.replace(QRegularExpression("/(\\d+)(/|$)"), "[\\1].");
    if (path.endsWith('.')) path.chop(1);
    jsonFail((path.isEmpty() ? where : where + "." + path).toStdString(),
             (colon < 0 ? what : what.mid(colon + 2)).toStdString());
  }
}

// ---- reading: one step per section, each throwing InputError with the JSON path ----

void checkFormat(const QJsonObject& json) {
  if (json["format"].toString() != kFormatName)
    jsonFail("format", "expected \"" + std::string(kFormatName) + "\" (not an identification document)");
  if (json["version"].toInt(0) != kFormatVersion)
    jsonFail("version", std::to_string(json["version"].toInt(0)) + " is not supported (1)");
}

LogSource logFromJson(const QJsonObject& o, const QString& where, const QString& baseDir) {
  LogSource l;
  l.path = absolutePath(o["path"].toString(), baseDir);
  if (l.path.isEmpty()) jsonFail((where + ".path").toStdString(), "missing");
  const QJsonObject format = o["format"].toObject();
  if (format.contains("delimiter")) l.delimiter = parseDelimiter(format["delimiter"].toString(), where + ".format.delimiter");
  if (format.contains("decimal")) {
    const QString d = format["decimal"].toString();
    if (d != "." && d != ",")
      jsonFail((where + ".format.decimal").toStdString(), ("'" + d + "' ('.' or ',')").toStdString());
    l.decimal = d[0].toLatin1();
  }
  if (format.contains("header")) l.header = format["header"].toBool();
  if (o.contains("mapping")) l.mapping = mappingFromJson(o["mapping"].toObject(), where + ".mapping");
  l.mappingEdited = o["mapping_edited"].toBool(false);
  return l;
}

std::vector<LogSource> logsFromJson(const QJsonObject& json, const QString& baseDir) {
  std::vector<LogSource> logs;
  const QJsonArray logArray = json["logs"].toArray();
  for (int i = 0; i < logArray.size(); ++i)
    logs.push_back(logFromJson(logArray[i].toObject(), QString("logs[%1]").arg(i), baseDir));
  return logs;
}

// A settings section through the engine's codec (io/identification_settings_json.hpp), the one
// params.json's regressor object uses: absent keys keep the engine's defaults.
nlohmann::json sectionOf(const QJsonObject& json, const char* key) {
  return nlohmann::json::parse(QJsonDocument(json[key].toObject()).toJson(QJsonDocument::Compact).toStdString());
}

QJsonObject sectionJson(const nlohmann::json& section) {
  return QJsonDocument::fromJson(QByteArray::fromStdString(section.dump())).object();
}

ImportSettings importFromJson(const QJsonObject& json) {
  ImportSettings imp;
  readImportOptions(sectionOf(json, "import"), "import", imp);
  return imp;
}

PreprocessingSettings preprocessingFromJson(const QJsonObject& json) {
  PreprocessingSettings pre;
  readPreprocessOptions(sectionOf(json, "preprocessing"), "preprocessing", pre.preprocess, pre.useLoggedDerivatives);
  return pre;
}

EstimationSettings estimationFromJson(const QJsonObject& json) {
  EstimationSettings est;
  const nlohmann::json e = sectionOf(json, "estimation");
  readEstimationOptions(e, "estimation", est.estimation);
  readRegressorOptions(e, "estimation", est.regressor);
  if (e.contains("friction_model") && !e["friction_model"].is_string()) jsonFail("estimation.friction_model", "not a string");
  est.frictionModel = e.value("friction_model", "");
  return est;
}

}  // namespace

QJsonObject IdentificationDocument::toJson(const QString& baseDir) const {
  QJsonObject root;
  root["format"] = kFormatName;
  root["version"] = kFormatVersion;

  QJsonArray logs;
  for (const LogSource& l : logs_) {
    QJsonObject o;
    o["path"] = relativePath(l.path, baseDir);
    QJsonObject format;
    if (l.delimiter) format["delimiter"] = delimiterKey(*l.delimiter);
    if (l.decimal) format["decimal"] = QString(QChar(*l.decimal));
    if (l.header) format["header"] = *l.header;
    if (!format.isEmpty()) o["format"] = format;
    if (!l.mapping.joints.empty()) o["mapping"] = mappingToJson(l.mapping);
    o["mapping_edited"] = l.mappingEdited;
    logs.append(o);
  }
  root["logs"] = logs;

  nlohmann::json import = nlohmann::json::object(), pre = nlohmann::json::object(), est = nlohmann::json::object();
  writeImportOptions(import_, import);
  writePreprocessOptions(preprocessing_.preprocess, preprocessing_.useLoggedDerivatives, pre);
  writeEstimationOptions(estimation_.estimation, est);
  // The richer friction shape only when chosen (friction_comparison_view.hpp), with its model's name.
  writeRegressorOptions(estimation_.regressor, est);
  if (!estimation_.frictionModel.empty()) est["friction_model"] = estimation_.frictionModel;
  root["import"] = sectionJson(import);
  root["preprocessing"] = sectionJson(pre);
  root["estimation"] = sectionJson(est);

  if (!validationLog_.isEmpty()) root["validation_log"] = relativePath(validationLog_, baseDir);

  if (results_) root["results"] = resultsToJson(*results_);
  if (validation_) root["validation"] = validationToJson(*validation_, baseDir);
  return root;
}

void IdentificationDocument::readJson(const QJsonObject& json, const QString& baseDir, const QString& file,
                                      const QString& objectPath) {
  // Every section is read before anything is replaced: a bad file leaves the document as it was.
  std::vector<LogSource> logs;
  ImportSettings imp;
  PreprocessingSettings pre;
  EstimationSettings est;
  std::optional<ResultsSummary> results;
  std::optional<ValidationSummary> validation;
  try {
    checkFormat(json);
    logs = logsFromJson(json, baseDir);
    imp = importFromJson(json);
    pre = preprocessingFromJson(json);
    est = estimationFromJson(json);
    results = resultsFromJson(json);
    validation = validationFromJson(json, baseDir);
  } catch (const InputError& x) {
    // The sections name paths in this object: here they become paths in the file.
    Diagnostic d = x.diagnostic();
    d.file = file.toStdString();
    if (!objectPath.isEmpty()) d.field = objectPath.toStdString() + (d.field.empty() ? "" : "." + d.field);
    throw InputError(std::move(d));
  }
  logs_ = std::move(logs);
  import_ = imp;
  preprocessing_ = pre;
  estimation_ = est;
  validationLog_ = absolutePath(json["validation_log"].toString(), baseDir);
  results_ = std::move(results);
  validation_ = std::move(validation);
  emitEverythingChanged();
}

bool IdentificationDocument::fromJson(const QJsonObject& json, const QString& baseDir, QString* error) {
  try {
    readJson(json, baseDir);
  } catch (const InputError& x) {
    if (error) *error = QString::fromUtf8(x.what());
    return false;
  }
  return true;
}

}  // namespace eb::project
