#pragma once
// What the project file keeps of the controller's results: the document's summaries
// (identification_document.hpp) made from the engine's result objects, in one place, so the
// controller writes them when it stores a result and the pages only show.

#include <vector>

#include "app/wizard/controller/document_types.hpp"
#include "app/wizard/controller/identification_results.hpp"
#include "model/robot_model.hpp"

namespace eb::wizard {

/// The summary of an estimate: its base parameters (value, std [their units], rel. std [%],
/// expression), residual and noise per joint [N m], and for a consistent one the prior weight and
/// the links' plausibility.
ResultsSummary estimateSummary(const EstimateResult& result, const RobotModel& model);

/// The summary of a validation: RMSE, NRMSE [%], max error and RMS torque per joint [N m], with
/// the identified and the robot's own parameters.
ValidationSummary validationSummary(const ValidationData& validation, const RobotModel& model);

/// The per-link rows of a consistent estimate (reportLinks, as the report shows them: mass, the
/// verdict of `plausibility`, one per body, and the data shares). Empty when the estimate has no
/// full parameters or `plausibility` does not cover every body.
std::vector<ReportLink> linkResults(const RobotModel& model, const BaseEstimate& estimate,
                                    const std::vector<BodyPlausibility>& plausibility);

}  // namespace eb::wizard
