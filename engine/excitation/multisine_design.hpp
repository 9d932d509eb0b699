#pragma once
// What a multi-sine excitation design may use (components, band, frequency
// grid, envelope, duration), and the Schroeder-phase multi-sine that starts
// its optimization.
//
// Schroeder (1970) phases phi_k = -pi k (k - 1) / K make a sum of K equal sines
// with evenly spread frequencies nearly flat (crest factor ~1.4-1.7 instead of
// up to sqrt(2K) for equal phases), so for the same peak velocity and
// acceleration the signal carries more power: a known good starting point.

#include "excitation/kinematic_constraints.hpp"
#include "excitation/multisine_setting_specs.hpp"
#include "excitation/multisine_trajectory.hpp"
#include "model/robot_model.hpp"

#include <Eigen/Core>

#include <vector>

namespace eb {

/// A multi-sine design. OptimizerSettings' harmonics and period are the Fourier family's; a
/// multi-sine run takes its shape from here. Defaults are declared in multisine_setting_specs.hpp
/// (components 5, duration 10 s, ramp 1 s, band 0.1-0.5 Hz, free frequencies, not optimized).
struct MultisineDesign {
  int components = kMultisineComponentsSpec.defaultValue;       ///< sine terms per joint
  double duration = kMultisineDurationSpec.defaultValue;        ///< [s]
  double rampTime = kMultisineRampSpec.defaultValue;            ///< envelope ramp at each end [s]
  double minFrequency = kMultisineMinFrequencySpec.defaultValue;  ///< lowest allowed frequency [Hz]
  double maxFrequency = kMultisineMaxFrequencySpec.defaultValue;  ///< highest allowed frequency [Hz]
  double periodGrid = kMultisinePeriodGridSpec.defaultValue;    ///< > 0: frequencies are multiples of 1/periodGrid [Hz] (periodic, averaging works); 0: free
  bool optimizeFrequencies = kMultisineOptimizeFrequenciesSpec.defaultValue;  ///< frequencies are variables too (inside the band, only when periodGrid == 0)
};

/// Throws std::invalid_argument naming the field when the design cannot be run
/// (components < 1, duration <= 0, ramp outside [0, duration / 2], an empty or negative band,
/// fewer grid frequencies in the band than components, optimizeFrequencies with a grid).
void validateMultisineDesign(const MultisineDesign& design);

/// The frequencies [Hz] on the design's grid inside its band, ascending (empty when periodGrid == 0).
std::vector<double> gridFrequencies(const MultisineDesign& design);

/// Scales each joint's amplitudes (not its offset, frequencies or phases) so that the
/// analytic bounds (analyticBounds) fit `limits` (dof, already scaled) about the offset:
/// |q - q0| within the room to the nearer position limit, velocity and acceleration within theirs.
MultisineTrajectory scaleMultisineIntoLimits(const MultisineTrajectory& trajectory,
                                             const std::vector<JointLimits>& limits);

/// Schroeder-phase multi-sine start (low crest factor): per joint `components` frequencies spread over the band (on the grid when periodGrid > 0), equal amplitudes scaled so the joint's analytic position/velocity/acceleration bounds fit the limits, phases phi_k = -pi k(k-1)/K, different frequency sets per joint so joints are not collinear.
/// Joint i's frequencies interleave with the other joints' (f at (k + i/n) / K of the band,
/// or of the grid lines); since joints must share lines on a coarse grid, joint i is also
/// shifted in time by i/n of the period (periodGrid, or the duration when free): a phase
/// 2 pi f tau_i per term, which keeps the crest factor. Phases are wrapped into [-pi, pi).
/// offsets (dof) [rad or m]; limits (dof) are scaled by `scale` first. Throws std::invalid_argument.
MultisineTrajectory schroederMultisine(const MultisineDesign& design, const Eigen::VectorXd& offsets,
                                       const std::vector<JointLimits>& limits, const LimitScale& scale);

}  // namespace eb
