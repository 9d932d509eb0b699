#pragma once
// MJCF (MuJoCo XML) import: a fixed-base tree of hinge and slide joints -> RobotModel.
//
// Read: <compiler> (angle, eulerseq, meshdir/assetdir, autolimits,
// inertiafromgeom, inertiagrouprange, boundmass, boundinertia), <option
// gravity>, <default> classes with class/childclass, <include>, <asset> meshes
// and materials, nested <body> with pos and any orientation form, <joint>
// (hinge, slide: pos, axis, ref, range/limited, armature, damping,
// frictionloss, actuatorfrcrange), <inertial> (diaginertia or fullinertia, its
// own frame), geoms (drawn; visual when contype = conaffinity = 0, collision
// otherwise) and, for a body without <inertial>, the inertia MuJoCo 3 computes
// from them (mjcf_geom_inertia.hpp). Torque limits come from actuators on
// joints (forcerange x gear; ctrlrange x gear for a motor) and joint
// actuatorfrcrange, the tightest of them.
//
// Mapping: every MJCF body is a link named as the body; a body without joints
// is welded to its parent (merged into the moving body above it, as URDF fixed
// joints are); a body with several joints becomes a chain whose intermediate
// links are massless and named "<body>/<joint>". Joint positions q are
// MuJoCo's qpos (a joint `ref` is honoured). Each moving body's frame is its
// joint's frame (the MJCF body frame moved to the joint's `pos`).
//
// Skipped with one note naming them (they do not change a fixed-base tree's
// rigid-body dynamics): contact, equality, tendon, sensor, keyframe, cameras,
// lights, sites, ... A free joint on a body at the top of <worldbody> is taken
// as fixed (a warning). Ball joints, free joints elsewhere, <frame>,
// <replicate>, <attach>, <composite>, <flexcomp> are refused. An absent mesh
// file is one warning when no inertia needs it (the 3D view draws the
// collision shapes instead); needed for a body's inertia, it is an error.
// Errors are InputError, one line: <file>:<line>: <element>: <attribute>: <what>

#include <Eigen/Core>
#include <string>
#include <vector>

#include "model/robot_model.hpp"

namespace eb {

/// One MJCF body's inertia as MuJoCo compiles it (body_mass, body_ipos and the
/// full tensor whose eigenvalues are body_inertia), in the MJCF body frame.
struct MjcfBodyInertial {
  std::string name;
  double mass = 0.0;                                  ///< kg
  Eigen::Vector3d com = Eigen::Vector3d::Zero();      ///< m, MJCF body frame
  Eigen::Matrix3d inertia = Eigen::Matrix3d::Zero();  ///< about the COM, body frame axes, kg m^2
  bool fromGeoms = false;                             ///< computed from the body's geoms
  int parent = -1;                                    ///< index of the parent body in the list, -1 for the world
};

struct MjcfImport {
  RobotModel model;
  std::vector<std::string> warnings;     ///< one line each
  std::vector<MjcfBodyInertial> bodies;  ///< every <body> in document order (the world left out)
};

/// Reads the MJCF file at `path`; throws InputError.
MjcfImport importMjcfFileWithWarnings(const std::string& path);
/// Reads MJCF text; `sourceName` names it in messages, `baseDir` resolves includes and meshes.
MjcfImport importMjcfStringWithWarnings(const std::string& text, const std::string& sourceName,
                                        const std::string& baseDir);
/// importMjcfFileWithWarnings without the warnings.
RobotModel importMjcfFile(const std::string& path);

/// Whether the XML file at `path` has a <mujoco> root (read from its first 64 kB).
bool isMjcfFile(const std::string& path);

}  // namespace eb
