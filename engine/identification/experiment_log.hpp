#pragma once
// ExperimentLog: one logged experiment as clean SI arrays, plus the checks every
// importer applies to its time axis (monotonic, no duplicates, gaps reported).

#include <Eigen/Core>

#include <cstddef>
#include <string>
#include <vector>

namespace eb {

/// A non-fatal finding while importing, tied to a place in the source.
struct LogWarning {
  std::size_t line = 0;  ///< 1-based line in a text file or sample row in a MAT file; 0 = whole file
  std::string message;   ///< one line, already naming the file
};

/// A logged experiment in SI units, joints in model order. N samples, dof joints.
struct ExperimentLog {
  std::string source;                    ///< file it came from
  Eigen::VectorXd t;                     ///< (N) time [s], strictly increasing, t(0) = 0
  double timeOrigin = 0.0;               ///< raw time of the first sample, converted to [s]
  Eigen::MatrixXd q;                     ///< (N x dof) joint positions [rad or m]
  Eigen::MatrixXd qd;                    ///< (N x dof) velocities [rad/s or m/s]; 0 x 0 when not logged
  Eigen::MatrixXd qdd;                   ///< (N x dof) accelerations; 0 x 0 when not logged
  Eigen::MatrixXd tau;                   ///< (N x dof) joint torques/forces [N m or N]
  std::vector<std::string> jointNames;   ///< dof names (from the log or the mapping)
  std::vector<LogWarning> warnings;      ///< dropped samples, unit guesses, ...

  /// Number of samples N.
  std::size_t rows() const { return static_cast<std::size_t>(t.size()); }
  /// Number of joints.
  int dof() const { return static_cast<int>(q.cols()); }
  /// Whether velocities / accelerations were logged.
  bool hasVelocity() const { return qd.size() > 0; }
  bool hasAcceleration() const { return qdd.size() > 0; }
  /// Sample rate [Hz] from the median time step (0 with fewer than 2 samples).
  double sampleRateHz() const;
};

/// Median of the steps t[i+1] - t[i] of n samples (0 when n < 2). O(n), copies the steps.
double medianTimeStep(const double* t, std::size_t n);

/// Checks a time axis sample by sample, in streaming order: strictly increasing, finite, and
/// reports gaps larger than 1.5x the nominal step as warnings (each with its line).
class TimeAxisChecker {
 public:
  /// `place` is "line" for text files, "row" for MAT files; `column` names the time source.
  TimeAxisChecker(std::string source, std::string column, std::string place = "line");
  /// Sets the nominal step [s] (the median step) used for the gap test; 0 disables it.
  void setNominalStep(double step) { nominalStep_ = step; }
  /// Checks the next time value t [s] found at `line`. Throws InputError for a non-finite,
  /// duplicate or decreasing time, or a step below kMinStepFraction of the nominal step;
  /// appends a gap warning to `warnings`.
  void check(double t, std::size_t line, std::vector<LogWarning>& warnings);
  /// Appends the summary of gaps not listed one by one.
  void finish(std::vector<LogWarning>& warnings) const;
  /// Number of gaps found so far.
  std::size_t gapCount() const { return gaps_; }

 private:
  std::string source_, column_, place_;
  double nominalStep_ = 0.0;
  double previous_ = 0.0;
  std::size_t previousLine_ = 0;
  bool first_ = true;
  std::size_t gaps_ = 0;
};

/// Smallest time step accepted, as a fraction of the median step: a sample repeated with a
/// jittered stamp (1e-12 s after the previous one) would make the differentiated velocity
/// and acceleration 1e10 times too large there and the regression meaningless.
inline constexpr double kMinStepFraction = 1e-6;

/// The most gap warnings listed one by one; the rest are summarised in one warning.
inline constexpr std::size_t kMaxListedGaps = 20;

/// Largest |value| of a joint signal an importer accepts (q, qd, qdd in rad or m per s^k,
/// tau in N m or N, after unit conversion). Far beyond any robot, far below overflow: a
/// finite but absurd value (1e308, a corrupted row) is refused at its line instead of
/// turning the regression into inf/NaN far from the file.
inline constexpr double kMaxJointSignal = 1e12;

}  // namespace eb
