#pragma once
// payload.json: a payload's inertial parameters, as `identify-payload` writes
// them and `identify-gains` and `simulate --payload` read them; and the same
// payload as a URDF fixed link.
//
// JSON layout (one object):
//   format: "excitebench-payload", version: 1,
//   robot, link: the link it is fixed to (its frame is the one below),
//   mass [kg], com: [x, y, z] [m], inertia_com: [ixx, ixy, ixz, iyy, iyz, izz] [kg m^2]
//     (about the COM, link axes);
//   then, when identified: mass_std, com_std, inertia_com_std,
//   standard_parameters: [{name, value, std, identified}] (about the link origin),
//   physically_consistent, consistency (what is wrong, when not), method,
//   residual_rms: [per joint, N m], samples, sources: [log files],
//   uncertainty: what the deviations include or leave out of the torque constants' (current logs).
// Only link, mass, com and inertia_com are read back, so a hand-written file of
// those four describes a known payload. Numbers are written with 17 significant digits.

#include "identification/payload_identification.hpp"

#include <string>
#include <vector>

namespace eb {

/// What identify-payload found, for the file.
struct PayloadReport {
  std::string robot;                 ///< ROBOT spec
  std::string method;                ///< "known robot (<source>)", "loaded/unloaded pair", ...
  PayloadEstimate estimate;
  Eigen::VectorXd residualRms;       ///< per joint [N m]
  long samples = 0;
  std::vector<std::string> sources;
  std::string uncertainty;           ///< what the deviations leave out or include (PayloadRun::gainUncertainty)
};

/// JSON text (see the file comment).
std::string formatPayloadJson(const PayloadReport& report);
/// Writes it atomically.
void writePayloadJson(const std::string& path, const PayloadReport& report);

/// A payload read from a file: its link ("" when the file names none) and standard
/// parameters in that link's frame.
struct KnownPayload {
  std::string link;
  Vector10d parameters = Vector10d::Zero();
};

/// Reads link, mass, com and inertia_com; throws InputError "<file>: <field>: <what>",
/// including for a mass or inertia that is not physically possible.
KnownPayload readPayloadJson(const std::string& path);

/// A xacro-includable URDF fragment: link `name` with the payload's inertial and a fixed
/// joint "<name>_joint" from the mount link, at its frame.
std::string formatPayloadUrdf(const PayloadEstimate& estimate, const std::string& name = "payload");
/// Writes it atomically; throws InputError (nothing written) when the estimate is not physically consistent.
void writePayloadUrdf(const std::string& path, const PayloadEstimate& estimate, const std::string& name = "payload");

/// gains.json: per-joint drive gains from identify-gains (format "excitebench-drive-gains",
/// version 1: robot, link and mass of the known payload, joints: [{name, gain, std,
/// torque_constant, torque_constant_std}], residual_rms [N m], samples, sources). gain multiplies
/// the effort column as read (after `givenConstants` [N m/A], empty: none) to give N m;
/// torque_constant = gain x the given constant multiplies the logged current itself.
std::string formatDriveGainsJson(const std::string& robot, const RobotModel& model, const PayloadRun& run,
                                 const std::vector<std::string>& sources,
                                 const std::vector<double>& givenConstants = {});
/// Writes it atomically.
void writeDriveGainsJson(const std::string& path, const std::string& robot, const RobotModel& model,
                         const PayloadRun& run, const std::vector<std::string>& sources,
                         const std::vector<double>& givenConstants = {});

/// Torque constants [N m/A] with their standard deviations, per joint in the model's order.
struct DriveGains {
  std::vector<double> constants, stddev;
  bool operator==(const DriveGains& o) const { return constants == o.constants && stddev == o.stddev; }
  bool operator!=(const DriveGains& o) const { return !(*this == o); }
};

/// Reads gains.json's torque_constant and torque_constant_std (or gain and std, from a file
/// written before those) for `model`'s joints, matched by name. Throws InputError
/// "<file>: <field>: <what>" for a joint missing or a constant not finite and non-zero or a std not finite and >= 0.
DriveGains readDriveGainsJson(const std::string& path, const RobotModel& model);

}  // namespace eb
