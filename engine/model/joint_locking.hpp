#pragma once
// Locking joints: a joint held at one value (a gripper's finger, a joint the
// experiment leaves alone) is a fixed joint at that value. lockJoints turns it
// into one exactly as ModelBuilder treats a URDF fixed joint: the bodies it
// moved merge into the moving body above (their inertias added about that
// body's frame, their links re-attached to it), so the locked model has fewer
// DOF and its base parameters are those of the robot that really moves.
//
// A mimic joint follows its leader: locking the leader fixes the mimic body at
// multiplier * value + offset. Joints keep their model order (depth first), the
// locked ones left out.

#include "model/robot_model.hpp"

#include <string>
#include <vector>

namespace eb {

/// One joint held still: its name (a non-mimic moving joint of the model) and its value [rad or m].
struct JointLock {
  std::string joint;
  double value = 0.0;
  bool operator==(const JointLock& o) const { return joint == o.joint && value == o.value; }
};

/// The model with every joint in `locks` fixed at its value (model.dof() - locks.size() DOF);
/// `model` itself when `locks` is empty. Inertias of the bodies that stop moving are added to
/// the moving body above them (in its frame); bodies hanging from the base directly are dropped
/// from the dynamics (their links stay for display). Throws InputError naming the joint for an
/// unknown or repeated joint, a non-finite value, a value outside the joint's position limits,
/// or when no joint would be left to move.
RobotModel lockJoints(const RobotModel& model, const std::vector<JointLock>& locks);

/// For each DOF of lockJoints(model, locks), in order: its index among model's DOF.
/// Throws as lockJoints does for an unknown joint.
std::vector<int> freeJointIndices(const RobotModel& model, const std::vector<JointLock>& locks);

}  // namespace eb
