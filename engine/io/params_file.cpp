#include "io/params_file.hpp"

#include "io/atomic_file.hpp"
#include "io/identification_settings_json.hpp"
#include "io/json_text.hpp"
#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"
#include "util/bounded_read.hpp"

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <fstream>
#include <sstream>

namespace eb {
namespace {

using json = nlohmann::json;

std::vector<double> toStd(const Eigen::VectorXd& v) { return std::vector<double>(v.data(), v.data() + v.size()); }

json nonFinite(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

// Friction-like columns that are base parameters on their own, per joint.
json frictionTable(const IdentifiedParameters& p) {
  json rows = json::array();
  for (size_t j = 0; j < p.jointNames.size(); ++j) {
    json row{{"joint", p.jointNames[j]}};
    const std::string s = std::to_string(j + 1);
    for (const char* prefix : {"fv", "fc", "fcp", "fcn", "fs", "fo", "Ia"}) {
      const std::string col = prefix + s;
      for (size_t k = 0; k < p.columns.size(); ++k)
        if (p.columns[k] == col && p.expressions[k] == col) row[prefix] = p.values[static_cast<Eigen::Index>(k)];
    }
    if (row.size() > 1) rows.push_back(row);
  }
  return rows;
}

json toJson(const IdentifiedParameters& p, const RobotModel& model) {
  json j;
  j["format"] = "excitebench-params";
  j["version"] = 1;
  j["robot"] = p.robot;
  j["robot_name"] = p.robotName;
  j["dof"] = p.jointNames.size();
  j["joints"] = p.jointNames;
  j["method"] = p.method;
  j["regressor"] = json::object();
  writeRegressorOptions(p.options, j["regressor"]);
  json base = json::array();
  for (size_t k = 0; k < p.names.size(); ++k) {
    const Eigen::Index i = static_cast<Eigen::Index>(k);
    base.push_back({{"name", p.names[k]},
                    {"expression", p.expressions[k]},
                    {"column", p.columns[k]},
                    {"value", p.values[i]},
                    {"std", nonFinite(p.stddev[i])},
                    {"rel_std_percent", nonFinite(p.relativeStddev[i])}});
  }
  j["base_parameters"] = base;
  if (p.fullParameters) {
    json stdp = json::array();
    const bool shares = p.dataShare && p.dataShare->size() == p.fullParameters->size();
    for (size_t c = 0; c < p.columnNames.size(); ++c) {
      const Eigen::Index i = static_cast<Eigen::Index>(c);
      json entry{{"name", p.columnNames[c]}, {"value", (*p.fullParameters)[i]}};
      // Per parameter: what the simulator exports keep at the model's value (identified_dynamics.hpp).
      if (shares) entry["data_share"] = nonFinite((*p.dataShare)[i]);
      stdp.push_back(entry);
    }
    j["standard_parameters"] = stdp;
    json bodies = json::array();
    for (int b = 0; b < model.bodyCount(); ++b) {
      const Vector10d t = p.fullParameters->segment<10>(10 * b);
      const Eigen::Vector3d c = centreOfMass(t);
      const Eigen::Matrix3d I = inertiaAboutCom(t);
      json body{{"link", model.body(b).name},
                {"mass", t[0]},
                {"com", {c.x(), c.y(), c.z()}},
                {"inertia_com", {I(0, 0), I(0, 1), I(0, 2), I(1, 1), I(1, 2), I(2, 2)}}};
      if (static_cast<std::size_t>(b) < p.plausibility.size()) {
        const BodyPlausibility& v = p.plausibility[static_cast<std::size_t>(b)];
        body["plausible"] = v.plausible();
        body["problems"] = v.problems;
        if (!v.bounds.empty()) body["bounds"] = v.bounds;
        if (!v.notes.empty()) body["notes"] = v.notes;
      }
      if (p.dataShare && p.dataShare->size() >= 10 * (b + 1)) {
        const Eigen::VectorXd& share = *p.dataShare;
        double com = 0.0, inertia = 0.0;
        for (int k = 1; k < 4; ++k) com += share[10 * b + k] / 3.0;
        for (int k = 4; k < 10; ++k) inertia += share[10 * b + k] / 6.0;
        body["data_share"] = {{"mass", share[10 * b]}, {"com", com}, {"inertia", inertia}};
      }
      bodies.push_back(body);
    }
    j["bodies"] = bodies;
    j["prior_weight"] = p.priorWeight;
  }
  j["friction"] = frictionTable(p);
  j["residual_rms"] = toStd(p.residualRms);
  j["noise_std"] = toStd(p.noiseStd);
  j["condition"] = nonFinite(p.condition);
  j["samples"] = p.samples;
  j["sources"] = p.sources;
  // The report's details, only when recorded: a file without them is the file older readers know.
  if (!p.informationEigenvalues.empty()) {
    json eig = json::array();
    for (double v : p.informationEigenvalues) eig.push_back(nonFinite(v));
    j["information_eigenvalues"] = eig;
  }
  if (!p.logSummaries.empty()) j["log_summaries"] = p.logSummaries;
  if (!p.findings.empty()) j["findings"] = p.findings;
  if (!p.settings.empty()) {
    json settings = json::array();
    for (const auto& [name, value] : p.settings) settings.push_back({{"name", name}, {"value", value}});
    j["settings"] = settings;
  }
  if (!p.velocityRanges.empty()) {
    json ranges = json::array();
    for (const auto& [lo, hi] : p.velocityRanges) ranges.push_back({nonFinite(lo), nonFinite(hi)});
    j["velocity_range"] = ranges;
  }
  if (p.heldOut) {
    json nrmse = json::array(), description = json::array();
    for (double v : p.heldOut->nrmse) nrmse.push_back(nonFinite(v));
    for (double v : p.heldOut->descriptionNrmse) description.push_back(nonFinite(v));
    j["held_out"] = {{"source", p.heldOut->source},
                     {"samples", p.heldOut->samples},
                     {"nrmse_percent", nrmse},
                     {"description_nrmse_percent", description}};
  }
  return j;
}

void emitYaml(YAML::Emitter& out, const json& j) {
  if (j.is_object()) {
    out << YAML::BeginMap;
    for (auto it = j.begin(); it != j.end(); ++it) {
      out << YAML::Key << it.key() << YAML::Value;
      emitYaml(out, it.value());
    }
    out << YAML::EndMap;
  } else if (j.is_array()) {
    const bool flat = std::all_of(j.begin(), j.end(), [](const json& e) { return e.is_number(); });
    out << (flat ? YAML::Flow : YAML::Block) << YAML::BeginSeq;
    for (const json& e : j) emitYaml(out, e);
    out << YAML::EndSeq;
  } else if (j.is_string()) {
    out << j.get<std::string>();
  } else if (j.is_boolean()) {
    out << j.get<bool>();
  } else if (j.is_number_integer()) {
    out << j.get<long long>();
  } else if (j.is_number()) {
    out << j.get<double>();
  } else {
    out << YAML::Null;
  }
}

// A number or null (written for NaN and infinities) as a double; NaN for null.
double numberOrNull(const json& v, const std::string& path, const std::string& where) {
  if (v.is_null()) return std::numeric_limits<double>::quiet_NaN();
  if (!v.is_number()) throw inputErrorIn(path, where + ": not a number");
  return v.get<double>();
}

std::vector<double> numbersOrNull(const json& a, const std::string& path, const std::string& where) {
  if (!a.is_array()) throw inputErrorIn(path, where + ": not an array");
  std::vector<double> out;
  for (std::size_t k = 0; k < a.size(); ++k) out.push_back(numberOrNull(a[k], path, where + "[" + std::to_string(k) + "]"));
  return out;
}

// The optional keys the report reads (see params_file.hpp); absent keys leave the fields empty.
void readReportDetails(const json& j, const std::string& path, IdentifiedParameters& p) {
  if (j.contains("information_eigenvalues"))
    p.informationEigenvalues = numbersOrNull(j["information_eigenvalues"], path, "information_eigenvalues");
  if (j.contains("log_summaries")) p.logSummaries = j["log_summaries"].get<std::vector<std::string>>();
  if (j.contains("findings")) p.findings = j["findings"].get<std::vector<std::string>>();
  if (j.contains("settings")) {
    const json& settings = j["settings"];
    if (!settings.is_array()) throw inputErrorIn(path, "settings: not an array");
    for (std::size_t k = 0; k < settings.size(); ++k) {
      const json& e = settings[k];
      if (!e.is_object() || !e.contains("name") || !e.contains("value"))
        throw inputErrorIn(path, "settings[" + std::to_string(k) + "]: needs a name and a value");
      p.settings.emplace_back(e["name"].get<std::string>(), e["value"].get<std::string>());
    }
  }
  if (j.contains("velocity_range")) {
    const json& ranges = j["velocity_range"];
    if (!ranges.is_array()) throw inputErrorIn(path, "velocity_range: not an array");
    for (std::size_t k = 0; k < ranges.size(); ++k) {
      const std::string where = "velocity_range[" + std::to_string(k) + "]";
      const std::vector<double> pair = numbersOrNull(ranges[k], path, where);
      if (pair.size() != 2) throw inputErrorIn(path, where + ": not a [min, max] pair");
      p.velocityRanges.emplace_back(pair[0], pair[1]);
    }
  }
  if (j.contains("held_out")) {
    const json& h = j["held_out"];
    if (!h.is_object()) throw inputErrorIn(path, "held_out: not an object");
    IdentifiedParameters::HeldOutScores scores;
    scores.source = h.value("source", "");
    if (h.contains("samples") && h["samples"].is_number_integer()) scores.samples = h["samples"].get<long>();
    if (h.contains("nrmse_percent")) scores.nrmse = numbersOrNull(h["nrmse_percent"], path, "held_out.nrmse_percent");
    if (h.contains("description_nrmse_percent"))
      scores.descriptionNrmse = numbersOrNull(h["description_nrmse_percent"], path, "held_out.description_nrmse_percent");
    p.heldOut = scores;
  }
}

}  // namespace

IdentifiedParameters makeIdentifiedParameters(const std::string& robotSpec, const RobotModel& model,
                                              const BaseParameters& base, const BaseEstimate& e,
                                              const std::vector<std::string>& sources,
                                              const std::vector<BodyPlausibility>* plausibility) {
  IdentifiedParameters p;
  p.robot = robotSpec;
  p.robotName = model.name();
  for (const Joint& j : model.joints()) p.jointNames.push_back(j.name);
  p.method = estimationMethodName(e.method);
  p.options = base.options;
  for (int k = 0; k < base.rank; ++k) {
    p.names.push_back(base.name(k));
    p.expressions.push_back(base.expression(k, 17));
    p.columns.push_back(base.columnNames[static_cast<size_t>(base.independent[static_cast<size_t>(k)])]);
  }
  p.values = e.values;
  p.stddev = e.stddev;
  p.relativeStddev = e.relativeStddev;
  p.residualRms = e.residualRms;
  p.noiseStd = e.noiseStd;
  p.condition = e.condition;
  p.samples = e.samples;
  p.columnNames = base.columnNames;
  p.fullParameters = e.fullParameters;
  p.dataShare = e.dataShare;
  p.priorWeight = e.priorWeight;
  if (e.fullParameters)
    p.plausibility = plausibility && !plausibility->empty()
                         ? *plausibility
                         : checkPlausibility(model, *e.fullParameters, bodyGeometryBounds(model));
  p.sources = sources;
  return p;
}

std::string formatParamsJson(const IdentifiedParameters& p, const RobotModel& model) {
  // nlohmann writes doubles with the shortest exact representation.
  return toJson(p, model).dump(2) + "\n";
}

std::string formatParamsYaml(const IdentifiedParameters& p, const RobotModel& model) {
  YAML::Emitter out;
  out.SetDoublePrecision(17);
  emitYaml(out, toJson(p, model));
  return std::string(out.c_str()) + "\n";
}

void writeParamsFile(const std::string& path, const IdentifiedParameters& p, const RobotModel& model) {
  const bool yaml = path.size() > 5 && (path.substr(path.size() - 5) == ".yaml" || path.substr(path.size() - 4) == ".yml");
  writeFileAtomically(path, yaml ? formatParamsYaml(p, model) : formatParamsJson(p, model));
}

IdentifiedParameters readParamsJson(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw inputErrorIn(path, "cannot open the parameter file");
  // Parameter files are a few kB; a larger input is not one (and must not exhaust memory).
  constexpr size_t kMaxBytes = 64 * kMiB;
  const BoundedText text = readBoundedText(in, kMaxBytes, kMaxBytes);
  if (!text.ok())
    throw inputErrorIn(path, "file: larger than " + describeByteLimit(kMaxBytes) + " (not a parameter file?)");
  const json j = parseJsonText(text.text, path);
  auto field = [&](const json& obj, const std::string& key, const std::string& where) -> const json& {
    if (!obj.is_object() || !obj.contains(key)) throw inputErrorIn(path, where + key + ": missing");
    return obj.at(key);
  };
  auto number = [&](const json& v, const std::string& where) {
    if (!v.is_number()) throw inputErrorIn(path, where + ": not a number");
    const double d = v.get<double>();
    if (!std::isfinite(d)) throw inputErrorIn(path, where + ": not a finite number");
    return d;
  };
  if (!j.is_object() || !j.contains("format") || j["format"] != "excitebench-params")
    throw inputErrorIn(path, "format: not an excitebench-params file");
  IdentifiedParameters p;
  try {
    p.robot = field(j, "robot", "").get<std::string>();
    p.robotName = j.value("robot_name", "");
    p.jointNames = field(j, "joints", "").get<std::vector<std::string>>();
    p.method = field(j, "method", "").get<std::string>();
    try {
      readRegressorOptions(field(j, "regressor", ""), "regressor", p.options, true);
    } catch (const InputError& e) {
      throw inFile(e, path);
    }
    try {
      checkRegressorOptions(p.options, static_cast<int>(p.jointNames.size()));
    } catch (const std::invalid_argument& e) {
      throw inputErrorIn(path, std::string(e.what()));
    }
    const json& base = field(j, "base_parameters", "");
    if (!base.is_array() || base.empty()) throw inputErrorIn(path, "base_parameters: must be a non-empty array");
    const Eigen::Index r = static_cast<Eigen::Index>(base.size());
    p.values.resize(r);
    p.stddev = Eigen::VectorXd::Constant(r, std::numeric_limits<double>::quiet_NaN());
    p.relativeStddev = p.stddev;
    for (Eigen::Index k = 0; k < r; ++k) {
      const std::string where = "base_parameters[" + std::to_string(k) + "].";
      const json& e = base[static_cast<size_t>(k)];
      p.names.push_back(field(e, "name", where).get<std::string>());
      p.expressions.push_back(e.value("expression", ""));
      p.columns.push_back(field(e, "column", where).get<std::string>());
      p.values[k] = number(field(e, "value", where), where + "value");
      if (e.contains("std") && e["std"].is_number()) p.stddev[k] = e["std"].get<double>();
      if (e.contains("rel_std_percent") && e["rel_std_percent"].is_number())
        p.relativeStddev[k] = e["rel_std_percent"].get<double>();
    }
    if (j.contains("standard_parameters")) {
      const json& sp = j["standard_parameters"];
      Eigen::VectorXd full(static_cast<Eigen::Index>(sp.size())), share(static_cast<Eigen::Index>(sp.size()));
      bool shares = sp.size() > 0;
      for (size_t c = 0; c < sp.size(); ++c) {
        const std::string where = "standard_parameters[" + std::to_string(c) + "]";
        p.columnNames.push_back(field(sp[c], "name", where + ".").get<std::string>());
        full[static_cast<Eigen::Index>(c)] = number(field(sp[c], "value", where + "."), where + ".value");
        // Files written before data shares were kept per parameter have none: every parameter seen.
        if (sp[c].is_object() && sp[c].contains("data_share") && sp[c]["data_share"].is_number())
          share[static_cast<Eigen::Index>(c)] = number(sp[c]["data_share"], where + ".data_share");
        else
          shares = false;
      }
      p.fullParameters = full;
      if (shares) p.dataShare = share;
    }
    if (j.contains("residual_rms")) p.residualRms = Eigen::Map<const Eigen::VectorXd>(j["residual_rms"].get<std::vector<double>>().data(), static_cast<Eigen::Index>(j["residual_rms"].size()));
    if (j.contains("samples")) {
      const json& s = j["samples"];
      // An integer; a float must not reach a cast to long (undefined beyond its range).
      if (!s.is_number_integer() && !(s.is_number_float() && std::floor(s.get<double>()) == s.get<double>() &&
                                      std::abs(s.get<double>()) < 1e18))
        throw inputErrorIn(path, "samples: not an integer");
      p.samples = s.is_number_unsigned() ? static_cast<long>(std::min<json::number_unsigned_t>(
                                               s.get<json::number_unsigned_t>(), std::numeric_limits<long>::max()))
                                         : s.get<long>();
    }
    if (j.contains("sources")) p.sources = j["sources"].get<std::vector<std::string>>();
    readReportDetails(j, path, p);
  } catch (const json::exception& e) {
    throw inputErrorIn(path, "wrong type of a field (" + std::string(e.what()) + ")");
  }
  return p;
}

BaseParameters baseParametersFor(const RobotModel& model, const IdentifiedParameters& p, const std::string& path) {
  if (static_cast<int>(p.jointNames.size()) != model.dof()) {
    // Name the joints only one side has: a joint locked (held still) on one side only is the usual cause.
    std::string onlyRobot, onlyFile;
    for (const Joint& j : model.joints())
      if (std::find(p.jointNames.begin(), p.jointNames.end(), j.name) == p.jointNames.end())
        onlyRobot += (onlyRobot.empty() ? "" : ", ") + j.name;
    for (const std::string& name : p.jointNames)
      if (std::none_of(model.joints().begin(), model.joints().end(), [&](const Joint& j) { return j.name == name; }))
        onlyFile += (onlyFile.empty() ? "" : ", ") + name;
    std::string which;
    if (!onlyRobot.empty()) which += "; not in the file: " + onlyRobot;
    if (!onlyFile.empty()) which += "; not moving in the robot: " + onlyFile;
    throw inputErrorIn(path, "identified for " + std::to_string(p.jointNames.size()) + " joints, robot '" +
                                 model.name() + "' has " + std::to_string(model.dof()) + which +
                                 " (a joint locked when identifying must be locked here too)");
  }
  BaseParameters base = computeBaseParameters(model, p.options);
  bool same = base.rank == static_cast<int>(p.columns.size());
  for (int k = 0; same && k < base.rank; ++k)
    same = base.columnNames[static_cast<size_t>(base.independent[static_cast<size_t>(k)])] == p.columns[static_cast<size_t>(k)];
  if (!same)
    throw inputErrorIn(path, "base_parameters: do not match robot '" + model.name() + "' (" +
                                 std::to_string(base.rank) + " base parameters expected, the file has " +
                                 std::to_string(p.columns.size()) + "); identified for another robot?");
  // A consistent estimate carries every regressor parameter; callers index it by body.
  if (p.fullParameters && p.fullParameters->size() != base.columnCount)
    throw inputErrorIn(path, "standard_parameters: " + std::to_string(p.fullParameters->size()) + " entries, robot '" +
                                 model.name() + "' has " + std::to_string(base.columnCount) + " regressor parameters");
  return base;
}

}  // namespace eb
