#pragma once
// The identification settings a user sets, declared once (util/setting_spec.hpp): the
// engine's defaults (PreprocessOptions, EstimationOptions), the CLI's flags and their checks,
// the wizard's spin boxes and its session file's validation all read them, so their ranges
// cannot disagree again (they did: filter order 1..20 in the CLI, 1..12 in the wizard).

#include "util/setting_spec.hpp"

namespace eb {

/// Butterworth order of one pass (the logs are filtered forwards and backwards). The upper
/// bound is the filter design's (butterworth_filter.cpp): higher orders lose precision.
inline constexpr SettingSpec<int> kFilterOrderSpec{"filter_order",
                                                   "--filter-order",
                                                   "Filter order",
                                                   "",
                                                   4,
                                                   1,
                                                   20,
                                                   "Butterworth order of one pass (filtered forwards and backwards)"};

/// Low-pass cutoff for positions [Hz]; 0 picks it from the rate (automaticCutoffHz).
inline constexpr SettingSpec<double> kCutoffSpec{
    "cutoff_hz", "--filter-cutoff",
    "Cutoff",    "Hz",
    0.0,         0.0,
    10000.0,     "Low-pass cutoff [Hz] for positions (0: 5 Hz, at most a quarter of the rate)"};

/// Savitzky-Golay window [samples]; odd (checked where it is set, with the range).
inline constexpr SettingSpec<int> kSavitzkyGolayWindowSpec{
    "savitzky_golay_window", "--sg-window", "Window", "samples", 21, 3, 100001, "Savitzky-Golay window [samples, odd]"};

/// Savitzky-Golay polynomial order: 2 at least for accelerations, below the window.
inline constexpr SettingSpec<int> kSavitzkyGolayOrderSpec{
    "savitzky_golay_order", "--sg-order", "Polynomial order", "", 3, 2, 10, "Savitzky-Golay polynomial order"};

/// Ridge weight relative to diag(Phi^T Phi).
inline constexpr SettingSpec<double> kRidgeLambdaSpec{
    "ridge_lambda", "--ridge-lambda", "Ridge λ", "", 1e-4, 0.0, 1.0, "Ridge weight relative to diag(Phi^T Phi)"};

/// The consistent estimate's prior weight toward the model's inertias; 0 chooses it on the
/// held-out seconds.
inline constexpr SettingSpec<double> kPriorWeightSpec{
    "prior_weight",
    "--prior-weight",
    "Prior weight",
    "",
    0.0,
    0.0,
    1e6,
    "consistent: weight of the prior toward the model's inertias, relative to the data (0: chosen on every fifth "
    "second of the logs, held out)"};

// The gap threshold is the importer's: kGapStepsSpec in logs/time_base.hpp.

}  // namespace eb
