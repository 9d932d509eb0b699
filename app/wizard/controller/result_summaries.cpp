#include "app/wizard/controller/result_summaries.hpp"

#include <algorithm>

#include "app/wizard/controller/wizard_text.hpp"

namespace eb::wizard {

ResultsSummary estimateSummary(const EstimateResult& r, const RobotModel& model) {
  const BaseParameters& base = r.logs->base;
  const BaseEstimate& e = r.estimate;
  ResultsSummary s;
  s.method = e.method;
  s.condition = e.condition;
  s.samples = e.samples;
  s.consistent = e.fullParameters.has_value();
  for (int k = 0; k < base.rank; ++k)
    s.parameters.push_back({QString::fromStdString(base.name(k)), QString::fromStdString(base.expression(k, 4)),
                            e.values[k], e.stddev[k], e.relativeStddev[k]});
  // The joints the estimate reports on (all of them, unless it is an empty placeholder).
  const int joints = std::min<int>(model.dof(), static_cast<int>(std::min(e.residualRms.size(), e.noiseStd.size())));
  for (int j = 0; j < joints; ++j)
    s.joints.push_back({QString::fromStdString(model.joint(j).name), e.residualRms[j], e.noiseStd[j]});
  if (s.consistent) {
    s.priorWeight = e.priorWeight;
    s.priorWeightChosen = !e.priorWeightCurve.empty();
    s.heldOutSamples = s.priorWeightChosen ? r.logs->heldOutEquations.samples : 0;
    s.priorWeightCurve = e.priorWeightCurve;
    s.links = linkResults(model, e, r.plausibility);
  }
  return s;
}

ValidationSummary validationSummary(const ValidationData& v, const RobotModel& model) {
  const ValidationResult& identified = v.run.identified;
  ValidationSummary s;
  s.logPath = v.logPath;
  s.samples = identified.samples;
  for (int j = 0; j < model.dof(); ++j)
    s.joints.push_back({QString::fromStdString(model.joint(j).name), identified.rmse[j], identified.nrmse[j],
                        identified.maxError[j], identified.measuredRms[j], v.run.robotsOwn.rmse[j],
                        v.run.robotsOwn.nrmse[j]});
  return s;
}

std::vector<LinkResult> linkResults(const RobotModel& model, const BaseEstimate& estimate,
                                    const std::vector<BodyPlausibility>& plausibility) {
  std::vector<LinkResult> out;
  const int bodies = model.bodyCount();
  if (!estimate.fullParameters || estimate.fullParameters->size() < 10 * bodies ||
      static_cast<int>(plausibility.size()) < bodies)
    return out;
  const bool shares = estimate.dataShare && estimate.dataShare->size() >= 10 * bodies;
  for (int b = 0; b < bodies; ++b) {
    const BodyPlausibility& v = plausibility[static_cast<size_t>(b)];
    LinkResult r;
    r.link = QString::fromStdString(v.link);
    r.mass = (*estimate.fullParameters)[10 * b];
    r.plausible = v.plausible();
    r.problems = toQStringList(v.problems);
    r.notes = toQStringList(v.notes);
    if (shares) {
      const Eigen::VectorXd s = estimate.dataShare->segment(10 * b, 10);
      r.massShare = s[0];
      r.comShare = s.segment(1, 3).mean();
      r.inertiaShare = s.tail(6).mean();
    }
    out.push_back(r);
  }
  return out;
}

}  // namespace eb::wizard
