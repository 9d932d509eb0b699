#include "io/excitation_json.hpp"

#include "io/atomic_file.hpp"
#include "util/input_error.hpp"
#include "util/bounded_read.hpp"
#include "util/math_constants.hpp"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <stdexcept>

namespace eb {

namespace {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

constexpr const char* kExcitationFormat = "excitebench-excitation";
constexpr int kVersion = 1;

// ---- writing ---------------------------------------------------------------

// JSON has no inf/nan: write them as strings the reader maps back.
ojson metricNumber(double x) {
  if (std::isfinite(x)) return x;
  if (std::isnan(x)) return "nan";
  return x > 0 ? "inf" : "-inf";
}

ojson metricValue(const MetricValue& v) {
  if (const bool* b = std::get_if<bool>(&v)) return *b;
  if (const double* d = std::get_if<double>(&v)) return metricNumber(*d);
  if (const std::string* s = std::get_if<std::string>(&v)) return *s;
  ojson arr = ojson::array();
  for (double x : std::get<std::vector<double>>(v)) arr.push_back(metricNumber(x));
  return arr;
}

ojson numbers(const Eigen::VectorXd& v) {
  ojson arr = ojson::array();
  for (Eigen::Index i = 0; i < v.size(); ++i) arr.push_back(v[i]);
  return arr;
}

ojson jointEntry(const ExcitationFile& e, int i, double offset) {
  ojson j = ojson::object();
  if (!e.jointNames.empty()) j["name"] = e.jointNames[static_cast<size_t>(i)];
  j["offset"] = offset;
  return j;
}

void writeTrajectory(const ExcitationFile& e, ojson& root) {
  ojson joints = ojson::array();
  if (const auto* f = std::get_if<FourierTrajectory>(&e.trajectory)) {
    root["type"] = "fourier";
    root["period"] = f->period();
    root["harmonics"] = f->harmonics();
    root["cycles"] = f->cycles();
    for (int i = 0; i < f->dof(); ++i) {
      ojson j = jointEntry(e, i, f->offsets()[i]);
      j["a"] = numbers(f->a().row(i).transpose());
      j["b"] = numbers(f->b().row(i).transpose());
      joints.push_back(std::move(j));
    }
  } else {
    const auto& m = std::get<MultisineTrajectory>(e.trajectory);
    root["type"] = "multisine";
    root["duration"] = m.duration();
    root["ramp_time"] = m.rampTime();
    for (int i = 0; i < m.dof(); ++i) {
      ojson j = jointEntry(e, i, m.offsets()[i]);
      ojson terms = ojson::array();
      for (const SineTerm& s : m.terms(i))
        terms.push_back(ojson{{"amplitude", s.amplitude}, {"frequency", s.frequency}, {"phase", s.phase}});
      j["terms"] = std::move(terms);
      joints.push_back(std::move(j));
    }
  }
  root["joints"] = std::move(joints);
}

ojson writeLimits(const ExcitationFile& e) {
  const ExcitationLimits& l = *e.limits;
  ojson out = ojson::object();
  out["position_scale"] = l.scale.position;
  out["velocity_scale"] = l.scale.velocity;
  out["acceleration_scale"] = l.scale.acceleration;
  out["torque_scale"] = l.scale.torque;
  ojson joints = ojson::array();
  for (size_t i = 0; i < l.joints.size(); ++i) {
    const JointLimits& jl = l.joints[i];
    ojson j = ojson::object();
    if (!e.jointNames.empty()) j["name"] = e.jointNames[i];
    // A missing key means "no limit" (infinite), as in JointLimits.
    const auto put = [&](const char* key, double x) {
      if (std::isfinite(x)) j[key] = x;
    };
    put("lower", jl.lower);
    put("upper", jl.upper);
    put("velocity", jl.velocity);
    put("acceleration", jl.acceleration);
    put("effort", jl.effort);
    joints.push_back(std::move(j));
  }
  out["joints"] = std::move(joints);
  return out;
}

// ---- reading ---------------------------------------------------------------

std::string child(const std::string& path, const std::string& key) { return (path == "/" ? "" : path) + "/" + key; }
std::string child(const std::string& path, size_t index) { return child(path, std::to_string(index)); }

class Reader {
 public:
  explicit Reader(const std::string& source) : source_(source) {}

  [[noreturn]] void fail(const std::string& path, const std::string& what) const {
    throw inputErrorIn(source_, path + ": " + what);
  }

  const json& object(const json& j, const std::string& path) const {
    if (!j.is_object()) fail(path, std::string("expected an object, found ") + j.type_name());
    return j;
  }

  void allowOnly(const json& obj, const std::string& path, std::initializer_list<const char*> keys) const {
    for (auto it = obj.begin(); it != obj.end(); ++it) {
      bool known = false;
      std::string list;
      for (const char* k : keys) {
        known = known || it.key() == k;
        list += (list.empty() ? "" : ", ") + std::string(k);
      }
      if (!known) fail(child(path, it.key()), "unknown key (expected one of: " + list + ")");
    }
  }

  const json* optional(const json& obj, const char* key) const {
    const auto it = obj.find(key);
    return it == obj.end() ? nullptr : &*it;
  }

  const json& required(const json& obj, const std::string& path, const char* key) const {
    const json* j = optional(obj, key);
    if (!j) fail(child(path, key), "missing");
    return *j;
  }

  double finite(const json& j, const std::string& path) const {
    if (!j.is_number()) fail(path, std::string("expected a finite number, found ") + j.type_name());
    const double x = j.get<double>();
    if (!std::isfinite(x)) fail(path, "expected a finite number, found " + j.dump());
    return x;
  }

  double positive(const json& j, const std::string& path) const {
    const double x = finite(j, path);
    if (!(x > 0.0)) fail(path, "must be > 0, found " + j.dump());
    return x;
  }

  int integer(const json& j, const std::string& path, int minimum) const {
    if (!j.is_number_integer() && !(j.is_number_float() && std::floor(j.get<double>()) == j.get<double>()))
      fail(path, std::string("expected an integer, found ") + (j.is_number() ? j.dump() : j.type_name()));
    const double x = j.get<double>();
    if (x < minimum || x > 1e6) fail(path, "must be between " + std::to_string(minimum) + " and 1000000, found " + j.dump());
    return static_cast<int>(x);
  }

  std::string string(const json& j, const std::string& path) const {
    if (!j.is_string()) fail(path, std::string("expected a string, found ") + j.type_name());
    return j.get<std::string>();
  }

  bool boolean(const json& j, const std::string& path) const {
    if (!j.is_boolean()) fail(path, std::string("expected true or false, found ") + j.type_name());
    return j.get<bool>();
  }

  const json& array(const json& j, const std::string& path, long expected = -1) const {
    if (!j.is_array()) fail(path, std::string("expected an array, found ") + j.type_name());
    if (expected >= 0 && static_cast<long>(j.size()) != expected)
      fail(path, "expected " + std::to_string(expected) + " entries, found " + std::to_string(j.size()));
    return j;
  }

  // A metric: number, "inf"/"-inf"/"nan", or null (nan).
  double metric(const json& j, const std::string& path) const {
    if (j.is_number()) return j.get<double>();
    if (j.is_null()) return kNaN;
    if (j.is_string()) {
      const std::string s = j.get<std::string>();
      if (s == "inf") return kInf;
      if (s == "-inf") return -kInf;
      if (s == "nan") return kNaN;
    }
    fail(path, std::string("expected a number (or \"inf\", \"-inf\", \"nan\"), found ") +
                   (j.is_string() ? j.dump() : j.type_name()));
  }

 private:
  const std::string& source_;
};

MetricValue readExtra(const Reader& r, const json& j, const std::string& path) {
  if (j.is_boolean()) return j.get<bool>();
  if (j.is_string()) {
    const std::string s = j.get<std::string>();
    if (s == "inf" || s == "-inf" || s == "nan") return r.metric(j, path);
    return s;
  }
  if (j.is_number() || j.is_null()) return r.metric(j, path);
  if (j.is_array()) {
    std::vector<double> v;
    for (size_t i = 0; i < j.size(); ++i) v.push_back(r.metric(j[i], child(path, i)));
    return v;
  }
  r.fail(path, "unsupported value (use a boolean, number, string or array of numbers)");
}

ExcitationMetrics readMetrics(const Reader& r, const json& j, const std::string& path) {
  r.object(j, path);
  ExcitationMetrics m;
  m.cond = r.metric(r.required(j, path, "cond"), child(path, "cond"));
  m.logdet = r.metric(r.required(j, path, "logdet"), child(path, "logdet"));
  m.aopt = r.metric(r.required(j, path, "aopt"), child(path, "aopt"));
  m.eopt = r.metric(r.required(j, path, "eopt"), child(path, "eopt"));
  m.feasible = r.boolean(r.required(j, path, "feasible"), child(path, "feasible"));
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string& k = it.key();
    if (k == "cond" || k == "logdet" || k == "aopt" || k == "eopt" || k == "feasible") continue;
    m.extra[k] = readExtra(r, it.value(), child(path, k));
  }
  return m;
}

ExcitationLimits readLimits(const Reader& r, const json& j, const std::string& path, size_t dof,
                            std::vector<std::string>& names) {
  r.object(j, path);
  r.allowOnly(j, path, {"position_scale", "velocity_scale", "acceleration_scale", "torque_scale", "joints"});
  ExcitationLimits l;
  const auto scale = [&](const char* key, double& out) {
    if (const json* s = r.optional(j, key)) {
      out = r.positive(*s, child(path, key));
      if (out > 1.0) r.fail(child(path, key), "must be in (0, 1], found " + s->dump());
    }
  };
  scale("position_scale", l.scale.position);
  scale("velocity_scale", l.scale.velocity);
  scale("acceleration_scale", l.scale.acceleration);
  scale("torque_scale", l.scale.torque);
  const std::string jp = child(path, "joints");
  const json& joints = r.array(r.required(j, path, "joints"), jp, static_cast<long>(dof));
  for (size_t i = 0; i < joints.size(); ++i) {
    const std::string p = child(jp, i);
    const json& e = r.object(joints[i], p);
    r.allowOnly(e, p, {"name", "lower", "upper", "velocity", "acceleration", "effort"});
    if (const json* n = r.optional(e, "name")) {
      const std::string name = r.string(*n, child(p, "name"));
      if (!names[i].empty() && name != names[i])
        r.fail(child(p, "name"), "\"" + name + "\" differs from /joints/" + std::to_string(i) + "/name \"" + names[i] + "\"");
      names[i] = name;
    }
    JointLimits jl;
    const auto get = [&](const char* key, double& out) {
      if (const json* v = r.optional(e, key); v && !v->is_null()) out = r.finite(*v, child(p, key));
    };
    get("lower", jl.lower);
    get("upper", jl.upper);
    get("velocity", jl.velocity);
    get("acceleration", jl.acceleration);
    get("effort", jl.effort);
    if (jl.lower > jl.upper) r.fail(child(p, "upper"), "upper limit is below the lower limit");
    for (const char* key : {"velocity", "acceleration", "effort"})
      if (const json* v = r.optional(e, key); v && v->is_number() && !(v->get<double>() > 0.0))
        r.fail(child(p, key), "must be > 0, found " + v->dump());
    l.joints.push_back(jl);
  }
  return l;
}

// Reads the joints array's common part (name, offset) and returns it.
const json& readJoints(const Reader& r, const json& root, std::vector<std::string>& names, Eigen::VectorXd& offsets,
                       std::initializer_list<const char*> keys) {
  const json& joints = r.array(r.required(root, "/", "joints"), "/joints");
  names.assign(joints.size(), std::string());
  offsets.resize(static_cast<Eigen::Index>(joints.size()));
  for (size_t i = 0; i < joints.size(); ++i) {
    const std::string p = child("/joints", i);
    const json& e = r.object(joints[i], p);
    r.allowOnly(e, p, keys);
    if (const json* n = r.optional(e, "name")) names[i] = r.string(*n, child(p, "name"));
    offsets[static_cast<Eigen::Index>(i)] = r.finite(r.required(e, p, "offset"), child(p, "offset"));
  }
  return joints;
}

Trajectory readFourier(const Reader& r, const json& root, std::vector<std::string>& names) {
  const double period = r.positive(r.required(root, "/", "period"), "/period");
  const int H = r.integer(r.required(root, "/", "harmonics"), "/harmonics", 1);
  int cycles = 1;
  if (const json* c = r.optional(root, "cycles")) cycles = r.integer(*c, "/cycles", 1);
  Eigen::VectorXd offsets;
  const json& joints = readJoints(r, root, names, offsets, {"name", "offset", "a", "b"});
  const Eigen::Index n = offsets.size();
  // Every coefficient array must hold H entries before n x H matrices are allocated: a
  // large "harmonics" with many joints must be an error, not a huge allocation.
  for (Eigen::Index i = 0; i < n; ++i) {
    const std::string p = child("/joints", static_cast<size_t>(i));
    for (const char* key : {"a", "b"})
      r.array(r.required(joints[static_cast<size_t>(i)], p, key), child(p, key), H);
  }
  Eigen::MatrixXd a(n, H), b(n, H);
  for (Eigen::Index i = 0; i < n; ++i) {
    const std::string p = child("/joints", static_cast<size_t>(i));
    const json& e = joints[static_cast<size_t>(i)];
    for (const char* key : {"a", "b"}) {
      const std::string kp = child(p, key);
      const json& arr = r.array(r.required(e, p, key), kp, H);
      for (int k = 0; k < H; ++k) (key[0] == 'a' ? a : b)(i, k) = r.finite(arr[static_cast<size_t>(k)], child(kp, k));
    }
  }
  FourierTrajectory f(period, offsets, a, b);
  f.setCycles(cycles);
  return f;
}

Trajectory readMultisine(const Reader& r, const json& root, std::vector<std::string>& names) {
  const double duration = r.positive(r.required(root, "/", "duration"), "/duration");
  const double ramp = r.finite(r.required(root, "/", "ramp_time"), "/ramp_time");
  if (ramp < 0.0 || 2.0 * ramp > duration)
    r.fail("/ramp_time", "must be between 0 and half the duration, found " + root["ramp_time"].dump());
  Eigen::VectorXd offsets;
  const json& joints = readJoints(r, root, names, offsets, {"name", "offset", "terms"});
  std::vector<std::vector<SineTerm>> terms(joints.size());
  for (size_t i = 0; i < joints.size(); ++i) {
    const std::string tp = child(child("/joints", i), "terms");
    const json& arr = r.array(r.required(joints[i], child("/joints", i), "terms"), tp);
    for (size_t j = 0; j < arr.size(); ++j) {
      const std::string p = child(tp, j);
      const json& e = r.object(arr[j], p);
      r.allowOnly(e, p, {"amplitude", "frequency", "phase"});
      SineTerm s;
      s.amplitude = r.finite(r.required(e, p, "amplitude"), child(p, "amplitude"));
      s.frequency = r.finite(r.required(e, p, "frequency"), child(p, "frequency"));
      if (s.frequency < 0.0) r.fail(child(p, "frequency"), "must be >= 0 Hz, found " + e["frequency"].dump());
      if (const json* ph = r.optional(e, "phase")) s.phase = r.finite(*ph, child(p, "phase"));
      terms[i].push_back(s);
    }
  }
  return MultisineTrajectory(duration, ramp, offsets, std::move(terms));
}

}  // namespace

std::string formatExcitationJson(const ExcitationFile& e) {
  const size_t dof = static_cast<size_t>(trajectoryDof(e.trajectory));
  if (!e.jointNames.empty() && e.jointNames.size() != dof)
    throw std::invalid_argument("excitation JSON: " + std::to_string(e.jointNames.size()) + " joint names for " +
                                std::to_string(dof) + " joints");
  if (e.limits && e.limits->joints.size() != dof)
    throw std::invalid_argument("excitation JSON: " + std::to_string(e.limits->joints.size()) + " joint limits for " +
                                std::to_string(dof) + " joints");
  ojson root = ojson::object();
  root["format"] = kExcitationFormat;
  root["version"] = kVersion;
  root["robot"] = e.robot;
  if (!e.description.empty()) root["description"] = e.description;
  writeTrajectory(e, root);
  if (e.metrics) {
    const ExcitationMetrics& m = *e.metrics;
    ojson metrics = ojson::object();
    metrics["cond"] = metricNumber(m.cond);
    metrics["logdet"] = metricNumber(m.logdet);
    metrics["aopt"] = metricNumber(m.aopt);
    metrics["eopt"] = metricNumber(m.eopt);
    metrics["feasible"] = m.feasible;
    for (const auto& [key, value] : m.extra) {
      if (key == "cond" || key == "logdet" || key == "aopt" || key == "eopt" || key == "feasible")
        throw std::invalid_argument("excitation JSON: extra metric \"" + key + "\" clashes with a standard metric");
      metrics[key] = metricValue(value);
    }
    root["metrics"] = std::move(metrics);
  }
  if (e.limits) root["limits"] = writeLimits(e);
  return root.dump(2) + "\n";
}

void writeExcitationJson(const std::string& path, const ExcitationFile& excitation) {
  writeFileAtomically(path, formatExcitationJson(excitation));
}

ExcitationFile parseExcitationJson(std::string_view text, const std::string& sourceName) {
  json root;
  try {
    root = json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {
    // parse_error, or out_of_range 406 for a number beyond a double (1e400).
    // Drop nlohmann's "[json.exception.parse_error.101] " prefix; keep "parse error at line L, column C: ...".
    std::string what = e.what();
    const size_t bracket = what.find("] ");
    throw inputErrorIn(sourceName, (bracket == std::string::npos ? what : what.substr(bracket + 2)));
  }
  const Reader r(sourceName);
  r.object(root, "/");
  r.allowOnly(root, "/",
              {"format", "version", "robot", "description", "type", "period", "harmonics", "cycles", "duration",
               "ramp_time", "joints", "metrics", "limits"});
  if (const json* f = r.optional(root, "format"); f && r.string(*f, "/format") != kExcitationFormat)
    r.fail("/format", "expected \"" + std::string(kExcitationFormat) + "\", found " + f->dump());
  if (const json* v = r.optional(root, "version"); v && r.integer(*v, "/version", 0) != kVersion)
    r.fail("/version", "unsupported version " + v->dump() + " (this build reads version 1)");

  ExcitationFile e;
  e.robot = r.string(r.required(root, "/", "robot"), "/robot");
  if (const json* d = r.optional(root, "description")) e.description = r.string(*d, "/description");
  const std::string type = r.string(r.required(root, "/", "type"), "/type");
  const auto forbid = [&](std::initializer_list<const char*> keys) {
    for (const char* k : keys)
      if (r.optional(root, k)) r.fail(child("/", k), "not a parameter of a " + type + " trajectory");
  };
  std::vector<std::string> names;
  try {
    if (type == "fourier") {
      forbid({"duration", "ramp_time"});
      e.trajectory = readFourier(r, root, names);
    } else if (type == "multisine") {
      forbid({"period", "harmonics", "cycles"});
      e.trajectory = readMultisine(r, root, names);
    } else {
      r.fail("/type", "unknown trajectory type \"" + type + "\" (expected \"fourier\" or \"multisine\")");
    }
  } catch (const std::invalid_argument& ex) {
    throw inputErrorIn(sourceName, ex.what());  // should not happen: every field is checked above
  }
  if (const json* m = r.optional(root, "metrics")) e.metrics = readMetrics(r, *m, "/metrics");
  if (const json* l = r.optional(root, "limits")) e.limits = readLimits(r, *l, "/limits", names.size(), names);
  // Names are all or nothing, so a partly named file cannot mislabel joints.
  bool any = false, all = true;
  for (const std::string& n : names) {
    any = any || !n.empty();
    all = all && !n.empty();
  }
  if (any && !all) {
    size_t missing = 0;
    while (!names[missing].empty()) ++missing;
    r.fail(child(child("/joints", missing), "name"), "missing (name every joint or none)");
  }
  if (any) e.jointNames = std::move(names);
  return e;
}

ExcitationFile readExcitationJson(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw inputErrorIn(path, std::string("cannot open: ") + std::strerror(errno));
  // Excitation files are a few kB; a larger input is not one (and must not exhaust memory).
  constexpr size_t kMaxBytes = 64 * kMiB;
  const BoundedText text = readBoundedText(in, kMaxBytes, kMaxBytes);
  if (!text.ok())
    throw inputErrorIn(path, "file: larger than " + describeByteLimit(kMaxBytes) + " (not an excitation file?)");
  return parseExcitationJson(text.text, path);
}

}  // namespace eb
