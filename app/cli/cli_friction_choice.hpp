#pragma once
// `--friction MODEL`, shared by identify, identify-payload and identify-gains: which joint
// friction columns the robot's regression has (joint_torque_regressor.hpp). coulomb (viscous +
// Coulomb, the default), viscous, asymmetric are fixed shapes; smooth, stribeck and best are
// chosen on the held-out seconds of logs first (friction_comparison.hpp).

#include "identification/identification_pipeline.hpp"

#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace eb::cli {

/// Declares --friction on `cmd`, stored in `name`.
CLI::Option* addFrictionOption(CLI::App* cmd, std::string& name);

/// Whether the model `name` is chosen on logs (smooth, stribeck, best).
bool frictionNeedsLogs(const std::string& name);

/// Sets settings.regressor's friction columns (its offset and armature kept) for the model
/// `name`, choosing widths, Stribeck velocities or the model on `logs` where it must. Returns
/// the line that says what was chosen (empty for the fixed shapes). Throws InputError, Cancelled.
std::string applyFrictionChoice(const std::string& name, const RobotModel& model, const std::vector<std::string>& logs,
                                IdentificationSettings& settings);

}  // namespace eb::cli
