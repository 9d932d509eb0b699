#pragma once
// Small helpers shared by the subcommands: the excitation file of an optimizer
// result, printing tables of parameters and validation results.

#include "excitation/excitation_optimizer.hpp"
#include "identification/base_estimation.hpp"
#include "io/excitation_json.hpp"
#include "io/params_file.hpp"
#include "identification/validation.hpp"
#include "model/robot_model.hpp"

#include <string>

namespace eb::cli {

/// excitation.json content of a designed `trajectory` for `robotSpec`: joint names, trajectory
/// and the metrics block (cond, logdet, aopt, eopt, feasible); callers add extras and limits.
ExcitationFile excitationFileOf(const std::string& robotSpec, const RobotModel& model, const Trajectory& trajectory,
                                const InformationMetrics& metrics, bool feasible);

/// Prints the base parameter table (value, std, relative std, expression) to stdout.
void printEstimate(const BaseParameters& base, const BaseEstimate& estimate, const RobotModel& model);

/// Prints RMSE / NRMSE per joint to stdout, of the identified parameters and of the model's own.
void printValidation(const ValidationResult& identified, const ValidationResult& own, const RobotModel& model);

/// Whether `s` ends with `suffix` (file extensions, case as given).
inline bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// Prints, for a consistent estimate, one line per link: mass, plausible or its problems, and
/// how much of mass, COM and inertia the data determined (the rest is the prior's).
void printPlausibility(const IdentifiedParameters& p, const RobotModel& model);

}  // namespace eb::cli
