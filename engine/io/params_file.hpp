#pragma once
// params.json / params.yaml: identified parameters as `identify` writes them
// and `torques --params`, `validate` and `export` read them.
//
// JSON layout (one object):
//   format: "excitebench-params", version: 1,
//   robot: the ROBOT argument used, robot_name, dof, joints: [names],
//   method: "ols" | "wls" | "ridge" | "consistent",
//   regressor: {viscous, coulomb, offset, armature, coulomb_width, and when used: asymmetric_coulomb,
//     coulomb_widths: [per joint], stribeck, stribeck_velocities: [per joint]},
//   base_parameters: [{name, expression, column, value, std, rel_std_percent}],
//   standard_parameters (consistent only): [{name, value, data_share}] in regressor column order
//     (data_share: how much of the value the data determined, 0 = the prior's, 1 = the data's),
//   bodies (consistent only): [{link, mass, com: [x, y, z], inertia_com: [ixx, ixy, ixz, iyy, iyz, izz],
//     plausible, problems: [...], notes: [...] (plausibility.hpp, against the link geometry's bounds),
//     data_share: {mass, com, inertia}: how much of each the data determined (0 = the prior's, 1 = the data's)}],
//   prior_weight (consistent only),
//   friction: [{joint, fv?, fc?, fcp?, fcn?, fs?, fo?, Ia?}] where a friction column is its own base parameter,
//   residual_rms, noise_std: [per joint, N m], condition, samples, sources: [log files]
// and, for the identification report (report/), each only when recorded (describeRun,
// report/run_details.hpp), so a file without them reads as before:
//   information_eigenvalues: [descending], log_summaries: [one line per source],
//   findings: [warnings' texts], settings: [{name, value}],
//   velocity_range: [[min, max] per joint, rad/s or m/s, over the logs' samples],
//   held_out: {source, samples, nrmse_percent: [per joint], description_nrmse_percent: [per joint]}
// Numbers are written with 17 significant digits (exact round trip).

#include "identification/base_estimation.hpp"
#include "identification/plausibility.hpp"
#include "dynamics/base_parameters.hpp"
#include "model/robot_model.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace eb {

struct IdentifiedParameters {
  std::string robot;                 ///< ROBOT spec (built-in name or path)
  std::string robotName;
  std::vector<std::string> jointNames;
  std::string method;
  RegressorOptions options;
  std::vector<std::string> names, expressions, columns;  ///< per base parameter; columns = leading column name
  Eigen::VectorXd values, stddev, relativeStddev;
  Eigen::VectorXd residualRms, noiseStd;
  double condition = 0.0;
  long samples = 0;
  std::vector<std::string> columnNames;          ///< regressor column names
  std::optional<Eigen::VectorXd> fullParameters;  ///< consistent estimate: full regressor parameters
  std::optional<Eigen::VectorXd> dataShare;       ///< consistent estimate: per full parameter (BaseEstimate)
  std::vector<BodyPlausibility> plausibility;     ///< consistent estimate: per body (plausibility.hpp)
  double priorWeight = 0.0;                       ///< consistent estimate: the prior's weight used
  std::vector<std::string> sources;
  // What the report shows beyond the estimate (empty when not recorded; see the file comment).
  std::vector<double> informationEigenvalues;                 ///< of Phi_b^T W Phi_b, descending
  std::vector<std::string> logSummaries;                      ///< one line per source
  std::vector<std::string> findings;                          ///< importer, preprocessing, convention, residual
  std::vector<std::pair<std::string, std::string>> settings;  ///< (setting, value) as used
  std::vector<std::pair<double, double>> velocityRanges;      ///< per joint (min, max) velocity seen [rad/s or m/s]
  /// Torque prediction on data the estimate was not fitted on (the logs' held-out seconds).
  struct HeldOutScores {
    std::string source;
    long samples = 0;
    std::vector<double> nrmse, descriptionNrmse;  ///< per joint [%]
  };
  std::optional<HeldOutScores> heldOut;
};

/// Collects what identification produced into the file structure. A consistent estimate's
/// bodies are checked for plausibility against their geometry (which reads mesh files);
/// `plausibility`, when given, is that check already done (the wizard's worker did it).
IdentifiedParameters makeIdentifiedParameters(const std::string& robotSpec, const RobotModel& model,
                                              const BaseParameters& base, const BaseEstimate& estimate,
                                              const std::vector<std::string>& sources,
                                              const std::vector<BodyPlausibility>* plausibility = nullptr);

/// JSON text (see the file comment).
std::string formatParamsJson(const IdentifiedParameters& p, const RobotModel& model);
/// The same content as YAML.
std::string formatParamsYaml(const IdentifiedParameters& p, const RobotModel& model);
/// Writes JSON or YAML by extension (.yaml/.yml = YAML) atomically.
void writeParamsFile(const std::string& path, const IdentifiedParameters& p, const RobotModel& model);

/// Reads params.json; throws InputError "<file>: <json path>: <what>".
IdentifiedParameters readParamsJson(const std::string& path);

/// Rebuilds the base-parameter map for `model` with the file's regressor options and
/// checks it is the one the file was identified with (same dof and leading columns);
/// throws InputError naming the file otherwise.
BaseParameters baseParametersFor(const RobotModel& model, const IdentifiedParameters& p, const std::string& path);

}  // namespace eb
