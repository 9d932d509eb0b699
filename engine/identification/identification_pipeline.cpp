#include "identification/identification_pipeline.hpp"

#include "identification/consistent_estimation.hpp"
#include "identification/consistent_residual.hpp"
#include "identification/log_check.hpp"
#include "logs/log_file_kind.hpp"
#include "model/body_bounds.hpp"
#include "util/input_error.hpp"
#include "util/cancelled.hpp"
#include "util/text_format.hpp"
#include "util/thread_pool.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace eb {
namespace {

PreprocessOptions preprocessFor(const IdentificationSettings& s, double rateHz) {
  PreprocessOptions p = s.preprocess;
  if (p.cutoffHz <= 0.0) p.cutoffHz = automaticCutoffHz(rateHz);
  return p;
}

// A preprocessing error (its rate against the cutoff) belongs to the file it came from.
// A setting the log's own rate makes invalid (a cutoff above its Nyquist frequency, a time column
// in the wrong unit) is the user's input error: the file is its place, kept as data.
[[noreturn]] void rethrowWithFile(const std::invalid_argument& e, const std::string& path) {
  throw inputErrorIn(path, e.what());
}

}  // namespace

std::string LogSummary::text() const {
  std::string out = timeBase.text();
  if (loggedDerivatives) out += "; logged qd and qdd used as they are";
  else out += "; " + preprocess.text();
  return out;
}

bool isHeldOutSample(double t, double t0) {
  constexpr double kWindowSeconds = 1.0;
  constexpr long long kEvery = 5;
  return static_cast<long long>(std::floor((t - t0) / kWindowSeconds)) % kEvery == kEvery - 1;
}

// Splits the samples between a training and a held-out accumulation by each log's own
// time: every fifth second from the log's first sample is held out (chooses the
// consistent estimate's prior weight). Every sample goes to exactly one of them.
class SplitAccumulator {
 public:
  SplitAccumulator(const RobotModel& model, const BaseParameters& base)
      : training_(model, base, &sharedThreadPool()), heldOut_(model, base, &sharedThreadPool()) {}
  void startLog() { started_ = false; }
  void add(const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
           const Eigen::MatrixXd& tau) {
    if (!started_ && t.size() > 0) {
      t0_ = t[0];
      started_ = true;
    }
    for (Eigen::Index a = 0; a < t.size();) {
      const bool held = isHeldOut(t[a]);
      Eigen::Index b = a + 1;
      while (b < t.size() && isHeldOut(t[b]) == held) ++b;
      (held ? heldOut_ : training_).add(q.middleRows(a, b - a), qd.middleRows(a, b - a), qdd.middleRows(a, b - a),
                                        tau.middleRows(a, b - a));
      a = b;
    }
  }
  const NormalEquations& training() const { return training_.equations(); }
  const NormalEquations& heldOut() const { return heldOut_.equations(); }

 private:
  bool isHeldOut(double t) const { return isHeldOutSample(t, t0_); }
  RegressionAccumulator training_, heldOut_;
  double t0_ = 0.0;
  bool started_ = false;
};

LogImportOptions importOptionsFor(const RobotModel& model, const IdentificationSettings& s) {
  LogImportOptions o = s.import;
  o.dof = model.dof();
  if (o.jointNames.empty())
    for (const Joint& j : model.joints()) o.jointNames.push_back(j.name);
  if (s.checkPositionRanges && o.positionBounds.empty())
    for (const Joint& j : model.joints())
      o.positionBounds.push_back(j.type == JointType::Continuous
                                     ? PositionBounds{}
                                     : PositionBounds::aroundLimits(j.limits.lower, j.limits.upper));
  return o;
}

LogSummary preprocessLogInto(const RobotModel& model, const std::string& path, const IdentificationSettings& settings,
                             const SampleSink& sink, std::vector<LogWarning>& warnings,
                             const std::function<void(double, const std::string&)>& report) {
  LogSummary summary;
  summary.path = path;
  LogImportOptions importOptions = importOptionsFor(model, settings);
  auto say = [&](double fraction, const std::string& what) {
    if (report) report(fraction, what);
  };
  try {
    say(0.0, "reading " + path);
    if (logFileKindOf(path) == LogFileKind::Mat || settings.useLoggedDerivatives) {
      // Whole log in memory: MAT files are read at once anyway.
      const ExperimentLog log = importLog(path, importOptions);
      warnings.insert(warnings.end(), log.warnings.begin(), log.warnings.end());
      summary.timeBase = log.timeBase;
      if (usesLoggedDerivatives(settings, log)) {
        sink(log.t, log.q, log.qd, log.qdd, log.tau);
        summary.loggedDerivatives = true;
      } else {
        const PreprocessedLog pre = preprocessLog(log, preprocessFor(settings, log.sampleRateHz()));
        sink(pre.t, pre.q, pre.qd, pre.qdd, pre.tau);
        warnings.insert(warnings.end(), pre.warnings.begin(), pre.warnings.end());
        summary.preprocess = pre.report;
      }
    } else {
      // Text logs are streamed: constant memory whatever their length. The cutoff rule is
      // applied once the rate is known.
      importOptions.progress = [&](double fraction) {
        say(0.9 * fraction, "accumulating " + path);
        return true;
      };
      const StreamingPreprocessSummary streamed =
          preprocessCsvLogStreaming(path, importOptions, settings.preprocess, [&](const ProcessedBlock& block) {
            sink(block.t, block.q, block.qd, block.qdd, block.tau);
          });
      warnings.insert(warnings.end(), streamed.warnings.begin(), streamed.warnings.end());
      summary.timeBase = streamed.timeBase;
      summary.preprocess = streamed.report;
    }
    say(1.0, "done " + path);
  } catch (const std::invalid_argument& e) {
    rethrowWithFile(e, path);
  }
  return summary;
}

IdentificationSettings settingsForLog(const IdentificationSettings& settings, const LogInput& log) {
  IdentificationSettings s = settings;
  if (log.import) s.import = *log.import;
  return s;
}

AccumulatedEquations accumulateLogs(const RobotModel& model, const std::vector<LogInput>& logs,
                                    const IdentificationSettings& settings, const IdentificationProgress& progress) {
  if (logs.empty()) throw InputError("identify: no log file given");
  AccumulatedEquations run;
  run.base = computeBaseParameters(model, settings.regressor);
  SplitAccumulator acc(model, run.base);
  for (size_t f = 0; f < logs.size(); ++f) {
    const std::string& path = logs[f].path;
    const IdentificationSettings logSettings = settingsForLog(settings, logs[f]);
    acc.startLog();
    TorqueConventionCheck check(model);
    LogSummary summary = preprocessLogInto(
        model, path, logSettings,
        [&](const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
            const Eigen::MatrixXd& tau) {
          acc.add(t, q, qd, qdd, tau);
          check.add(t, q, qd, qdd, tau);
        },
        run.warnings,
        [&](double local, const std::string& what) {
          if (progress && !progress((static_cast<double>(f) + local) / logs.size(), what)) throw Cancelled("identify");
        });
    summary.conventions = check.report(path);
    if (refusesLog(summary.conventions, logSettings.import)) throw InputError(summary.conventions.refusal());
    const std::vector<Diagnostic> findings = summary.conventions.findings();
    run.warnings.insert(run.warnings.end(), findings.begin(), findings.end());
    run.notes.push_back(path + ": " + summary.text());
    run.logs.push_back(std::move(summary));
  }
  run.trainingEquations = acc.training();
  run.heldOutEquations = acc.heldOut();
  run.equations = run.trainingEquations;
  run.equations.merge(run.heldOutEquations);
  return run;
}

BaseEstimate estimateAuto(const RobotModel& model, const NormalEquations& eq, const BaseParameters& base,
                          const EstimationOptions& options, const std::function<bool(double)>& progress,
                          const NormalEquations* training, const NormalEquations* heldOut) {
  constexpr double kTie = 0.01;  // the consistent estimate is kept unless OLS predicts >1 % better
  EstimationOptions consistent = options, ols = options;
  consistent.method = EstimationMethod::Consistent;
  ols.method = EstimationMethod::Ols;
  const bool canScore = training && heldOut && heldOut->samples * heldOut->dof >= 2L * base.rank &&
                        training->samples * training->dof >= 2L * base.rank;
  BaseEstimate chosen;
  std::string why;
  try {
    chosen = estimateWithMethod(model, eq, base, consistent, progress, training, heldOut);
  } catch (const InputError& e) {
    BaseEstimate fallback = estimateBaseParameters(eq, base, ols);
    fallback.notes.insert(fallback.notes.begin(), std::string("method auto: OLS, the consistent estimate failed: ") +
                                                      e.what());
    return fallback;
  }
  if (!canScore || chosen.priorWeightCurve.empty()) {
    chosen.notes.insert(chosen.notes.begin(),
                        "method auto: consistent (too few held-out samples to compare it with OLS)");
    return chosen;
  }
  double consistentScore = chosen.priorWeightCurve.front().second;
  for (const auto& [weight, score] : chosen.priorWeightCurve)
    if (weight == chosen.priorWeight) consistentScore = score;
  const Eigen::VectorXd w = consistent::defaultJointWeights(*training);
  double olsScore = std::numeric_limits<double>::infinity();
  try {
    olsScore = consistent::heldOutScore(*heldOut, w, estimateBaseParameters(*training, base, ols).values);
  } catch (const InputError&) {
    // The training part alone does not excite every base parameter: OLS cannot be scored.
  }
  const std::string scores = "held-out weighted mean squared residual " + formatSignificant(consistentScore, 4) +
                             " (consistent) against " + formatSignificant(olsScore, 4) +
                             " (OLS), every fifth second of each log held out";
  if (olsScore < consistentScore * (1.0 - kTie)) {
    BaseEstimate olsAll = estimateBaseParameters(eq, base, ols);
    olsAll.notes.insert(olsAll.notes.begin(), "method auto: OLS, it predicts held-out data better: " + scores);
    return olsAll;
  }
  chosen.notes.insert(chosen.notes.begin(),
                      "method auto: consistent, physically consistent and it predicts held-out data " +
                          std::string(consistentScore <= olsScore ? "better" : "as well (within 1 %)") + ": " +
                          scores);
  return chosen;
}

BaseEstimate estimateWithMethod(const RobotModel& model, const NormalEquations& eq, const BaseParameters& base,
                                const EstimationOptions& options, const std::function<bool(double)>& progress,
                                const NormalEquations* training, const NormalEquations* heldOut) {
  if (options.method == EstimationMethod::Auto) return estimateAuto(model, eq, base, options, progress, training, heldOut);
  if (options.method == EstimationMethod::Consistent) {
    ConsistentOptions co;
    co.maxCondition = options.maxCondition;
    co.frictionPrior = options.frictionPrior;
    co.progress = progress;
    if (options.priorWeight > 0.0) {
      co.priorWeight = options.priorWeight;
      return estimateConsistentParameters(model, eq, base, co);
    }
    // Enough held-out samples to score a weight: as many rows as base parameters, twice.
    std::string why = "too few held-out samples to choose it from the data";
    if (training && heldOut && heldOut->samples * heldOut->dof >= 2L * base.rank &&
        training->samples * training->dof >= 2L * base.rank) {
      try {
        return chooseConsistentPriorWeight(model, *training, *heldOut, base, co);
      } catch (const InputError& e) {
        // The training part alone may excite less than the whole log does.
        why = std::string("the training part alone could not be fitted: ") + e.what();
      }
    }
    BaseEstimate e = estimateConsistentParameters(model, eq, base, co);
    e.notes.push_back("consistent: prior weight " + formatSignificant(co.priorWeight, 3) + " (fixed: " + why + ")");
    return e;
  }
  return estimateBaseParameters(eq, base, options);
}

Eigen::VectorXd residualMeans(const NormalEquations& eq, const Eigen::VectorXd& theta) {
  Eigen::VectorXd means(eq.dof);
  for (int j = 0; j < eq.dof; ++j) means[j] = eq.residualMean(j, theta);
  return means;
}

std::vector<LogWarning> offsetFindings(const Eigen::VectorXd& means, const Eigen::VectorXd& rms,
                                       const std::vector<std::string>& names, const std::string& where,
                                       bool modelHasOffset) {
  std::vector<LogWarning> out;
  if (modelHasOffset) return out;
  for (Eigen::Index j = 0; j < means.size(); ++j) {
    if (!(rms[j] > 0.0) || !(std::abs(means[j]) >= kOffsetResidualShare * rms[j])) continue;
    char numbers[64];
    std::snprintf(numbers, sizeof numbers, "%.3g N m, %.0f %%", means[j], 100.0 * std::abs(means[j]) / rms[j]);
    out.push_back(diagnosticAt(Severity::Warning, where, 0, "",
                               "the residual of joint " + std::to_string(j + 1) + " (" +
                                   names[static_cast<std::size_t>(j)] + ") has a mean of " + numbers +
                                   " of its RMS: a torque-sensor offset the model is missing? Estimate with an "
                                   "offset column (--offset; in the wizard: Torque offset)"));
  }
  return out;
}

LogsEstimate estimateFromLogs(const RobotModel& model, const AccumulatedEquations& accumulated,
                              const EstimationOptions& options, const std::function<bool(double)>& progress) {
  std::string files;
  for (const LogSummary& log : accumulated.logs) files += (files.empty() ? "" : ", ") + log.path;
  LogsEstimate out;
  try {
    out.estimate = estimateWithMethod(model, accumulated.equations, accumulated.base, options, progress,
                                      &accumulated.trainingEquations, &accumulated.heldOutEquations);
  } catch (const InputError& e) {
    // The regression is of these logs: name them (a rank-deficient experiment is a property of the files).
    throw inFile(e, files);
  }
  out.warnings = offsetFindings(residualMeans(accumulated.equations, out.estimate.values), out.estimate.residualRms,
                                model.jointNames(), files, accumulated.base.options.offset);
  if (out.estimate.fullParameters)
    out.plausibility = checkPlausibility(model, *out.estimate.fullParameters, bodyGeometryBounds(model));
  return out;
}

IdentificationRun identifyFromLogs(const RobotModel& model, const std::vector<LogInput>& logs,
                                   const IdentificationSettings& settings, const IdentificationProgress& progress) {
  IdentificationRun run;
  static_cast<AccumulatedEquations&>(run) = accumulateLogs(model, logs, settings, progress);
  if (progress && !progress(1.0, "estimating")) throw Cancelled("identify");
  std::function<bool(double)> estimating;
  if (progress) estimating = [&](double) { return progress(1.0, "estimating"); };
  LogsEstimate e = estimateFromLogs(model, run, settings.estimation, estimating);
  run.estimate = std::move(e.estimate);
  run.plausibility = std::move(e.plausibility);
  run.warnings.insert(run.warnings.end(), e.warnings.begin(), e.warnings.end());
  // Currents scaled by given constants: an error of a constant scales that joint's torques, and
  // so the parameters, by an amount no residual shows (docs/payload-identification.md).
  const bool currents = !settings.import.torqueConstants.empty() ||
                        std::any_of(logs.begin(), logs.end(), [](const LogInput& l) {
                          return l.import && !l.import->torqueConstants.empty();
                        });
  if (currents)
    run.estimate.notes.push_back(
        "the standard deviations leave out the torque constants' uncertainty: the efforts are currents times the "
        "given constants, whose errors scale the parameters unseen (identify-gains estimates them)");
  return run;
}

bool usesLoggedDerivatives(const IdentificationSettings& settings, const ExperimentLog& log) {
  return settings.useLoggedDerivatives && log.hasVelocity() && log.hasAcceleration();
}

PreprocessedLog preprocessImportedLog(const ExperimentLog& log, const IdentificationSettings& settings) {
  if (usesLoggedDerivatives(settings, log)) {
    PreprocessedLog out;
    out.source = log.source;
    out.t = log.t;
    out.q = log.q;
    out.qd = log.qd;
    out.qdd = log.qdd;
    out.tau = log.tau;
    out.sampleRateHz = log.sampleRateHz();
    out.warnings = log.warnings;
    out.timeBase = log.timeBase;
    for (const LogSegment& segment : log.segments()) out.segmentStarts.push_back(segment.firstRow);
    return out;
  }
  try {
    PreprocessedLog out = preprocessLog(log, preprocessFor(settings, log.sampleRateHz()));
    out.warnings.insert(out.warnings.begin(), log.warnings.begin(), log.warnings.end());
    return out;
  } catch (const std::invalid_argument& e) {
    rethrowWithFile(e, log.source);
  }
}

PreprocessedLog loadAndPreprocess(const RobotModel& model, const std::string& path,
                                  const IdentificationSettings& settings, std::size_t maxRows) {
  LogImportOptions options = importOptionsFor(model, settings);
  options.maxRows = maxRows;
  return preprocessImportedLog(importLog(path, options), settings);
}

PreprocessingPreview previewPreprocessing(const RobotModel& model, const std::string& path,
                                          const IdentificationSettings& settings, std::size_t maxRows,
                                          std::shared_ptr<const ExperimentLog> raw,
                                          const std::function<bool(double)>& progress) {
  PreprocessingPreview out;
  if (!raw) {
    LogImportOptions options = importOptionsFor(model, settings);
    options.maxRows = maxRows;
    options.progress = progress;
    raw = std::make_shared<const ExperimentLog>(importLog(path, options));
  }
  out.raw = std::move(raw);
  out.loggedDerivatives = usesLoggedDerivatives(settings, *out.raw);
  out.preprocessed = preprocessImportedLog(*out.raw, settings);
  return out;
}

}  // namespace eb
