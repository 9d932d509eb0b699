// Excitation optimizer for multi-sine trajectories (multisine_optimizer.hpp):
// the multi-sine family the shared loop (optimizer_session.cpp) runs on.
//
// Variables: MultisineTrajectoryBasis' free vector (offsets when
// settings.optimizeOffsets, amplitudes, phases, frequencies when
// design.optimizeFrequencies). Box bounds: offsets inside the (tightened)
// position range; each amplitude within 3x what its term alone may use of the
// half range, velocity (/ w) and acceleration (/ w^2) at its frequency (the
// band's lowest one when frequencies move); phases within [-3 pi, 3 pi] (wide
// enough that SLSQP never sits on a bound of a periodic variable it started
// inside [-pi, pi)); frequencies inside the band. The motion is scaled about
// the offsets by scaling every amplitude: velocities and accelerations scale
// exactly with it, the envelope included.

#include "excitation/multisine_optimizer.hpp"

#include "excitation/optimizer_multisine_basis.hpp"
#include "excitation/optimizer_random_start.hpp"
#include "excitation/optimizer_session.hpp"
#include "util/math_constants.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <variant>

namespace eb {

namespace {

// Whether a user's trajectory fits the design: joints, term counts, frequencies in the band (and on the grid).
bool fitsDesign(const MultisineTrajectory& tr, int dof, const MultisineDesign& d) {
  if (tr.dof() != dof) return false;
  constexpr double tol = 1e-9;
  for (int i = 0; i < dof; ++i) {
    if (static_cast<int>(tr.terms(i).size()) != d.components) return false;
    for (const SineTerm& t : tr.terms(i)) {
      if (t.frequency < d.minFrequency - tol || t.frequency > d.maxFrequency + tol) return false;
      if (d.periodGrid > 0.0) {
        const double m = t.frequency * d.periodGrid;
        if (std::abs(m - std::round(m)) > 1e-6) return false;
      }
    }
  }
  return true;
}

MultisineTrajectory withAmplitudesScaled(const MultisineTrajectory& tr, double factor) {
  std::vector<std::vector<SineTerm>> terms = tr.terms();
  for (auto& joint : terms)
    for (SineTerm& t : joint) t.amplitude *= factor;
  return MultisineTrajectory(tr.duration(), tr.rampTime(), tr.offsets(), std::move(terms));
}

class MultisineFamily : public ExcitationFamily {
 public:
  MultisineFamily(const RobotModel& model, const std::optional<MultisineTrajectory>& initial,
                  const MultisineDesign& design, const OptimizerSettings& s)
      : design_(design), settings_(s) {
    validateOptimizerSettings(model, s);
    validateMultisineDesign(design);
    const int n = model.dof();
    limits_ = optimizationLimits(model, s);
    Eigen::VectorXd offsets(n);
    for (int i = 0; i < n; ++i) {
      const JointLimits& l = limits_[static_cast<size_t>(i)];
      offsets[i] = l.hasPositionLimits() ? 0.5 * (l.lower + l.upper) : 0.0;
    }
    if (initial && fitsDesign(*initial, n, design)) {
      template_ = MultisineTrajectory(design.duration, design.rampTime, initial->offsets(), initial->terms());
    } else {
      template_ = schroederMultisine(design, offsets, limits_, LimitScale{});
    }
    basis_ = std::make_unique<MultisineTrajectoryBasis>(template_, s.optimizeOffsets, design.optimizeFrequencies);
    first_ = basis_->fromTrajectory(template_);
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < basis_->terms(i); ++k) first_[basis_->phaseIndex(i, k)] = wrapPhase(first_[basis_->phaseIndex(i, k)]);

    lb_.resize(basis_->size());
    ub_.resize(basis_->size());
    for (int i = 0; i < n; ++i) {
      const JointLimits& l = limits_[static_cast<size_t>(i)];
      if (basis_->includesOffsets()) {
        const double wide = model.joint(i).type == JointType::Prismatic ? 1.0 : kPi;
        lb_[i] = l.hasPositionLimits() ? l.lower : -wide;
        ub_[i] = l.hasPositionLimits() ? l.upper : wide;
      }
      for (int k = 0; k < basis_->terms(i); ++k) {
        const double f = design.optimizeFrequencies ? design.minFrequency : template_.terms(i)[static_cast<size_t>(k)].frequency;
        const double w = std::max(kTwoPi * f, 1e-9);
        double c = kInf;
        if (l.hasPositionLimits()) c = std::min(c, 0.5 * (l.upper - l.lower));
        c = std::min(c, l.velocity / w);
        c = std::min(c, l.acceleration / (w * w));
        c = std::isfinite(c) ? 3.0 * c : 10.0;
        lb_[basis_->amplitudeIndex(i, k)] = -c;
        ub_[basis_->amplitudeIndex(i, k)] = c;
        lb_[basis_->phaseIndex(i, k)] = -3.0 * kPi;
        ub_[basis_->phaseIndex(i, k)] = 3.0 * kPi;
        if (design.optimizeFrequencies) {
          lb_[basis_->frequencyIndex(i, k)] = design.minFrequency;
          ub_[basis_->frequencyIndex(i, k)] = design.maxFrequency;
        }
      }
    }
  }

  const TrajectoryBasis& basis() const override { return *basis_; }
  double automaticRate() const override { return automaticSampleRate(design_); }
  const Eigen::VectorXd& lowerBounds() const override { return lb_; }
  const Eigen::VectorXd& upperBounds() const override { return ub_; }
  std::optional<Eigen::VectorXd> firstStart() const override { return first_; }
  Eigen::VectorXd randomStart(std::mt19937_64& rng) const override {
    return basis_->fromTrajectory(randomScaledMultisine(limits_, template_, design_, settings_.optimizeOffsets,
                                                        design_.optimizeFrequencies, rng));
  }
  void scaleMotion(Eigen::VectorXd& x, double factor) const override {
    for (int i = 0; i < basis_->dof(); ++i)
      for (int k = 0; k < basis_->terms(i); ++k) x[basis_->amplitudeIndex(i, k)] *= factor;
  }
  Trajectory trajectory(const Eigen::VectorXd& x) const override { return basis_->toTrajectory(x); }
  Trajectory scaledTrajectory(const Trajectory& trajectory, double factor) const override {
    return withAmplitudesScaled(std::get<MultisineTrajectory>(trajectory), factor);
  }

 private:
  MultisineDesign design_;
  OptimizerSettings settings_;
  std::vector<JointLimits> limits_;  // scaled and tightened, as the optimization sees them
  MultisineTrajectory template_;
  std::unique_ptr<MultisineTrajectoryBasis> basis_;
  Eigen::VectorXd first_, lb_, ub_;
};

}  // namespace

double automaticSampleRate(const MultisineDesign& design) { return 50.0 * design.maxFrequency; }

MultisineOptimizerResult optimizeMultisineExcitation(const RobotModel& model,
                                                     const std::optional<MultisineTrajectory>& initial,
                                                     const MultisineDesign& design,
                                                     const OptimizerSettings& settings,
                                                     const OptimizerCallback& progress) {
  const auto started = std::chrono::steady_clock::now();
  const MultisineFamily family(model, initial, design, settings);
  return familyResult<MultisineOptimizerResult>(runExcitationOptimization(model, family, settings, progress, started));
}

}  // namespace eb
