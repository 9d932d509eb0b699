#pragma once
// What `design` and `evaluate` print about one excitation evaluation
// (excitation_evaluation.hpp), written once so both show the same figures
// in the same form: the criteria, the limits used and the worst usage per joint.

#include "excitation/excitation_evaluation.hpp"
#include "model/robot_model.hpp"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace eb::cli {

/// "12.3 %" for a usage fraction, "-" when it is not finite.
std::string usagePercent(double usage);

/// Prints the criteria block "criteria of the base regressor (N samples at R Hz ...)" and the
/// cond, cond scaled, log det, A and E lines (what `design` always printed).
void printCriteria(const ExcitationEvaluation& e);

/// Prints "limits used: ..." (the fractions of the limits the check allows) and the table of the
/// worst usage per joint [%] (position, velocity, acceleration, torque) and the keep-out line.
void printLimitUsage(const RobotModel& model, const ExcitationEvaluationSettings& s, const ConstraintReport& report);

/// Per joint {name, position, velocity, acceleration, torque}: the worst share of each (scaled)
/// limit used (1 = the limit), null where the joint has no such limit or it was not checked.
nlohmann::json limitUsageJson(const RobotModel& model, const ConstraintReport& report);

}  // namespace eb::cli
