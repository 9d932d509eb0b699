#include "identification/log_check.hpp"

#include "logs/log_file_kind.hpp"
#include "logs/log_import.hpp"
#include "util/cancelled.hpp"
#include "util/input_error.hpp"

namespace eb {
namespace {

// The read alone, for a log whose preprocessing failed: it says whether the file itself is
// readable, and where it is not. CSV and bags are streamed in constant memory.
void readOnly(const std::string& path, const LogImportOptions& options, LogCheck& check) {
  if (logFileKindOf(path) == LogFileKind::Mat) {
    const ExperimentLog log = importLog(path, options);
    check.rows = log.rows();
    check.warnings = log.warnings;
    check.timeBase = log.timeBase;
    return;
  }
  constexpr std::size_t kBlockRows = 16384;
  LogBlockReader reader(path, options);
  LogBlock block;
  while (reader.read(block, kBlockRows) > 0) {
    if (options.progress && !options.progress(reader.progress())) throw Cancelled("log check");
  }
  check.rows = reader.rowsRead();
  check.warnings = reader.warnings();
  check.timeBase = reader.timeBase();
}

}  // namespace

bool refusesLog(const TorqueConventionReport& conventions, const LogImportOptions& import) {
  return import.torqueSigns.empty() && !conventions.refusedJoints().empty();
}

LogCheck checkLog(const RobotModel& model, const std::string& path, const IdentificationSettings& settings,
                  const std::function<bool(double)>& progress) {
  LogCheck check;
  check.path = path;
  const auto report = [&](double fraction, const std::string&) {
    if (progress && !progress(fraction)) throw Cancelled("log check");
  };
  try {
    TorqueConventionCheck conventions(model);
    const LogSummary summary = preprocessLogInto(
        model, path, settings,
        [&](const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
            const Eigen::MatrixXd& tau) { conventions.add(t, q, qd, qdd, tau); },
        check.warnings, report);
    check.timeBase = summary.timeBase;
    check.rows = summary.timeBase.samples;
    check.conventions = conventions.report(path);
  } catch (const InputError& preprocessed) {
    // Either the file is unreadable (the read alone fails too, and says where) or only its
    // preprocessing is refused (a cutoff above the log's Nyquist frequency): then the log reads.
    LogCheck raw;
    raw.path = path;
    LogImportOptions options = importOptionsFor(model, settings);
    options.progress = progress;
    try {
      readOnly(path, options, raw);
    } catch (const InputError& e) {
      raw.error = e.diagnostic();
      return raw;
    } catch (const Cancelled&) {
      throw;
    } catch (const std::exception& e) {
      raw.error = diagnosticAt(Severity::Error, path, 0, "", e.what());
      return raw;
    }
    check = std::move(raw);
    Diagnostic why = preprocessed.diagnostic();
    why.severity = Severity::Warning;
    check.warnings.push_back(std::move(why));
  } catch (const Cancelled&) {
    throw;
  } catch (const std::exception& e) {
    check.error = diagnosticAt(Severity::Error, path, 0, "", e.what());
    return check;
  }
  check.rateHz = check.timeBase.nominalStep > 0.0 ? 1.0 / check.timeBase.nominalStep : 0.0;
  check.ok = true;
  if (check.conventions) {
    const std::vector<Diagnostic> findings = check.conventions->findings();
    check.warnings.insert(check.warnings.end(), findings.begin(), findings.end());
    if (refusesLog(*check.conventions, settings.import)) {
      check.ok = false;
      check.error = check.conventions->refusal();
    }
  }
  return check;
}

}  // namespace eb
