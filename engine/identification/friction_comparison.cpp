#include "identification/friction_comparison.hpp"

#include "dynamics/joint_torque_regressor.hpp"
#include "identification/blocked_gram.hpp"
#include "model/model_error.hpp"
#include "util/cancelled.hpp"

#include <Eigen/Cholesky>

#include <cmath>
#include <limits>

namespace eb {
namespace {

constexpr double kWidths[] = {0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2};    // tanh [rad/s]
constexpr double kStribeck[] = {0.01, 0.02, 0.05, 0.1, 0.2, 0.5};           // [rad/s]
constexpr int kWidthCount = sizeof kWidths / sizeof kWidths[0];
constexpr int kStribeckCount = sizeof kStribeck / sizeof kStribeck[0];
// Feature layout: sign, positive part, negative part, tanh per width, Stribeck per velocity.
constexpr int kSign = 0, kPositive = 1, kNegative = 2, kTanh0 = 3, kStribeck0 = kTanh0 + kWidthCount;
constexpr int kFeatures = kStribeck0 + kStribeckCount;

double sign(double v) { return v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0); }

void features(double qd, double* f) {
  const double s = sign(qd);
  f[kSign] = s;
  f[kPositive] = std::max(s, 0.0);
  f[kNegative] = std::min(s, 0.0);
  for (int k = 0; k < kWidthCount; ++k) f[kTanh0 + k] = std::tanh(qd / kWidths[k]);
  for (int k = 0; k < kStribeckCount; ++k) {
    const double u = qd / kStribeck[k];
    f[kStribeck0 + k] = std::exp(-u * u) * s;
  }
}

struct ModelSpec {
  const char* name;
  const char* parameterName;
  std::vector<std::vector<int>> alternatives;  // feature sets a joint may use
  std::vector<double> parameters;              // per alternative (NaN: none)
};

std::vector<ModelSpec> modelSpecs() {
  const double none = std::numeric_limits<double>::quiet_NaN();
  std::vector<ModelSpec> specs;
  specs.push_back({"viscous", "", {{}}, {none}});
  specs.push_back({"viscous + Coulomb", "", {{kSign}}, {none}});
  specs.push_back({"viscous + asymmetric Coulomb", "", {{kPositive, kNegative}}, {none}});
  ModelSpec smooth{"viscous + smooth Coulomb tanh(qd/w)", "w [rad/s]", {}, {}};
  for (int k = 0; k < kWidthCount; ++k) {
    smooth.alternatives.push_back({kTanh0 + k});
    smooth.parameters.push_back(kWidths[k]);
  }
  specs.push_back(smooth);
  ModelSpec stribeck{"viscous + Coulomb + Stribeck", "vs [rad/s]", {}, {}};
  for (int k = 0; k < kStribeckCount; ++k) {
    stribeck.alternatives.push_back({kSign, kStribeck0 + k});
    stribeck.parameters.push_back(kStribeck[k]);
  }
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
  FeatureAccumulator(const RobotModel& model, const BaseParameters& base)
      : model_(model), base_(base), ws_(model), size_(base.rank + kFeatures + 1) {
    const std::vector<Eigen::Index> sizes(static_cast<std::size_t>(model.dof()), size_);
    for (int part = 0; part < 2; ++part) grams_[part] = BlockedGram(sizes, false);
  }
  void startLog() { started_ = false; }
  void add(const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
           const Eigen::MatrixXd& tau) {
    const int n = model_.dof(), r = base_.rank;
    double f[kFeatures];
    for (Eigen::Index s = 0; s < t.size(); ++s) {
      if (!started_) {
        t0_ = t[s];
        started_ = true;
      }
      const int part = isHeldOutSample(t[s], t0_) ? 1 : 0;
      const Eigen::VectorXd qs = q.row(s).transpose(), qds = qd.row(s).transpose(), qdds = qdd.row(s).transpose();
      const Eigen::MatrixXd& Y = computeJointTorqueRegressor(model_, ws_, base_.options, qs, qds, qdds);
      for (int j = 0; j < n; ++j) {
        auto col = grams_[part].column(j);
        for (int k = 0; k < r; ++k) col[k] = Y(j, base_.independent[static_cast<std::size_t>(k)]);
        features(qds[j], f);
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
  DynamicsWorkspace ws_;
  int size_;
  Grams train_, held_;
  BlockedGram grams_[2];  // training, held-out: z = [Y_b,j | F_j | tau_j] per joint
  double t0_ = 0.0;
  bool started_ = false;
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

}  // namespace

FrictionComparison compareFrictionModels(const RobotModel& model, const std::vector<std::string>& paths,
                                         const IdentificationSettings& settings,
                                         const IdentificationProgress& progress) {
  std::vector<std::pair<std::string, IdentificationSettings>> logs;
  for (const std::string& path : paths) logs.emplace_back(path, settings);
  return compareFrictionModels(model, logs, progress);
}

FrictionComparison compareFrictionModels(const RobotModel& model,
                                         const std::vector<std::pair<std::string, IdentificationSettings>>& logs,
                                         const IdentificationProgress& progress) {
  if (logs.empty()) throw InputError("compare-friction: no log file given");
  std::vector<std::string> paths;
  for (const auto& log : logs) paths.push_back(log.first);
  RegressorOptions options = logs.front().second.regressor;
  options.viscous = true;
  options.coulomb = false;
  options.armature = false;
  const BaseParameters base = computeBaseParameters(model, options);
  const int n = model.dof(), r = base.rank;
  FeatureAccumulator acc(model, base);
  FrictionComparison out;
  for (std::size_t f = 0; f < paths.size(); ++f) {
    acc.startLog();
    const LogSummary summary = preprocessLogInto(
        model, paths[f], logs[f].second,
        [&](const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
            const Eigen::MatrixXd& tau) { acc.add(t, q, qd, qdd, tau); },
        out.warnings, [&](double local, const std::string& what) {
          if (progress && !progress((static_cast<double>(f) + local) / static_cast<double>(paths.size()), what))
            throw Cancelled("compare-friction");
        });
    out.notes.push_back(paths[f] + ": " + summary.text());
  }
  acc.finish();
  const Grams& train = acc.training();
  const Grams& held = acc.heldOut();
  out.trainingSamples = train.samples;
  out.heldOutSamples = held.samples;
  std::string files;
  for (const std::string& p : paths) files += (files.empty() ? "" : ", ") + p;
  if (train.samples * n < 2L * (r + 3 * n) || held.samples * n < 2L * (r + 3 * n))
    throw InputError(files + ": too few samples to compare friction models (" + std::to_string(train.samples) +
                     " training, " + std::to_string(held.samples) + " held out; every fifth second is held out)");

  const std::vector<ModelSpec> specs = modelSpecs();
  // Joint weights from the Coulomb model's unweighted fit, the same for every model.
  Eigen::VectorXd w = Eigen::VectorXd::Ones(n);
  {
    std::vector<const std::vector<int>*> choice(static_cast<std::size_t>(n), &specs[1].alternatives[0]);
    const Fit fit = solve(train, r, w, choice);
    for (int j = 0; j < n; ++j) {
      const double tt = train.G[static_cast<std::size_t>(j)].bottomRightCorner<1, 1>()(0, 0);
      const double var = residualSquares(train, j, r, fit, *choice[static_cast<std::size_t>(j)]) / train.samples;
      w[j] = 1.0 / std::max(var, 1e-12 * tt / train.samples + 1e-300);
    }
  }
  for (const ModelSpec& spec : specs) {
    std::vector<int> pick(static_cast<std::size_t>(n), 0);
    std::vector<const std::vector<int>*> choice(static_cast<std::size_t>(n), &spec.alternatives[0]);
    // Coordinate descent over the joints' nonlinear parameter, each trial an exact joint fit.
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
    const Fit fit = solve(train, r, w, choice);
    FrictionModelScore score;
    score.name = spec.name;
    score.parameterName = spec.parameterName;
    score.unknowns = static_cast<int>(fit.x.size());
    score.heldOutNrmse.resize(n);
    score.trainingRms.resize(n);
    for (int j = 0; j < n; ++j) {
      const std::vector<int>& chosen = *choice[static_cast<std::size_t>(j)];
      score.parameter.push_back(spec.parameters[static_cast<std::size_t>(pick[static_cast<std::size_t>(j)])]);
      score.trainingRms[j] = std::sqrt(residualSquares(train, j, r, fit, chosen) / train.samples);
      const double rssHeld = residualSquares(held, j, r, fit, chosen);
      const double ttHeld = held.G[static_cast<std::size_t>(j)].bottomRightCorner<1, 1>()(0, 0);
      score.heldOutNrmse[j] = ttHeld > 0.0 ? 100.0 * std::sqrt(rssHeld / ttHeld) : 0.0;
      score.score += w[j] * rssHeld / held.samples;
    }
    out.models.push_back(std::move(score));
  }
  for (std::size_t m = 1; m < out.models.size(); ++m)
    if (out.models[m].score < out.models[static_cast<std::size_t>(out.best)].score) out.best = static_cast<int>(m);
  return out;
}

}  // namespace eb
