#include "app/wizard/controller/result_summaries.hpp"

#include <algorithm>

#include "app/wizard/controller/wizard_text.hpp"
#include "report/report_builder.hpp"

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

std::vector<ReportLink> linkResults(const RobotModel& model, const BaseEstimate& estimate,
                                    const std::vector<BodyPlausibility>& plausibility) {
  if (!estimate.fullParameters || static_cast<int>(plausibility.size()) < model.bodyCount()) return {};
  return reportLinks(model, *estimate.fullParameters, estimate.dataShare, plausibility);
}

}  // namespace eb::wizard
