#pragma once
// Numeric constants shared by the engine: one definition instead of one per file
// (and so no clash when sources are compiled together in a unity build).

#include <cmath>
#include <limits>

namespace eb {

inline constexpr double kPi = 3.14159265358979323846264338327950288;
inline constexpr double kTwoPi = 2.0 * kPi;
inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Phase `phi` [rad] wrapped into [-pi, pi).
inline double wrapPhase(double phi) { return phi - kTwoPi * std::floor((phi + kPi) / kTwoPi); }

}  // namespace eb
