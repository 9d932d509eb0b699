#pragma once
// MATLAB .mat logs (v5, v7, v7.3 through matio): variables t, q, qd?, qdd?, tau
// (names configurable, "s.q" reads field q of struct s), with the same checks as
// CSV logs. Messages name the file, the sample row and the variable column.

#include "logs/experiment_log.hpp"
#include "logs/log_import.hpp"

#include <string>
#include <vector>

namespace eb {

/// Reads a MAT log with options.matVariables. Matrices are N x dof; dof x N is transposed (with a
/// warning). Without the time variable, options.sampleRateHz gives uniform samples. Units follow
/// options.timeUnit / positionUnit; options.torqueConstants scales the torque variable (currents).
/// Throws InputError "<file>: row <r>: column '<var>(:,<j>)': <what>".
ExperimentLog importMatLog(const std::string& path, const LogImportOptions& options);

/// Names of the variables stored in a MAT file, for a mapping dialog.
std::vector<std::string> listMatVariables(const std::string& path);

}  // namespace eb
