#pragma once
// Locking and unlocking joints of the document's robot, as a new document
// state: the model is rebuilt from the full robot (engine lockJoints), the
// user's limits and excitation rows of the joints that stay free are kept, a
// joint that is freed starts at rest where it was locked. Exports write the
// full robot's joints, the locked ones as constant columns, so a file drives
// the real robot as it is (expanding here keeps the engine's formats as they are).

#include "app/project/document_state.hpp"

#include <QString>

namespace eb::project {

/// The robot as loaded, every joint free (fullRobot, else originalRobot).
const RobotModel& fullModel(const DocumentState& state);

/// `state` with exactly `locks` locked (joint names of the full model) and a new robot key.
/// Throws InputError (engine message naming the joint) for a lock lockJoints refuses.
DocumentState withJointLocks(const DocumentState& state, std::vector<JointLock> locks, quint64 robotKey);

/// The excitation on the full model's joints: the free joints' rows as edited, the locked
/// joints at their value with no harmonics or components (q = value, qd = qdd = 0).
Trajectory fullExcitation(const DocumentState& state);

/// The full model's joints with the limits in force: the user's for free joints, the file's
/// for locked ones.
std::vector<Joint> fullJoints(const DocumentState& state);

/// The value a joint is locked at, or NaN when it is free.
double lockedValue(const RobotSource& source, const std::string& joint);

/// Per joint of the full model: lockedValue().
std::vector<double> lockedValues(const DocumentState& state);

/// The locks after the user locks (`locked`) or frees `joint` of the full model. A lock with a
/// NaN `value` holds the joint at its excitation offset (where it rests), inside its limits.
std::vector<JointLock> locksAfterEdit(const DocumentState& state, const std::string& joint, bool locked,
                                      double value);

}  // namespace eb::project
