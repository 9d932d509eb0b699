#include "logs/torque_convention_check.hpp"

#include "dynamics/dynamics_workspace.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "util/text_format.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <utility>

namespace eb {
namespace {

constexpr double kSampleSpacing = 0.002;       // [s] at most 500 samples per second are used
constexpr std::size_t kMinConventionSamples = 50;
constexpr double kReversedCorrelation = 0.5;   // |r| for a verdict from the rigid-body prediction
constexpr double kFrictionT = 5.0;             // |t| of the friction's power for a verdict from friction
constexpr double kStrongFrictionT = 15.0;      // ... for a strong one
constexpr double kScaleLow = 0.25, kScaleHigh = 4.0;  // slopes outside are a scale error
constexpr double kSwapCorrelation = 0.5, kSwapMisfitRatio = 0.25;
constexpr double kPredictedShare = 0.2;        // of the logged torque's RMS, for a verdict from the prediction
constexpr double kCloseCorrelation = 0.95;     // |r| that judges a prediction of any size (a scale error)
constexpr double kGravityShare = 0.1;          // of the largest joint's gravity RMS
constexpr double kMinGravityRms = 0.5;         // [N m]

using Matrix5d = Eigen::Matrix<double, 5, 5>;

// Residual sum of squares of variable `target` regressed on the chosen ones (indices into x), the
// coefficients and the pseudo-inverse of the regressors' moments, from M = sum x x^T.
double residualSquares(const Matrix5d& M, const std::vector<int>& regressors, int target, Eigen::VectorXd* beta,
                       Eigen::MatrixXd* inverse = nullptr) {
  const auto k = static_cast<Eigen::Index>(regressors.size());
  Eigen::MatrixXd A(k, k);
  Eigen::VectorXd b(k);
  for (Eigen::Index a = 0; a < k; ++a) {
    b[a] = M(regressors[static_cast<std::size_t>(a)], target);
    for (Eigen::Index c = 0; c < k; ++c)
      A(a, c) = M(regressors[static_cast<std::size_t>(a)], regressors[static_cast<std::size_t>(c)]);
  }
  // A joint that never moved has a sign column of zeros: the pseudo-inverse leaves it out.
  const Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod(A);
  Eigen::VectorXd x = cod.solve(b);
  if (beta) *beta = x;
  if (inverse) *inverse = cod.pseudoInverse();
  return std::max(0.0, M(target, target) - x.dot(b));
}

std::string jointLabel(const TorqueConventionReport& r, int j) {
  return std::to_string(j + 1) + " (" + r.joints[static_cast<std::size_t>(j)].joint + ")";
}

std::string listJoints(const TorqueConventionReport& r, const std::vector<int>& joints) {
  std::string out;
  for (std::size_t k = 0; k < joints.size(); ++k) {
    if (k > 0) out += k + 1 == joints.size() ? " and " : ", ";
    out += jointLabel(r, joints[k]);
  }
  return out;
}

std::string evidenceOf(const JointTorqueConvention& c) {
  if (c.frictionEvidence)
    return "friction as logged would feed " + formatSignificant(-c.dissipation, 2) +
           " W into the motion instead of dissipating it (t " + formatSignificant(c.dissipationT, 2) + ")";
  return "slope " + formatSignificant(c.slope, 2) + ", r " + formatSignificant(c.correlation, 2);
}

}  // namespace

const char* torqueConventionVerdictName(TorqueConventionVerdict verdict) {
  switch (verdict) {
    case TorqueConventionVerdict::Consistent: return "consistent";
    case TorqueConventionVerdict::Reversed: return "reversed";
    case TorqueConventionVerdict::Scaled: return "scaled";
    case TorqueConventionVerdict::Unclear: return "unclear";
  }
  return "unclear";
}

std::string torqueSignFlag(const std::vector<double>& signs) {
  std::string out = "--torque-sign ";
  for (std::size_t j = 0; j < signs.size(); ++j) out += (j > 0 ? "," : "") + std::string(signs[j] < 0 ? "-1" : "1");
  return out;
}

std::vector<int> TorqueConventionReport::jointsWith(TorqueConventionVerdict verdict) const {
  std::vector<int> out;
  for (std::size_t j = 0; j < joints.size(); ++j)
    if (joints[j].verdict == verdict) out.push_back(static_cast<int>(j));
  return out;
}

std::vector<int> TorqueConventionReport::refusedJoints() const {
  std::vector<int> out;
  for (int j : jointsWith(TorqueConventionVerdict::Reversed))
    if (joints[static_cast<std::size_t>(j)].strong && joints[static_cast<std::size_t>(j)].gravityLoaded) out.push_back(j);
  return out;
}

std::vector<double> TorqueConventionReport::suggestedSigns() const {
  std::vector<double> signs(joints.size(), 1.0);
  for (int j : jointsWith(TorqueConventionVerdict::Reversed)) signs[static_cast<std::size_t>(j)] = -1.0;
  return signs;
}

std::vector<Diagnostic> TorqueConventionReport::findings() const {
  std::vector<Diagnostic> out;
  auto add = [&](const std::string& field, const std::string& message) {
    Diagnostic d = diagnosticAt(Severity::Warning, file, 0, "", message);
    d.field = field;
    d.fieldKind = "";
    out.push_back(d);
  };
  const std::vector<int> reversed = jointsWith(TorqueConventionVerdict::Reversed);
  if (!reversed.empty()) {
    std::string evidence;
    for (int j : reversed)
      evidence += (evidence.empty() ? "" : "; ") + std::string("joint ") + std::to_string(j + 1) + " " +
                  evidenceOf(joints[static_cast<std::size_t>(j)]);
    add("torque sign", std::string(reversed.size() == 1 ? "joint " : "joints ") + listJoints(*this, reversed) +
                           " log torque with the opposite sign of the description (" + evidence +
                           "): the driver reports it reversed (KUKA FRI does) or a torque constant is negative; "
                           "read the log with " +
                           torqueSignFlag(suggestedSigns()));
  }
  const std::vector<int> scaled = jointsWith(TorqueConventionVerdict::Scaled);
  if (!scaled.empty()) {
    std::string evidence;
    bool milli = true;
    for (int j : scaled) {
      const JointTorqueConvention& c = joints[static_cast<std::size_t>(j)];
      evidence += (evidence.empty() ? "" : "; ") + std::string("joint ") + std::to_string(j + 1) + " " +
                  formatSignificant(c.slope, 3) + " x, r " + formatSignificant(c.correlation, 2);
      milli = milli && c.slope > 300.0 && c.slope < 3000.0;
    }
    add("torque scale", std::string(scaled.size() == 1 ? "joint " : "joints ") + listJoints(*this, scaled) +
                            " log a multiple of the description's torque (" + evidence + "): " +
                            (milli ? "mN m read as N m?" : "currents without --torque-constants?") +
                            " Give the right unit or --torque-constants");
  }
  for (const auto& [a, b] : swaps)
    add("joint order", "the torques of joints " + jointLabel(*this, a) + " and " + jointLabel(*this, b) +
                           " fit the description better swapped: check the column mapping (--columns, --mapping)");
  return out;
}

Diagnostic TorqueConventionReport::refusal() const {
  const std::vector<int> refused = refusedJoints();
  std::string evidence;
  for (int j : refused)
    evidence += (evidence.empty() ? "" : "; ") + std::string("joint ") + std::to_string(j + 1) + " " +
                evidenceOf(joints[static_cast<std::size_t>(j)]);
  std::vector<double> asLogged(joints.size(), 1.0);
  Diagnostic d = diagnosticAt(Severity::Error, file, 0, "",
                              "gravity-loaded " + std::string(refused.size() == 1 ? "joint " : "joints ") +
                                  listJoints(*this, refused) +
                                  " log torque with the opposite sign of the description (" + evidence +
                                  "), so the estimate would be a mirrored model; say which sign is meant: " +
                                  torqueSignFlag(suggestedSigns()) + " to flip the reversed joints, or " +
                                  torqueSignFlag(asLogged) + " to take the torques as logged");
  d.field = "torque sign";
  d.fieldKind = "";
  return d;
}

std::vector<std::string> TorqueConventionReport::table() const {
  std::vector<std::string> out;
  for (const JointTorqueConvention& c : joints)
    out.push_back(c.joint + ": slope " + formatSignificant(c.slope, 3) + ", r " + formatSignificant(c.correlation, 3) +
                  ", Coulomb " + formatSignificant(c.coulomb, 2) + " N m (t " + formatSignificant(c.coulombT, 2) +
                  "), friction power " + formatSignificant(c.dissipation, 2) + " W (t " +
                  formatSignificant(c.dissipationT, 2) + "), predicted RMS " + formatSignificant(c.predictedRms, 2) + " of " + formatSignificant(c.loggedRms, 2) + " N m, gravity RMS " +
                  formatSignificant(c.gravityRms, 2) + " N m -> " + torqueConventionVerdictName(c.verdict) +
                  (c.strong ? " (strong)" : "") + (c.frictionEvidence ? " (friction evidence)" : ""));
  return out;
}

TorqueConventionCheck::TorqueConventionCheck(const RobotModel& model)
    : model_(&model), ws_(std::make_unique<DynamicsWorkspace>(model)) {
  const int n = model.dof();
  moments_.assign(static_cast<std::size_t>(n), Matrix5d::Zero());
  crossLoggedPredicted_ = Eigen::MatrixXd::Zero(n, n);
  sumLogged_ = sumPredicted_ = sumLogged2_ = sumPredicted2_ = sumGravity2_ = Eigen::VectorXd::Zero(n);
}

TorqueConventionCheck::~TorqueConventionCheck() = default;
TorqueConventionCheck::TorqueConventionCheck(TorqueConventionCheck&&) noexcept = default;
TorqueConventionCheck& TorqueConventionCheck::operator=(TorqueConventionCheck&&) noexcept = default;

void TorqueConventionCheck::add(const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd,
                                const Eigen::MatrixXd& qdd, const Eigen::MatrixXd& tau) {
  const int n = model_->dof();
  Eigen::VectorXd qi(n), qdi(n), qddi(n);
  Eigen::Matrix<double, 5, 1> x;
  for (Eigen::Index i = 0; i < t.size(); ++i) {
    if (started_ && t[i] < nextTime_) continue;
    started_ = true;
    nextTime_ = t[i] + kSampleSpacing;
    qi = q.row(i).transpose();
    qdi = qd.row(i).transpose();
    qddi = qdd.row(i).transpose();
    if (!tau.row(i).allFinite()) continue;
    sumGravity2_ += computeGravityTorques(*model_, *ws_, qi).cwiseAbs2();
    const Eigen::VectorXd& predicted = inverseDynamics(*model_, *ws_, qi, qdi, qddi);
    for (int j = 0; j < n; ++j) {
      const double v = qdi[j];
      x << predicted[j], v, static_cast<double>((v > 0.0) - (v < 0.0)), 1.0, tau(i, j);
      moments_[static_cast<std::size_t>(j)].noalias() += x * x.transpose();
    }
    crossLoggedPredicted_.noalias() += tau.row(i).transpose() * predicted.transpose();
    sumLogged_ += tau.row(i).transpose();
    sumLogged2_ += tau.row(i).transpose().cwiseAbs2();
    sumPredicted_ += predicted;
    sumPredicted2_ += predicted.cwiseAbs2();
    ++samples_;
  }
}

TorqueConventionReport TorqueConventionCheck::report(const std::string& file) const {
  TorqueConventionReport r;
  r.file = file;
  r.samples = samples_;
  const int n = model_->dof();
  const double count = std::max<double>(1.0, static_cast<double>(samples_));
  const double largestGravity = std::sqrt(sumGravity2_.maxCoeff() / count);
  for (int j = 0; j < n; ++j) {
    JointTorqueConvention c;
    c.joint = model_->joint(j).name;
    const Matrix5d& M = moments_[static_cast<std::size_t>(j)];
    c.gravityRms = std::sqrt(sumGravity2_[j] / count);
    c.gravityLoaded = c.gravityRms >= std::max(kMinGravityRms, kGravityShare * largestGravity);
    if (samples_ >= kMinConventionSamples) {
      Eigen::VectorXd beta;
      Eigen::MatrixXd inverse;
      const double rssFull = residualSquares(M, {0, 1, 2, 3}, 4, &beta, &inverse);
      const double rssNuisance = residualSquares(M, {1, 2, 3}, 4, nullptr);
      const double predictedSpread = residualSquares(M, {1, 2, 3}, 0, nullptr);
      // Round-off, not information, when the logged torque or the prediction does not vary beyond
      // what friction and the offset explain (an arm held still: both constant).
      const bool varies = rssNuisance > 1e-12 * M(4, 4) && predictedSpread > 1e-12 * M(0, 0);
      c.slope = varies ? beta[0] : 0.0;
      c.viscous = beta[1];
      c.coulomb = beta[2];
      const double explained = varies ? (rssNuisance - rssFull) / rssNuisance : 0.0;
      c.correlation = (c.slope < 0.0 ? -1.0 : 1.0) * std::sqrt(std::clamp(explained, 0.0, 1.0));
      const double sigma2 = rssFull / std::max(1.0, count - 4.0);
      const double se = std::sqrt(std::max(0.0, sigma2 * inverse(2, 2)));
      c.coulombT = se > 0.0 ? c.coulomb / se : 0.0;
      c.predictedRms = std::sqrt(predictedSpread / count);
      const double meanLogged = M(4, 3) / count;
      c.loggedRms = std::sqrt(std::max(0.0, M(4, 4) / count - meanLogged * meanLogged));
      // Friction dissipates: the fitted friction's mean power fv <qd^2> + fc <|qd|> is positive
      // when the torque is logged as the description's, negative when reversed; its t value
      // says how clearly (M(1,1) = sum qd^2, M(1,2) = sum |qd|).
      Eigen::Vector4d power(0.0, M(1, 1) / count, M(1, 2) / count, 0.0);
      c.dissipation = power.dot(beta);
      const double dissipationSe = std::sqrt(std::max(0.0, sigma2 * power.dot(inverse * power)));
      c.dissipationT = dissipationSe > 0.0 ? c.dissipation / dissipationSe : 0.0;
      const int friction = c.dissipationT >= kFrictionT ? 1 : c.dissipationT <= -kFrictionT ? -1 : 0;
      // The description predicts too little of a joint's torque to judge it (a light wrist whose CAD
      // inertia is below the sensor's noise) unless its prediction is a fair share of the torque,
      // or follows it so closely that only the scale differs (mN m read as N m).
      const bool predictsEnough =
          c.predictedRms >= kPredictedShare * c.loggedRms || std::abs(c.correlation) >= kCloseCorrelation;
      const int rigid = !predictsEnough                              ? 0
                        : c.correlation >= kReversedCorrelation     ? 1
                        : c.correlation <= -kReversedCorrelation    ? -1
                                                                     : 0;
      const bool rigidStrong = rigid != 0 && std::abs(c.correlation) >= kStrongConventionCorrelation;
      // A strong rigid-body fit decides; else friction, when clear; else a moderate rigid-body fit.
      int sign = 0;
      if (rigidStrong) {
        sign = rigid;
      } else if (friction != 0) {
        sign = friction;
        c.frictionEvidence = true;
      } else {
        sign = rigid;
      }
      if (sign < 0) {
        c.verdict = TorqueConventionVerdict::Reversed;
        c.strong = c.frictionEvidence ? c.dissipationT <= -kStrongFrictionT : rigidStrong;
      } else if (sign > 0) {
        c.verdict = rigidStrong && (c.slope < kScaleLow || c.slope > kScaleHigh) ? TorqueConventionVerdict::Scaled
                                                                                 : TorqueConventionVerdict::Consistent;
      }
    }
    r.joints.push_back(c);
  }
  // Swapped columns: a pair whose torques are explained much better by each other's prediction
  // (unit slope, offsets removed) than by their own, each correlating positively with it.
  if (samples_ >= kMinConventionSamples) {
    auto centred = [&](double sumXY, double sumX, double sumY) { return sumXY - sumX * sumY / count; };
    auto corr = [&](int a, int b) {
      const double va = centred(sumLogged2_[a], sumLogged_[a], sumLogged_[a]);
      const double vb = centred(sumPredicted2_[b], sumPredicted_[b], sumPredicted_[b]);
      const double cov = centred(crossLoggedPredicted_(a, b), sumLogged_[a], sumPredicted_[b]);
      return va > 0.0 && vb > 0.0 ? cov / std::sqrt(va * vb) : 0.0;
    };
    // Sum of squares of (logged a - predicted b), both centred.
    auto misfit = [&](int a, int b) {
      return centred(sumLogged2_[a], sumLogged_[a], sumLogged_[a]) -
             2.0 * centred(crossLoggedPredicted_(a, b), sumLogged_[a], sumPredicted_[b]) +
             centred(sumPredicted2_[b], sumPredicted_[b], sumPredicted_[b]);
    };
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b)
        if (misfit(a, b) + misfit(b, a) < kSwapMisfitRatio * (misfit(a, a) + misfit(b, b)) &&
            corr(a, b) >= kSwapCorrelation && corr(b, a) >= kSwapCorrelation)
          r.swaps.emplace_back(a, b);
  }
  return r;
}

TorqueConventionReport checkTorqueConventions(const RobotModel& model, const std::string& file,
                                              const Eigen::VectorXd& t, const Eigen::MatrixXd& q,
                                              const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
                                              const Eigen::MatrixXd& tau) {
  TorqueConventionCheck check(model);
  check.add(t, q, qd, qdd, tau);
  return check.report(file);
}

}  // namespace eb
