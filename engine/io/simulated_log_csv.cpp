#include "io/simulated_log_csv.hpp"

#include "io/atomic_file.hpp"
#include "io/matrix_csv.hpp"

namespace eb {

std::string formatSimulatedLogCsv(const SimulatedLog& log) {
  const int n = static_cast<int>(log.q.cols());
  const Eigen::Index rows = log.t.size();
  Eigen::MatrixXd table(rows, 1 + 4 * n);
  table.col(0) = log.t;
  table.middleCols(1, n) = log.q;
  table.middleCols(1 + n, n) = log.tau;
  table.middleCols(1 + 2 * n, n) = log.qdTrue;
  table.middleCols(1 + 3 * n, n) = log.qddTrue;
  std::vector<std::string> header{"t"};
  for (const char* prefix : {"q", "tau", "qd", "qdd"})
    for (int j = 0; j < n; ++j) header.push_back(prefix + std::to_string(j + 1));
  return formatMatrixCsv(header, table);
}

void writeSimulatedLogCsv(const std::string& path, const SimulatedLog& log) {
  writeFileAtomically(path, formatSimulatedLogCsv(log));
}

}  // namespace eb
