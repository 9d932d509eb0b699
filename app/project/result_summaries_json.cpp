#include "app/project/result_summaries_json.hpp"

#include "app/project/identification_json_support.hpp"

#include <QJsonArray>

#include <limits>

namespace eb::project {

using namespace document_json;

namespace {

std::vector<std::string> stringsFromJson(const QJsonValue& v) {
  std::vector<std::string> out;
  for (const QJsonValue& s : v.toArray()) out.push_back(s.toString().toStdString());
  return out;
}

QStringList stringsOf(const std::vector<std::string>& strings) {
  QStringList out;
  for (const std::string& s : strings) out << QString::fromStdString(s);
  return out;
}

// The consistent estimate's prior weight and links (same keys as params.json where it has them).
void consistentToJson(const ResultsSummary& r, QJsonObject& o) {
  o["prior_weight"] = jsonNumber(r.priorWeight);
  o["prior_weight_chosen"] = r.priorWeightChosen;
  o["held_out_samples"] = static_cast<double>(r.heldOutSamples);
  QJsonArray curve, links;
  for (const auto& [weight, score] : r.priorWeightCurve) curve.append(QJsonArray{jsonNumber(weight), jsonNumber(score)});
  for (const ReportLink& l : r.links) {
    QJsonObject link{{"link", QString::fromStdString(l.name)},
                     {"mass", jsonNumber(l.mass)},
                     {"plausible", l.plausible},
                     {"problems", QJsonArray::fromStringList(stringsOf(l.problems))},
                     {"notes", QJsonArray::fromStringList(stringsOf(l.notes))}};
    if (l.dataShare)
      link["data_share"] = QJsonObject{{"mass", jsonNumber((*l.dataShare)[0])},
                                       {"com", jsonNumber((*l.dataShare)[1])},
                                       {"inertia", jsonNumber((*l.dataShare)[2])}};
    links.append(link);
  }
  o["prior_weight_curve"] = curve;
  o["links"] = links;
}

void consistentFromJson(const QJsonObject& o, ResultsSummary& r) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  r.priorWeight = jsonNumberOr(o["prior_weight"], 0.0);
  r.priorWeightChosen = o["prior_weight_chosen"].toBool(false);
  r.heldOutSamples = static_cast<long>(o["held_out_samples"].toDouble(0));
  for (const QJsonValue& v : o["prior_weight_curve"].toArray())
    r.priorWeightCurve.emplace_back(jsonNumberOr(v.toArray()[0], nan), jsonNumberOr(v.toArray()[1], nan));
  for (const QJsonValue& v : o["links"].toArray()) {
    const QJsonObject lo = v.toObject();
    ReportLink l;
    l.name = lo["link"].toString().toStdString();
    l.mass = jsonNumberOr(lo["mass"], nan);
    l.plausible = lo["plausible"].toBool(false);
    l.problems = stringsFromJson(lo["problems"]);
    l.notes = stringsFromJson(lo["notes"]);
    if (lo.contains("data_share")) {
      const QJsonObject share = lo["data_share"].toObject();
      l.dataShare = std::array<double, 3>{jsonNumberOr(share["mass"], nan), jsonNumberOr(share["com"], nan),
                                          jsonNumberOr(share["inertia"], nan)};
    }
    r.links.push_back(std::move(l));
  }
}

}  // namespace

// The results summary ("results"): method, condition, base parameters, residuals per joint.
QJsonObject resultsToJson(const ResultsSummary& summary) {
  QJsonObject r;
  r["method"] = estimationMethodName(summary.method);
  r["condition"] = jsonNumber(summary.condition);
  r["samples"] = static_cast<double>(summary.samples);
  r["consistent"] = summary.consistent;
  QJsonArray params;
  for (const ParameterResult& p : summary.parameters)
    params.append(QJsonObject{{"name", p.name},
                              {"expression", p.expression},
                              {"value", jsonNumber(p.value)},
                              {"std", jsonNumber(p.stddev)},
                              {"rel_std_percent", jsonNumber(p.relativeStddev)}});
  r["base_parameters"] = params;
  QJsonArray joints;
  for (const JointResidual& j : summary.joints)
    joints.append(QJsonObject{{"joint", j.joint}, {"residual_rms", jsonNumber(j.residualRms)}, {"noise_std", jsonNumber(j.noiseStd)}});
  r["joints"] = joints;
  if (summary.consistent) consistentToJson(summary, r);
  return r;
}

// The validation summary ("validation"): the log and the prediction error per joint.
QJsonObject validationToJson(const ValidationSummary& summary, const QString& baseDir) {
  QJsonObject v;
  v["log"] = relativePath(summary.logPath, baseDir);
  v["samples"] = static_cast<double>(summary.samples);
  QJsonArray joints;
  for (const JointValidation& j : summary.joints)
    joints.append(QJsonObject{{"joint", j.joint},
                              {"rmse", jsonNumber(j.rmse)},
                              {"nrmse_percent", jsonNumber(j.nrmse)},
                              {"max_error", jsonNumber(j.maxError)},
                              {"measured_rms", jsonNumber(j.measuredRms)},
                              {"model_rmse", jsonNumber(j.modelRmse)},
                              {"model_nrmse_percent", jsonNumber(j.modelNrmse)}});
  v["joints"] = joints;
  return v;
}

std::optional<ResultsSummary> resultsFromJson(const QJsonObject& json) {
  if (!json.contains("results")) return std::nullopt;
  const double inf = std::numeric_limits<double>::infinity();
  const QJsonObject r = json["results"].toObject();
  ResultsSummary s;
  s.method = methodFromJson(r["method"].toString(), "results.method");
  s.condition = jsonNumberOr(r["condition"], inf);
  s.samples = static_cast<long>(r["samples"].toDouble(0));
  s.consistent = r["consistent"].toBool(false);
  for (const QJsonValue& v : r["base_parameters"].toArray()) {
    const QJsonObject o = v.toObject();
    s.parameters.push_back({o["name"].toString(), o["expression"].toString(), jsonNumberOr(o["value"], 0.0),
                            jsonNumberOr(o["std"], inf), jsonNumberOr(o["rel_std_percent"], inf)});
  }
  for (const QJsonValue& v : r["joints"].toArray()) {
    const QJsonObject o = v.toObject();
    s.joints.push_back({o["joint"].toString(), jsonNumberOr(o["residual_rms"], 0.0), jsonNumberOr(o["noise_std"], 0.0)});
  }
  if (s.consistent) consistentFromJson(r, s);
  return s;
}

std::optional<ValidationSummary> validationFromJson(const QJsonObject& json, const QString& baseDir) {
  if (!json.contains("validation")) return std::nullopt;
  const QJsonObject r = json["validation"].toObject();
  ValidationSummary s;
  s.logPath = absolutePath(r["log"].toString(), baseDir);
  s.samples = static_cast<long>(r["samples"].toDouble(0));
  for (const QJsonValue& v : r["joints"].toArray()) {
    const QJsonObject o = v.toObject();
    s.joints.push_back({o["joint"].toString(), jsonNumberOr(o["rmse"], 0.0), jsonNumberOr(o["nrmse_percent"], 0.0),
                        jsonNumberOr(o["max_error"], 0.0), jsonNumberOr(o["measured_rms"], 0.0),
                        jsonNumberOr(o["model_rmse"], 0.0), jsonNumberOr(o["model_nrmse_percent"], 0.0)});
  }
  return s;
}

}  // namespace eb::project
