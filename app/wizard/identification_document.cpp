#include "app/wizard/identification_document.hpp"

#include "logs/csv_table.hpp"
#include "model/model_error.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace eb::wizard {
namespace {

constexpr const char* kFormatName = "excitebench-identification";
constexpr int kFormatVersion = 1;

// Thrown while reading JSON; carries the JSON path of the bad field.
struct JsonError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

QString relativePath(const QString& path, const QString& baseDir) {
  if (baseDir.isEmpty() || path.isEmpty()) return path;
  return QDir(baseDir).relativeFilePath(path);
}

QString absolutePath(const QString& path, const QString& baseDir) {
  if (path.isEmpty() || QFileInfo(path).isAbsolute() || baseDir.isEmpty()) return path;
  return QDir::cleanPath(QDir(baseDir).absoluteFilePath(path));
}

// Infinite relative deviations (zero values) are written as null.
QJsonValue number(double v) { return std::isfinite(v) ? QJsonValue(v) : QJsonValue(); }
double numberOr(const QJsonValue& v, double fallback) { return v.isDouble() ? v.toDouble() : fallback; }

const char* timeUnitKey(TimeUnit u) { return timeUnitName(u); }
TimeUnit parseTimeUnit(const QString& s, const QString& where) {
  for (TimeUnit u : {TimeUnit::Seconds, TimeUnit::Milliseconds, TimeUnit::Microseconds, TimeUnit::Nanoseconds})
    if (s == QLatin1String(timeUnitName(u))) return u;
  throw JsonError((where + ": unknown time unit '" + s + "' (s, ms, us, ns)").toStdString());
}

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
  throw JsonError((where + ": unknown delimiter '" + s + "' (',', ';', '|', tab, blanks)").toStdString());
}

QJsonObject mappingToJson(const LogColumnMapping& m) {
  QJsonObject o;
  o["time_column"] = QString::fromStdString(m.timeColumn);
  o["time_unit"] = timeUnitKey(m.timeUnit);
  o["sample_rate_hz"] = m.sampleRateHz;
  o["position_unit"] = m.positionUnit == PositionUnit::Degree ? "deg" : "rad";
  QJsonArray joints;
  for (const JointColumns& j : m.joints) {
    QJsonObject jo;
    jo["name"] = QString::fromStdString(j.name);
    jo["q"] = QString::fromStdString(j.q);
    jo["qd"] = QString::fromStdString(j.qd);
    jo["qdd"] = QString::fromStdString(j.qdd);
    jo["tau"] = QString::fromStdString(j.tau);
    jo["torque_scale"] = j.torqueScale;
    joints.append(jo);
  }
  o["joints"] = joints;
  return o;
}

LogColumnMapping mappingFromJson(const QJsonObject& o, const QString& where) {
  LogColumnMapping m;
  m.timeColumn = o["time_column"].toString().toStdString();
  m.timeUnit = parseTimeUnit(o["time_unit"].toString("s"), where + ".time_unit");
  m.sampleRateHz = o["sample_rate_hz"].toDouble(0.0);
  const QString unit = o["position_unit"].toString("rad");
  if (unit != "rad" && unit != "deg") throw JsonError((where + ".position_unit: '" + unit + "' (rad, deg)").toStdString());
  m.positionUnit = unit == "deg" ? PositionUnit::Degree : PositionUnit::Radian;
  const QJsonArray joints = o["joints"].toArray();
  for (const QJsonValue& v : joints) {
    const QJsonObject jo = v.toObject();
    JointColumns j;
    j.name = jo["name"].toString().toStdString();
    j.q = jo["q"].toString().toStdString();
    j.qd = jo["qd"].toString().toStdString();
    j.qdd = jo["qdd"].toString().toStdString();
    j.tau = jo["tau"].toString().toStdString();
    j.torqueScale = jo["torque_scale"].toDouble(1.0);
    m.joints.push_back(j);
  }
  return m;
}

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

QStringList stringsFromJson(const QJsonValue& v) {
  QStringList out;
  for (const QJsonValue& s : v.toArray()) out << s.toString();
  return out;
}

// The consistent estimate's prior weight and links (same keys as params.json where it has them).
void consistentToJson(const ResultsSummary& r, QJsonObject& o) {
  o["prior_weight"] = number(r.priorWeight);
  o["prior_weight_chosen"] = r.priorWeightChosen;
  o["held_out_samples"] = static_cast<double>(r.heldOutSamples);
  QJsonArray curve, links;
  for (const auto& [weight, score] : r.priorWeightCurve) curve.append(QJsonArray{number(weight), number(score)});
  for (const LinkResult& l : r.links)
    links.append(QJsonObject{{"link", l.link},
                             {"mass", number(l.mass)},
                             {"plausible", l.plausible},
                             {"problems", QJsonArray::fromStringList(l.problems)},
                             {"notes", QJsonArray::fromStringList(l.notes)},
                             {"data_share", QJsonObject{{"mass", number(l.massShare)},
                                                        {"com", number(l.comShare)},
                                                        {"inertia", number(l.inertiaShare)}}}});
  o["prior_weight_curve"] = curve;
  o["links"] = links;
}

void consistentFromJson(const QJsonObject& o, ResultsSummary& r) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  r.priorWeight = numberOr(o["prior_weight"], 0.0);
  r.priorWeightChosen = o["prior_weight_chosen"].toBool(false);
  r.heldOutSamples = static_cast<long>(o["held_out_samples"].toDouble(0));
  for (const QJsonValue& v : o["prior_weight_curve"].toArray())
    r.priorWeightCurve.emplace_back(numberOr(v.toArray()[0], nan), numberOr(v.toArray()[1], nan));
  for (const QJsonValue& v : o["links"].toArray()) {
    const QJsonObject lo = v.toObject(), share = lo["data_share"].toObject();
    LinkResult l;
    l.link = lo["link"].toString();
    l.mass = numberOr(lo["mass"], nan);
    l.plausible = lo["plausible"].toBool(false);
    l.problems = stringsFromJson(lo["problems"]);
    l.notes = stringsFromJson(lo["notes"]);
    l.massShare = numberOr(share["mass"], nan);
    l.comShare = numberOr(share["com"], nan);
    l.inertiaShare = numberOr(share["inertia"], nan);
    r.links.push_back(l);
  }
}

const char* differentiatorKey(Differentiator d) {
  return d == Differentiator::SavitzkyGolay ? "savitzky_golay" : "central_difference";
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
         offset == o.offset && armature == o.armature && coulombWidth == o.coulombWidth;
}

std::optional<CsvFormat> effectiveCsvFormat(const LogSource& log) {
  if (log.isMat() || !log.hasFormatOverride()) return std::nullopt;
  QFile file(log.path);
  if (!file.open(QIODevice::ReadOnly)) throw InputError(log.path.toStdString() + ": cannot open");
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
  emit logsChanged();
  emit importChanged();
  emit preprocessingChanged();
  emit estimationChanged();
  emit validationLogChanged();
  emit resultsChanged();
  emit validationChanged();
  emit changed();
}

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
  import["drop_bad_rows"] = import_.dropBadRows;
  import["gap_steps"] = import_.gapSteps;
  root["import"] = import;

  QJsonObject pre;
  pre["cutoff_hz"] = preprocessing_.cutoffHz;
  pre["filter_order"] = preprocessing_.filterOrder;
  pre["differentiator"] = differentiatorKey(preprocessing_.differentiator);
  pre["savitzky_golay_window"] = preprocessing_.savitzkyGolayWindow;
  pre["savitzky_golay_order"] = preprocessing_.savitzkyGolayOrder;
  pre["use_logged_derivatives"] = preprocessing_.useLoggedDerivatives;
  pre["filter_torque"] = preprocessing_.filterTorque;
  pre["edge_trim_s"] = preprocessing_.edgeTrimSeconds;
  root["preprocessing"] = pre;

  QJsonObject est;
  est["method"] = estimationMethodName(estimation_.method);
  est["ridge_lambda"] = estimation_.ridgeLambda;
  est["viscous"] = estimation_.viscous;
  est["coulomb"] = estimation_.coulomb;
  est["offset"] = estimation_.offset;
  est["armature"] = estimation_.armature;
  est["coulomb_width"] = estimation_.coulombWidth;
  root["estimation"] = est;

  if (!validationLog_.isEmpty()) root["validation_log"] = relativePath(validationLog_, baseDir);

  if (results_) {
    QJsonObject r;
    r["method"] = estimationMethodName(results_->method);
    r["condition"] = number(results_->condition);
    r["samples"] = static_cast<double>(results_->samples);
    r["consistent"] = results_->consistent;
    QJsonArray params;
    for (const ParameterResult& p : results_->parameters)
      params.append(QJsonObject{{"name", p.name},
                                {"expression", p.expression},
                                {"value", number(p.value)},
                                {"std", number(p.stddev)},
                                {"rel_std_percent", number(p.relativeStddev)}});
    r["base_parameters"] = params;
    QJsonArray joints;
    for (const JointResidual& j : results_->joints)
      joints.append(QJsonObject{{"joint", j.joint}, {"residual_rms", number(j.residualRms)}, {"noise_std", number(j.noiseStd)}});
    r["joints"] = joints;
    if (results_->consistent) consistentToJson(*results_, r);
    root["results"] = r;
  }
  if (validation_) {
    QJsonObject v;
    v["log"] = relativePath(validation_->logPath, baseDir);
    v["samples"] = static_cast<double>(validation_->samples);
    QJsonArray joints;
    for (const JointValidation& j : validation_->joints)
      joints.append(QJsonObject{{"joint", j.joint},
                                {"rmse", number(j.rmse)},
                                {"nrmse_percent", number(j.nrmse)},
                                {"max_error", number(j.maxError)},
                                {"measured_rms", number(j.measuredRms)},
                                {"model_rmse", number(j.modelRmse)},
                                {"model_nrmse_percent", number(j.modelNrmse)}});
    v["joints"] = joints;
    root["validation"] = v;
  }
  return root;
}

bool IdentificationDocument::fromJson(const QJsonObject& json, const QString& baseDir, QString* error) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<LogSource> logs;
  ImportSettings imp;
  PreprocessingSettings pre;
  EstimationSettings est;
  QString validationLog;
  std::optional<ResultsSummary> results;
  std::optional<ValidationSummary> validation;
  try {
    if (json["format"].toString() != kFormatName)
      throw JsonError("identification: format: expected \"" + std::string(kFormatName) + "\"");
    if (json["version"].toInt(0) != kFormatVersion)
      throw JsonError("identification: version: " + std::to_string(json["version"].toInt(0)) + " is not supported (1)");
    const QJsonArray logArray = json["logs"].toArray();
    for (int i = 0; i < logArray.size(); ++i) {
      const QString where = QString("identification: logs[%1]").arg(i);
      const QJsonObject o = logArray[i].toObject();
      LogSource l;
      l.path = absolutePath(o["path"].toString(), baseDir);
      if (l.path.isEmpty()) throw JsonError((where + ".path: missing").toStdString());
      const QJsonObject format = o["format"].toObject();
      if (format.contains("delimiter")) l.delimiter = parseDelimiter(format["delimiter"].toString(), where + ".format.delimiter");
      if (format.contains("decimal")) {
        const QString d = format["decimal"].toString();
        if (d != "." && d != ",") throw JsonError((where + ".format.decimal: '" + d + "' ('.' or ',')").toStdString());
        l.decimal = d[0].toLatin1();
      }
      if (format.contains("header")) l.header = format["header"].toBool();
      if (o.contains("mapping")) l.mapping = mappingFromJson(o["mapping"].toObject(), where + ".mapping");
      l.mappingEdited = o["mapping_edited"].toBool(false);
      logs.push_back(l);
    }
    const QJsonObject im = json["import"].toObject();
    for (const QJsonValue& v : im["torque_constants_nm_per_a"].toArray()) {
      if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() == 0.0)
        throw JsonError("identification: import.torque_constants_nm_per_a: not a non-zero number");
      imp.torqueConstants.push_back(v.toDouble());
    }
    imp.dropBadRows = im["drop_bad_rows"].toBool(false);
    imp.gapSteps = im["gap_steps"].toDouble(kDefaultGapSteps);
    if (!(imp.gapSteps > 1.0) || !std::isfinite(imp.gapSteps))
      throw JsonError("identification: import.gap_steps: must be more than 1");
    const QJsonObject p = json["preprocessing"].toObject();
    pre.cutoffHz = p["cutoff_hz"].toDouble(0.0);
    pre.filterOrder = p["filter_order"].toInt(PreprocessingSettings{}.filterOrder);
    const QString diff = p["differentiator"].toString("central_difference");
    if (diff != "central_difference" && diff != "savitzky_golay")
      throw JsonError("identification: preprocessing.differentiator: '" + diff.toStdString() +
                      "' (central_difference, savitzky_golay)");
    pre.differentiator = diff == "savitzky_golay" ? Differentiator::SavitzkyGolay : Differentiator::CentralDifference;
    pre.savitzkyGolayWindow = p["savitzky_golay_window"].toInt(21);
    pre.savitzkyGolayOrder = p["savitzky_golay_order"].toInt(3);
    pre.useLoggedDerivatives = p["use_logged_derivatives"].toBool(false);
    pre.filterTorque = p["filter_torque"].toBool(PreprocessingSettings{}.filterTorque);
    pre.edgeTrimSeconds = p["edge_trim_s"].toDouble(PreprocessingSettings{}.edgeTrimSeconds);
    if (!std::isfinite(pre.edgeTrimSeconds))
      throw JsonError("identification: preprocessing.edge_trim_s: not a number");

    const QJsonObject e = json["estimation"].toObject();
    try {
      est.method = parseEstimationMethod(
          e["method"].toString(QString::fromUtf8(estimationMethodName(EstimationSettings{}.method))).toStdString());
    } catch (const std::invalid_argument& x) {
      throw JsonError(std::string("identification: estimation.method: ") + x.what());
    }
    est.ridgeLambda = e["ridge_lambda"].toDouble(1e-4);
    est.viscous = e["viscous"].toBool(true);
    est.coulomb = e["coulomb"].toBool(true);
    est.offset = e["offset"].toBool(false);
    est.armature = e["armature"].toBool(false);
    est.coulombWidth = e["coulomb_width"].toDouble(0.0);

    validationLog = absolutePath(json["validation_log"].toString(), baseDir);

    if (json.contains("results")) {
      const QJsonObject r = json["results"].toObject();
      ResultsSummary s;
      try {
        s.method = parseEstimationMethod(r["method"].toString().toStdString());
      } catch (const std::invalid_argument& x) {
        throw JsonError(std::string("identification: results.method: ") + x.what());
      }
      s.condition = numberOr(r["condition"], inf);
      s.samples = static_cast<long>(r["samples"].toDouble(0));
      s.consistent = r["consistent"].toBool(false);
      for (const QJsonValue& v : r["base_parameters"].toArray()) {
        const QJsonObject o = v.toObject();
        s.parameters.push_back({o["name"].toString(), o["expression"].toString(), numberOr(o["value"], 0.0),
                                numberOr(o["std"], inf), numberOr(o["rel_std_percent"], inf)});
      }
      for (const QJsonValue& v : r["joints"].toArray()) {
        const QJsonObject o = v.toObject();
        s.joints.push_back({o["joint"].toString(), numberOr(o["residual_rms"], 0.0), numberOr(o["noise_std"], 0.0)});
      }
      if (s.consistent) consistentFromJson(r, s);
      results = s;
    }
    if (json.contains("validation")) {
      const QJsonObject r = json["validation"].toObject();
      ValidationSummary s;
      s.logPath = absolutePath(r["log"].toString(), baseDir);
      s.samples = static_cast<long>(r["samples"].toDouble(0));
      for (const QJsonValue& v : r["joints"].toArray()) {
        const QJsonObject o = v.toObject();
        s.joints.push_back({o["joint"].toString(), numberOr(o["rmse"], 0.0), numberOr(o["nrmse_percent"], 0.0),
                            numberOr(o["max_error"], 0.0), numberOr(o["measured_rms"], 0.0),
                            numberOr(o["model_rmse"], 0.0), numberOr(o["model_nrmse_percent"], 0.0)});
      }
      validation = s;
    }
  } catch (const JsonError& x) {
    if (error) *error = QString::fromStdString(x.what());
    return false;
  }
  logs_ = std::move(logs);
  import_ = imp;
  preprocessing_ = pre;
  estimation_ = est;
  validationLog_ = validationLog;
  results_ = std::move(results);
  validation_ = std::move(validation);
  emit logsChanged();
  emit importChanged();
  emit preprocessingChanged();
  emit estimationChanged();
  emit validationLogChanged();
  emit resultsChanged();
  emit validationChanged();
  emit changed();
  return true;
}

}  // namespace eb::wizard
