// IdentificationDocument's JSON form (toJson / fromJson): format "excitebench-identification",
// version 1, one section per settings group, paths relative to a folder when one is given.
#include "app/wizard/controller/identification_document.hpp"
#include "app/wizard/controller/identification_json_support.hpp"
#include "app/wizard/controller/result_summaries_json.hpp"

#include "logs/log_mapping_file.hpp"
#include "util/input_error.hpp"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace eb::wizard {

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

const char* differentiatorKey(Differentiator d) {
  return d == Differentiator::SavitzkyGolay ? "savitzky_golay" : "central_difference";
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

// A declared setting's value at `where` + its key: the declaration's default when absent, an
// InputError naming the key and the allowed range when it is not a number in that range.
int checkedSetting(const QJsonObject& o, const SettingSpec<int>& spec, const char* where) {
  if (!o.contains(spec.key)) return spec.defaultValue;
  const QJsonValue v = o[spec.key];
  const double d = v.toDouble(std::numeric_limits<double>::quiet_NaN());
  if (!v.isDouble() || d != std::floor(d) || !spec.contains(static_cast<int>(std::clamp(d, -1e9, 1e9))))
    jsonFail(std::string(where) + spec.key, "expected " + describeRange(spec));
  return static_cast<int>(d);
}

double checkedSetting(const QJsonObject& o, const SettingSpec<double>& spec, const char* where) {
  if (!o.contains(spec.key)) return spec.defaultValue;
  const QJsonValue v = o[spec.key];
  if (!v.isDouble() || !std::isfinite(v.toDouble()) || !spec.contains(v.toDouble()))
    jsonFail(std::string(where) + spec.key, "expected " + describeRange(spec));
  return v.toDouble();
}

// Absent keys keep the section's defaults (the engine's, as IdentificationSettings sets them).
ImportSettings importFromJson(const QJsonObject& json) {
  ImportSettings imp;
  const QJsonObject im = json["import"].toObject();
  for (const QJsonValue& v : im["torque_constants_nm_per_a"].toArray()) {
    if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() == 0.0)
      jsonFail("import.torque_constants_nm_per_a", "not a non-zero number");
    imp.torqueConstants.push_back(v.toDouble());
  }
  for (const QJsonValue& v : im["torque_signs"].toArray()) {
    if (!v.isDouble() || (v.toDouble() != 1.0 && v.toDouble() != -1.0)) jsonFail("import.torque_signs", "not 1 or -1");
    imp.torqueSigns.push_back(v.toDouble());
  }
  imp.dropBadRows = im["drop_bad_rows"].toBool(imp.dropBadRows);
  imp.gapSteps = checkedSetting(im, kGapStepsSpec, "import.");
  return imp;
}

PreprocessingSettings preprocessingFromJson(const QJsonObject& json) {
  PreprocessingSettings pre;
  PreprocessOptions& o = pre.preprocess;
  const QJsonObject p = json["preprocessing"].toObject();
  o.cutoffHz = checkedSetting(p, kCutoffSpec, "preprocessing.");
  o.filterOrder = checkedSetting(p, kFilterOrderSpec, "preprocessing.");
  const QString diff = p["differentiator"].toString("central_difference");
  if (diff != "central_difference" && diff != "savitzky_golay")
    jsonFail("preprocessing.differentiator", "'" + diff.toStdString() + "' (central_difference, savitzky_golay)");
  o.differentiator = diff == "savitzky_golay" ? Differentiator::SavitzkyGolay : Differentiator::CentralDifference;
  o.savitzkyGolayWindow = checkedSetting(p, kSavitzkyGolayWindowSpec, "preprocessing.");
  if (o.savitzkyGolayWindow % 2 == 0) jsonFail("preprocessing.savitzky_golay_window", "must be odd");
  o.savitzkyGolayOrder = checkedSetting(p, kSavitzkyGolayOrderSpec, "preprocessing.");
  pre.useLoggedDerivatives = p["use_logged_derivatives"].toBool(pre.useLoggedDerivatives);
  o.filterTorque = p["filter_torque"].toBool(o.filterTorque);
  o.edgeTrimSeconds = p["edge_trim_s"].toDouble(o.edgeTrimSeconds);
  if (!std::isfinite(o.edgeTrimSeconds)) jsonFail("preprocessing.edge_trim_s", "not a number");
  return pre;
}

EstimationSettings estimationFromJson(const QJsonObject& json) {
  EstimationSettings est;
  RegressorOptions& r = est.regressor;
  const QJsonObject e = json["estimation"].toObject();
  est.estimation.method =
      methodFromJson(e["method"].toString(estimationMethodName(est.estimation.method)), "estimation.method");
  est.estimation.ridgeLambda = checkedSetting(e, kRidgeLambdaSpec, "estimation.");
  r.viscous = e["viscous"].toBool(r.viscous);
  r.coulomb = e["coulomb"].toBool(r.coulomb);
  r.offset = e["offset"].toBool(r.offset);
  r.armature = e["armature"].toBool(r.armature);
  r.coulombWidth = e["coulomb_width"].toDouble(r.coulombWidth);
  r.asymmetricCoulomb = e["asymmetric_coulomb"].toBool(r.asymmetricCoulomb);
  r.stribeck = e["stribeck"].toBool(r.stribeck);
  const auto numbers = [&e](const char* key) {
    std::vector<double> out;
    const QJsonArray a = e[key].toArray();
    for (int k = 0; k < a.size(); ++k) {
      if (!a[k].isDouble() || !std::isfinite(a[k].toDouble()) || a[k].toDouble() < 0.0)
        jsonFail(std::string("estimation.") + key + "[" + std::to_string(k) + "]", "not a number >= 0");
      out.push_back(a[k].toDouble());
    }
    return out;
  };
  r.coulombWidths = numbers("coulomb_widths");
  r.stribeckVelocities = numbers("stribeck_velocities");
  est.frictionModel = e["friction_model"].toString().toStdString();
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

  QJsonObject import;
  QJsonArray constants;
  for (double k : import_.torqueConstants) constants.append(k);
  import["torque_constants_nm_per_a"] = constants;
  if (!import_.torqueSigns.empty()) {
    QJsonArray signs;
    for (double k : import_.torqueSigns) signs.append(k);
    import["torque_signs"] = signs;
  }
  import["drop_bad_rows"] = import_.dropBadRows;
  import[kGapStepsSpec.key] = import_.gapSteps;
  root["import"] = import;

  const PreprocessOptions& p = preprocessing_.preprocess;
  QJsonObject pre;
  pre[kCutoffSpec.key] = p.cutoffHz;
  pre[kFilterOrderSpec.key] = p.filterOrder;
  pre["differentiator"] = differentiatorKey(p.differentiator);
  pre[kSavitzkyGolayWindowSpec.key] = p.savitzkyGolayWindow;
  pre[kSavitzkyGolayOrderSpec.key] = p.savitzkyGolayOrder;
  pre["use_logged_derivatives"] = preprocessing_.useLoggedDerivatives;
  pre["filter_torque"] = p.filterTorque;
  pre["edge_trim_s"] = p.edgeTrimSeconds;
  root["preprocessing"] = pre;

  const RegressorOptions& r = estimation_.regressor;
  QJsonObject est;
  est["method"] = estimationMethodName(estimation_.estimation.method);
  est[kRidgeLambdaSpec.key] = estimation_.estimation.ridgeLambda;
  est["viscous"] = r.viscous;
  est["coulomb"] = r.coulomb;
  est["offset"] = r.offset;
  est["armature"] = r.armature;
  est["coulomb_width"] = r.coulombWidth;
  // The richer friction shape, only when chosen (friction_comparison_view.hpp).
  const auto numbers = [](const std::vector<double>& v) {
    QJsonArray a;
    for (double x : v) a.append(x);
    return a;
  };
  if (r.asymmetricCoulomb) est["asymmetric_coulomb"] = true;
  if (r.stribeck) est["stribeck"] = true;
  if (!r.coulombWidths.empty()) est["coulomb_widths"] = numbers(r.coulombWidths);
  if (!r.stribeckVelocities.empty()) est["stribeck_velocities"] = numbers(r.stribeckVelocities);
  if (!estimation_.frictionModel.empty()) est["friction_model"] = QString::fromStdString(estimation_.frictionModel);
  root["estimation"] = est;

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

}  // namespace eb::wizard
