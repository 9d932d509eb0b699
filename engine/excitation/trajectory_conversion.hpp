#pragma once
// Conversions between the two excitation families, exact or refused with a reason.
//
// Fourier -> multi-sine: harmonic k of joint i,
//   a_ik/(w_f k) sin(k w_f t) - b_ik/(w_f k) cos(k w_f t) = A sin(2 pi (k/T) t + phi),
//   A = hypot(a_ik, b_ik) / (w_f k),  phi = atan2(-b_ik, a_ik),
// one component per harmonic (zero ones included, so the way back keeps H), same
// offsets. The Fourier series is not at its offset at t = 0 (q(0) = q0 - sum b/(w_f k)),
// so no envelope can reproduce it: the multi-sine gets rampTime = 0 and the duration
// cycles * T. It starts and ends at rest exactly when the Fourier series did (its
// rest conditions are conditions on the same sums).
//
// Multi-sine -> Fourier, on the period grid T: every component with a non-zero
// amplitude must sit at a multiple k/T (k >= 0; k = 0 is a constant, folded into the
// offset), the duration must be a whole number of periods, and there must be no
// envelope (rampTime = 0: a ramp is not a sum of harmonics). Components at the same
// k add as phasors. Otherwise the reason names the first obstacle.

#include "excitation/fourier_trajectory.hpp"
#include "excitation/multisine_trajectory.hpp"

#include <optional>
#include <string>

namespace eb {

/// The multi-sine with the same q(t) as `fourier` on [0, cycles T] (see the file comment).
MultisineTrajectory multisineFromFourier(const FourierTrajectory& fourier);

/// A Fourier design, or why there is none.
struct FourierConversion {
  std::optional<FourierTrajectory> trajectory;
  std::string reason;  ///< empty when converted; else one sentence for the user
};

/// The Fourier series of period `period` [s] with the same q(t) as `multisine` on
/// [0, duration], or the reason why it does not exist. A frequency f counts as k/T when
/// |f T - k| <= `tolerance` (relative to one grid step). period <= 0 uses the duration.
FourierConversion fourierFromMultisine(const MultisineTrajectory& multisine, double period,
                                       double tolerance = 1e-9);

}  // namespace eb
