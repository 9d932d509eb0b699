#include "io/payload_file.hpp"

#include "io/atomic_file.hpp"
#include "io/json_text.hpp"
#include "model/inertial_check.hpp"
#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"
#include "model/xml_document.hpp"
#include "util/bounded_read.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

namespace eb {
namespace {

using json = nlohmann::json;

json finiteOrNull(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

json inertiaArray(const Eigen::Matrix3d& I) {
  return json::array({I(0, 0), I(0, 1), I(0, 2), I(1, 1), I(1, 2), I(2, 2)});
}

std::string urdfNumber(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", v);
  return text;
}

xml::Element element(const std::string& name, std::vector<xml::Attribute> attributes = {}) {
  xml::Element e;
  e.name = name;
  e.attributes = std::move(attributes);
  return e;
}

}  // namespace

std::string formatPayloadJson(const PayloadReport& r) {
  const PayloadEstimate& e = r.estimate;
  json j;
  j["format"] = "excitebench-payload";
  j["version"] = 1;
  j["robot"] = r.robot;
  j["link"] = e.mount.link;
  j["mass"] = e.mass;
  j["com"] = json::array({e.com.x(), e.com.y(), e.com.z()});
  j["inertia_com"] = inertiaArray(e.inertiaCom);
  j["mass_std"] = e.massStd;
  j["com_std"] = json::array({e.comStd.x(), e.comStd.y(), e.comStd.z()});
  j["inertia_com_std"] = json::array();
  for (int k = 0; k < 6; ++k) j["inertia_com_std"].push_back(e.inertiaComStd[k]);
  json standard = json::array();
  for (int k = 0; k < 10; ++k) {
    const bool identified = std::find(e.unidentified.begin(), e.unidentified.end(), k) == e.unidentified.end();
    standard.push_back({{"name", payloadParameterName(k)},
                        {"value", e.parameters[k]},
                        {"std", finiteOrNull(e.stddev[k])},
                        {"identified", identified}});
  }
  j["standard_parameters"] = standard;
  j["physically_consistent"] = e.consistency.empty();
  if (!e.consistency.empty()) j["consistency"] = e.consistency;
  j["method"] = r.method;
  j["residual_rms"] = std::vector<double>(r.residualRms.data(), r.residualRms.data() + r.residualRms.size());
  j["samples"] = r.samples;
  j["sources"] = r.sources;
  if (!r.uncertainty.empty()) j["uncertainty"] = r.uncertainty;
  return j.dump(2) + "\n";
}

void writePayloadJson(const std::string& path, const PayloadReport& report) {
  writeFileAtomically(path, formatPayloadJson(report));
}

KnownPayload readPayloadJson(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw inputErrorIn(path, "cannot open the payload file");
  constexpr std::size_t kMaxBytes = 4 * kMiB;  // a payload file is under 4 kB
  const BoundedText text = readBoundedText(in, kMaxBytes, kMaxBytes);
  if (!text.ok())
    throw inputErrorIn(path, "file: larger than " + describeByteLimit(kMaxBytes) + " (not a payload file?)");
  const json j = parseJsonText(text.text, path);
  if (!j.is_object()) throw inputErrorIn(path, "not a JSON object");
  if (j.contains("format") && j["format"] != "excitebench-payload")
    throw inputErrorIn(path, "format: not an excitebench-payload file");
  auto numbers = [&](const char* key, std::size_t count) {
    if (!j.contains(key)) throw inputErrorIn(path, std::string(key) + ": missing");
    const json& v = j.at(key);
    std::vector<double> out;
    const bool scalar = count == 1 && v.is_number();
    if (!scalar && !(v.is_array() && v.size() == count))
      throw inputErrorIn(
          path, std::string(key) + ": must be " + (count == 1 ? "a number" : std::to_string(count) + " numbers"));
    for (std::size_t k = 0; k < count; ++k) {
      const json& x = scalar ? v : v[k];
      if (!x.is_number() || !std::isfinite(x.get<double>()))
        throw inputErrorIn(path, key + (scalar ? "" : "[" + std::to_string(k) + "]") + ": not a finite number");
      out.push_back(x.get<double>());
    }
    return out;
  };
  KnownPayload p;
  if (j.contains("link")) {
    if (!j["link"].is_string()) throw inputErrorIn(path, "link: not a string");
    p.link = j["link"].get<std::string>();
  }
  const double mass = numbers("mass", 1)[0];
  const std::vector<double> c = numbers("com", 3), i = numbers("inertia_com", 6);
  Eigen::Matrix3d I;
  I << i[0], i[1], i[2], i[1], i[3], i[4], i[2], i[4], i[5];
  if (const std::string problem = massProblem(mass); !problem.empty()) throw inputErrorIn(path, "mass: " + problem);
  if (const std::string problem = inertiaProblem(mass, I); !problem.empty())
    throw inputErrorIn(path, "inertia_com: " + problem);
  p.parameters = standardParametersFromCom(mass, Eigen::Vector3d(c[0], c[1], c[2]), I);
  return p;
}

std::string formatPayloadUrdf(const PayloadEstimate& e, const std::string& name) {
  xml::Element robot = element("robot", {{"name", name}, {"xmlns:xacro", "http://www.ros.org/wiki/xacro"}});
  xml::Element link = element("link", {{"name", name}});
  xml::Element inertial = element("inertial");
  inertial.children.push_back(element(
      "origin", {{"xyz", urdfNumber(e.com.x()) + " " + urdfNumber(e.com.y()) + " " + urdfNumber(e.com.z())},
                 {"rpy", "0 0 0"}}));
  inertial.children.push_back(element("mass", {{"value", urdfNumber(e.mass)}}));
  const Eigen::Matrix3d& I = e.inertiaCom;
  inertial.children.push_back(element("inertia", {{"ixx", urdfNumber(I(0, 0))},
                                                  {"ixy", urdfNumber(I(0, 1))},
                                                  {"ixz", urdfNumber(I(0, 2))},
                                                  {"iyy", urdfNumber(I(1, 1))},
                                                  {"iyz", urdfNumber(I(1, 2))},
                                                  {"izz", urdfNumber(I(2, 2))}}));
  link.children.push_back(inertial);
  xml::Element joint = element("joint", {{"name", name + "_joint"}, {"type", "fixed"}});
  joint.children.push_back(element("parent", {{"link", e.mount.link}}));
  joint.children.push_back(element("child", {{"link", name}}));
  joint.children.push_back(element("origin", {{"xyz", "0 0 0"}, {"rpy", "0 0 0"}}));
  robot.children.push_back(link);
  robot.children.push_back(joint);
  return xml::write(robot);
}

void writePayloadUrdf(const std::string& path, const PayloadEstimate& estimate, const std::string& name) {
  // A simulator fed a non-physical inertia misbehaves or refuses the model: never write one.
  if (!estimate.consistency.empty())
    throw inputErrorIn(path, "not written: the payload is not physically consistent (" + estimate.consistency + ")");
  writeFileAtomically(path, formatPayloadUrdf(estimate, name));
}

std::string formatDriveGainsJson(const std::string& robot, const RobotModel& model, const PayloadRun& run,
                                 const std::vector<std::string>& sources, const std::vector<double>& givenConstants) {
  json j;
  j["format"] = "excitebench-drive-gains";
  j["version"] = 1;
  j["robot"] = robot;
  j["payload"] = {{"link", run.mount.link}, {"mass", run.payload.mass}};
  json joints = json::array();
  for (int k = 0; k < model.dof(); ++k) {
    const double gain = run.fit.values[run.gainColumn + k], sd = run.fit.stddev[run.gainColumn + k];
    const double given =
        givenConstants.size() == static_cast<std::size_t>(model.dof()) ? givenConstants[static_cast<std::size_t>(k)] : 1.0;
    joints.push_back({{"name", model.joint(k).name},
                      {"gain", gain},
                      {"std", finiteOrNull(sd)},
                      {"torque_constant", gain * given},
                      {"torque_constant_std", finiteOrNull(sd * std::abs(given))}});
  }
  j["joints"] = joints;
  j["residual_rms"] = std::vector<double>(run.fit.residualRms.data(), run.fit.residualRms.data() + run.fit.residualRms.size());
  j["samples"] = run.fit.samples;
  j["sources"] = sources;
  return j.dump(2) + "\n";
}

void writeDriveGainsJson(const std::string& path, const std::string& robot, const RobotModel& model,
                         const PayloadRun& run, const std::vector<std::string>& sources,
                         const std::vector<double>& givenConstants) {
  writeFileAtomically(path, formatDriveGainsJson(robot, model, run, sources, givenConstants));
}

DriveGains readDriveGainsJson(const std::string& path, const RobotModel& model) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw inputErrorIn(path, "cannot open the gains file");
  constexpr std::size_t kMaxBytes = 4 * kMiB;  // a gains file is a few kB
  const BoundedText text = readBoundedText(in, kMaxBytes, kMaxBytes);
  if (!text.ok()) throw inputErrorIn(path, "file: larger than " + describeByteLimit(kMaxBytes) + " (not a gains file?)");
  const json j = parseJsonText(text.text, path);
  if (!j.is_object() || j.value("format", std::string()) != "excitebench-drive-gains")
    throw inputErrorIn(path, "format: not an excitebench-drive-gains file");
  if (!j.contains("joints") || !j["joints"].is_array()) throw inputErrorIn(path, "joints: missing or not an array");
  const json& joints = j["joints"];
  DriveGains g;
  for (int k = 0; k < model.dof(); ++k) {
    const std::string& name = model.joint(k).name;
    const auto it = std::find_if(joints.begin(), joints.end(), [&](const json& e) {
      return e.is_object() && e.contains("name") && e["name"].is_string() && e["name"].get<std::string>() == name;
    });
    if (it == joints.end()) throw inputErrorIn(path, "joints: no entry for joint '" + name + "'");
    const std::size_t at = static_cast<std::size_t>(it - joints.begin());
    const bool constants = it->contains("torque_constant");
    const auto number = [&](const char* key, bool gain) {
      const std::string field = "joints[" + std::to_string(at) + "]." + key;
      if (!it->contains(key) || !(*it)[key].is_number()) throw inputErrorIn(path, field + ": missing or not a number");
      const double v = (*it)[key].get<double>();
      if (!std::isfinite(v) || (gain ? v == 0.0 : !(v >= 0.0)))
        throw inputErrorIn(path, field + ": must be finite and " + (gain ? "non-zero" : ">= 0"));
      return v;
    };
    g.constants.push_back(number(constants ? "torque_constant" : "gain", true));
    g.stddev.push_back(number(constants ? "torque_constant_std" : "std", false));
  }
  return g;
}

}  // namespace eb
