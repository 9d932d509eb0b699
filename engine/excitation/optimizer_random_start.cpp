#include "excitation/optimizer_random_start.hpp"

#include "excitation/default_excitation.hpp"

#include <cmath>

namespace eb {

namespace {

// Uniform in [0, 1) from the raw 64-bit output: the same numbers with every standard
// library (std::uniform_real_distribution is implementation-defined).
double uniform01(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

// Standard normal by Box-Muller, for the same reason.
double normal(std::mt19937_64& rng) {
  const double u1 = 1.0 - uniform01(rng), u2 = uniform01(rng);
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

}  // namespace

FourierTrajectory randomScaledTrajectory(const RobotModel& limitsModel, double period, int harmonics,
                                         const Eigen::VectorXd* fixedOffsets, std::mt19937_64& rng) {
  const int n = limitsModel.dof();
  Eigen::VectorXd offsets(n);
  for (int i = 0; i < n; ++i) {
    const JointLimits& l = limitsModel.joint(i).limits;
    const double u = uniform01(rng) - 0.5;  // drawn for every joint so the stream does not depend on limits
    if (fixedOffsets)
      offsets[i] = (*fixedOffsets)[i];
    else
      offsets[i] = l.hasPositionLimits() ? 0.5 * (l.lower + l.upper) + u * 0.5 * (l.upper - l.lower) : 0.0;
  }
  Eigen::MatrixXd a(n, harmonics), b(n, harmonics);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < harmonics; ++k) {
      a(i, k) = normal(rng);
      b(i, k) = normal(rng);
    }
  FourierTrajectory tr(period, offsets, a, b);
  enforceRestConditions(tr);
  scaleIntoLimits(limitsModel, tr, 1.0, 1.0, 1.0);
  return tr;
}

}  // namespace eb
