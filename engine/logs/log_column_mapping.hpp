#pragma once
// Which log columns hold time, positions, velocities, accelerations and torques,
// and in which units: a plain struct the GUI edits, plus a guesser that reads the
// header of logs from our own tools, UR RTDE, libfranka, ROS JointState exports
// and hand-written CSVs, and explains every guess in a note. Column names are
// read by log_column_names.hpp; what a particular logger's naming implies (its
// note, its time unit) is one row of a table in log_column_mapping.cpp.

#include <Eigen/Core>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace eb {

/// Unit of a log's time column.
enum class TimeUnit { Seconds, Milliseconds, Microseconds, Nanoseconds };
/// Unit of a log's revolute positions (velocities and accelerations use the same per second).
enum class PositionUnit { Radian, Degree };

/// Seconds per unit (1, 1e-3, 1e-6, 1e-9).
double secondsPerTimeUnit(TimeUnit unit);
/// "s", "ms", "us", "ns".
const char* timeUnitName(TimeUnit unit);
/// Radians per unit (1 or pi/180).
double radiansPerPositionUnit(PositionUnit unit);

/// Columns of one joint. An empty name means "not logged".
struct JointColumns {
  std::string name;          ///< joint name (model name when known)
  std::string q;             ///< position column
  std::string qd;            ///< velocity column (optional)
  std::string qdd;           ///< acceleration column (optional)
  std::string tau;           ///< torque column, or a motor current column scaled by torqueScale
  double torqueScale = 1.0;  ///< tau = torqueScale * column; a torque constant [N m/A] for currents
  bool operator==(const JointColumns& o) const {
    return name == o.name && q == o.q && qd == o.qd && qdd == o.qdd && tau == o.tau && torqueScale == o.torqueScale;
  }
};

/// How to turn log columns into an ExperimentLog. Joints in model order.
struct LogColumnMapping {
  std::string timeColumn;                        ///< empty: uniform samples at sampleRateHz
  TimeUnit timeUnit = TimeUnit::Seconds;         ///< unit of the time column
  double sampleRateHz = 0.0;                     ///< used only without a time column [Hz]
  PositionUnit positionUnit = PositionUnit::Radian;  ///< unit of q (and per second for qd, qdd)
  std::vector<JointColumns> joints;              ///< one entry per robot joint

  /// Every column the mapping reads, without duplicates: time first, then per joint q, qd, qdd, tau.
  std::vector<std::string> columns() const;
  bool hasVelocity() const;      ///< every joint has a velocity column
  bool hasAcceleration() const;  ///< every joint has an acceleration column
  bool operator==(const LogColumnMapping& o) const {
    return timeColumn == o.timeColumn && timeUnit == o.timeUnit && sampleRateHz == o.sampleRateHz &&
           positionUnit == o.positionUnit && joints == o.joints;
  }
};

/// What the guesser may know besides the header.
struct LogGuessOptions {
  int dof = 0;                              ///< joints of the robot (required)
  std::vector<std::string> jointNames;      ///< model joint names in model order (optional)
  std::vector<double> torqueConstants;      ///< [N m/A] per joint: use motor-current columns (optional)
  std::optional<PositionUnit> positionUnit; ///< forced position unit
  std::optional<TimeUnit> timeUnit;         ///< forced unit of the time column
  double sampleRateHz = 0.0;                ///< [Hz] for logs without a time column
};

/// A guessed mapping and the human-readable reasons behind it.
struct LogMappingGuess {
  LogColumnMapping mapping;
  std::vector<std::string> notes;     ///< what was found where ("positions: q1 .. q7")
  std::vector<std::string> warnings;  ///< guesses the user should confirm (ms time by step size, UR target_moment)
};

/// Guesses the mapping from column names and a few parsed rows (`preview`, rows x columns, NaN
/// for non-numbers; may have 0 rows), which decide the time unit by step size and hint at degrees.
/// Throws InputError "<source>: line <headerLine>: ..." when the joint columns found do not match
/// `options.dof` (naming how many were found) or the torque constants have the wrong size.
/// Missing roles stay empty (see checkLogColumnMapping).
LogMappingGuess guessLogColumnMapping(const std::vector<std::string>& columns, const Eigen::MatrixXd& preview,
                                      const LogGuessOptions& options, std::string_view source = "log",
                                      std::size_t headerLine = 1);

/// Checks a (possibly user-edited) mapping against the file's columns and the robot: dof joints,
/// every joint has q and tau, named columns exist, a time column or a positive sample rate.
/// Throws InputError "<source>: line <headerLine>: column '<name>': ...".
void checkLogColumnMapping(const LogColumnMapping& mapping, const std::vector<std::string>& columns, int dof,
                           std::string_view source = "log", std::size_t headerLine = 1);

}  // namespace eb
