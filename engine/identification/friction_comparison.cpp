#include "identification/friction_comparison.hpp"

#include "dynamics/joint_torque_regressor.hpp"
#include "identification/blocked_gram.hpp"
#include "util/input_error.hpp"
#include "util/cancelled.hpp"

#include <Eigen/Cholesky>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <tuple>

namespace eb {
namespace {

// The first pass's grids, log-spaced; each refinement zooms in around every joint's choice.
constexpr double kWidths[] = {0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2};    // tanh [rad/s]
constexpr double kStribeck[] = {0.01, 0.02, 0.05, 0.1, 0.2, 0.5};           // [rad/s]
constexpr int kWidthCount = sizeof kWidths / sizeof kWidths[0];
constexpr int kStribeckCount = sizeof kStribeck / sizeof kStribeck[0];
// Feature layout: sign, positive part, negative part, tanh per width, Stribeck per velocity.
constexpr int kSign = 0, kPositive = 1, kNegative = 2, kTanh0 = 3, kStribeck0 = kTanh0 + kWidthCount;
constexpr int kFeatures = kStribeck0 + kStribeckCount;
// Zoom passes after the first: the spacing shrinks by (count - 1) / 2 in log each time, so
// three passes take the 2.5x steps of the first grid to about 4 %.
constexpr int kRefinements = 3;

double sign(double v) { return v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0); }

// The nonlinear parameters each joint's features are computed at.
struct FrictionDictionary {
  std::vector<std::array<double, kWidthCount>> widths;       // per joint, tanh widths [rad/s]
  std::vector<std::array<double, kStribeckCount>> stribeck;  // per joint, Stribeck velocities [rad/s]

  static FrictionDictionary grid(int dof) {
    FrictionDictionary d;
    std::array<double, kWidthCount> w;
    std::array<double, kStribeckCount> v;
    std::copy(std::begin(kWidths), std::end(kWidths), w.begin());
    std::copy(std::begin(kStribeck), std::end(kStribeck), v.begin());
    d.widths.assign(static_cast<std::size_t>(dof), w);
    d.stribeck.assign(static_cast<std::size_t>(dof), v);
    return d;
  }

  void features(int joint, double qd, double* f) const {
    const double s = sign(qd);
    f[kSign] = s;
    f[kPositive] = std::max(s, 0.0);
    f[kNegative] = std::min(s, 0.0);
    const auto& w = widths[static_cast<std::size_t>(joint)];
    for (int k = 0; k < kWidthCount; ++k) f[kTanh0 + k] = std::tanh(qd / w[static_cast<std::size_t>(k)]);
    const auto& v = stribeck[static_cast<std::size_t>(joint)];
    for (int k = 0; k < kStribeckCount; ++k) {
      const double u = qd / v[static_cast<std::size_t>(k)];
      f[kStribeck0 + k] = std::exp(-u * u) * s;
    }
  }
};

// Log-spaced values, neighbours a factor `step` apart, with `centre` at index (N - 1) / 2,
// kept inside the first grid's range `range`: a tanh wider than the joint's motion is a
// second viscous term, nearly collinear with the first, and predicts other motions badly.
template <int N>
std::array<double, N> zoomedGrid(double centre, double step, const double (&range)[N]) {
  std::array<double, N> out;
  for (int k = 0; k < N; ++k)
    out[static_cast<std::size_t>(k)] = std::clamp(centre * std::pow(step, k - (N - 1) / 2), range[0], range[N - 1]);
  return out;
}

enum class Nonlinear { None, Width, Stribeck };

struct ModelSpec {
  const char* name;
  const char* parameterName;
  Nonlinear nonlinear = Nonlinear::None;
  std::vector<std::vector<int>> alternatives;  // feature sets a joint may use; index k = grid value k
  bool coulomb = true, asymmetric = false;     // the regressor columns (joint_torque_regressor.hpp) it is
};

std::vector<ModelSpec> modelSpecs() {
  std::vector<ModelSpec> specs;
  specs.push_back({"viscous", "", Nonlinear::None, {{}}, false});
  specs.push_back({"viscous + Coulomb", "", Nonlinear::None, {{kSign}}});
  specs.push_back({"viscous + asymmetric Coulomb", "", Nonlinear::None, {{kPositive, kNegative}}, true, true});
  ModelSpec smooth{"viscous + smooth Coulomb tanh(qd/w)", "w [rad/s]", Nonlinear::Width, {}};
  for (int k = 0; k < kWidthCount; ++k) smooth.alternatives.push_back({kTanh0 + k});
  specs.push_back(smooth);
  ModelSpec stribeck{"viscous + Coulomb + Stribeck", "vs [rad/s]", Nonlinear::Stribeck, {}};
  for (int k = 0; k < kStribeckCount; ++k) stribeck.alternatives.push_back({kSign, kStribeck0 + k});
  specs.push_back(stribeck);
  return specs;
}

// Per joint Gram matrices of z = [Y_b,j | F_j | tau_j] for one part of the samples.
struct Grams {
  std::vector<Eigen::MatrixXd> G;
  long samples = 0;
};

class FeatureAccumulator {
 public:
  FeatureAccumulator(const RobotModel& model, const BaseParameters& base, const FrictionDictionary& dictionary)
      : model_(model), base_(base), dictionary_(dictionary), ws_(model), size_(base.rank + kFeatures + 1) {
    const std::vector<Eigen::Index> sizes(static_cast<std::size_t>(model.dof()), size_);
    for (int part = 0; part < 2; ++part) grams_[part] = BlockedGram(sizes, false);
  }
  /// The next samples are a new log; all of them held out when `heldOut` (a validation log).
  void startLog(bool heldOut = false) {
    started_ = false;
    allHeldOut_ = heldOut;
  }
  void add(const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
           const Eigen::MatrixXd& tau) {
    const int n = model_.dof(), r = base_.rank;
    double f[kFeatures];
    for (Eigen::Index s = 0; s < t.size(); ++s) {
      if (!started_) {
        t0_ = t[s];
        started_ = true;
      }
      const int part = allHeldOut_ || isHeldOutSample(t[s], t0_) ? 1 : 0;
      const Eigen::VectorXd qs = q.row(s).transpose(), qds = qd.row(s).transpose(), qdds = qdd.row(s).transpose();
      const Eigen::MatrixXd& Y = computeJointTorqueRegressor(model_, ws_, base_.options, qs, qds, qdds);
      for (int j = 0; j < n; ++j) {
        auto col = grams_[part].column(j);
        for (int k = 0; k < r; ++k) col[k] = Y(j, base_.independent[static_cast<std::size_t>(k)]);
        dictionary_.features(j, qds[j], f);
        for (int k = 0; k < kFeatures; ++k) col[r + k] = f[k];
        col[size_ - 1] = tau(s, j);
      }
      grams_[part].commit();
      (part ? held_ : train_).samples += 1;
    }
  }
  void finish() {
    for (int part = 0; part < 2; ++part) {
      grams_[part].flush();
      Grams& g = part ? held_ : train_;
      g.G.clear();
      for (int j = 0; j < grams_[part].channels(); ++j) g.G.push_back(grams_[part].gram(j));
    }
  }
  const Grams& training() const { return train_; }
  const Grams& heldOut() const { return held_; }

 private:
  RobotModel model_;
  BaseParameters base_;
  FrictionDictionary dictionary_;
  DynamicsWorkspace ws_;
  int size_;
  Grams train_, held_;
  BlockedGram grams_[2];  // training, held-out: z = [Y_b,j | F_j | tau_j] per joint
  double t0_ = 0.0;
  bool started_ = false;
  bool allHeldOut_ = false;
};

// The linear fit of one choice of feature sets (one per joint): every unknown together.
struct Fit {
  Eigen::VectorXd x;                      // [theta_b | joint 0's features | joint 1's | ...]
  std::vector<std::vector<int>> position;  // per joint: global index of each chosen feature
};

Fit solve(const Grams& g, int r, const Eigen::VectorXd& w, const std::vector<const std::vector<int>*>& choice) {
  const int n = static_cast<int>(g.G.size());
  Fit fit;
  int unknowns = r;
  fit.position.resize(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j)
    for (std::size_t k = 0; k < choice[static_cast<std::size_t>(j)]->size(); ++k)
      fit.position[static_cast<std::size_t>(j)].push_back(unknowns++);
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(unknowns, unknowns);
  Eigen::VectorXd c = Eigen::VectorXd::Zero(unknowns);
  for (int j = 0; j < n; ++j) {
    const Eigen::MatrixXd& G = g.G[static_cast<std::size_t>(j)];
    const Eigen::Index tauIndex = G.rows() - 1;
    std::vector<int> local, global;  // local Gram index -> global unknown
    for (int k = 0; k < r; ++k) {
      local.push_back(k);
      global.push_back(k);
    }
    const std::vector<int>& chosen = *choice[static_cast<std::size_t>(j)];
    for (std::size_t k = 0; k < chosen.size(); ++k) {
      local.push_back(r + chosen[k]);
      global.push_back(fit.position[static_cast<std::size_t>(j)][k]);
    }
    for (std::size_t a = 0; a < local.size(); ++a) {
      c[global[a]] += w[j] * G(local[a], tauIndex);
      for (std::size_t b = 0; b < local.size(); ++b) A(global[a], global[b]) += w[j] * G(local[a], local[b]);
    }
  }
  // A feature the log never excites (a joint that never turns one way) is a zero column.
  const double ridge = 1e-12 * std::max(A.diagonal().maxCoeff(), 1e-300);
  A.diagonal().array() += ridge;
  fit.x = A.ldlt().solve(c);
  return fit;
}

// Residual sum of squares of joint j [(N m)^2] for a fit, on a part of the samples.
double residualSquares(const Grams& g, int j, int r, const Fit& fit, const std::vector<int>& chosen) {
  const Eigen::MatrixXd& G = g.G[static_cast<std::size_t>(j)];
  Eigen::VectorXd v = Eigen::VectorXd::Zero(G.rows());
  v.head(r) = fit.x.head(r);
  for (std::size_t k = 0; k < chosen.size(); ++k)
    v[r + chosen[k]] = fit.x[fit.position[static_cast<std::size_t>(j)][k]];
  v[G.rows() - 1] = -1.0;
  return std::max(0.0, v.dot(G * v));
}

double weightedResidual(const Grams& g, int r, const Eigen::VectorXd& w, const Fit& fit,
                        const std::vector<const std::vector<int>*>& choice) {
  double total = 0.0;
  for (int j = 0; j < w.size(); ++j) total += w[j] * residualSquares(g, j, r, fit, *choice[static_cast<std::size_t>(j)]);
  return total;
}

// One pass over the training and validation logs with `dictionary`: the training and held-out
// Gram matrices. Notes and warnings are kept from the first pass only (`out` null afterwards).
std::pair<Grams, Grams> accumulatePass(const RobotModel& model, const BaseParameters& base,
                                       const FrictionDictionary& dictionary, const std::vector<LogInput>& logs,
                                       const std::vector<LogInput>& validation, const IdentificationSettings& settings,
                                       FrictionComparison* out,
                                       const std::function<void(double, const std::string&)>& progress) {
  FeatureAccumulator acc(model, base, dictionary);
  std::vector<LogWarning> scratch;
  const std::size_t total = logs.size() + validation.size();
  for (std::size_t f = 0; f < total; ++f) {
    const bool heldOut = f >= logs.size();
    const auto& log = heldOut ? validation[f - logs.size()] : logs[f];
    acc.startLog(heldOut);
    const LogSummary summary = preprocessLogInto(
        model, log.path, settingsForLog(settings, log),
        [&](const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
            const Eigen::MatrixXd& tau) { acc.add(t, q, qd, qdd, tau); },
        out ? out->warnings : scratch,
        [&](double local, const std::string& what) {
          progress((static_cast<double>(f) + local) / static_cast<double>(total), what);
        });
    if (out) out->notes.push_back(log.path + ": " + (heldOut ? "validation only, " : "") + summary.text());
  }
  acc.finish();
  return {acc.training(), acc.heldOut()};
}

// Coordinate descent over the joints' alternatives of `spec` from `pick`, each trial an exact
// fit of every parameter on the training samples.
std::vector<int> chooseAlternatives(const ModelSpec& spec, const Grams& train, int r, const Eigen::VectorXd& w,
                                    std::vector<int> pick) {
  const int n = static_cast<int>(w.size());
  std::vector<const std::vector<int>*> choice(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j) choice[static_cast<std::size_t>(j)] = &spec.alternatives[static_cast<std::size_t>(pick[static_cast<std::size_t>(j)])];
  for (int sweep = 0; sweep < 4 && spec.alternatives.size() > 1; ++sweep) {
    bool changed = false;
    for (int j = 0; j < n; ++j) {
      double best = std::numeric_limits<double>::infinity();
      int bestAlternative = pick[static_cast<std::size_t>(j)];
      for (std::size_t a = 0; a < spec.alternatives.size(); ++a) {
        choice[static_cast<std::size_t>(j)] = &spec.alternatives[a];
        const double rss = weightedResidual(train, r, w, solve(train, r, w, choice), choice);
        if (rss < best) {
          best = rss;
          bestAlternative = static_cast<int>(a);
        }
      }
      changed = changed || bestAlternative != pick[static_cast<std::size_t>(j)];
      pick[static_cast<std::size_t>(j)] = bestAlternative;
      choice[static_cast<std::size_t>(j)] = &spec.alternatives[static_cast<std::size_t>(bestAlternative)];
    }
    if (!changed) break;
  }
  return pick;
}

// The fit of `spec` with the chosen alternatives, scored on the held-out samples.
FrictionModelScore scoreModel(const ModelSpec& spec, const std::vector<int>& pick, const FrictionDictionary& dictionary,
                              const Grams& train, const Grams& held, int r, const Eigen::VectorXd& w,
                              const RegressorOptions& base) {
  const int n = static_cast<int>(w.size());
  std::vector<const std::vector<int>*> choice(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j) choice[static_cast<std::size_t>(j)] = &spec.alternatives[static_cast<std::size_t>(pick[static_cast<std::size_t>(j)])];
  const Fit fit = solve(train, r, w, choice);
  FrictionModelScore score;
  score.name = spec.name;
  score.options = base;
  score.options.coulomb = spec.coulomb;
  score.options.asymmetricCoulomb = spec.asymmetric;
  score.options.stribeck = spec.nonlinear == Nonlinear::Stribeck;
  score.parameterName = spec.parameterName;
  score.unknowns = static_cast<int>(fit.x.size());
  score.heldOutNrmse.resize(n);
  score.trainingRms.resize(n);
  for (int j = 0; j < n; ++j) {
    const auto k = static_cast<std::size_t>(pick[static_cast<std::size_t>(j)]);
    const auto jj = static_cast<std::size_t>(j);
    score.parameter.push_back(spec.nonlinear == Nonlinear::Width      ? dictionary.widths[jj][k]
                              : spec.nonlinear == Nonlinear::Stribeck ? dictionary.stribeck[jj][k]
                                                                      : std::numeric_limits<double>::quiet_NaN());
    if (spec.nonlinear == Nonlinear::Width) score.options.coulombWidths.push_back(dictionary.widths[jj][k]);
    if (spec.nonlinear == Nonlinear::Stribeck) score.options.stribeckVelocities.push_back(dictionary.stribeck[jj][k]);
    const std::vector<int>& chosen = *choice[jj];
    score.trainingRms[j] = std::sqrt(residualSquares(train, j, r, fit, chosen) / train.samples);
    const double rssHeld = residualSquares(held, j, r, fit, chosen);
    const double ttHeld = held.G[jj].bottomRightCorner<1, 1>()(0, 0);
    score.heldOutNrmse[j] = ttHeld > 0.0 ? 100.0 * std::sqrt(rssHeld / ttHeld) : 0.0;
    score.score += w[j] * rssHeld / held.samples;
  }
  return score;
}

// Joint weights: the inverse noise variance of the Coulomb model's unweighted training fit.
Eigen::VectorXd jointWeights(const ModelSpec& coulomb, const Grams& train, int r) {
  const int n = static_cast<int>(train.G.size());
  Eigen::VectorXd w = Eigen::VectorXd::Ones(n);
  const std::vector<const std::vector<int>*> choice(static_cast<std::size_t>(n), &coulomb.alternatives[0]);
  const Fit fit = solve(train, r, w, choice);
  for (int j = 0; j < n; ++j) {
    const double tt = train.G[static_cast<std::size_t>(j)].bottomRightCorner<1, 1>()(0, 0);
    const double var = residualSquares(train, j, r, fit, *choice[static_cast<std::size_t>(j)]) / train.samples;
    w[j] = 1.0 / std::max(var, 1e-12 * tt / train.samples + 1e-300);
  }
  return w;
}

}  // namespace

FrictionComparison compareFrictionModels(const RobotModel& model, const std::vector<LogInput>& logs,
                                         const IdentificationSettings& settings, const IdentificationProgress& progress,
                                         const std::vector<LogInput>& validation) {
  if (logs.empty()) throw InputError("compare-friction: no log file given");
  // The dictionary holds every friction shape (exact sign, tanh per width): the base columns
  // are the rigid body, viscous friction and the settings' offset and armature.
  RegressorOptions options = settings.regressor.withPlainFriction();
  options.viscous = true;
  options.coulomb = false;
  options.coulombWidth = 0.0;
  const BaseParameters base = computeBaseParameters(model, options);
  const int n = model.dof(), r = base.rank;
  FrictionComparison out;
  const int passes = 1 + kRefinements;
  auto passProgress = [&](int pass) {
    return [&progress, pass, passes](double local, const std::string& what) {
      if (progress && !progress((pass + local) / passes, what)) throw Cancelled("compare-friction");
    };
  };
  FrictionDictionary dictionary = FrictionDictionary::grid(n);
  Grams train, held;
  std::tie(train, held) = accumulatePass(model, base, dictionary, logs, validation, settings, &out, passProgress(0));
  out.trainingSamples = train.samples;
  out.heldOutSamples = held.samples;
  std::string files;
  for (const LogInput& log : logs) files += (files.empty() ? "" : ", ") + log.path;
  if (train.samples * n < 2L * (r + 3 * n) || held.samples * n < 2L * (r + 3 * n))
    throw inputErrorIn(files, "too few samples to compare friction models (" + std::to_string(train.samples) +
                                  " training, " + std::to_string(held.samples) +
                                  " held out; every fifth second is held out)");

  const std::vector<ModelSpec> specs = modelSpecs();
  const Eigen::VectorXd w = jointWeights(specs[1], train, r);  // the same for every model and pass
  std::vector<std::vector<int>> picks;
  for (const ModelSpec& spec : specs) picks.push_back(chooseAlternatives(spec, train, r, w, std::vector<int>(static_cast<std::size_t>(n), 0)));
  // The nonlinear parameters are continuous: zoom each joint's grid in around its choice and
  // choose again on a new pass, so the width or Stribeck velocity ends within a few percent of
  // the training residual's minimum (a one-dimensional least-squares search per joint, with
  // every linear parameter solved exactly at each trial: variable projection).
  double widthStep = 2.5, stribeckStep = 2.5;
  const int widthCentre = (kWidthCount - 1) / 2, stribeckCentre = (kStribeckCount - 1) / 2;
  for (int pass = 1; pass < passes; ++pass) {
    // The new grid reaches the old neighbours (above the centre at least).
    widthStep = std::pow(widthStep, 1.0 / (kWidthCount / 2));
    stribeckStep = std::pow(stribeckStep, 1.0 / (kStribeckCount / 2));
    FrictionDictionary zoomed = dictionary;
    for (std::size_t m = 0; m < specs.size(); ++m)
      for (std::size_t j = 0; j < static_cast<std::size_t>(n); ++j) {
        const auto k = static_cast<std::size_t>(picks[m][j]);
        if (specs[m].nonlinear == Nonlinear::Width)
          zoomed.widths[j] = zoomedGrid<kWidthCount>(dictionary.widths[j][k], widthStep, kWidths);
        else if (specs[m].nonlinear == Nonlinear::Stribeck)
          zoomed.stribeck[j] = zoomedGrid<kStribeckCount>(dictionary.stribeck[j][k], stribeckStep, kStribeck);
      }
    dictionary = zoomed;
    std::tie(train, held) =
        accumulatePass(model, base, dictionary, logs, validation, settings, nullptr, passProgress(pass));
    for (std::size_t m = 0; m < specs.size(); ++m) {
      if (specs[m].nonlinear == Nonlinear::None) continue;
      const int centre = specs[m].nonlinear == Nonlinear::Width ? widthCentre : stribeckCentre;
      picks[m] = chooseAlternatives(specs[m], train, r, w, std::vector<int>(static_cast<std::size_t>(n), centre));
    }
  }
  for (std::size_t m = 0; m < specs.size(); ++m)
    out.models.push_back(scoreModel(specs[m], picks[m], dictionary, train, held, r, w, options));
  for (std::size_t m = 1; m < out.models.size(); ++m)
    if (out.models[m].score < out.models[static_cast<std::size_t>(out.best)].score) out.best = static_cast<int>(m);
  return out;
}

}  // namespace eb
