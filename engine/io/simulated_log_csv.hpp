#pragma once
// A simulated experiment written as the CSV log the importer reads:
// "t, q1..qn, tau1..taun, qd1..qdn, qdd1..qddn" (s, rad or m, N m or N, and
// their rates), the measured (noisy) q and tau and the true derivatives for
// reference, 17 significant digits.

#include "simulation/experiment_simulator.hpp"

#include <string>

namespace eb {

/// CSV text of `log` (header and one row per sample).
std::string formatSimulatedLogCsv(const SimulatedLog& log);

/// formatSimulatedLogCsv written to `path` atomically (FileWriteError on failure).
void writeSimulatedLogCsv(const std::string& path, const SimulatedLog& log);

}  // namespace eb
