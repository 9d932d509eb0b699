#pragma once
// The shape of a new Fourier excitation, declared once: the workbench's first
// excitation, `design`'s --period / --harmonics, the optimizer's settings and
// defaultExcitation read these, so a design made anywhere starts alike.

namespace eb {

/// Period [s] of a new Fourier excitation.
inline constexpr double kDefaultFourierPeriod = 5.0;
/// Harmonics per joint of a new Fourier excitation.
inline constexpr int kDefaultHarmonics = 5;

}  // namespace eb
