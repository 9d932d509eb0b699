// Excitation optimizer for rest-to-rest Fourier series (excitation_optimizer.hpp):
// the Fourier family the shared loop (optimizer_session.cpp) runs on.
//
// Variables: the free vector x of FourierRestParametrization (offsets, then
// a_ik, b_ik for k >= 2; a_i1, b_i1 follow so that the motion starts and ends
// at rest), with box bounds that keep each harmonic within a few times what
// one harmonic alone could use. Random starts: randomScaledTrajectory. The
// motion is scaled about the offsets by scaling every coefficient a, b.

#include "excitation/excitation_optimizer.hpp"

#include "excitation/optimizer_fourier_basis.hpp"
#include "excitation/optimizer_random_start.hpp"
#include "excitation/optimizer_session.hpp"
#include "util/math_constants.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <variant>

namespace eb {

const char* criterionName(ExcitationCriterion criterion) {
  switch (criterion) {
    case ExcitationCriterion::Cond: return "cond";
    case ExcitationCriterion::LogDet: return "logdet";
    case ExcitationCriterion::AOpt: return "aopt";
    case ExcitationCriterion::EOpt: return "eopt";
  }
  return "cond";
}

ExcitationCriterion parseCriterion(const std::string& name) {
  for (ExcitationCriterion c :
       {ExcitationCriterion::Cond, ExcitationCriterion::LogDet, ExcitationCriterion::AOpt, ExcitationCriterion::EOpt})
    if (name == criterionName(c)) return c;
  throw std::invalid_argument("unknown criterion '" + name + "': expected cond, logdet, aopt or eopt");
}

namespace {

class FourierFamily : public ExcitationFamily {
 public:
  FourierFamily(const RobotModel& model, const std::optional<FourierTrajectory>& initial, const OptimizerSettings& s)
      : settings_(s), param_(std::max(model.dof(), 1), std::max(s.harmonics, 1), s.optimizeOffsets) {
    const int n = model.dof();
    if (n < 1) throw std::invalid_argument("excitation optimizer: the robot has no moving joint");
    if (s.harmonics < 2)
      throw std::invalid_argument("excitation optimizer: needs at least 2 harmonics (rest-to-rest)");
    if (!(s.period > 0.0) || !std::isfinite(s.period))
      throw std::invalid_argument("excitation optimizer: period must be a positive number of seconds");
    validateOptimizerSettings(model, s);

    // Limits as the optimization sees them: scaled, then tightened.
    const std::vector<JointLimits> limits = optimizationLimits(model, s);
    limitsModel_ = model.withJointLimits(limits);

    Eigen::VectorXd offsets(n);
    for (int i = 0; i < n; ++i) {
      const JointLimits& l = limits[static_cast<size_t>(i)];
      offsets[i] = l.hasPositionLimits() ? 0.5 * (l.lower + l.upper) : 0.0;
    }
    const bool initialUsable = initial && initial->dof() == n && initial->harmonics() == s.harmonics;
    if (initialUsable) offsets = initial->offsets();
    template_ = FourierTrajectory(s.period, s.harmonics, offsets);
    if (initialUsable) initialX_ = param_.fromTrajectory(*initial);
    basis_ = std::make_unique<FourierTrajectoryBasis>(param_, template_);

    // Box bounds: offsets inside the (tightened) range; each free coefficient within
    // 3x what harmonic k alone may use of the position range, velocity and acceleration.
    const double wf = template_.baseFrequency();
    lb_.resize(param_.size());
    ub_.resize(param_.size());
    for (int i = 0; i < n; ++i) {
      const JointLimits& l = limits[static_cast<size_t>(i)];
      if (param_.includesOffsets()) {
        const double wide = model.joint(i).type == JointType::Prismatic ? 1.0 : M_PI;
        lb_[i] = l.hasPositionLimits() ? l.lower : -wide;
        ub_[i] = l.hasPositionLimits() ? l.upper : wide;
      }
      for (int k = 2; k <= s.harmonics; ++k) {
        double c = kInf;
        if (l.hasPositionLimits()) c = std::min(c, 0.5 * (l.upper - l.lower) * wf * k);
        c = std::min(c, l.velocity);
        c = std::min(c, l.acceleration / (wf * k));
        c = std::isfinite(c) ? 3.0 * c : 10.0;
        for (int idx : {param_.aIndex(i, k), param_.bIndex(i, k)}) {
          lb_[idx] = -c;
          ub_[idx] = c;
        }
      }
    }
  }

  const TrajectoryBasis& basis() const override { return *basis_; }
  double automaticRate() const override { return automaticSampleRate(settings_.period, settings_.harmonics); }
  const Eigen::VectorXd& lowerBounds() const override { return lb_; }
  const Eigen::VectorXd& upperBounds() const override { return ub_; }
  std::optional<Eigen::VectorXd> firstStart() const override { return initialX_; }
  Eigen::VectorXd randomStart(std::mt19937_64& rng) const override {
    const Eigen::VectorXd* fixed = settings_.optimizeOffsets ? nullptr : &template_.offsets();
    return param_.fromTrajectory(
        randomScaledTrajectory(limitsModel_, settings_.period, settings_.harmonics, fixed, rng));
  }
  void scaleMotion(Eigen::VectorXd& x, double factor) const override {
    // Every free entry after the offsets is a coefficient; a_i1, b_i1 follow linearly.
    const int first = param_.includesOffsets() ? param_.dof() : 0;
    x.tail(x.size() - first) *= factor;
  }
  Trajectory trajectory(const Eigen::VectorXd& x) const override {
    return param_.toTrajectory(x, settings_.period, template_.offsets());
  }
  Trajectory scaledTrajectory(const Trajectory& trajectory, double factor) const override {
    FourierTrajectory tr = std::get<FourierTrajectory>(trajectory);
    tr.setCoefficients(tr.a() * factor, tr.b() * factor);
    return tr;
  }

 private:
  OptimizerSettings settings_;
  FourierRestParametrization param_;
  FourierTrajectory template_;
  std::optional<Eigen::VectorXd> initialX_;
  RobotModel limitsModel_;  // joint limits as scaled and tightened for the optimization
  std::unique_ptr<FourierTrajectoryBasis> basis_;
  Eigen::VectorXd lb_, ub_;
};

}  // namespace

OptimizerResult optimizeExcitation(const RobotModel& model, const std::optional<FourierTrajectory>& initial,
                                   const OptimizerSettings& settings, const OptimizerCallback& progress) {
  const auto started = std::chrono::steady_clock::now();
  const FourierFamily family(model, initial, settings);
  return familyResult<OptimizerResult>(runExcitationOptimization(model, family, settings, progress, started));
}

}  // namespace eb
