// `design ROBOT --out excitation.json [--family fourier|multisine] [...]`:
// optimizes a rest-to-rest excitation (a Fourier series, or a multi-sine with
// its envelope) for an information criterion under the robot's limits, shows
// progress, prints a summary (criteria, limits used, worst usage per joint: the
// one excitation evaluation, excitation_evaluation.hpp, that `evaluate` and the
// workbench show too) and writes excitation.json with its metrics.
#include "cli_commands.hpp"
#include "cli_excitation_report.hpp"
#include "cli_progress.hpp"
#include "cli_robot_locks.hpp"
#include "cli_support.hpp"

#include "excitation/excitation_evaluation.hpp"
#include "excitation/excitation_optimizer.hpp"
#include "excitation/excitation_run.hpp"
#include "excitation/information_matrix.hpp"
#include "excitation/multisine_optimizer.hpp"
#include "excitation/multisine_setting_specs.hpp"
#include "io/atomic_file.hpp"
#include "io/excitation_json.hpp"
#include "util/input_error.hpp"
#include "model/robot_loader.hpp"
#include "util/thread_pool.hpp"

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>

namespace eb::cli {
namespace {

/// "dir/name.infeasible.json" for "dir/name.json" (the extension kept, whatever it is).
std::string infeasibleOutputPath(const std::string& out) {
  const std::filesystem::path p(out);
  return (p.parent_path() / (p.stem().string() + ".infeasible" + p.extension().string())).string();
}

struct DesignOptions {
  std::string robot, out, criterion = "cond", history, initial, family = "fourier";
  MultisineDesign multisine;
  // Period, harmonics and the position fraction are everyone's defaults (excitation_defaults.hpp,
  // ExcitationEvaluationSettings): a design here and one in the workbench start alike.
  int harmonics = kDefaultHarmonics, starts = kOptimizerStartsSpec.defaultValue, maxEvaluations = 0;
  double period = kDefaultFourierPeriod, timeLimit = kOptimizerTimeLimitSpec.defaultValue,
         positionFraction = ExcitationEvaluationSettings{}.limitScale.position, torqueFraction = 1.0, rate = 0.0;
  unsigned seed = 1;
  bool friction = false, noTorque = false;
  std::optional<double> keepOut;
  std::vector<std::string> roots, locks;
};

// Progress on stderr: a redrawn bar on a terminal, a line every 5 s otherwise.
class ProgressPrinter {
 public:
  explicit ProgressPrinter(double timeLimit) : timeLimit_(timeLimit), tty_(isatty(fileno(stderr)) != 0) {}

  bool operator()(const OptimizerProgress& p) {
    const double interval = tty_ ? 0.1 : 5.0;
    if (p.elapsed < last_ + interval) return keepGoing();
    last_ = p.elapsed;
    char best[64] = "none feasible yet";
    if (p.feasible) std::snprintf(best, sizeof best, "best cond %.3f", p.bestCond);
    char stage[32];
    if (p.polishing)
      std::snprintf(stage, sizeof stage, "polish %d", p.start + 1);
    else
      std::snprintf(stage, sizeof stage, "start %d/%d", p.start + 1, p.starts);
    if (tty_) {
      const double f = timeLimit_ > 0.0 ? std::min(1.0, p.elapsed / timeLimit_) : 0.0;
      const int width = 30, filled = static_cast<int>(f * width);
      std::string bar(static_cast<size_t>(filled), '#');
      bar.resize(width, '.');
      std::fprintf(stderr, "\r[%s] %5.1f s  %s  %6d evals  %s   ", bar.c_str(), p.elapsed, stage, p.evaluations, best);
      drawn_ = true;
    } else {
      std::fprintf(stderr, "design: %.1f s, %s, %d evaluations, %s\n", p.elapsed, stage, p.evaluations, best);
    }
    std::fflush(stderr);
    return keepGoing();
  }

  void finish() {
    if (drawn_) std::fprintf(stderr, "\n");
  }

 private:
  double timeLimit_;
  bool tty_;
  double last_ = -1e9;
  bool drawn_ = false;
};

// Best cond recorded at or before time t [s] in the optimizer history, NaN if none.
double condAt(const std::vector<std::pair<double, double>>& history, double t) {
  double c = std::nan("");
  for (const auto& [time, cond] : history)
    if (time <= t) c = cond;
  return c;
}

// The summary; every figure of the result is the evaluation `e` of r.trajectory (as `evaluate` computes it).
void printSummary(const RobotModel& model, const DesignOptions& o, const OptimizerSettings& s,
                  const ExcitationRun& r, const ExcitationEvaluation& e, const BaseParameters& base,
                  double condFriction, int frictionColumns) {
  std::printf("robot: %s, %d dof, %d base parameters (%s)\n", model.name().c_str(), model.dof(), base.rank,
              o.friction ? "rigid body + viscous + Coulomb friction" : "rigid body");
  if (o.family == "multisine") {
    const MultisineDesign& d = o.multisine;
    char grid[64] = "free frequencies";
    if (d.periodGrid > 0.0)
      std::snprintf(grid, sizeof grid, "frequencies on multiples of 1/%g s", d.periodGrid);
    else if (d.optimizeFrequencies)
      std::snprintf(grid, sizeof grid, "free frequencies, optimized");
    std::printf("design: criterion %s, multi-sine, %d components in %g-%g Hz (%s), duration %g s, ramp %g s, "
                "seed %u, %d starts\n",
                criterionName(s.criterion), d.components, d.minFrequency, d.maxFrequency, grid, d.duration,
                d.rampTime, s.seed, s.starts);
  } else {
    std::printf("design: criterion %s, %d harmonics, period %g s, seed %u, %d starts\n", criterionName(s.criterion),
                s.harmonics, s.period, s.seed, s.starts);
  }
  std::printf("stopped: %s after %.1f s and %d evaluations\n", r.stopReason.c_str(), r.elapsed, r.evaluations);
  std::printf("result: %s on a %g Hz grid (position, velocity, acceleration%s%s)\n",
              e.constraints.feasible() ? "feasible" : "NOT feasible", s.checkRate, s.torqueLimits ? ", torque" : "",
              s.keepOutHeight ? ", keep-out" : "");
  if (!e.constraints.feasible()) std::printf("%s", e.constraints.summary().c_str());
  printCriteria(e);
  std::printf("  cond with viscous + Coulomb  %12.4f   (%d base columns)\n", condFriction, frictionColumns);
  if (!r.history.empty() && s.criterion == ExcitationCriterion::Cond)
    for (double t : {10.0, 60.0})
      if (r.elapsed >= t) std::printf("  best cond at %2.0f s            %12.4f\n", t, condAt(r.history, t));
  printLimitUsage(model, s, e.constraints);
}

void writeHistory(const std::string& path, const std::vector<std::pair<double, double>>& history) {
  std::ostringstream s;
  s << "elapsed_s,cond\n";
  s.precision(10);
  for (const auto& [t, c] : history) s << t << "," << c << "\n";
  writeFileAtomically(path, s.str());
}

// The optimizer settings of the flags; what depends on two flags is checked here (CLI11
// checks each flag's own range).
OptimizerSettings settingsOf(const DesignOptions& o) {
  OptimizerSettings s;
  s.criterion = parseCriterion(o.criterion);
  s.harmonics = o.harmonics;
  s.period = o.period;
  s.starts = o.starts;
  s.seed = o.seed;
  s.timeLimit = o.timeLimit;
  s.maxEvaluations = o.maxEvaluations;
  s.limitScale.position = o.positionFraction;
  s.limitScale.torque = o.torqueFraction;
  s.torqueLimits = !o.noTorque;
  s.keepOutHeight = o.keepOut;
  s.regressor.viscous = s.regressor.coulomb = o.friction;
  const bool multisine = o.family == "multisine";
  // Fourier: 0 stays automatic, which the optimizer and criterionSampleRate resolve alike. A
  // multi-sine design's automatic rate is of its band's top (what the optimizer uses), which
  // its components may stay below: stated here so the summary evaluates at the optimizer's rate.
  s.sampleRate = o.rate > 0.0 ? o.rate : multisine ? automaticSampleRate(o.multisine) : 0.0;
  if (!(o.positionFraction > 0.0 && o.positionFraction <= 1.0))
    throw std::invalid_argument("--position-fraction must be in (0, 1], got " + std::to_string(o.positionFraction));
  if (!(o.torqueFraction > 0.0))
    throw std::invalid_argument("--torque-fraction must be positive, got " + std::to_string(o.torqueFraction));
  if (multisine) {
    const MultisineDesign& d = o.multisine;
    const auto num = [](double v) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%g", v);
      return std::string(buf);
    };
    if (d.maxFrequency < d.minFrequency)
      throw InputError("design: --max-frequency " + num(d.maxFrequency) + " Hz is below --min-frequency " +
                       num(d.minFrequency) + " Hz");
    if (2.0 * d.rampTime > d.duration)
      throw InputError("design: --ramp " + num(d.rampTime) + " s is more than half of --duration " +
                       num(d.duration) + " s");
    if (d.periodGrid > 0.0 && gridFrequencies(d).size() < static_cast<size_t>(d.components))
      throw InputError("design: the band " + num(d.minFrequency) + "-" + num(d.maxFrequency) + " Hz holds " +
                       std::to_string(gridFrequencies(d).size()) + " multiples of 1/" + num(d.periodGrid) +
                       " s, fewer than --components " + std::to_string(d.components));
  }
  return s;
}

// Runs the family's optimizer from --initial (when given, of that family), progress on stderr.
ExcitationRun optimizeDesign(const RobotModel& model, const DesignOptions& o, const OptimizerSettings& s) {
  std::optional<ExcitationFile> initialFile;
  if (!o.initial.empty()) initialFile = readExcitationJson(o.initial);
  ProgressPrinter printer(s.timeLimit);
  const auto report = [&](const OptimizerProgress& p) { return printer(p); };
  ExcitationRun r;
  if (o.family == "multisine") {
    std::optional<MultisineTrajectory> initial;
    if (initialFile) {
      const auto* tr = std::get_if<MultisineTrajectory>(&initialFile->trajectory);
      if (!tr) throw inputErrorIn(o.initial, "--initial with --family multisine needs a multi-sine excitation");
      initial = *tr;
    }
    r = excitationRunOf(optimizeMultisineExcitation(model, initial, o.multisine, s, report));
  } else {
    std::optional<FourierTrajectory> initial;
    if (initialFile) {
      const auto* tr = std::get_if<FourierTrajectory>(&initialFile->trajectory);
      if (!tr) throw inputErrorIn(o.initial, "--initial needs a Fourier excitation");
      initial = *tr;
    }
    r = excitationRunOf(optimizeExcitation(model, initial, s, report));
  }
  printer.finish();
  return r;
}

void runDesign(const DesignOptions& o) {
  const RobotModel model = loadRobotLocked(o.robot, o.roots, o.locks);
  const OptimizerSettings s = settingsOf(o);
  const ExcitationRun r = optimizeDesign(model, o, s);
  // The result as `evaluate` and the workbench evaluate it: the same samples and the same
  // dense-grid check as the optimizer's own, so the same figures.
  ExcitationEvaluator evaluator(model, s.regressor, &sharedThreadPool());
  const ExcitationEvaluation e = evaluator.evaluate(r.trajectory, s);
  const bool feasible = e.constraints.feasible();

  // The 57-column set users identify by default, for the same trajectory and samples.
  ExcitationEvaluationSettings frictionSettings = s;
  frictionSettings.regressor = RegressorOptions{};
  frictionSettings.regressor.viscous = frictionSettings.regressor.coulomb = true;
  frictionSettings.sampleRate = e.sampleRate;
  ExcitationEvaluator frictionEvaluator(model, frictionSettings.regressor, &sharedThreadPool());
  const double condFriction = frictionEvaluator.metrics(r.trajectory, frictionSettings).cond;
  const BaseParameters& base = evaluator.base();
  const InformationMetrics& m = e.metrics;

  ExcitationFile file = excitationFileOf(o.robot, model, r.trajectory, m, feasible);
  std::ostringstream d;
  d << "excitebench-cli design: " << o.family << ", criterion " << criterionName(s.criterion) << ", seed " << s.seed
    << ", " << s.starts << " starts, " << (o.friction ? "friction base" : "rigid-body base");
  file.description = d.str();
  ExcitationMetrics& metrics = *file.metrics;
  metrics.extra["criterion"] = std::string(criterionName(s.criterion));
  metrics.extra["cond_scaled"] = m.condScaled;
  metrics.extra["cond_friction"] = condFriction;
  metrics.extra["base_columns"] = static_cast<double>(m.columns);
  metrics.extra["samples"] = static_cast<double>(m.samples);
  metrics.extra["sample_rate"] = e.sampleRate;
  metrics.extra["seed"] = static_cast<double>(s.seed);
  metrics.extra["eigenvalues"] =
      std::vector<double>(m.eigenvalues.data(), m.eigenvalues.data() + m.eigenvalues.size());
  ExcitationLimits limits;
  limits.scale = s.limitScale;
  if (!s.torqueLimits) limits.scale.torque = 1.0;
  for (const Joint& j : model.joints()) limits.joints.push_back(j.limits);
  file.limits = limits;
  // An infeasible result must not replace a good excitation the user already has at --out:
  // it goes next to it, for inspection, and the error names the first violation.
  const std::string written = feasible ? o.out : infeasibleOutputPath(o.out);
  writeExcitationJson(written, file);
  if (!o.history.empty()) writeHistory(o.history, r.history);

  printSummary(model, o, s, r, e, base, condFriction, frictionEvaluator.base().rank);
  std::printf("\nwrote %s\n", written.c_str());
  if (!feasible) {
    const std::string all = e.constraints.summary();
    const size_t count = static_cast<size_t>(std::count(all.begin(), all.end(), '\n'));
    throw std::runtime_error("design: no trajectory within the limits; best found: " + all.substr(0, all.find('\n')) +
                             (count > 1 ? " (and " + std::to_string(count - 1) + " more)" : std::string()) +
                             "; it was written to " + written + ", " + o.out + " is unchanged");
  }
}

}  // namespace

void addDesignCommand(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("design", "Optimize an excitation trajectory (Fourier or multi-sine, rest to rest) under the limits");
  auto o = std::make_shared<DesignOptions>();
  auto keepOut = std::make_shared<double>(std::nan(""));
  cmd->add_option("robot", o->robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("--out", o->out, "excitation.json to write")->required();
  cmd->add_option("--family", o->family, "Trajectory family: fourier | multisine")
      ->capture_default_str()
      ->check(CLI::IsMember({"fourier", "multisine"}));
  auto* harmonics = cmd->add_option("--harmonics", o->harmonics, "Fourier: harmonics per joint (>= 2)")->capture_default_str();
  auto* period = cmd->add_option("--period", o->period, "Fourier: period T [s]")->capture_default_str();
  // Multi-sine design, declared once (multisine_setting_specs.hpp).
  std::vector<CLI::Option*> multisineOptions;
  const auto addSpec = [&](const auto& spec, auto& value) {
    multisineOptions.push_back(cmd->add_option(spec.flag, value, std::string("Multi-sine: ") + spec.help)
                                   ->capture_default_str()
                                   ->check(CLI::Range(spec.minimum, spec.maximum)));
  };
  addSpec(kMultisineComponentsSpec, o->multisine.components);
  addSpec(kMultisineDurationSpec, o->multisine.duration);
  addSpec(kMultisineRampSpec, o->multisine.rampTime);
  addSpec(kMultisineMinFrequencySpec, o->multisine.minFrequency);
  addSpec(kMultisineMaxFrequencySpec, o->multisine.maxFrequency);
  addSpec(kMultisinePeriodGridSpec, o->multisine.periodGrid);
  auto* grid = multisineOptions.back();
  auto* optimizeFrequencies = cmd->add_flag(kMultisineOptimizeFrequenciesSpec.flag, o->multisine.optimizeFrequencies,
                                            std::string("Multi-sine: ") + kMultisineOptimizeFrequenciesSpec.help);
  optimizeFrequencies->excludes(grid);
  multisineOptions.push_back(optimizeFrequencies);
  cmd->add_option("--criterion", o->criterion, "cond | logdet | aopt | eopt")->capture_default_str();
  cmd->add_option("--seed", o->seed, "Random seed (same seed, same result unless the time limit cuts it)")
      ->capture_default_str();
  // Declared once (optimizer_setting_specs.hpp) with the project file and the workbench.
  const auto& starts = kOptimizerStartsSpec;
  const auto& timeLimit = kOptimizerTimeLimitSpec;
  cmd->add_option(starts.flag, o->starts, starts.help)
      ->capture_default_str()
      ->check(CLI::Range(starts.minimum, starts.maximum));
  cmd->add_option(timeLimit.flag, o->timeLimit, timeLimit.help)
      ->capture_default_str()
      ->check(CLI::Range(timeLimit.minimum, timeLimit.maximum));
  cmd->add_option("--max-evaluations", o->maxEvaluations, "Evaluation budget (0: none); deterministic stop");
  cmd->add_flag("--friction", o->friction, "Optimize for the base with viscous and Coulomb friction columns");
  cmd->add_option("--position-fraction", o->positionFraction, "Fraction of each position range used")
      ->capture_default_str();
  cmd->add_option("--torque-fraction", o->torqueFraction, "Fraction of each effort limit used")
      ->capture_default_str();
  cmd->add_flag("--no-torque", o->noTorque, "Do not enforce the effort limits");
  cmd->add_option("--keep-out", *keepOut, "Every link origin stays above this base-frame height z [m]");
  cmd->add_option("--rate", o->rate, "Criterion sample rate [Hz] (default: 50 per period of the top harmonic or frequency)");
  cmd->add_option("--history", o->history, "CSV of (elapsed_s, best feasible cond) as the optimizer improves");
  cmd->add_option("--initial", o->initial, "excitation.json (of the same family) to use as the first start");
  cmd->add_option("--package-root", o->roots, "Folder that holds ROS packages for package:// URIs");
  addLockOption(cmd, o->locks);
  cmd->callback([o, keepOut, harmonics, period, multisineOptions]() {
    // A flag of the other family would be silently ignored: refuse it, naming it.
    if (o->family == "multisine") {
      for (const CLI::Option* f : {harmonics, period})
        if (f->count() > 0) throw InputError("design: " + f->get_name() + " is a Fourier setting; --family multisine uses --components, --duration, --min-frequency, --max-frequency, --frequency-grid");
    } else {
      for (const CLI::Option* f : multisineOptions)
        if (f->count() > 0) throw InputError("design: " + f->get_name() + " needs --family multisine");
    }
    DesignOptions opts = *o;
    if (!std::isnan(*keepOut)) opts.keepOut = *keepOut;
    runDesign(opts);
  });
}

}  // namespace eb::cli
