#pragma once
// A column layout typed by the user for logs whose header is missing or named
// in a way no recognizer knows: one item per column, left to right.
//
//     t[ms], q1..q6, qd1..qd6, i1..i6, _*12
//
// Items: `t` or `time` (unit s, ms, us or ns in brackets); per joint k (1-based)
// `qk` position (`[deg]` for degrees), `qdk` (or `dqk`) velocity, `qddk` (or
// `ddqk`) acceleration, `tauk` (or `torquek`) torque, `ik` (or `currentk`)
// motor current, scaled by the torque constants given with it; `qa..qb` (or
// `qa..b`) a range of joints; `_` a column to skip and `_*n` n of them.
// Columns after the last item are ignored. Blanks around items are allowed.

#include "logs/log_column_mapping.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace eb {

/// What one file column holds, from a layout.
struct LayoutColumn {
  enum class Role { Skip, Time, Position, Velocity, Acceleration, Torque, Current };
  Role role = Role::Skip;
  int joint = 0;  ///< 0-based joint for joint signals
};

/// A parsed layout.
struct LogColumnLayout {
  std::string text;                          ///< as given
  std::vector<LayoutColumn> columns;         ///< one per file column, from the first
  std::optional<TimeUnit> timeUnit;          ///< from `t[ms]`
  std::optional<PositionUnit> positionUnit;  ///< from `q1..q6[deg]`
  int joints = 0;                            ///< highest joint number named
};

/// Parses a layout (see the file comment). Throws InputError
/// "--columns: item 3 'qx2': <what>" for a malformed item.
LogColumnLayout parseLogColumnLayout(const std::string& text);

/// The mapping a layout gives for a file with `columns` (header names, or column1.. without a
/// header): every joint 1..dof must have a position and a torque (or current) column; currents
/// need `torqueConstants` [N m/A] (dof entries). Throws InputError naming `source` and `line`.
LogColumnMapping mappingFromLayout(const LogColumnLayout& layout, const std::vector<std::string>& columns, int dof,
                                   const std::vector<std::string>& jointNames,
                                   const std::vector<double>& torqueConstants, const std::string& source,
                                   std::size_t line);

}  // namespace eb
