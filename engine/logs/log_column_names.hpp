#pragma once
// Reading log column names: what a column holds (time, position, velocity,
// acceleration, torque, motor current, a commanded value) from its name alone —
// ours (q1, tau_3), indexed vectors (actual_q_0, q[0], state.dq[2]), named
// joints (<joint>/position, <joint>_effort), unit annotations ("q1 [deg]",
// "time_ms") — and the vector quantities the columns form, in joint order. The
// guesser (log_column_mapping.cpp) and the logger recognizers build on these.

#include "logs/log_column_mapping.hpp"

#include <Eigen/Core>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace eb::log_columns {

/// What a column holds, decided from its name alone.
enum class Role { None, Time, Position, Velocity, Acceleration, Torque, Current, Commanded };

/// "position", "velocity", ..., "motor current"; "other" for the rest.
const char* roleName(Role role);

/// One column, read by its name.
struct ColumnInfo {
  Role role = Role::None;
  std::string group;  ///< columns of one vector (q_0..q_5, or <joint>/position for all joints) share it
  int index = -1;     ///< trailing index for indexed groups
  std::string joint;  ///< joint name for named groups
  std::string unit;   ///< unit annotation, lower case
  int timeRank = 99;  ///< lower is a more likely time column
  TimeUnit timeUnit = TimeUnit::Seconds;
  bool timeUnitKnown = false;
};

/// Reads one column name.
ColumnInfo readColumnName(const std::string& raw);

/// Columns of one vector quantity, in joint order.
struct Group {
  Role role = Role::None;
  std::string key;
  bool named = false;
  std::vector<std::size_t> columns;     ///< column indices, joint order
  std::vector<std::string> joints;      ///< named groups: joint names, same order
  bool modelOrder = false;              ///< named group ordered by the model's joint names
  bool valid = true;                    ///< indices unique and contiguous
};

/// "q1 .. q7" (the group's first and last column names).
std::string describe(const Group& g, const std::vector<std::string>& names);

/// Groups of each role; indexed groups sorted by index, named groups in model order when possible.
std::vector<Group> buildGroups(const std::vector<ColumnInfo>& infos, const std::vector<std::string>& modelJoints);

/// The best group of a role with exactly dof columns: named in model order, then indexed, then named.
const Group* pickGroup(const std::vector<Group>& groups, Role role, int dof);

/// The group of a role with the most columns (for "found 3 ... but the robot has 7"), or null.
const Group* largestGroup(const std::vector<Group>& groups, Role role);

/// Whether `name` is the reader's name for column k of a headerless file ("column<k+1>").
bool isGeneratedName(const std::string& name, std::size_t k);

/// Median positive step of a preview column (NaN rows skipped); 0 if unknown.
double previewStep(const Eigen::MatrixXd& preview, std::size_t column);

/// `s` in lower case (ASCII).
std::string lower(std::string_view s);

}  // namespace eb::log_columns
