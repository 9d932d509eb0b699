#pragma once
// A design out to a Universal Robots controller: a URScript program that
// streams the samples with servoj, one line per controller cycle.
//
//   # robot, joint names, duration, rate, sample count, the limits used, servoj's settings
//   def excitebench_excitation():
//     start = [q1, ..., q6]
//     movej(start, a=kUrMoveAcceleration, v=kUrMoveVelocity)    # slow move to the start
//     (each joint within kUrStartTolerance of start, else popup and halt)
//     servoj([q...], 0, 0, 1/rate, lookahead_time, gain)        # one per sample
//     stopj(kUrStopDeceleration)
//   end
//   excitebench_excitation()
//
// The samples must be on the controller's own clock (t_j = j / rate, rate 500 Hz on
// e-Series, 125 Hz on CB3): servoj blocks for t, so the program's timing is the
// controller's. Positions are written so they read back bit for bit, in plain decimals
// (no exponent).

#include <string>

#include "excitation/trajectory_sampling.hpp"
#include "io/excitation_json.hpp"

namespace eb {

inline constexpr double kUrMoveAcceleration = 0.5;  ///< movej to the start [rad/s^2]
inline constexpr double kUrMoveVelocity = 0.25;     ///< movej to the start [rad/s]
inline constexpr double kUrStartTolerance = 0.01;   ///< largest start error per joint before servoing [rad]
inline constexpr double kUrLookaheadTime = 0.1;     ///< servoj lookahead_time [s] (UR's range 0.03 to 0.2)
inline constexpr double kUrGain = 300.0;            ///< servoj gain (UR's range 100 to 2000)
inline constexpr double kUrStopDeceleration = 2.0;  ///< stopj after the last sample [rad/s^2]

/// `v` as a plain decimal (no exponent) that reads back to the same double.
std::string urscriptNumberText(double v);

/// The URScript program streaming `samples` (t_j = j / rateHz [s], rad) from `excitation`. Throws InputError naming
/// `sourceName` when the robot does not have 6 joints; std::invalid_argument for samples not on the 1/rateHz grid,
/// not finite or not matching the excitation.
std::string formatUrscript(const ExcitationFile& excitation, const TrajectorySamples& samples, double rateHz,
                           const std::string& sourceName);

/// Writes formatUrscript atomically to `path`; throws as it does, or InputError when the file cannot be written.
void writeUrscript(const std::string& path, const ExcitationFile& excitation, const TrajectorySamples& samples,
                   double rateHz, const std::string& sourceName);

}  // namespace eb
