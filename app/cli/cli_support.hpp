#pragma once
// Small helpers shared by the subcommands: writing a simulated log, printing
// tables of parameters and validation results.

#include "identification/base_estimation.hpp"
#include "identification/validation.hpp"
#include "model/robot_model.hpp"
#include "simulation/experiment_simulator.hpp"

#include <string>

namespace eb::cli {

/// Writes a simulated log as CSV: t, q1..qn (measured), tau1..taun (measured), then the
/// true qd1..qdn and qdd1..qddn for reference. Atomic.
void writeSimulatedLog(const std::string& path, const SimulatedLog& log);

/// Prints the base parameter table (value, std, relative std, expression) to stdout.
void printEstimate(const BaseParameters& base, const BaseEstimate& estimate, const RobotModel& model);

/// Prints RMSE / NRMSE per joint to stdout.
void printValidation(const ValidationResult& result, const RobotModel& model);

/// Text of the URDF a ROBOT spec was built from: the embedded file of a built-in robot or
/// the file itself; throws InputError for robots without one (snake:N, DH tables).
std::string urdfTextOf(const std::string& robotSpec);

}  // namespace eb::cli
