#include "logs/log_mapping_file.hpp"

#include "io/atomic_file.hpp"
#include "io/json_text.hpp"
#include "util/input_error.hpp"
#include "util/bounded_read.hpp"

#include <cmath>
#include <stdexcept>
#include <fstream>

namespace eb {

namespace {

using json = nlohmann::json;
constexpr const char* kMappingFormat = "excitebench-log-mapping";
constexpr std::size_t kMaxBytes = 4 * kMiB;  // a mapping of 10000 joints is about 1 MB

std::string delimiterKey(char c) { return c == '\t' ? "tab" : c == ' ' ? "blanks" : std::string(1, c); }

// The "mapping" object (the one codec of a column mapping: mapping files and the wizard's
// session files both use it).
json mappingJson(const LogColumnMapping& m) {
  json joints = json::array();
  for (const JointColumns& jc : m.joints)
    joints.push_back({{"name", jc.name},
                      {"q", jc.q},
                      {"qd", jc.qd},
                      {"qdd", jc.qdd},
                      {"tau", jc.tau},
                      {"torque_scale", jc.torqueScale}});
  return {{"time_column", m.timeColumn},
          {"time_unit", timeUnitName(m.timeUnit)},
          {"sample_rate_hz", m.sampleRateHz},
          {"position_unit", m.positionUnit == PositionUnit::Degree ? "deg" : "rad"},
          {"joints", joints}};
}

// Field readers of the mapping files' JSON; a bad field throws std::invalid_argument
// "<key path>: <what>" (readLogMappingFile names the file).
[[noreturn]] void mappingJsonFail(const std::string& where, const std::string& what) {
  throw std::invalid_argument(where + ": " + what);
}

std::string mappingJsonString(const json& obj, const char* key, const std::string& where, const std::string& fallback) {
  if (!obj.contains(key)) return fallback;
  if (!obj.at(key).is_string()) mappingJsonFail(where + key, "not a string");
  return obj.at(key).get<std::string>();
}

double mappingJsonNumber(const json& v, const std::string& where) {
  if (!v.is_number()) mappingJsonFail(where, "not a number");
  const double d = v.get<double>();
  if (!std::isfinite(d)) mappingJsonFail(where, "not a finite number");
  return d;
}

// Reads a "mapping" object; key paths in errors relative to the object, '/'-separated.
LogColumnMapping mappingFromJson(const json& o) {
  if (!o.is_object()) mappingJsonFail("", "not an object");
  LogColumnMapping m;
  m.timeColumn = mappingJsonString(o, "time_column", "", "");
  const std::string unit = mappingJsonString(o, "time_unit", "", "s");
  bool known = false;
  for (TimeUnit u : {TimeUnit::Seconds, TimeUnit::Milliseconds, TimeUnit::Microseconds, TimeUnit::Nanoseconds})
    if (unit == timeUnitName(u)) {
      m.timeUnit = u;
      known = true;
    }
  if (!known) mappingJsonFail("time_unit", "'" + unit + "' (s, ms, us, ns)");
  if (o.contains("sample_rate_hz")) m.sampleRateHz = mappingJsonNumber(o.at("sample_rate_hz"), "sample_rate_hz");
  const std::string position = mappingJsonString(o, "position_unit", "", "rad");
  if (position != "rad" && position != "deg") mappingJsonFail("position_unit", "'" + position + "' (rad, deg)");
  m.positionUnit = position == "deg" ? PositionUnit::Degree : PositionUnit::Radian;
  if (!o.contains("joints") || !o.at("joints").is_array()) mappingJsonFail("joints", "missing or not an array");
  const json& joints = o.at("joints");
  for (std::size_t k = 0; k < joints.size(); ++k) {
    const std::string where = "joints/" + std::to_string(k) + "/";
    const json& jo = joints[k];
    if (!jo.is_object()) mappingJsonFail(where, "not an object");
    JointColumns jc;
    jc.name = mappingJsonString(jo, "name", where, "joint" + std::to_string(k + 1));
    jc.q = mappingJsonString(jo, "q", where, "");
    jc.qd = mappingJsonString(jo, "qd", where, "");
    jc.qdd = mappingJsonString(jo, "qdd", where, "");
    jc.tau = mappingJsonString(jo, "tau", where, "");
    if (jo.contains("torque_scale")) jc.torqueScale = mappingJsonNumber(jo.at("torque_scale"), where + "torque_scale");
    m.joints.push_back(jc);
  }
  return m;
}

}  // namespace

std::string formatLogColumnMappingJson(const LogColumnMapping& mapping) { return mappingJson(mapping).dump(); }

LogColumnMapping parseLogColumnMappingJson(const std::string& text) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) throw std::invalid_argument(": not JSON");
  return mappingFromJson(j);
}

std::string formatLogMappingFile(const LogMappingFile& f) {
  json j;
  j["format"] = kMappingFormat;
  j["version"] = 1;
  if (f.format)
    j["csv"] = {{"delimiter", delimiterKey(f.format->delimiter)},
                {"decimal", std::string(1, f.format->decimal)},
                {"header", f.format->hasHeader}};
  if (f.columns) j["columns"] = *f.columns;
  if (f.mapping) j["mapping"] = mappingJson(*f.mapping);
  if (!f.torqueConstants.empty()) j["torque_constants"] = f.torqueConstants;
  if (!f.torqueSigns.empty()) j["torque_signs"] = f.torqueSigns;
  return j.dump(2) + "\n";
}

void writeLogMappingFile(const std::string& path, const LogMappingFile& file) {
  writeFileAtomically(path, formatLogMappingFile(file));
}

namespace {
LogMappingFile mappingFileFromJson(const json& j);
}  // namespace

LogMappingFile readLogMappingFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw inputErrorAt(path, 0, "", "cannot open the mapping file");
  const BoundedText text = readBoundedText(in, kMaxBytes, kMaxBytes);
  if (!text.ok()) throw inputErrorAt(path, 0, "", "larger than " + describeByteLimit(kMaxBytes) + " (not a mapping file?)");
  const json j = parseJsonText(text.text, path);
  try {
    return mappingFileFromJson(j);
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    const auto colon = what.find(": ");
    Diagnostic d = diagnosticAt(Severity::Error, path, 0, "", what.substr(colon + 2));
    d.field = what.substr(0, colon);  // a JSON path: shown as "<file>: <path>: <what>"
    d.fieldKind.clear();
    throw InputError(d);
  }
}

namespace {

// The whole file's object; key paths in errors from its root ("/csv/delimiter").
LogMappingFile mappingFileFromJson(const json& j) {
  if (!j.is_object() || !j.contains("format") || j.at("format") != kMappingFormat)
    mappingJsonFail("/format", std::string("expected \"") + kMappingFormat + "\" (not a log mapping file)");
  if (!j.contains("version") || !j.at("version").is_number_integer() || j.at("version").get<long long>() != 1)
    mappingJsonFail("/version", "expected 1");
  for (auto it = j.begin(); it != j.end(); ++it)
    if (it.key() != "format" && it.key() != "version" && it.key() != "csv" && it.key() != "columns" &&
        it.key() != "mapping" && it.key() != "torque_constants" && it.key() != "torque_signs")
      mappingJsonFail("/" + it.key(), "unknown key");
  LogMappingFile f;
  if (j.contains("csv")) {
    const json& c = j.at("csv");
    if (!c.is_object()) mappingJsonFail("/csv", "not an object");
    CsvFormat format;
    const std::string d = mappingJsonString(c, "delimiter", "/csv/", ",");
    format.delimiter = d == "tab" ? '\t' : d == "blanks" ? ' ' : d.size() == 1 ? d[0] : '\0';
    if (format.delimiter != ',' && format.delimiter != ';' && format.delimiter != '\t' && format.delimiter != ' ' &&
        format.delimiter != '|')
      mappingJsonFail("/csv/delimiter", "'" + d + "' (',', ';', '|', tab, blanks)");
    const std::string decimal = mappingJsonString(c, "decimal", "/csv/", ".");
    if (decimal != "." && decimal != ",") mappingJsonFail("/csv/decimal", "'" + decimal + "' ('.' or ',')");
    format.decimal = decimal[0];
    if (format.decimal == ',' && format.delimiter == ',')
      mappingJsonFail("/csv/decimal", "a decimal comma needs another delimiter");
    if (c.contains("header")) {
      if (!c.at("header").is_boolean()) mappingJsonFail("/csv/header", "not true or false");
      format.hasHeader = c.at("header").get<bool>();
    }
    f.format = format;
  }
  if (j.contains("columns")) f.columns = mappingJsonString(j, "columns", "/", "");
  if (j.contains("mapping")) {
    const json& o = j.at("mapping");
    if (!o.is_object()) mappingJsonFail("/mapping", "not an object");
    try {
      f.mapping = mappingFromJson(o);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("/mapping/" + std::string(e.what()));
    }
  }
  if (f.columns && f.mapping) mappingJsonFail("/columns", "give either \"columns\" or \"mapping\", not both");
  if (!f.columns && !f.mapping) mappingJsonFail("/mapping", "missing (give \"columns\" or \"mapping\")");
  if (j.contains("torque_constants")) {
    const json& k = j.at("torque_constants");
    if (!k.is_array()) mappingJsonFail("/torque_constants", "not an array");
    for (std::size_t i = 0; i < k.size(); ++i)
      f.torqueConstants.push_back(mappingJsonNumber(k[i], "/torque_constants/" + std::to_string(i)));
  }
  if (j.contains("torque_signs")) {
    const json& k = j.at("torque_signs");
    if (!k.is_array()) mappingJsonFail("/torque_signs", "not an array");
    for (std::size_t i = 0; i < k.size(); ++i) {
      const double sign = mappingJsonNumber(k[i], "/torque_signs/" + std::to_string(i));
      if (sign != 1.0 && sign != -1.0) mappingJsonFail("/torque_signs/" + std::to_string(i), "not 1 or -1");
      f.torqueSigns.push_back(sign);
    }
  }
  return f;
}

}  // namespace

LogImportOptions withLogMappingFile(LogImportOptions options, const LogMappingFile& file) {
  if (file.format) options.format = file.format;
  if (file.mapping) {
    options.mapping = file.mapping;
    options.columnLayout.reset();
  } else if (file.columns) {
    options.columnLayout = file.columns;
    options.mapping.reset();
  }
  if (options.torqueConstants.empty()) options.torqueConstants = file.torqueConstants;
  if (options.torqueSigns.empty()) options.torqueSigns = file.torqueSigns;
  return options;
}

}  // namespace eb
