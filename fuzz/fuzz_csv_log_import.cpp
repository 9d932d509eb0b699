// Fuzz target: a CSV experiment log -> ExperimentLog, for robots of 2 to 7 joints,
// corrupt rows refused or (when the first byte is odd) dropped. The importer reads
// paths, so the bytes go to a scratch file. When an import succeeds, the log is
// streamed again in small blocks and must agree bit for bit, its segments must
// tile it, and it is preprocessed with the automatic cutoff and edge trim (what
// `identify` does next): finite output, or a one-line refusal.
#include "fuzz_support.hpp"
#include "logs/log_import.hpp"
#include "identification/log_preprocessing.hpp"

#include <cmath>
#include <cstdlib>
#include <cstring>

namespace {

bool sameBits(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         (a.size() == 0 || std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<size_t>(a.size())) == 0);
}

void checkLog(const eb::ExperimentLog& log, const std::string& path, const eb::LogImportOptions& options) {
  if (log.dof() != options.dof || log.rows() < options.minRows) eb::fuzz::bug("log has the wrong shape");
  if (!log.t.allFinite() || !log.q.allFinite() || !log.tau.allFinite() || !log.qd.allFinite() || !log.qdd.allFinite())
    eb::fuzz::bug("log holds non-finite values");
  for (const Eigen::MatrixXd* m : {&log.q, &log.qd, &log.qdd, &log.tau})
    if (m->size() > 0 && m->cwiseAbs().maxCoeff() > eb::kMaxJointSignal) eb::fuzz::bug("log holds implausible values");
  for (Eigen::Index i = 1; i < log.t.size(); ++i)
    if (!(log.t[i] > log.t[i - 1])) eb::fuzz::bug("log time does not increase");
  std::size_t covered = 0;
  for (const eb::LogSegment& s : log.segments()) {
    if (s.firstRow != covered || s.rows == 0) eb::fuzz::bug("segments do not tile the log");
    covered += s.rows;
  }
  if (covered != log.rows()) eb::fuzz::bug("segments do not cover the log");
  if (log.timeBase.text().find_first_of("\r\n") != std::string::npos) eb::fuzz::bug("summary is not one line");
  for (const eb::LogWarning& w : log.warnings)
    if (w.message.find_first_of("\r\n") != std::string::npos) eb::fuzz::bug("warning is not one line: " + w.message);
  // The same file streamed in blocks of 7 rows.
  eb::LogBlockReader reader(path, options);
  eb::LogBlock block;
  Eigen::MatrixXd t(log.t.size(), 1), q(log.t.size(), options.dof), tau(log.t.size(), options.dof);
  Eigen::Index row = 0;
  while (const size_t got = reader.read(block, 7)) {
    const auto g = static_cast<Eigen::Index>(got);
    if (row + g > t.rows()) eb::fuzz::bug("block reader returns more rows than the import");
    t.middleRows(row, g) = block.t;
    q.middleRows(row, g) = block.q;
    tau.middleRows(row, g) = block.tau;
    row += g;
  }
  if (row != t.rows() || !sameBits(t, log.t) || !sameBits(q, log.q) || !sameBits(tau, log.tau))
    eb::fuzz::bug("block reader and whole import disagree");
  // Filtering and differentiation with the automatic cutoff and edge trim, segment by segment
  // (bad rates must be refused, not looped on).
  eb::PreprocessOptions preprocess;
  preprocess.edgeTrimSeconds = -1.0;
  const eb::PreprocessedLog pre = eb::preprocessLog(log, preprocess);
  if (!pre.q.allFinite() || !pre.qd.allFinite() || !pre.qdd.allFinite() || !pre.tau.allFinite())
    eb::fuzz::bug("preprocessed log holds non-finite values");
}

}  // namespace

// The robot's joint count for a log: 2, or what the importer says the log holds
// ("found 5 joint position columns ... but the robot has 2 joints"), so one input
// costs at most two imports yet every joint count from 2 to 7 is reached.
static int jointCountFromMessage(const std::string& message) {
  const std::string key = "found ";
  const size_t at = message.find(key);
  if (at == std::string::npos || message.find(" but the robot has 2 joints") == std::string::npos) return 0;
  const int n = std::atoi(message.c_str() + at + key.size());
  return n >= 3 && n <= 7 ? n : 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const eb::fuzz::ScratchFile file(".csv");
  const std::string& path = file.write(data, size);
  int retry = 0;
  for (int dof = 2; dof != 0; dof = retry, retry = 0) {
    eb::LogImportOptions options;
    options.dof = dof;
    options.minRows = 2;
    options.dropBadRows = size > 0 && (data[0] & 1) != 0;
    eb::fuzz::runExpectingOnlyInputErrors([&] {
      try {
        checkLog(eb::importCsvLog(path, options), path, options);
      } catch (const eb::InputError& e) {
        if (dof == 2) retry = jointCountFromMessage(e.what());
        throw;
      }
    });
  }
  return 0;
}
