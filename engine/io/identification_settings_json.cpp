#include "io/identification_settings_json.hpp"

#include "identification/identification_setting_specs.hpp"
#include "logs/time_base.hpp"
#include "util/input_error.hpp"

#include <nlohmann/json.hpp>

#include <cmath>

namespace eb {
// Named, not anonymous: unity batches put other readers' helpers of the same names beside these.
namespace settings_json {

using json = nlohmann::json;

// The field is the value's JSON path, shown as it is ("preprocessing.filter_order").
[[noreturn]] void settingFail(const std::string& path, const std::string& message) {
  Diagnostic d;
  d.field = path;
  d.fieldKind.clear();
  d.message = message;
  throw InputError(std::move(d));
}

// The value of `key` in the object `in` at `where`, or null when absent (`required`: an error).
const json* valueOf(const json& in, const std::string& where, const char* key, bool required = false) {
  if (!in.is_object()) settingFail(where, "not an object");
  const auto it = in.find(key);
  if (it == in.end()) {
    if (required) settingFail(where + "." + key, "missing");
    return nullptr;
  }
  return &*it;
}

void readBool(const json& in, const std::string& where, const char* key, bool& out, bool required = false) {
  const json* v = valueOf(in, where, key, required);
  if (!v) return;
  if (!v->is_boolean()) settingFail(where + "." + key, "not true or false");
  out = v->get<bool>();
}

double finiteNumber(const json& v, const std::string& path) {
  if (!v.is_number()) settingFail(path, "not a number");
  const double d = v.get<double>();
  if (!std::isfinite(d)) settingFail(path, "not a finite number");
  return d;
}

void readNumber(const json& in, const std::string& where, const char* key, double& out, bool required = false) {
  if (const json* v = valueOf(in, where, key, required)) out = finiteNumber(*v, where + "." + key);
}

// A declared setting: absent keeps `out`, else a number in the declaration's range.
void readSetting(const json& in, const std::string& where, const SettingSpec<double>& spec, double& out) {
  const json* v = valueOf(in, where, spec.key);
  if (!v) return;
  if (!v->is_number() || !std::isfinite(v->get<double>()) || !spec.contains(v->get<double>()))
    settingFail(where + "." + spec.key, "expected " + describeRange(spec));
  out = v->get<double>();
}

void readSetting(const json& in, const std::string& where, const SettingSpec<int>& spec, int& out) {
  const json* v = valueOf(in, where, spec.key);
  if (!v) return;
  const double d = v->is_number() ? v->get<double>() : NAN;
  if (!std::isfinite(d) || d != std::floor(d) || d < spec.minimum || d > spec.maximum)
    settingFail(where + "." + spec.key, "expected " + describeRange(spec));
  out = static_cast<int>(d);
}

// An array of numbers at `where`.`key` each passing `ok` (`what` says what they must be).
template <typename Ok>
void readNumbers(const json& in, const std::string& where, const char* key, std::vector<double>& out, Ok ok,
                 const char* what) {
  const json* v = valueOf(in, where, key);
  if (!v) return;
  const std::string path = where + "." + key;
  if (!v->is_array()) settingFail(path, "not an array");
  out.clear();
  for (std::size_t k = 0; k < v->size(); ++k) {
    const json& x = (*v)[k];
    if (!x.is_number() || !std::isfinite(x.get<double>()) || !ok(x.get<double>()))
      settingFail(path + "[" + std::to_string(k) + "]", what);
    out.push_back(x.get<double>());
  }
}

const char* differentiatorKey(Differentiator d) {
  return d == Differentiator::SavitzkyGolay ? "savitzky_golay" : "central_difference";
}

}  // namespace settings_json

using namespace settings_json;

void writeRegressorOptions(const RegressorOptions& r, json& out) {
  out["viscous"] = r.viscous;
  out["coulomb"] = r.coulomb;
  out["offset"] = r.offset;
  out["armature"] = r.armature;
  out["coulomb_width"] = r.coulombWidth;
  if (r.asymmetricCoulomb) out["asymmetric_coulomb"] = true;
  if (!r.coulombWidths.empty()) out["coulomb_widths"] = r.coulombWidths;
  if (r.stribeck) out["stribeck"] = true;
  if (!r.stribeckVelocities.empty()) out["stribeck_velocities"] = r.stribeckVelocities;
}

void readRegressorOptions(const json& in, const std::string& where, RegressorOptions& r, bool required) {
  readBool(in, where, "viscous", r.viscous, required);
  readBool(in, where, "coulomb", r.coulomb, required);
  readBool(in, where, "offset", r.offset, required);
  readBool(in, where, "armature", r.armature, required);
  readNumber(in, where, "coulomb_width", r.coulombWidth, required);
  readBool(in, where, "asymmetric_coulomb", r.asymmetricCoulomb);
  readBool(in, where, "stribeck", r.stribeck);
  const auto nonNegative = [](double x) { return x >= 0.0; };
  readNumbers(in, where, "coulomb_widths", r.coulombWidths, nonNegative, "not a number >= 0");
  readNumbers(in, where, "stribeck_velocities", r.stribeckVelocities, nonNegative, "not a number >= 0");
}

void writeImportOptions(const LogImportOptions& o, json& out) {
  out["torque_constants_nm_per_a"] = o.torqueConstants;
  if (!o.torqueSigns.empty()) out["torque_signs"] = o.torqueSigns;
  out["drop_bad_rows"] = o.dropBadRows;
  out[kGapStepsSpec.key] = o.gapSteps;
}

void readImportOptions(const json& in, const std::string& where, LogImportOptions& o) {
  readNumbers(in, where, "torque_constants_nm_per_a", o.torqueConstants, [](double k) { return k != 0.0; },
              "not a non-zero number");
  readNumbers(in, where, "torque_signs", o.torqueSigns, [](double s) { return s == 1.0 || s == -1.0; },
              "not 1 or -1");
  readBool(in, where, "drop_bad_rows", o.dropBadRows);
  readSetting(in, where, kGapStepsSpec, o.gapSteps);
}

void writePreprocessOptions(const PreprocessOptions& p, bool useLoggedDerivatives, json& out) {
  out[kCutoffSpec.key] = p.cutoffHz;
  out[kFilterOrderSpec.key] = p.filterOrder;
  out["differentiator"] = differentiatorKey(p.differentiator);
  out[kSavitzkyGolayWindowSpec.key] = p.savitzkyGolayWindow;
  out[kSavitzkyGolayOrderSpec.key] = p.savitzkyGolayOrder;
  out["use_logged_derivatives"] = useLoggedDerivatives;
  out["filter_torque"] = p.filterTorque;
  out["edge_trim_s"] = p.edgeTrimSeconds;
}

void readPreprocessOptions(const json& in, const std::string& where, PreprocessOptions& p,
                           bool& useLoggedDerivatives) {
  readSetting(in, where, kCutoffSpec, p.cutoffHz);
  readSetting(in, where, kFilterOrderSpec, p.filterOrder);
  if (const json* v = valueOf(in, where, "differentiator")) {
    const std::string name = v->is_string() ? v->get<std::string>() : v->dump();
    if (name != "central_difference" && name != "savitzky_golay")
      settingFail(where + ".differentiator", "'" + name + "' (central_difference, savitzky_golay)");
    p.differentiator = name == "savitzky_golay" ? Differentiator::SavitzkyGolay : Differentiator::CentralDifference;
  }
  int window = p.savitzkyGolayWindow;
  readSetting(in, where, kSavitzkyGolayWindowSpec, window);
  if (window % 2 == 0) settingFail(where + "." + kSavitzkyGolayWindowSpec.key, "must be odd");
  p.savitzkyGolayWindow = window;
  readSetting(in, where, kSavitzkyGolayOrderSpec, p.savitzkyGolayOrder);
  readBool(in, where, "use_logged_derivatives", useLoggedDerivatives);
  readBool(in, where, "filter_torque", p.filterTorque);
  readNumber(in, where, "edge_trim_s", p.edgeTrimSeconds);
}

void writeEstimationOptions(const EstimationOptions& e, json& out) {
  out["method"] = estimationMethodName(e.method);
  out[kRidgeLambdaSpec.key] = e.ridgeLambda;
}

void readEstimationOptions(const json& in, const std::string& where, EstimationOptions& e) {
  if (const json* v = valueOf(in, where, "method")) {
    if (!v->is_string()) settingFail(where + ".method", "not a string");
    try {
      e.method = parseEstimationMethod(v->get<std::string>());
    } catch (const InputError& x) {
      settingFail(where + ".method", x.diagnostic().message);
    }
  }
  readSetting(in, where, kRidgeLambdaSpec, e.ridgeLambda);
}

}  // namespace eb
