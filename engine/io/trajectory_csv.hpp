#pragma once
// Trajectory CSV: the file the controller replays and `torques --in` reads.
//
//   t,q1,...,qn,qd1,...,qdn,qdd1,...,qddn       (header, joints in model order)
//   0,0.10000000000000001,...                   (one row per sample; s, rad, rad/s, rad/s^2)
//
// Numbers are written with 17 significant digits, locale-independent, so every
// double reads back bit for bit. The reader finds columns by header name (any
// order; unknown columns such as tau1 are ignored), requires q, qd and qdd for
// joints 1..n, and the time column unless a sample rate is given.

#include "excitation/trajectory_sampling.hpp"

#include <string>
#include <string_view>

namespace eb {

/// CSV text of the samples; throws std::invalid_argument for inconsistent sizes or non-finite values.
std::string formatTrajectoryCsv(const TrajectorySamples& samples);

/// Writes the samples as CSV atomically; throws std::invalid_argument (bad samples) or InputError.
void writeTrajectoryCsv(const std::string& path, const TrajectorySamples& samples);

/// Whether a reader needs the time column (a trajectory does; states for inverse dynamics do not).
enum class TimeColumn { Required, Optional };

/// Parses CSV text; sourceName prefixes messages. Without a `t` column, t_j = j / rateHz [s];
/// rateHz <= 0 requires the column, unless `time` is Optional: then t_j = j and
/// samples.timed is false. Throws InputError ("<source>: line L, column C (name): <what>") for
/// missing columns, bad or non-finite numbers, wrong field counts and time that does not
/// strictly increase.
TrajectorySamples parseTrajectoryCsv(std::string_view text, const std::string& sourceName, double rateHz = 0.0,
                                     TimeColumn time = TimeColumn::Required);

/// Reads a trajectory CSV file (see parseTrajectoryCsv); throws InputError, also when it cannot be opened.
TrajectorySamples readTrajectoryCsv(const std::string& path, double rateHz = 0.0,
                                    TimeColumn time = TimeColumn::Required);

}  // namespace eb
