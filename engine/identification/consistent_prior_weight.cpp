// The consistent estimate's prior weight chosen on held-out samples (consistent_estimation.hpp).
#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "identification/consistent_estimation.hpp"
#include "identification/consistent_residual.hpp"

namespace eb {

using consistent::defaultJointWeights;

BaseEstimate chooseConsistentPriorWeight(const RobotModel& model, const NormalEquations& training,
                                         const NormalEquations& heldOut, const BaseParameters& base,
                                         const ConsistentOptions& options, double tolerance) {
  constexpr double kHeldOutStartWeight = 1.0;
  const Eigen::MatrixXd K = base.projection();
  // Scored as the fit is weighted: each joint's held-out RSS over its noise variance, so a
  // joint the model fits to 1 % counts as much as one it fits to 50 %.
  const Eigen::VectorXd w = options.jointWeights.size() > 0 ? options.jointWeights
                            : options.noiseWeighting       ? defaultJointWeights(training)
                                                           : Eigen::VectorXd::Ones(training.dof);
  std::vector<std::pair<double, double>> curve;
  ConsistentOptions first = options;
  // The path starts where the prior dominates, so a log that sees little can keep most of it.
  first.priorStartWeight = std::max(options.priorStartWeight, kHeldOutStartWeight);
  first.onStage = [&](double weight, const Eigen::VectorXd& theta) {
    curve.emplace_back(weight, consistent::heldOutScore(heldOut, w, K * theta));
  };
  if (options.progress) first.progress = [&](double f) { return options.progress(0.6 * f); };
  (void)estimateConsistentParameters(model, training, base, first);
  if (curve.empty()) throw std::logic_error("consistent estimate: no continuation stage reported");

  double best = curve.front().second;
  for (const auto& [weight, score] : curve) best = std::min(best, score);
  double chosen = curve.back().first;
  for (const auto& [weight, score] : curve)  // stages run from the largest weight down
    if (score <= best * (1.0 + tolerance)) {
      chosen = weight;
      break;
    }

  NormalEquations all = training;
  all.merge(heldOut);
  ConsistentOptions second = options;
  second.priorWeight = chosen;
  second.priorStartWeight = std::max(options.priorStartWeight, chosen);
  if (options.progress) second.progress = [&](double f) { return options.progress(0.6 + 0.4 * f); };
  BaseEstimate e = estimateConsistentParameters(model, all, base, second);
  e.priorWeightCurve = curve;
  std::ostringstream note;
  note << "consistent: prior weight " << consistent::formatNumber(chosen, 3) << " chosen on held-out samples ("
       << heldOut.samples << " of " << all.samples << "): the largest of " << curve.size()
       << " weights whose held-out error is within " << consistent::formatNumber(100.0 * tolerance, 3)
       << " % of the best;"
       << " held-out score (weighted mean squared residual) by weight:";
  for (const auto& [weight, score] : curve)
    note << " " << consistent::formatNumber(weight, 2) << " " << consistent::formatNumber(score, 4);
  e.notes.push_back(note.str());
  return e;
}

}  // namespace eb
