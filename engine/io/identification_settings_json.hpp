#pragma once
// The identification settings as JSON: one codec for every file that records them, so a
// setting is spelled, written and checked the same way in each. params.json's "regressor"
// object (params_file.hpp) and the identification wizard's document ("import",
// "preprocessing", "estimation" sections) both use it.
//
// Readers take the object a section is, and the JSON path it stands at ("regressor"); a key
// that is absent keeps the value already in the struct (the engine's defaults, or what the
// caller set), unless the reader is told the key is required. A bad value throws InputError
// whose Diagnostic names the value's JSON path as its field ("preprocessing.filter_order")
// and says what was expected; the caller adds the file.

#include "identification/identification_pipeline.hpp"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace eb {

/// Writes the regressor columns into `out`: viscous, coulomb, offset, armature, coulomb_width,
/// and the richer friction shape only where used (asymmetric_coulomb, coulomb_widths [per
/// joint, rad/s], stribeck, stribeck_velocities [per joint, rad/s]), so older readers see the
/// files they know.
void writeRegressorOptions(const RegressorOptions& options, nlohmann::json& out);

/// Reads the keys writeRegressorOptions writes from `in` (an object at `where`) into `options`.
/// With `required`, the five plain keys must be there (params.json); otherwise absent keys
/// keep their values. Throws InputError.
void readRegressorOptions(const nlohmann::json& in, const std::string& where, RegressorOptions& options,
                          bool required = false);

/// Writes how logs are read beyond their columns: torque_constants_nm_per_a [N m/A],
/// torque_signs (when stated), drop_bad_rows, gap_steps.
void writeImportOptions(const LogImportOptions& options, nlohmann::json& out);
/// Reads them (absent keys keep their values). Throws InputError.
void readImportOptions(const nlohmann::json& in, const std::string& where, LogImportOptions& options);

/// Writes the filtering and differentiation: cutoff_hz, filter_order, differentiator,
/// savitzky_golay_window, savitzky_golay_order, filter_torque, edge_trim_s [s], and
/// use_logged_derivatives (IdentificationSettings::useLoggedDerivatives).
void writePreprocessOptions(const PreprocessOptions& options, bool useLoggedDerivatives, nlohmann::json& out);
/// Reads them (absent keys keep their values). Throws InputError.
void readPreprocessOptions(const nlohmann::json& in, const std::string& where, PreprocessOptions& options,
                           bool& useLoggedDerivatives);

/// Writes the estimator: method (estimationMethodName) and ridge_lambda.
void writeEstimationOptions(const EstimationOptions& options, nlohmann::json& out);
/// Reads them (absent keys keep their values). Throws InputError.
void readEstimationOptions(const nlohmann::json& in, const std::string& where, EstimationOptions& options);

}  // namespace eb
