#pragma once
// Builds an IdentificationReport from the engine's own results. The core is the parameter
// file's structure, IdentifiedParameters, because both ways to a report pass through it:
// `identify --report` has it from makeIdentifiedParameters (with describeRun and
// recordHeldOut, run_details.hpp), `excitebench-cli report A.json` reads it from the file.
// Validation, drift and closed-loop results are added when they were run; the checks are
// computed last (standardChecks), so that they see every part.

#include "identification/drift_check.hpp"
#include "identification/log_validation.hpp"
#include "io/params_file.hpp"
#include "model/robot_model.hpp"
#include "report/held_out_prediction.hpp"
#include "report/identification_report.hpp"
#include "report/report_checks.hpp"
#include "simulation/closed_loop_tracking.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace eb {

/// The report of `params` identified for `model` (the model it was identified with; a consistent
/// estimate's links are checked for plausibility against its geometry when `params` carries no
/// verdicts). `paramsFile` names the file it came from, empty for a run in this process.
/// Friction curves span the recorded velocity ranges, else the joints' velocity limits, else
/// +-1 rad/s. Held-out scores, when recorded, become the validation part (scores only).
/// No checks yet: call standardChecks when every part is in.
IdentificationReport reportFromParameters(const IdentifiedParameters& params, const RobotModel& model,
                                          const std::string& paramsFile = "");

/// Each link of a physically consistent estimate, model order: its mass [kg], COM [m, link frame]
/// and inertia about the COM [kg m^2] from `fullParameters` (10 per body), the plausibility
/// verdict of `verdicts` (one per body; none: not checked) and the data's share of mass, COM
/// (mean of the 3 first moments) and inertia (mean of the 6 entries) from `dataShare`. Empty when
/// `fullParameters` does not cover every body. The report and the wizard's per-link table show
/// these.
std::vector<ReportLink> reportLinks(const RobotModel& model, const Eigen::VectorXd& fullParameters,
                                    const std::optional<Eigen::VectorXd>& dataShare,
                                    const std::vector<BodyPlausibility>& verdicts);

/// The friction of joint `joint` (0-based) of `params`: its coefficients and the curve tau_f(qd)
/// [N m] over [lo, hi] [rad/s] at `points` velocities (0 included when in range, where the
/// Coulomb step is). Coefficients are the base parameters that are a friction column alone,
/// else the standard parameters' (consistent estimate); none found gives no coefficients.
ReportFriction frictionCurve(const IdentifiedParameters& params, int joint, double lo, double hi, int points = 201);

/// Replaces the report's validation by one on a whole log (validateOnLog's result for `path`):
/// measured against predicted torque per joint, and NRMSE beside the description's. Also widens
/// the friction curves to the log's velocity range when the report had no recorded range.
void addLogValidation(IdentificationReport& report, const IdentifiedParameters& params, const LogValidation& validation,
                      const std::string& path);

/// Adds a drift check (checkDrift over `path` in windows of `window` seconds).
void addDrift(IdentificationReport& report, const DriftReport& drift, const std::string& path, double window);

/// Adds a closed-loop check's result (compareClosedLoop) with its verdict.
void addClosedLoop(IdentificationReport& report, const ClosedLoopComparison& comparison);

/// The report of one identification run, as `identify --report` and the wizard's Export page both
/// write it (the same bytes for the same estimate): reportFromParameters of `params` (made by
/// makeIdentifiedParameters, then describeRun and, with `heldOut`, recordHeldOut), the held-out
/// prediction's series as the validation part, and the standard checks.
IdentificationReport reportOfRun(const IdentifiedParameters& params, const RobotModel& model,
                                 const HeldOutPrediction* heldOut, const std::string& paramsFile = "");

}  // namespace eb
