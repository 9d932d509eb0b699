#include "report/report_checks.hpp"

#include "report/html_text.hpp"

#include <cmath>

namespace eb {

std::vector<ReportCheck> standardChecks(const IdentificationReport& r, const ReportThresholds& t) {
  std::vector<ReportCheck> checks;
  if (r.condition > 0.0)
    checks.push_back({"condition number of the base regressor", reportNumber(r.condition, 4),
                      "<= " + reportNumber(t.maxCondition, 4), std::isfinite(r.condition) && r.condition <= t.maxCondition});
  if (!r.baseParameters.empty()) {
    std::size_t good = 0;
    for (const ReportBaseParameter& p : r.baseParameters)
      if (std::isfinite(p.relativeStdPercent) && p.relativeStdPercent <= t.wellIdentifiedRelStdPercent) ++good;
    const double share = static_cast<double>(good) / static_cast<double>(r.baseParameters.size());
    checks.push_back({"base parameters with relative std <= " + reportNumber(t.wellIdentifiedRelStdPercent, 3) + " %",
                      std::to_string(good) + " of " + std::to_string(r.baseParameters.size()),
                      ">= " + reportNumber(100.0 * t.minWellIdentifiedShare, 3) + " %", share >= t.minWellIdentifiedShare});
  }
  if (!r.links.empty()) {
    std::size_t plausible = 0;
    for (const ReportLink& l : r.links) plausible += l.plausible ? 1 : 0;
    checks.push_back({"links physically plausible", std::to_string(plausible) + " of " + std::to_string(r.links.size()),
                      "all", plausible == r.links.size()});
  }
  if (r.validation)
    for (const ReportJointValidation& j : r.validation->joints) {
      if (!std::isfinite(j.nrmseDescription)) continue;
      checks.push_back({"NRMSE " + j.joint + " (" + r.validation->source + ")",
                        reportNumber(j.nrmseIdentified, 3) + " %",
                        "<= the description's " + reportNumber(j.nrmseDescription, 3) + " %",
                        j.nrmseIdentified <= j.nrmseDescription});
    }
  if (r.drift) {
    std::size_t drifted = 0;
    for (const ReportDriftJoint& j : r.drift->joints) drifted += j.drifted ? 1 : 0;
    checks.push_back({"residual steady over the log (drift check, " + reportNumber(r.drift->window, 3) + " s windows)",
                      std::to_string(drifted) + " joint(s) drifted",
                      "none: a change over 3 sigma and over 10 % of the residual RMS is drift", drifted == 0});
  }
  if (r.closedLoop)
    checks.push_back({"closed-loop tracking error, identified model", reportNumber(r.closedLoop->identifiedMaxError, 3) + " rad",
                      "<= " + reportNumber(r.closedLoop->bar, 3) + " rad",
                      std::isfinite(r.closedLoop->identifiedMaxError) && r.closedLoop->identifiedMaxError <= r.closedLoop->bar});
  return checks;
}

}  // namespace eb
