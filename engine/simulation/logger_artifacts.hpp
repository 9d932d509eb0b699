#pragma once
// What hardware loggers do to an experiment log, applied to a simulated one so
// users can rehearse the import of real logs and tests can prove the pipeline
// against them: a lower logging rate than the control rate (UR RTDE: 125 Hz),
// samples lost at random and in runs (gaps), a logger restart (time back to 0),
// rows written twice, torque-sensor offsets, encoder quantization, a driver's
// reversed torque sign, two torque columns swapped (a wrong joint order). The clock
// jitter itself is the simulator's (SimulationSettings::clockJitter), because a
// jittered sample is taken at another time, not only stamped differently.

#include "simulation/experiment_simulator.hpp"

#include <Eigen/Core>

#include <utility>
#include <vector>

namespace eb {

struct LoggerArtifacts {
  int logEvery = 1;               ///< keep every n-th control sample (1 kHz control, 125 Hz log: 8)
  double dropFraction = 0.0;      ///< fraction of samples lost at random, in [0, 0.5]
  int gaps = 0;                   ///< runs of lost samples
  int gapSamples = 10;            ///< samples lost per run
  double resetAt = -1.0;          ///< [s] the logger's clock restarts from 0 here (< 0: never)
  double repeatFraction = 0.0;    ///< fraction of rows written twice, in [0, 0.5]
  Eigen::VectorXd torqueOffset;   ///< (dof) [N m] added to the measured torques; empty: none
  double quantization = 0.0;      ///< [rad or m] encoder resolution; 0: none
  std::vector<int> reversedTorque;  ///< 0-based joints whose logged torque has the opposite sign (KUKA FRI)
  std::pair<int, int> swappedTorque{-1, -1};  ///< 0-based joints whose torque columns are swapped; -1: none
  unsigned seed = 11;

  /// Whether anything is set.
  bool any() const;
};

/// The log as the logger would write it (rows lost, repeated, re-stamped; values offset and
/// quantized); the true-state columns follow the rows kept. Deterministic for a seed. Throws
/// std::invalid_argument for out-of-range settings.
SimulatedLog applyLoggerArtifacts(const SimulatedLog& log, const LoggerArtifacts& artifacts);

}  // namespace eb
