#pragma once
// Where LogBlockReader gets its raw rows from: a CSV file (CsvBlockReader) or a
// ROS 2 bag (BagRowSource). Both give rows of named columns (time first, then
// per joint position, velocity, acceleration, torque, as the mapping selects
// them), each with its place in the file; everything after (units, plausibility,
// the time base, segments) is LogBlockReader's, the same for every source.

#include "logs/experiment_log.hpp"

#include <Eigen/Core>

#include <cstddef>
#include <string>
#include <vector>

namespace eb {

/// A stream of raw log rows.
class LogRowSource {
 public:
  virtual ~LogRowSource() = default;
  /// Names of the columns of the rows read, in order.
  virtual const std::vector<std::string>& selectedColumns() const = 0;
  /// Fills up to out.rows() rows (out.cols() == selectedColumns().size()); `lines` (when not null)
  /// gets each row's place (file line, or message number), `skippedBefore` the bad rows skipped
  /// right before it. Returns the rows filled; 0 at the end. Throws InputError.
  virtual std::size_t read(Eigen::Ref<Eigen::MatrixXd> out, std::size_t* lines = nullptr,
                           std::size_t* skippedBefore = nullptr) = 0;
  /// Fraction of the input consumed so far, in [0, 1].
  virtual double progress() const = 0;
  /// Warnings collected while reading.
  virtual const std::vector<LogWarning>& warnings() const = 0;
  /// Ticks per unit of the time column when the source gives it as ticks since its first row,
  /// formed exactly (decimal_ticks.hpp); 0 when the column holds the stamps as parsed.
  virtual double timeTicksPerUnit() const { return 0.0; }
  /// The first row's time as parsed [unit of the time column], when timeTicksPerUnit() > 0.
  virtual double firstRawTime() const { return 0.0; }
};

}  // namespace eb
