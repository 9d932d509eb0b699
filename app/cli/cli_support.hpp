#pragma once
// Small helpers shared by the subcommands: printing tables of parameters and
// validation results.

#include "identification/base_estimation.hpp"
#include "identification/validation.hpp"
#include "model/robot_model.hpp"

#include <string>

namespace eb::cli {

/// Prints the base parameter table (value, std, relative std, expression) to stdout.
void printEstimate(const BaseParameters& base, const BaseEstimate& estimate, const RobotModel& model);

/// Prints RMSE / NRMSE per joint to stdout.
void printValidation(const ValidationResult& result, const RobotModel& model);

}  // namespace eb::cli
