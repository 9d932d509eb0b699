#pragma once
// excitation.json: an excitation trajectory with every parameter, so it can be
// reloaded, edited by hand or in the GUI, sampled and simulated; optionally the
// information metrics it was designed for and the limits it was checked
// against. Schema (version 1; "//" marks what is optional or type-specific):
//
//   { "format": "excitebench-excitation", "version": 1,
//     "robot": "panda",                      // built-in name or URDF path
//     "description": "...",                  // optional free text
//     "type": "fourier" | "multisine",
//     // fourier:   "period": 10.0 [s], "harmonics": 5, "cycles": 1 (optional, default 1)
//     // multisine: "duration": 20.0 [s], "ramp_time": 1.0 [s]
//     "joints": [ one object per joint, model order:
//       fourier:   {"name": "j1", "offset": 0.0 [rad], "a": [H numbers, rad/s], "b": [H numbers, rad/s]}
//       multisine: {"name": "j1", "offset": 0.0 [rad],
//                   "terms": [{"amplitude": [rad], "frequency": [Hz], "phase": [rad] (optional, 0)}]} ],
//     "metrics": {"cond": n, "logdet": n, "aopt": n, "eopt": n, "feasible": bool, ...free keys},  // optional
//     "limits": {"position_scale": 0.95, "velocity_scale": 1, "acceleration_scale": 1,
//                "torque_scale": 1,                                   // optional, default 1
//                "joints": [{"name": "j1", "lower": [rad], "upper": [rad], "velocity": [rad/s],
//                            "acceleration": [rad/s^2], "effort": [N m]}]}  // optional; a missing limit is infinite
//   }
//
// Numbers are written in shortest round-trip form, so every double reads back
// bit for bit. JSON has no inf/nan: a non-finite metric is written as the
// string "inf", "-inf" or "nan" (null reads as nan). Joint "name" is optional.
// Unknown keys are errors (a misspelt optional key would otherwise be ignored silently).

#include "excitation/kinematic_constraints.hpp"
#include "excitation/trajectory.hpp"
#include "model/robot_model.hpp"

#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace eb {

/// A free metric value: boolean, number, string or array of numbers.
using MetricValue = std::variant<bool, double, std::string, std::vector<double>>;

/// Information-matrix metrics of a design (see docs/design.md, section 1), all unitless.
struct ExcitationMetrics {
  double cond = std::numeric_limits<double>::quiet_NaN();    ///< condition number of Phi_b
  double logdet = std::numeric_limits<double>::quiet_NaN();  ///< log det F (the D-criterion minimizes -logdet)
  double aopt = std::numeric_limits<double>::quiet_NaN();    ///< trace F^-1 (A-criterion)
  double eopt = std::numeric_limits<double>::quiet_NaN();    ///< lambda_min F (E-criterion)
  bool feasible = false; ///< all limits satisfied
  std::map<std::string, MetricValue> extra;  ///< anything else (criterion, seed, eigenvalues, ...)
};

/// The limits a design was checked against.
struct ExcitationLimits {
  LimitScale scale;                 ///< fraction of each limit used
  std::vector<JointLimits> joints;  ///< dof entries, unscaled, SI units
};

/// Everything excitation.json holds.
struct ExcitationFile {
  std::string robot;                     ///< built-in robot name or URDF path
  std::string description;               ///< optional free text
  std::vector<std::string> jointNames;   ///< dof entries, or empty when unnamed
  Trajectory trajectory;
  std::optional<ExcitationMetrics> metrics;
  std::optional<ExcitationLimits> limits;
};

/// JSON text (2-space indent); throws std::invalid_argument when jointNames or limits do not match the dof.
std::string formatExcitationJson(const ExcitationFile& excitation);

/// Writes excitation.json atomically; throws std::invalid_argument or InputError.
void writeExcitationJson(const std::string& path, const ExcitationFile& excitation);

/// Parses and validates JSON text; throws InputError "<source>: <JSON pointer>: <what>"
/// (e.g. "exc.json: /joints/1/a/3: expected a finite number, found string").
ExcitationFile parseExcitationJson(std::string_view text, const std::string& sourceName);

/// Reads excitation.json (see parseExcitationJson); throws InputError, also when it cannot be opened.
ExcitationFile readExcitationJson(const std::string& path);

}  // namespace eb
