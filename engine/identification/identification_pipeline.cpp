#include "identification/identification_pipeline.hpp"

#include "identification/consistent_estimation.hpp"
#include "model/model_error.hpp"
#include "util/thread_pool.hpp"

#include <algorithm>
#include <cstdio>

namespace eb {
namespace {

LogImportOptions importOptionsFor(const RobotModel& model, const IdentificationSettings& s) {
  LogImportOptions o = s.import;
  o.dof = model.dof();
  if (o.jointNames.empty())
    for (const Joint& j : model.joints()) o.jointNames.push_back(j.name);
  return o;
}

PreprocessOptions preprocessFor(const IdentificationSettings& s, double rateHz) {
  PreprocessOptions p = s.preprocess;
  if (p.cutoffHz <= 0.0) p.cutoffHz = automaticCutoffHz(rateHz);
  return p;
}

std::string format(const char* fmt, double a, double b = 0.0) {
  char buf[160];
  std::snprintf(buf, sizeof buf, fmt, a, b);
  return buf;
}

}  // namespace

IdentificationRun accumulateLogs(const RobotModel& model, const std::vector<std::string>& paths,
                                 const IdentificationSettings& settings, const IdentificationProgress& progress) {
  if (paths.empty()) throw InputError("identify: no log file given");
  IdentificationRun run;
  run.base = computeBaseParameters(model, settings.regressor);
  RegressionAccumulator acc(model, run.base, &sharedThreadPool());
  const LogImportOptions importOptions = importOptionsFor(model, settings);
  for (size_t f = 0; f < paths.size(); ++f) {
    const std::string& path = paths[f];
    auto report = [&](double local, const std::string& what) {
      if (progress && !progress((static_cast<double>(f) + local) / paths.size(), what))
        throw InputError(path + ": cancelled");
    };
    // Settings the file makes impossible (its rate against the cutoff) are named with the file.
    try {
      report(0.0, "reading " + path);
      const bool mat = path.size() > 4 && path.substr(path.size() - 4) == ".mat";
      if (mat || settings.useLoggedDerivatives) {
        // Whole log in memory: MAT files are read at once anyway.
        const ExperimentLog log = importLog(path, importOptions);
        run.warnings.insert(run.warnings.end(), log.warnings.begin(), log.warnings.end());
        if (settings.useLoggedDerivatives && log.hasVelocity() && log.hasAcceleration()) {
          acc.add(log.q, log.qd, log.qdd, log.tau);
          run.notes.push_back(path + ": " + std::to_string(log.rows()) + " samples, logged qd and qdd used as they are");
        } else {
          const PreprocessedLog pre = preprocessLog(log, preprocessFor(settings, log.sampleRateHz()));
          acc.add(pre.q, pre.qd, pre.qdd, pre.tau);
          run.warnings.insert(run.warnings.end(), pre.warnings.begin(), pre.warnings.end());
          run.notes.push_back(path + ": " + std::to_string(pre.t.size()) + " samples" +
                              format(" at %.6g Hz, cutoff %.3g Hz", pre.sampleRateHz, preprocessFor(settings, log.sampleRateHz()).cutoffHz));
        }
        report(1.0, "done " + path);
        continue;
      }
      // Text logs are streamed: constant memory whatever their length.
      const PreprocessOptions& pre = settings.preprocess;  // the cutoff rule is applied once the rate is known
      const StreamingPreprocessSummary summary = preprocessCsvLogStreaming(
          path, importOptions, pre,
          [&](const ProcessedBlock& block) {
            acc.add(block.q, block.qd, block.qdd, block.tau);
            report(0.5, "accumulating " + path);
          });
      run.warnings.insert(run.warnings.end(), summary.warnings.begin(), summary.warnings.end());
      run.notes.push_back(path + ": " + std::to_string(summary.outputRows) + " samples" +
                          format(" at %.6g Hz, cutoff %.3g Hz", summary.sampleRateHz, summary.cutoffHz));
      report(1.0, "done " + path);
    } catch (const std::invalid_argument& e) {
      throw InputError(path + ": " + e.what());
    }
  }
  run.equations = acc.equations();
  return run;
}

BaseEstimate estimateWithMethod(const RobotModel& model, const NormalEquations& eq, const BaseParameters& base,
                                const EstimationOptions& options, const std::function<bool(double)>& progress) {
  if (options.method == EstimationMethod::Consistent) {
    ConsistentOptions co;
    co.maxCondition = options.maxCondition;
    co.progress = progress;
    return estimateConsistentParameters(model, eq, base, co);
  }
  return estimateBaseParameters(eq, base, options);
}

IdentificationRun identifyFromLogs(const RobotModel& model, const std::vector<std::string>& paths,
                                   const IdentificationSettings& settings, const IdentificationProgress& progress) {
  IdentificationRun run = accumulateLogs(model, paths, settings, progress);
  if (progress && !progress(1.0, "estimating")) throw InputError("identify: cancelled");
  std::function<bool(double)> estimating;
  if (progress) estimating = [&](double) { return progress(1.0, "estimating"); };
  try {
    run.estimate = estimateWithMethod(model, run.equations, run.base, settings.estimation, estimating);
  } catch (const InputError& e) {
    // The regression is of these logs: name them (a rank-deficient experiment is a property of the files).
    std::string files;
    for (const std::string& path : paths) files += (files.empty() ? "" : ", ") + path;
    throw InputError(files + ": " + e.what());
  }
  return run;
}

PreprocessedLog loadAndPreprocess(const RobotModel& model, const std::string& path,
                                  const IdentificationSettings& settings) {
  const ExperimentLog log = importLog(path, importOptionsFor(model, settings));
  if (settings.useLoggedDerivatives && log.hasVelocity() && log.hasAcceleration()) {
    PreprocessedLog out;
    out.source = log.source;
    out.t = log.t;
    out.q = log.q;
    out.qd = log.qd;
    out.qdd = log.qdd;
    out.tau = log.tau;
    out.sampleRateHz = log.sampleRateHz();
    out.warnings = log.warnings;
    return out;
  }
  try {
    return preprocessLog(log, preprocessFor(settings, log.sampleRateHz()));
  } catch (const std::invalid_argument& e) {
    throw InputError(path + ": " + e.what());
  }
}

}  // namespace eb
