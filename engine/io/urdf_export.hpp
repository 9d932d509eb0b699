#pragma once
// Identified URDF: the robot's own URDF text with the identified inertials
// written in place of the originals.
//
// * Each moving body's 10 standard parameters (body frame = the URDF child
//   link frame of its joint, robot_model.hpp) become that link's <inertial>:
//   <origin xyz="COM" rpy="0 0 0"/>, <mass>, and <inertia> about the COM in
//   link axes (ixx ixy ixz iyy iyz izz). Numbers are written with the fewest
//   of 15, 16 or 17 significant digits that read back to the same double, so
//   the file reloads to the written parameters to round-off (the COM and the
//   parallel-axis shift). A moving link without an <inertial> gets one.
// * Links merged into a body by fixed joints lose their <inertial> (their mass
//   is part of the body's identified inertia); an XML comment says so in its
//   place. Links on the fixed base keep theirs (they do not move).
// * Everything else is preserved byte for byte: the edit is a splice of the
//   original text (comments, formatting, vendor extensions, <gazebo>,
//   <transmission>, ...), plus one comment before the root element naming the
//   source of the identification.
// * Each joint whose viscous or Coulomb friction was identified (and seen by the data,
//   identified_dynamics.hpp) gets them in its <dynamics damping friction>: set on the joint's own
//   <dynamics> (its other attributes kept) or inserted as its last child. A comment before the
//   joint says what URDF cannot hold (Stribeck, offset, asymmetric Coulomb, rotor inertia) and
//   what was kept at the model's value because the data did not see it; one before a link names
//   the inertial parameters the data did not see.
// * Only physically consistent parameters are exported: a body whose
//   pseudo-inertia is not positive definite is refused with InputError (one
//   line naming the body). The result is read back with the URDF importer and
//   checked against the parameters before it is returned.

#include <Eigen/Core>
#include <string>

#include "io/identified_dynamics.hpp"
#include "model/robot_model.hpp"

namespace eb {

/// URDF text of `model` (urdfText, the file the model was loaded from or
/// builtin_files::embeddedFile("panda.urdf")) with the identified standard
/// parameters (10 * model.bodyCount(), body by body) as inertials. `sourceName`
/// names the identification (log or params file) in the header comment and the
/// URDF in messages. Throws InputError for a wrong-sized, non-finite or
/// inconsistent parameter vector or a URDF that does not describe `model`,
/// InputError for malformed XML.
std::string exportIdentifiedUrdf(const RobotModel& model, const std::string& urdfText, const std::string& sourceName,
                                 const Eigen::VectorXd& standardParameters);

/// The identified URDF with the identified inertials and joint friction of `dynamics`
/// (identifiedDynamics of a params.json); throws as above.
std::string exportIdentifiedUrdf(const RobotModel& model, const std::string& urdfText, const std::string& sourceName,
                                 const IdentifiedDynamics& dynamics);

/// exportIdentifiedUrdf with dynamics written to `path` atomically (writeFileAtomically; InputError on failure).
void writeIdentifiedUrdf(const std::string& path, const RobotModel& model, const std::string& urdfText,
                         const std::string& sourceName, const IdentifiedDynamics& dynamics);

/// exportIdentifiedUrdf written to `path` atomically (writeFileAtomically; InputError on failure).
void writeIdentifiedUrdf(const std::string& path, const RobotModel& model, const std::string& urdfText,
                         const std::string& sourceName, const Eigen::VectorXd& standardParameters);

}  // namespace eb
