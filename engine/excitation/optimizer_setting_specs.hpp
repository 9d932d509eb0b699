#pragma once
// The excitation optimizer's user-facing settings, declared once for the engine's
// defaults, `design`'s options, the project file and the workbench's panel: the
// criterion (one enum, one list of names) and the budget.

#include "util/setting_spec.hpp"

#include <string>

namespace eb {

/// What the optimizer minimizes over the information matrix F.
enum class ExcitationCriterion { Cond, LogDet, AOpt, EOpt };

/// "cond", "logdet", "aopt", "eopt".
const char* criterionName(ExcitationCriterion criterion);
/// Parses a criterion name; throws std::invalid_argument naming the accepted values.
ExcitationCriterion parseCriterion(const std::string& name);

inline constexpr SettingSpec<int> kOptimizerStartsSpec{
    "optimizer_starts", "--starts", "Starts", "", 8, 1, 256,
    "Multi-start count: independent starts, the best feasible one is kept"};

inline constexpr SettingSpec<double> kOptimizerTimeLimitSpec{
    "optimizer_time_limit", "--time-limit", "Time limit", "s", 60.0, 0.0, 86400.0,
    "Wall-clock budget for all starts [s] (0: none, until every start has converged)"};

}  // namespace eb
