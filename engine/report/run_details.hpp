#pragma once
// What the report needs of a run beyond what params.json always held: the information
// spectrum, each log's summary line, the findings, the settings as the user set them, and
// (from predictHeldOut) the held-out scores and velocity ranges. identify records them in
// IdentifiedParameters, so that `excitebench-cli report params.json` works from the file alone.

#include "identification/identification_pipeline.hpp"
#include "io/params_file.hpp"
#include "report/held_out_prediction.hpp"

#include <string>
#include <utility>
#include <vector>

namespace eb {

/// Eigenvalues, descending, of the information matrix sum_j w_j A_j of `equations` (A_j = Phi_j^T
/// Phi_j per joint) with the estimate's joint weights `weights` (ones when empty or mismatched).
std::vector<double> informationEigenvalues(const NormalEquations& equations, const Eigen::VectorXd& weights);

/// The settings of an identification as (setting, value) lines for the report: method, regressor
/// columns and friction shape, filter, differentiation, edge trim, prior, import flags.
std::vector<std::pair<std::string, std::string>> settingsLines(const IdentificationSettings& settings);

/// Records in `params` the information spectrum of `logs` with `estimate`'s joint weights, each
/// log's summary line (LogSummary::text, in log order), the findings (the logs' warnings, then
/// `estimateWarnings`, then the estimate's notes, as texts) and `settings` (settingsLines).
/// Leaves the estimate's fields alone. identify passes its IdentificationRun twice (its warnings
/// already hold the estimate's), the wizard its AccumulatedLogs, estimate and the estimate's warnings.
void describeRun(IdentifiedParameters& params, const AccumulatedEquations& logs, const BaseEstimate& estimate,
                 const IdentificationSettings& settings, const std::vector<LogWarning>& estimateWarnings = {});

/// Records the held-out scores and the velocity ranges of predictHeldOut in `params`.
void recordHeldOut(IdentifiedParameters& params, const HeldOutPrediction& heldOut);

}  // namespace eb
