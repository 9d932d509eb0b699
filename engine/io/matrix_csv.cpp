#include "io/matrix_csv.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace eb {

std::string formatDoubleExact(double v) {
  char buf[32];
  // std::to_chars without a precision gives the shortest round-trip form.
  const auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
}

std::string formatMatrixCsv(const std::vector<std::string>& header, const Eigen::MatrixXd& rows, char delimiter) {
  if (static_cast<Eigen::Index>(header.size()) != rows.cols())
    throw std::invalid_argument("CSV table: " + std::to_string(header.size()) + " header names for " +
                                std::to_string(rows.cols()) + " columns");
  std::string out;
  out.reserve(static_cast<size_t>(rows.rows() * rows.cols()) * 20 + 64);
  for (size_t c = 0; c < header.size(); ++c) {
    if (c) out += delimiter;
    out += header[c];
  }
  out += '\n';
  char buf[32];
  for (Eigen::Index r = 0; r < rows.rows(); ++r) {
    for (Eigen::Index c = 0; c < rows.cols(); ++c) {
      const double v = rows(r, c);
      if (!std::isfinite(v))
        throw std::invalid_argument("CSV table: row " + std::to_string(r + 1) + ", column " +
                                    header[static_cast<size_t>(c)] + ": value is not finite");
      if (c) out += delimiter;
      const auto res = std::to_chars(buf, buf + sizeof buf, v);
      out.append(buf, res.ptr);
    }
    out += '\n';
  }
  return out;
}

}  // namespace eb
