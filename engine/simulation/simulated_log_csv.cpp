#include "simulation/simulated_log_csv.hpp"

#include "io/atomic_file.hpp"
#include "io/matrix_csv.hpp"

#include <cmath>
#include <stdexcept>

namespace eb {

std::string formatSimulatedLogCsv(const SimulatedLog& log, const SimulatedLogFormat& format) {
  const int n = static_cast<int>(log.q.cols());
  const Eigen::Index rows = log.t.size();
  const bool currents = !format.torqueConstants.empty();
  Eigen::MatrixXd measured = log.tau;
  if (currents) {
    if (format.torqueConstants.size() != static_cast<std::size_t>(n))
      throw std::invalid_argument("simulated log: " + std::to_string(format.torqueConstants.size()) +
                                  " torque constants for " + std::to_string(n) + " joints");
    for (int j = 0; j < n; ++j) {
      const double k = format.torqueConstants[static_cast<std::size_t>(j)];
      if (!(k != 0.0) || !std::isfinite(k)) throw std::invalid_argument("simulated log: torque constants must be non-zero");
      measured.col(j) /= k;
    }
  }
  std::vector<std::string> header;
  std::vector<const Eigen::MatrixXd*> blocks;
  std::vector<std::string> prefixes;
  char delimiter = ',';
  if (format.layout == SimulatedLogFormat::Layout::UrRtde) {
    header.push_back("timestamp");
    prefixes = {"actual_q_", "actual_qd_"};
    blocks = {&log.q, &log.qdTrue};
    if (currents) {
      prefixes.push_back("actual_current_");
      blocks.push_back(&measured);
    }
    prefixes.push_back("target_moment_");
    blocks.push_back(&log.tauTrue);
    delimiter = ' ';
  } else {
    header.push_back("t");
    prefixes = {"q", currents ? "i" : "tau", "qd", "qdd"};
    blocks = {&log.q, &measured, &log.qdTrue, &log.qddTrue};
  }
  const int first = format.layout == SimulatedLogFormat::Layout::UrRtde ? 0 : 1;  // RTDE numbers joints from 0
  for (const std::string& prefix : prefixes)
    for (int j = 0; j < n; ++j) header.push_back(prefix + std::to_string(j + first));
  Eigen::MatrixXd table(rows, 1 + static_cast<Eigen::Index>(blocks.size()) * n);
  table.col(0) = log.t;
  for (std::size_t b = 0; b < blocks.size(); ++b) table.middleCols(1 + static_cast<Eigen::Index>(b) * n, n) = *blocks[b];
  return formatMatrixCsv(header, table, delimiter);
}

void writeSimulatedLogCsv(const std::string& path, const SimulatedLog& log, const SimulatedLogFormat& format) {
  writeFileAtomically(path, formatSimulatedLogCsv(log, format));
}

}  // namespace eb
