#pragma once
// A simulated experiment written as the log a logger would write.
//
// ExciteBench layout: "t, q1..qn, tau1..taun, qd1..qdn, qdd1..qddn" (s, rad or m,
// N m or N, and their rates): the measured (noisy) q and tau and the true
// derivatives for reference. With torque constants, motor currents
// "i1..in" = tau / k [A] take the place of the torques.
// UR RTDE layout (record.py): space-delimited "timestamp, actual_q_0..,
// actual_qd_0.., actual_current_0.. (with torque constants), target_moment_0.."
// (the controller's torque, the true one here).
// Numbers with 17 significant digits.

#include "simulation/experiment_simulator.hpp"

#include <string>
#include <vector>

namespace eb {

struct SimulatedLogFormat {
  enum class Layout { ExciteBench, UrRtde };
  Layout layout = Layout::ExciteBench;
  std::vector<double> torqueConstants;  ///< [N m/A] per joint: write currents tau / k; empty: torques
};

/// CSV text of `log` (header and one row per sample). Throws std::invalid_argument for torque
/// constants of the wrong count or a zero constant.
std::string formatSimulatedLogCsv(const SimulatedLog& log, const SimulatedLogFormat& format = {});

/// formatSimulatedLogCsv written to `path` atomically (InputError on failure).
void writeSimulatedLogCsv(const std::string& path, const SimulatedLog& log, const SimulatedLogFormat& format = {});

}  // namespace eb
