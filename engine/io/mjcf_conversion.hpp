#pragma once
// A robot (loaded from a URDF, DH table or built in) converted to an MJCF that MuJoCo 2.2.2 and
// later load, with the identified inertials, damping, frictionloss and armature.
//
// * One <body> per moving body, nested as the tree, at its joint frame in the parent body frame
//   (pos, quat w x y z), so each MJCF body frame is the RobotModel body frame and the joint sits
//   at its origin. The fixed base is <worldbody> itself.
// * <inertial pos="COM" quat="principal axes" diaginertia="moments">: the body's standard
//   parameters as mass, centre of mass and the principal decomposition of the inertia about it.
//   Not fullinertia: MuJoCo diagonalises a fullinertia with its own Jacobi sweep, which stops up
//   to ~1e-6 rad short of the axes (model/mjcf_principal_axes.hpp), so the model it simulates
//   would be ~1e-6 off the identified one; written as principal axes it is exact to round-off.
//   <compiler inertiafromgeom="false"> keeps geoms out of the inertia.
// * Joints: hinge or slide with axis, limited="true" range (none for continuous), armature,
//   damping and frictionloss from IdentifiedDynamics; the attributes MuJoCo 2.2 defaults
//   differently (limited, ctrllimited, forcelimited) are written explicitly. A mimic body's joint
//   follows its leader through <equality><joint polycoef="offset multiplier 0 0 0"/>.
// * Shapes: each link's visuals (contype = conaffinity = 0, group 2) and collisions (group 3) as
//   geoms of the body it is attached to; meshes as <asset><mesh> with paths relative to the output
//   folder when there is one. MuJoCo reads STL, OBJ and MSH only: other mesh formats (.dae, ...)
//   and unresolved mesh files are left out with a comment naming them. Links merged into a body by
//   fixed joints (tool frames, flanges) become <site>s.
// * <actuator>: a motor (gear 1) per joint with a finite effort limit, ctrlrange = forcerange =
//   +-effort.
// * The text is read back with the MJCF importer and checked against the identified values before
//   it is returned (std::logic_error if it does not match: a bug here, not the user's input).

#include <string>

#include "io/identified_dynamics.hpp"
#include "model/robot_model.hpp"

namespace eb {

struct MjcfConversionOptions {
  /// Folder the MJCF will be written to: mesh files are referenced relative to it when they can
  /// be; empty: absolute mesh paths.
  std::string outputDir;
  /// Names the converted robot (URDF file, built-in name) in the header comment and messages;
  /// empty: model.source().
  std::string sourceName;
};

/// MJCF text of `model` with `dynamics` (its identified inertials in body frames, SI joint
/// damping [N m s/rad or N s/m], frictionloss [N m or N], armature [kg m^2 or kg]). Throws
/// InputError (one line) for dynamics of another size, non-finite or negative values, a body that
/// is not physically consistent, or names MJCF cannot hold.
std::string convertToMjcf(const RobotModel& model, const IdentifiedDynamics& dynamics,
                          const MjcfConversionOptions& options);

/// convertToMjcf written to `path` atomically (writeFileAtomically); an empty options.outputDir
/// becomes the folder of `path`. Throws InputError.
void writeMjcfConversion(const std::string& path, const RobotModel& model, const IdentifiedDynamics& dynamics,
                         MjcfConversionOptions options);

}  // namespace eb
