#include "app/wizard/log_check.hpp"

#include "logs/log_file_kind.hpp"

#include "util/input_error.hpp"
#include "util/cancelled.hpp"

#include <QFileInfo>

namespace eb::wizard {

std::vector<LogCheck> checkLogs(const std::vector<LogCheckRequest>& requests, const common::BackgroundTask::Progress& progress) {
  constexpr std::size_t kBlockRows = 16384;
  std::vector<LogCheck> results;
  const double n = static_cast<double>(requests.size());
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const LogCheckRequest& request = requests[i];
    const std::string path = request.path.toStdString();
    const std::string what = "reading " + QFileInfo(request.path).fileName().toStdString();
    LogCheck check;
    check.path = request.path;
    if (!progress(static_cast<double>(i) / n, what)) return results;
    try {
      if (!request.setupError.isEmpty()) throw InputError(request.setupError.toStdString());
      if (logFileKindOf(path) == LogFileKind::Mat) {
        LogImportOptions options = request.options;
        options.progress = [&](double f) { return progress((static_cast<double>(i) + f) / n, what); };
        const ExperimentLog log = importLog(path, options);
        check.rows = log.rows();
        check.rateHz = log.sampleRateHz();
        check.duration = log.rows() ? log.t[log.t.size() - 1] : 0.0;
        check.warnings = log.warnings;
        check.timeBase = log.timeBase;
      } else {
        LogBlockReader reader(path, request.options);
        LogBlock block;
        while (const std::size_t rows = reader.read(block, kBlockRows)) {
          check.duration = block.t[static_cast<Eigen::Index>(rows) - 1];
          if (!progress((static_cast<double>(i) + reader.progress()) / n, what)) return results;
        }
        check.rows = reader.rowsRead();
        check.rateHz = reader.nominalStep() > 0 ? 1.0 / reader.nominalStep() : 0.0;
        check.warnings = reader.warnings();
        check.notes = reader.notes();
        check.timeBase = reader.timeBase();
      }
      check.ok = true;
      if (request.model) {
        // As the estimate will read it: preprocessed (filtered, differentiated), then checked.
        TorqueConventionCheck conventions(*request.model);
        std::vector<LogWarning> ignored;  // the read above reported them
        const std::string checking = "checking the torques of " + QFileInfo(request.path).fileName().toStdString();
        preprocessLogInto(
            *request.model, path, request.settings,
            [&](const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd,
                const Eigen::MatrixXd& qdd, const Eigen::MatrixXd& tau) { conventions.add(t, q, qd, qdd, tau); },
            ignored, [&](double f, const std::string&) {
              if (!progress((static_cast<double>(i) + f) / n, checking)) throw Cancelled("log check");
            });
        check.conventions = conventions.report(path);
        const std::vector<Diagnostic> findings = check.conventions->findings();
        check.warnings.insert(check.warnings.end(), findings.begin(), findings.end());
        if (request.settings.import.torqueSigns.empty() && !check.conventions->refusedJoints().empty()) {
          check.ok = false;
          check.errorDetail = check.conventions->refusal();
          check.error = QString::fromStdString(check.errorDetail.text());
        }
      }
    } catch (const Cancelled&) {
      return results;
    } catch (const InputError& e) {
      check.error = QString::fromUtf8(e.what());
      check.errorDetail = e.diagnostic();
    } catch (const std::exception& e) {
      check.error = QString::fromUtf8(e.what());
    }
    results.push_back(std::move(check));
  }
  progress(1.0, "done");
  return results;
}

}  // namespace eb::wizard
