#pragma once
// A design out to a ros2_control joint_trajectory_controller: the samples as a
// control_msgs/action/FollowJointTrajectory goal in YAML, the text
// `ros2 action send_goal <action> control_msgs/action/FollowJointTrajectory "$(cat traj.yaml)"`
// takes as it is.
//
//   # robot, joints, duration, rate, samples, the limits used, the command line
//   trajectory:
//     header: {stamp: {sec: 0, nanosec: 0}, frame_id: ""}     # stamp 0: start on receipt
//     joint_names: ["j1", ...]                                 # as the excitation names them
//     points:
//       - positions: [...]        # rad (m for a prismatic joint)
//         velocities: [...]       # rad/s
//         accelerations: [...]    # rad/s^2
//         time_from_start: {sec: 0, nanosec: 2000000}   # t rounded to the nearest ns
//
// Numbers read back bit for bit. Every float keeps a '.' (1.0e-05, not 1e-05): ros2 reads
// the goal with PyYAML, whose YAML 1.1 resolver takes 1e-05 for a string.

#include <cstdint>
#include <string>
#include <vector>

#include "excitation/trajectory_sampling.hpp"
#include "io/excitation_json.hpp"

namespace eb {

/// builtin_interfaces/Duration: whole seconds and nanoseconds in [0, 1e9).
struct RosDuration {
  std::int32_t sec = 0;
  std::uint32_t nanosec = 0;
};

/// `t` [s] (finite, 0 <= t < 2^31) rounded to the nearest ns as a RosDuration; throws std::invalid_argument otherwise.
RosDuration rosDuration(double t);

/// `v` as text that reads back to the same double in YAML (yaml-cpp, PyYAML) and C: exactNumberText with
/// a '.' kept in every float ("2.0", "1.0e-05", "-0.0").
std::string yamlFloatText(double v);

/// The comment lines (no comment marker) both controller exports start with: robot, joint names, duration [s],
/// rate [Hz], sample count, and the position / velocity / acceleration limits the design used (scaled, SI units).
std::vector<std::string> controllerExportSummary(const ExcitationFile& excitation, const TrajectorySamples& samples,
                                                 double rateHz);

/// The FollowJointTrajectory goal YAML of `samples` (taken at `rateHz` [Hz] from `excitation`); `fileName` is the
/// name the comment's command line reads. Throws InputError naming `sourceName` when a joint has no name (a
/// controller matches joints by name), std::invalid_argument for samples that do not match the excitation or are
/// not finite.
std::string formatJointTrajectoryYaml(const ExcitationFile& excitation, const TrajectorySamples& samples, double rateHz,
                                      const std::string& sourceName, const std::string& fileName = "traj.yaml");

/// Writes formatJointTrajectoryYaml atomically to `path`; throws as it does, or InputError when the file cannot be
/// written.
void writeJointTrajectoryYaml(const std::string& path, const ExcitationFile& excitation,
                              const TrajectorySamples& samples, double rateHz, const std::string& sourceName);

}  // namespace eb
