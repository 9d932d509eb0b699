#pragma once
// A numeric table as CSV: one header line, one row per sample, numbers with
// 17 significant digits (they read back bit for bit), '.' decimal point
// whatever the locale.

#include <Eigen/Core>
#include <string>
#include <vector>

namespace eb {

/// CSV text of `rows` (N x header.size()); throws std::invalid_argument on a size
/// mismatch or a non-finite value (the message names the row and column).
/// `delimiter` separates fields (',' by default; ' ' for space-delimited loggers).
std::string formatMatrixCsv(const std::vector<std::string>& header, const Eigen::MatrixXd& rows, char delimiter = ',');

/// Shortest text that reads back to exactly `v` (17 significant digits at most).
std::string formatDoubleExact(double v);

}  // namespace eb
