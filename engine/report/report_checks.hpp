#pragma once
// The pass/fail lines of a report, each with the threshold it was held to, so that a reader
// sees what "pass" meant. A check whose data the report does not have (no validation, no
// drift check, an estimate without per-link parameters) is left out rather than passed.

#include "report/identification_report.hpp"

#include <vector>

namespace eb {

struct ReportThresholds {
  /// cond(Phi_b) at most this: above, some base parameters are barely excited. Identification
  /// refuses only far above (EstimationOptions::maxCondition, 1e8); 1000 is the usual bar for
  /// a well-designed excitation.
  double maxCondition = 1000.0;
  /// A base parameter is well identified when its relative standard deviation [%] is at most this.
  double wellIdentifiedRelStdPercent = 10.0;
  /// ... and at least this share of the base parameters must be (the rest are often small
  /// combinations whose value hardly matters to the torques).
  double minWellIdentifiedShare = 0.5;
};

/// The checks of `report`'s data: cond, well-identified share, every link plausible, identified
/// NRMSE at most the description's per joint, no joint drifted, closed-loop error within the bar.
std::vector<ReportCheck> standardChecks(const IdentificationReport& report, const ReportThresholds& thresholds = {});

}  // namespace eb
