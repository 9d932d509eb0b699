#pragma once
// The multi-sine editor's frequency settings, declared once for the project file and
// the workbench's spin boxes: the band the user allows and the period grid the
// frequency sliders snap to (k / T keeps the trajectory periodic, so periods can be
// averaged, and lets it convert back to a Fourier series).

#include "util/setting_spec.hpp"

namespace eb {

inline constexpr SettingSpec<double> kMultisineMinFrequencySpec{
    "multisine_min_frequency", "--min-frequency", "Band from", "Hz", 0.1, 0.0, 100.0,
    "Lowest frequency the multi-sine components may use [Hz]"};

inline constexpr SettingSpec<double> kMultisineMaxFrequencySpec{
    "multisine_max_frequency", "--max-frequency", "to", "Hz", 0.5, 0.001, 100.0,
    "Highest frequency the multi-sine components may use [Hz]"};

inline constexpr SettingSpec<double> kMultisinePeriodGridSpec{
    "multisine_period_grid", "--period-grid", "Grid T", "s", 10.0, 0.1, 3600.0,
    "Period T of the frequency grid k/T the sliders snap to [s]"};

}  // namespace eb
