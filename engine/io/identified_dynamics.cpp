#include "io/identified_dynamics.hpp"

#include <cmath>
#include <iomanip>
#include <locale>
#include <map>
#include <sstream>

#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"
#include "util/text_format.hpp"

namespace eb {

namespace {

const char* kBodyParameterNames[10] = {"m", "mx", "my", "mz", "Ixx", "Ixy", "Iyy", "Ixz", "Iyz", "Izz"};

// Two significant digits: a share just under kSeenShare reads "9.8 %", not a rounded "10 %".
std::string percent(double share) { return formatSignificant(100.0 * share, 2) + " %"; }

// Column name -> index in the full parameter vector.
std::map<std::string, Eigen::Index> columnIndex(const IdentifiedParameters& p) {
  std::map<std::string, Eigen::Index> index;
  for (size_t c = 0; c < p.columnNames.size(); ++c) index[p.columnNames[c]] = static_cast<Eigen::Index>(c);
  return index;
}

}  // namespace

Eigen::VectorXd IdentifiedDynamics::standardParameters() const {
  Eigen::VectorXd theta(10 * static_cast<Eigen::Index>(bodies.size()));
  for (size_t b = 0; b < bodies.size(); ++b) theta.segment<10>(10 * static_cast<Eigen::Index>(b)) = bodies[b].theta;
  return theta;
}

IdentifiedDynamics modelDynamics(const RobotModel& model) {
  IdentifiedDynamics d;
  d.method = "model";
  for (const Body& body : model.bodies()) {
    ExportedBodyInertia e;
    e.theta = body.inertia;
    d.bodies.push_back(e);
  }
  for (const Joint& joint : model.joints()) {
    ExportedJointDynamics e;
    e.damping.value = joint.damping;
    e.friction.value = joint.friction;
    e.armature.value = joint.armature;
    d.joints.push_back(e);
  }
  return d;
}

IdentifiedDynamics identifiedDynamics(const RobotModel& model, const IdentifiedParameters& p,
                                      const std::string& paramsPath) {
  if (!p.fullParameters)
    throw inputErrorIn(paramsPath, "method '" + p.method +
                                       "' is not a physically consistent estimate, which is all a simulator "
                                       "model is exported from; identify again with `--method consistent`");
  const Eigen::VectorXd& full = *p.fullParameters;
  if (full.size() != static_cast<Eigen::Index>(p.columnNames.size()) || full.size() < 10 * model.bodyCount())
    throw inputErrorIn(paramsPath, "standard_parameters: " + std::to_string(full.size()) +
                                       " values do not match the regressor's " + std::to_string(p.columnNames.size()) +
                                       " columns");
  if (!full.allFinite()) throw inputErrorIn(paramsPath, "standard_parameters: the values are not all finite");
  const bool haveShare = p.dataShare && p.dataShare->size() == full.size();
  const auto share = [&](Eigen::Index c) { return haveShare ? (*p.dataShare)[c] : 1.0; };

  IdentifiedDynamics d = modelDynamics(model);
  d.method = p.method;
  d.source = paramsPath;
  for (int b = 0; b < model.bodyCount(); ++b) {
    ExportedBodyInertia& e = d.bodies[static_cast<size_t>(b)];
    for (int k = 0; k < 10; ++k)
      if (share(10 * b + k) < kSeenShare) e.unseen.push_back(kBodyParameterNames[k]);
    if (e.unseen.size() == 10) continue;
    e.identified = true;
    e.theta = full.segment<10>(10 * b);
    // The unseen parameters back at the model's own values, when the body stays consistent;
    // otherwise they stay where the prior held them (close to those values).
    Vector10d kept = e.theta;
    for (int k = 0; k < 10; ++k)
      if (share(10 * b + k) < kSeenShare) kept[k] = model.body(b).inertia[k];
    if (!e.unseen.empty() && isPhysicallyConsistent(kept)) {
      e.theta = kept;
      e.unseenKept = true;
    }
  }

  const std::map<std::string, Eigen::Index> index = columnIndex(p);
  const auto column = [&](const std::string& prefix, int j) -> Eigen::Index {
    const auto it = index.find(prefix + std::to_string(j + 1));
    return it == index.end() ? -1 : it->second;
  };
  const auto take = [&](ExportedJointValue& v, Eigen::Index c, double value) {
    v.estimated = true;
    v.share = share(c);
    v.seen = v.share >= kSeenShare;
    if (v.seen) v.value = value;
  };
  for (int j = 0; j < model.dof(); ++j) {
    ExportedJointDynamics& e = d.joints[static_cast<size_t>(j)];
    if (const Eigen::Index c = column("fv", j); c >= 0) take(e.damping, c, full[c]);
    if (const Eigen::Index c = column("fc", j); c >= 0) take(e.friction, c, full[c]);
    const Eigen::Index cp = column("fcp", j), cn = column("fcn", j);
    if (cp >= 0 && cn >= 0) {
      take(e.friction, share(cp) < share(cn) ? cp : cn, 0.5 * (full[cp] + full[cn]));
      e.beyond.push_back("asymmetric Coulomb friction fc+ = " + formatSignificant(full[cp], 3) +
                         " N m, fc- = " + formatSignificant(full[cn], 3) + " N m (written as their mean)");
    }
    if (const Eigen::Index c = column("Ia", j); c >= 0) take(e.armature, c, full[c]);
    if (const Eigen::Index c = column("fs", j); c >= 0) {
      const double vs = static_cast<size_t>(j) < p.options.stribeckVelocities.size()
                            ? p.options.stribeckVelocities[static_cast<size_t>(j)]
                            : 0.0;
      e.beyond.push_back("Stribeck friction fs = " + formatSignificant(full[c], 3) +
                         " N m at vs = " + formatSignificant(vs, 3) + " rad/s (left out)");
    }
    if (const Eigen::Index c = column("fo", j); c >= 0)
      e.beyond.push_back("torque offset fo = " + formatSignificant(full[c], 3) + " N m (a sensor offset, left out)");
    if (e.friction.estimated && p.options.widthOf(j) > 0.0)
      e.beyond.push_back("Coulomb friction smoothed as tanh(qd / " + formatSignificant(p.options.widthOf(j), 3) +
                         " rad/s)");
  }
  return d;
}

std::string jointExportComment(const RobotModel& model, const IdentifiedDynamics& d, int j, const std::string& format) {
  const ExportedJointDynamics& e = d.joints[static_cast<size_t>(j)];
  std::vector<std::string> parts;
  const auto kept = [&](const ExportedJointValue& v, const char* what) {
    if (v.estimated && !v.seen)
      parts.push_back(std::string(what) + " kept at the model's value: the data did not see it (data share " +
                      percent(v.share) + ")");
  };
  kept(e.damping, "viscous friction");
  kept(e.friction, "Coulomb friction");
  if (format != "URDF") kept(e.armature, "rotor inertia");
  if (format == "URDF" && e.armature.estimated && e.armature.seen)
    parts.push_back("rotor inertia Ia = " + formatSignificant(e.armature.value, 3) +
                    " kg m^2 identified, which URDF cannot hold");
  for (const std::string& b : e.beyond) parts.push_back(b);
  if (parts.empty()) return {};
  std::string text = "joint '" + model.joint(j).name + "': ";
  for (size_t k = 0; k < parts.size(); ++k) text += (k ? "; " : "") + parts[k];
  if (!e.beyond.empty()) text += ". " + format + " holds viscous and one Coulomb level only";
  return text;
}

std::string bodyExportComment(const RobotModel& model, const IdentifiedDynamics& d, int b) {
  const ExportedBodyInertia& e = d.bodies[static_cast<size_t>(b)];
  if (!e.identified)
    return "body '" + model.body(b).name + "': the data saw none of its parameters; the model's inertial is kept";
  if (e.unseen.empty()) return {};
  std::string names;
  for (size_t k = 0; k < e.unseen.size(); ++k) names += (k ? ", " : "") + e.unseen[k];
  return "body '" + model.body(b).name + "': " + names + " not seen by the data (data share < " + percent(kSeenShare) +
         "): " +
         (e.unseenKept ? "kept at the model's values"
                       : "held near the model's values by the estimate's prior (the model's exact values "
                         "would not be physically consistent with the rest)");
}

std::string exactNumberText(double v) {
  if (v == 0.0) return "0";
  std::string text;
  for (int digits = 15; digits <= 17; ++digits) {
    std::ostringstream s;
    s.imbue(std::locale::classic());
    s << std::setprecision(digits) << v;
    text = s.str();
    std::istringstream back(text);
    back.imbue(std::locale::classic());
    double parsed = 0.0;
    if (back >> parsed && parsed == v) break;
  }
  return text;
}

std::string xmlCommentText(std::string s) {
  for (size_t k; (k = s.find("--")) != std::string::npos;) s.replace(k, 2, "- -");
  if (!s.empty() && s.back() == '-') s += ' ';
  return s;
}

}  // namespace eb
