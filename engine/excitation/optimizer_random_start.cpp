#include "excitation/optimizer_random_start.hpp"

#include "excitation/default_excitation.hpp"

#include <cmath>

namespace eb {

// std::uniform_real_distribution is implementation-defined; the raw output is not.
double randomUniform01(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

double randomNormal(std::mt19937_64& rng) {
  const double u1 = 1.0 - randomUniform01(rng), u2 = randomUniform01(rng);
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

FourierTrajectory randomScaledTrajectory(const RobotModel& limitsModel, double period, int harmonics,
                                         const Eigen::VectorXd* fixedOffsets, std::mt19937_64& rng) {
  const int n = limitsModel.dof();
  Eigen::VectorXd offsets(n);
  for (int i = 0; i < n; ++i) {
    const JointLimits& l = limitsModel.joint(i).limits;
    const double u = randomUniform01(rng) - 0.5;  // drawn for every joint so the stream does not depend on limits
    if (fixedOffsets)
      offsets[i] = (*fixedOffsets)[i];
    else
      offsets[i] = l.hasPositionLimits() ? 0.5 * (l.lower + l.upper) + u * 0.5 * (l.upper - l.lower) : 0.0;
  }
  Eigen::MatrixXd a(n, harmonics), b(n, harmonics);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < harmonics; ++k) {
      a(i, k) = randomNormal(rng);
      b(i, k) = randomNormal(rng);
    }
  FourierTrajectory tr(period, offsets, a, b);
  enforceRestConditions(tr);
  scaleIntoLimits(limitsModel, tr, 1.0, 1.0, 1.0);
  return tr;
}

MultisineTrajectory randomScaledMultisine(const std::vector<JointLimits>& limits, const MultisineTrajectory& shape,
                                          const MultisineDesign& design, bool freeOffsets, bool freeFrequencies,
                                          std::mt19937_64& rng) {
  const int n = shape.dof();
  Eigen::VectorXd offsets = shape.offsets();
  for (int i = 0; i < n; ++i) {
    const JointLimits& l = limits[static_cast<size_t>(i)];
    const double u = randomUniform01(rng) - 0.5;  // drawn for every joint so the stream does not depend on limits
    if (freeOffsets) offsets[i] = l.hasPositionLimits() ? 0.5 * (l.lower + l.upper) + u * 0.5 * (l.upper - l.lower) : 0.0;
  }
  std::vector<std::vector<SineTerm>> terms = shape.terms();
  const double band = design.maxFrequency - design.minFrequency;
  for (auto& joint : terms)
    for (SineTerm& t : joint) {
      t.amplitude = randomNormal(rng);
      t.phase = 6.283185307179586 * (randomUniform01(rng) - 0.5);
      const double f = design.minFrequency + band * randomUniform01(rng);
      if (freeFrequencies) t.frequency = f;
    }
  return scaleMultisineIntoLimits(MultisineTrajectory(shape.duration(), shape.rampTime(), offsets, std::move(terms)),
                                  limits);
}

}  // namespace eb
