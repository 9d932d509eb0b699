#pragma once
// Identified MJCF: an MJCF robot's own file with the identified values written in place, for
// MuJoCo users who want the identified robot in their simulator.
//
// * Every moving body's <inertial> gets the identified body: pos (COM), quat and diaginertia
//   (principal axes found here exactly: MuJoCo's own diagonalisation of a fullinertia stops up
//   to ~1e-6 short, mjcf_principal_axes.hpp) and mass; a fullinertia or another orientation
//   form on it is removed. A body without <inertial> (inertia from its geoms) gets one.
// * Bodies merged into a moving body (welded: no joints; or held by --lock) keep their
//   <inertial> as written: the moving body gets the identified body minus theirs (our model
//   merges them), so the file reloads to the identified parameters. When that difference is not
//   physically consistent, the welded ones are given a massless <inertial> (a comment says so)
//   and the moving body the rest; locked bodies move in MuJoCo and always keep their mass (an
//   identified body lighter than them is refused).
// * Every joint whose friction or rotor inertia was identified (and seen by the data) gets its
//   own `armature`, `damping` and `frictionloss` attributes, set where the joint has them,
//   added otherwise; a value its default class gave stays in the class (the class is left
//   alone, the joint's own attribute overrides it).
// * Everything else stays as written: classes, includes, comments, attribute order, meshes.
//   Only the main file is edited: a body or joint written in an included file is refused in
//   one line. Written to another folder, the file's relative references (compiler meshdir,
//   texturedir, assetdir and include files) are rewritten relative to the new folder.
// * One comment before each edited joint or body where something was kept at the model's
//   value or cannot be said in MJCF (Stribeck, offsets, asymmetric Coulomb), and one header
//   comment. The result is read back with the MJCF importer and checked against what was
//   written (1e-9 relative) before it is returned.

#include <string>
#include <vector>

#include "io/identified_dynamics.hpp"
#include "model/joint_locking.hpp"
#include "model/robot_model.hpp"

namespace eb {

/// The MJCF file at `mjcfPath` with `dynamics` (for `model`, the MJCF's robot with `locks`
/// applied) written in place, as text to be saved at `outputPath` (used to rewrite relative
/// references). Throws InputError naming the file, line and element for what cannot be
/// written (a body in an included file, compiler inertiafromgeom="true", inconsistent inertia).
std::string exportIdentifiedMjcf(const std::string& mjcfPath, const RobotModel& model,
                                 const std::vector<JointLock>& locks, const IdentifiedDynamics& dynamics,
                                 const std::string& outputPath);

/// exportIdentifiedMjcf written to `outputPath` atomically.
void writeIdentifiedMjcf(const std::string& mjcfPath, const RobotModel& model, const std::vector<JointLock>& locks,
                         const IdentifiedDynamics& dynamics, const std::string& outputPath);

}  // namespace eb
