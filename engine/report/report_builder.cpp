#include "report/report_builder.hpp"

#include "dynamics/joint_torque_regressor.hpp"
#include "identification/plausibility.hpp"
#include "model/inertial_parameters.hpp"
#include "report/held_out_prediction.hpp"
#include "report/html_text.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace eb {
namespace report_builder_detail {

constexpr double kDefaultVelocity = 1.0;  // [rad/s] drawn when neither a log nor a limit says more

// The value of regressor column `name`: a base parameter that is that column alone, else the
// standard parameter of a consistent estimate. NaN when neither has it.
double columnValue(const IdentifiedParameters& p, const std::string& name) {
  for (std::size_t k = 0; k < p.columns.size() && k < p.expressions.size(); ++k)
    if (p.columns[k] == name && p.expressions[k] == name) return p.values[static_cast<Eigen::Index>(k)];
  if (p.fullParameters)
    for (std::size_t c = 0; c < p.columnNames.size(); ++c)
      if (p.columnNames[c] == name && static_cast<Eigen::Index>(c) < p.fullParameters->size())
        return (*p.fullParameters)[static_cast<Eigen::Index>(c)];
  return std::numeric_limits<double>::quiet_NaN();
}

std::string frictionModelName(const RegressorOptions& o, int joint) {
  std::string s;
  if (o.viscous) s = "viscous";
  if (o.coulomb) {
    const double w = o.widthOf(joint);
    s += std::string(s.empty() ? "" : " + ") + (o.asymmetricCoulomb ? "asymmetric Coulomb" : "Coulomb") +
         (w > 0.0 ? " (tanh, width " + reportNumber(w, 3) + " rad/s)" : " (sign)");
  }
  if (o.stribeck && static_cast<std::size_t>(joint) < o.stribeckVelocities.size())
    s += " + Stribeck (vs " + reportNumber(o.stribeckVelocities[static_cast<std::size_t>(joint)], 3) + " rad/s)";
  return s.empty() ? "none" : s;
}

// The velocity range to draw joint j's friction over, and where it comes from.
std::pair<std::pair<double, double>, std::string> velocityRange(const IdentifiedParameters& p, const RobotModel& model,
                                                                int j) {
  const std::size_t k = static_cast<std::size_t>(j);
  if (k < p.velocityRanges.size() && p.velocityRanges[k].second > p.velocityRanges[k].first &&
      std::isfinite(p.velocityRanges[k].first) && std::isfinite(p.velocityRanges[k].second))
    return {p.velocityRanges[k], "observed in the logs"};
  if (j < model.dof() && std::isfinite(model.joint(j).limits.velocity) && model.joint(j).limits.velocity > 0.0)
    return {{-model.joint(j).limits.velocity, model.joint(j).limits.velocity}, "the joint's velocity limit"};
  return {{-kDefaultVelocity, kDefaultVelocity}, "+-1 rad/s (no logged range, no velocity limit)"};
}

}  // namespace report_builder_detail

std::vector<ReportLink> reportLinks(const RobotModel& model, const Eigen::VectorXd& fullParameters,
                                    const std::optional<Eigen::VectorXd>& dataShare,
                                    const std::vector<BodyPlausibility>& verdicts) {
  std::vector<ReportLink> out;
  if (fullParameters.size() < 10 * model.bodyCount()) return out;
  for (int b = 0; b < model.bodyCount(); ++b) {
    const Vector10d t = fullParameters.segment<10>(10 * b);
    const Eigen::Matrix3d I = inertiaAboutCom(t);
    ReportLink l;
    l.name = model.body(b).name;
    l.mass = t[0];
    l.com = centreOfMass(t);
    l.inertia = {I(0, 0), I(0, 1), I(0, 2), I(1, 1), I(1, 2), I(2, 2)};
    if (static_cast<std::size_t>(b) < verdicts.size()) {
      const BodyPlausibility& v = verdicts[static_cast<std::size_t>(b)];
      l.plausible = v.plausible();
      l.problems = v.problems;
      l.notes = v.notes;
      l.bounds = v.bounds;
    }
    if (dataShare && dataShare->size() >= 10 * (b + 1)) {
      const Eigen::VectorXd& s = *dataShare;
      // As params.json writes it: mass, and the mean share of the COM's and the inertia's parameters.
      l.dataShare = std::array<double, 3>{s[10 * b], s.segment(10 * b + 1, 3).mean(), s.segment(10 * b + 4, 6).mean()};
    }
    out.push_back(std::move(l));
  }
  return out;
}

ReportFriction frictionCurve(const IdentifiedParameters& p, int joint, double lo, double hi, int points) {
  using namespace report_builder_detail;
  ReportFriction f;
  f.joint = static_cast<std::size_t>(joint) < p.jointNames.size() ? p.jointNames[static_cast<std::size_t>(joint)]
                                                                    : "joint " + std::to_string(joint + 1);
  f.model = frictionModelName(p.options, joint);
  const RegressorOptions& o = p.options;
  // The friction columns of one joint in jointFrictionFeatures' order.
  const std::string s = std::to_string(joint + 1);
  std::vector<std::string> names;
  if (o.viscous) names.push_back("fv" + s);
  if (o.coulomb && !o.asymmetricCoulomb) names.push_back("fc" + s);
  if (o.coulomb && o.asymmetricCoulomb) {
    names.push_back("fcp" + s);
    names.push_back("fcn" + s);
  }
  if (o.stribeck) names.push_back("fs" + s);
  std::vector<double> coefficients;
  for (const std::string& name : names) {
    const double v = columnValue(p, name);
    coefficients.push_back(v);
    if (std::isfinite(v)) f.coefficients.emplace_back(name, v);
  }
  if (f.coefficients.empty() || (o.stribeck && static_cast<int>(o.stribeckVelocities.size()) <= joint)) return f;
  points = std::max(points, 3);
  std::vector<double> features(names.size() + 1, 0.0);
  for (int k = 0; k < points; ++k) {
    double qd = k == points - 1 ? hi : lo + (hi - lo) * k / (points - 1);  // both ends exactly
    // The sample nearest zero is put at zero, where the Coulomb step is drawn.
    if (lo < 0.0 && hi > 0.0 && std::abs(qd) < 0.5 * (hi - lo) / (points - 1)) qd = 0.0;
    jointFrictionFeatures(o, joint, qd, features.data());
    double tau = 0.0;
    for (std::size_t c = 0; c < names.size(); ++c)
      if (std::isfinite(coefficients[c])) tau += coefficients[c] * features[c];
    f.velocity.push_back(qd);
    f.torque.push_back(tau);
  }
  return f;
}

IdentificationReport reportFromParameters(const IdentifiedParameters& p, const RobotModel& model,
                                          const std::string& paramsFile) {
  using namespace report_builder_detail;
  IdentificationReport r;
  r.robotName = p.robotName.empty() ? model.name() : p.robotName;
  r.robotSource = p.robot.empty() ? model.source() : p.robot;
  r.title = "Identification of " + r.robotName +
            (p.sources.empty() ? std::string() : " from " + std::to_string(p.sources.size()) + " log(s)");
  r.jointNames = p.jointNames;
  r.method = p.method;
  r.paramsFile = paramsFile;
  r.logs = p.sources;
  r.logSummaries = p.logSummaries;
  r.warnings = p.findings;
  r.settings = p.settings;
  if (r.settings.empty()) {
    // A file written before the settings were recorded: what the file itself says.
    r.settings.emplace_back("method", p.method);
    r.settings.emplace_back("friction", frictionModelName(p.options, 0));
    r.settings.emplace_back("torque offset column", p.options.offset ? "yes" : "no");
    r.settings.emplace_back("armature column", p.options.armature ? "yes" : "no");
  }
  if (p.fullParameters) r.settings.emplace_back("prior weight used", reportNumber(p.priorWeight));
  r.condition = p.condition;
  r.eigenvalues = p.informationEigenvalues;
  r.samples = p.samples;
  for (std::size_t k = 0; k < p.names.size(); ++k) {
    const Eigen::Index i = static_cast<Eigen::Index>(k);
    r.baseParameters.push_back({p.names[k], k < p.expressions.size() ? p.expressions[k] : "", p.values[i],
                                i < p.stddev.size() ? p.stddev[i] : std::numeric_limits<double>::quiet_NaN(),
                                i < p.relativeStddev.size() ? p.relativeStddev[i] : std::numeric_limits<double>::quiet_NaN()});
  }
  if (p.fullParameters && p.fullParameters->size() >= 10 * model.bodyCount())
    r.links = reportLinks(model, *p.fullParameters, p.dataShare,
                          !p.plausibility.empty() ? p.plausibility
                                                  : checkPlausibility(model, *p.fullParameters, bodyGeometryBounds(model)));
  if (p.options.viscous || p.options.coulomb)
    for (int j = 0; j < static_cast<int>(p.jointNames.size()); ++j) {
      const auto [range, from] = velocityRange(p, model, j);
      ReportFriction f = frictionCurve(p, j, range.first, range.second);
      f.range = reportNumber(range.first, 3) + " to " + reportNumber(range.second, 3) + " rad/s, " + from;
      r.friction.push_back(std::move(f));
    }
  if (p.heldOut) {
    ReportValidation v;
    v.source = p.heldOut->source.empty() ? "the held-out seconds of the logs" : p.heldOut->source;
    v.samples = p.heldOut->samples;
    for (std::size_t j = 0; j < p.jointNames.size() && j < p.heldOut->nrmse.size(); ++j)
      v.joints.push_back({p.jointNames[j], p.heldOut->nrmse[j],
                          j < p.heldOut->descriptionNrmse.size() ? p.heldOut->descriptionNrmse[j]
                                                                 : std::numeric_limits<double>::quiet_NaN(),
                          {}, {}, {}, {}});
    r.validation = v;
  }
  return r;
}

void addLogValidation(IdentificationReport& report, const IdentifiedParameters& params, const LogValidation& v,
                      const std::string& path) {
  report.validation = reportValidation(report.jointNames, "validation log " + path, v.log.t, v.log.tau,
                                       v.identified.predicted, v.identified.nrmse, v.robotsOwn.nrmse);
  report.logs.push_back(path + " (validation)");
  report.logSummaries.push_back(v.summary.text());
  for (const LogWarning& w : v.warnings) report.warnings.push_back(w.text());
  if (!params.velocityRanges.empty() || v.log.qd.rows() == 0) return;
  // No recorded range: draw the friction over what this log's joints did.
  for (std::size_t j = 0; j < report.friction.size() && static_cast<Eigen::Index>(j) < v.log.qd.cols(); ++j) {
    const double lo = v.log.qd.col(static_cast<Eigen::Index>(j)).minCoeff();
    const double hi = v.log.qd.col(static_cast<Eigen::Index>(j)).maxCoeff();
    if (!(hi > lo)) continue;
    ReportFriction f = frictionCurve(params, static_cast<int>(j), lo, hi);
    f.range = reportNumber(lo, 3) + " to " + reportNumber(hi, 3) + " rad/s, observed in " + path;
    report.friction[j] = std::move(f);
  }
}

void addDrift(IdentificationReport& report, const DriftReport& drift, const std::string& path, double window) {
  ReportDrift d;
  d.source = path;
  d.window = window;
  for (Eigen::Index k = 0; k < drift.change.size(); ++k) {
    const std::size_t j = static_cast<std::size_t>(k);
    d.joints.push_back({j < report.jointNames.size() ? report.jointNames[j] : "joint " + std::to_string(k + 1),
                        drift.change[k], drift.slopeStd[k] * drift.duration, drift.residualRms[k],
                        j < drift.drifted.size() && drift.drifted[j]});
  }
  report.drift = d;
}

void addClosedLoop(IdentificationReport& report, const ClosedLoopComparison& c) {
  const auto worst = [](const TrackingReport& t) {
    return t.diverged ? std::numeric_limits<double>::infinity() : t.maxError;
  };
  ReportClosedLoop out;
  out.plant = c.plant;
  out.verdict = closedLoopVerdict(c);
  out.identifiedMaxError = worst(c.identified);
  out.descriptionMaxError = worst(c.robotsOwn);
  out.bar = kTrackingErrorBar;
  report.closedLoop = out;
}

IdentificationReport reportOfRun(const IdentifiedParameters& params, const RobotModel& model,
                                 const HeldOutPrediction* heldOut, const std::string& paramsFile) {
  IdentificationReport report = reportFromParameters(params, model, paramsFile);
  if (heldOut) report.validation = heldOut->validation;  // the scores and the series to draw
  report.checks = standardChecks(report);
  return report;
}

}  // namespace eb
