#pragma once
// What the simulator exports (identified URDF, MJCF) write, read once from a params.json: per
// body the identified inertia, per joint the viscous and Coulomb friction and the rotor inertia,
// each marked with whether the data saw it, and what the target formats cannot say.
//
// * Only a physically consistent estimate has standard parameters (params.json
//   `standard_parameters`); anything else is refused with InputError naming the file and saying
//   how to get one (`identify --method consistent`).
// * "Seen" is the estimate's data share (the resolution matrix's diagonal, params_file.hpp): a
//   parameter whose share is below kSeenShare was set by the prior, so the model's own value is
//   written instead and the exported file says so. A body keeps the model's whole inertial when
//   none of its ten parameters was seen; in a body partly seen the unseen ones go back to the
//   model's values when the body stays physically consistent (else they stay where the prior
//   held them, near those values), and its comment names them.
// * A friction column that was not estimated (`--no-friction`, no `--armature`) keeps the
//   model's value (URDF <dynamics>, MJCF damping / frictionloss / armature).
// * The asymmetric Coulomb levels are written as their mean; Stribeck, offsets, per-joint smooth
//   widths and the asymmetry are named in `notes` (what URDF and MJCF cannot say).

#include <Eigen/Core>
#include <string>
#include <vector>

#include "io/params_file.hpp"
#include "model/robot_model.hpp"

namespace eb {

/// Data share below which a parameter counts as not seen by the data.
constexpr double kSeenShare = 0.1;

/// One value of a joint's friction or rotor inertia as exported.
struct ExportedJointValue {
  double value = 0.0;      ///< what the file gets (SI: N m s/rad, N m, kg m^2)
  bool estimated = false;  ///< a column of the identification (else the model's value)
  bool seen = false;       ///< estimated and its data share >= kSeenShare
  double share = 0.0;      ///< data share (0 when not estimated)
};

/// A joint's identified dynamics beyond the rigid body.
struct ExportedJointDynamics {
  ExportedJointValue damping;   ///< viscous fv [N m s/rad]  (URDF damping, MJCF damping)
  ExportedJointValue friction;  ///< Coulomb fc [N m]        (URDF friction, MJCF frictionloss)
  ExportedJointValue armature;  ///< rotor inertia Ia [kg m^2 or kg] (MJCF armature; not in URDF)
  /// What the friction model holds beyond viscous + one Coulomb level, one phrase each
  /// ("Stribeck fs = 1.2 N m at vs = 0.05 rad/s", "offset fo = -0.3 N m", ...). Empty when none.
  std::vector<std::string> beyond;
};

/// A body's inertia as exported.
struct ExportedBodyInertia {
  Vector10d theta = Vector10d::Zero();  ///< standard parameters, body frame (robot_model.hpp)
  bool identified = false;              ///< from the estimate (else the model's, none seen)
  std::vector<std::string> unseen;      ///< names of the parameters the data did not see ("Ixy", ...)
  bool unseenKept = false;              ///< those are at the model's exact values (else near them)
};

/// The identified model as the exports write it.
struct IdentifiedDynamics {
  std::vector<ExportedBodyInertia> bodies;    ///< model.bodyCount()
  std::vector<ExportedJointDynamics> joints;  ///< model.dof()
  std::string method;                         ///< params.json method
  std::string source;                         ///< the params file, for comments
  /// All bodies' theta stacked (10 * bodyCount()), what a re-import must read back.
  Eigen::VectorXd standardParameters() const;
};

/// Reads the estimate of `p` (checked against `model` by baseParametersFor) into what the
/// exports write. `paramsPath` names the file in errors and comments. Throws InputError for an
/// estimate that is not physically consistent (OLS, WLS, ridge, auto choosing OLS).
IdentifiedDynamics identifiedDynamics(const RobotModel& model, const IdentifiedParameters& p,
                                      const std::string& paramsPath);

/// The model's own values as an IdentifiedDynamics (nothing estimated); tests and the URDF to
/// MJCF conversion of an unidentified robot start from it.
IdentifiedDynamics modelDynamics(const RobotModel& model);

/// The comment text for joint `j` of `d` (what was kept at the model's value, what the format
/// cannot say), empty when there is nothing to say. `format` is "URDF" or "MJCF" (URDF also
/// names the armature, which it cannot hold).
std::string jointExportComment(const RobotModel& model, const IdentifiedDynamics& d, int j, const std::string& format);
/// The comment text for body `b` (kept at the model's value, or the unseen parameters), or "".
std::string bodyExportComment(const RobotModel& model, const IdentifiedDynamics& d, int b);

/// `v` with the fewest of 15, 16 or 17 significant digits that read back to the same double
/// ("0" for zero, no "-0").
std::string exactNumberText(double v);

/// `s` made safe inside an XML comment ("--" split, no trailing '-').
std::string xmlCommentText(std::string s);

}  // namespace eb
