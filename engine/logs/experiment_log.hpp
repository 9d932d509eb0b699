#pragma once
// ExperimentLog: one logged experiment as clean SI arrays, with every sample's
// true time stamp, the segments its time axis splits into (time_base.hpp) and
// what the importer found, as diagnostics with their places.

#include "logs/time_base.hpp"
#include "util/diagnostic.hpp"

#include <Eigen/Core>

#include <cstddef>
#include <string>
#include <vector>

namespace eb {

/// A finding while importing (a unit doubt, a truncated last line), tied to a place in the source.
using LogWarning = Diagnostic;

/// A logged experiment in SI units, joints in model order. N samples, dof joints.
struct ExperimentLog {
  std::string source;                    ///< file it came from
  /// (N) time [s] from the first sample, strictly increasing: the true stamps, with repeated
  /// samples dropped and segments after a time reset shifted to follow the previous one.
  Eigen::VectorXd t;
  double timeOrigin = 0.0;               ///< raw time of the first sample, converted to [s]
  Eigen::MatrixXd q;                     ///< (N x dof) joint positions [rad or m]
  Eigen::MatrixXd qd;                    ///< (N x dof) velocities [rad/s or m/s]; 0 x 0 when not logged
  Eigen::MatrixXd qdd;                   ///< (N x dof) accelerations; 0 x 0 when not logged
  Eigen::MatrixXd tau;                   ///< (N x dof) joint torques/forces [N m or N]
  std::vector<std::string> jointNames;   ///< dof names (from the log or the mapping)
  TimeBaseSummary timeBase;              ///< nominal step, segments, gaps, samples dropped
  bool truncated = false;                ///< only the first LogImportOptions::maxRows samples were read
  std::vector<LogWarning> warnings;      ///< unit guesses, skipped lines, ...

  /// Number of samples N.
  std::size_t rows() const { return static_cast<std::size_t>(t.size()); }
  /// Number of joints.
  int dof() const { return static_cast<int>(q.cols()); }
  /// Whether velocities / accelerations were logged.
  bool hasVelocity() const { return qd.size() > 0; }
  bool hasAcceleration() const { return qdd.size() > 0; }
  /// Nominal sample rate [Hz]: 1 / timeBase.nominalStep, or 1 / the median step of a log made in
  /// memory without a summary (0 with fewer than 2 samples).
  double sampleRateHz() const;
  /// The segments; one covering the whole log when the importer recorded none.
  std::vector<LogSegment> segments() const;
};

/// Largest |value| of a joint signal an importer accepts (q, qd, qdd in rad or m per s^k,
/// tau in N m or N, after unit conversion). Far beyond any robot, far below overflow: a
/// finite but absurd value (1e308, a corrupted row) is refused at its line instead of
/// turning the regression into inf/NaN far from the file.
inline constexpr double kMaxJointSignal = 1e12;

/// Largest time from a log's first sample an importer accepts [s] (about three years): a stamp
/// beyond it is a corrupted value (digits run together, a wrong unit), not a gap; it would also
/// leave no precision for the millisecond steps after it.
inline constexpr double kMaxLogSeconds = 1e8;

/// Range [rad or m] a joint's logged position may plausibly take: the joint limits widened by
/// max(1, half the range) on each side (calibration offsets, a loose limit); infinite for
/// joints without limits. A position outside it is a corrupted value (a UR log's 253 rad).
struct PositionBounds {
  double lower = -1e300, upper = 1e300;
  /// Bounds around the limits [lower, upper]; unbounded unless lower < upper, both finite.
  static PositionBounds aroundLimits(double lower, double upper);
  bool contains(double q) const { return q >= lower && q <= upper; }
  bool operator==(const PositionBounds& o) const { return lower == o.lower && upper == o.upper; }
};

}  // namespace eb
