#pragma once
// The multi-sine design's user-facing settings (MultisineDesign), declared once
// for the engine's defaults, `design --family multisine`'s options, the
// workbench's editor and the project file: key, flag, label, unit, default, range.

#include "util/setting_spec.hpp"

namespace eb {

inline constexpr SettingSpec<int> kMultisineComponentsSpec{
    "multisine_components", "--components", "Components", "", 5, 1, 64, "Sine terms per joint (multi-sine)"};

inline constexpr SettingSpec<double> kMultisineDurationSpec{
    "multisine_duration", "--duration", "Duration", "s", 10.0, 0.1, 86400.0,
    "Duration of the multi-sine run, ramps included [s]"};

inline constexpr SettingSpec<double> kMultisineRampSpec{
    "multisine_ramp", "--ramp", "Ramp", "s", 1.0, 0.0, 43200.0,
    "Envelope ramp at each end [s] (0: no envelope, the ends are not at rest); at most half the duration"};

inline constexpr SettingSpec<double> kMultisineMinFrequencySpec{
    "multisine_min_frequency", "--min-frequency", "Lowest frequency", "Hz", 0.1, 1e-3, 100.0,
    "Lowest frequency a multi-sine term may have [Hz]"};

inline constexpr SettingSpec<double> kMultisineMaxFrequencySpec{
    "multisine_max_frequency", "--max-frequency", "Highest frequency", "Hz", 0.5, 1e-3, 100.0,
    "Highest frequency a multi-sine term may have [Hz]"};

inline constexpr SettingSpec<double> kMultisinePeriodGridSpec{
    "multisine_frequency_grid", "--frequency-grid", "Period grid", "s", 0.0, 0.0, 86400.0,
    "> 0: frequencies are multiples of 1/T for this T [s] (periodic, averaging works); 0: free"};

inline constexpr SettingSpec<bool> kMultisineOptimizeFrequenciesSpec{
    "multisine_optimize_frequencies", "--optimize-frequencies", "Optimize frequencies", "", false, false, true,
    "Frequencies are optimized too, inside the band (free frequencies only: no --frequency-grid)"};

/// The workbench's frequency grid: the period T whose multiples k / T the editor's frequency
/// sliders snap to when snapping is on (periodic, so periods can be averaged, and convertible
/// back to a Fourier series). The design's grid is this T when snapping, 0 otherwise.
inline constexpr SettingSpec<double> kMultisineSnapPeriodSpec{
    "multisine_period_grid", "", "Grid T", "s", 10.0, 0.1, 3600.0,
    "Period T of the frequency grid k/T the sliders snap to [s]"};

}  // namespace eb
