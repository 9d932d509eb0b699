#pragma once
// Project files (*.ebproj.json): what is needed to reopen a workbench session.
//
//   { "format": "excitebench-project", "version": 1,
//     "robot": {"spec": "panda" | "/path/robot.urdf" | "/path/dh.yaml",
//               "packages_root": "/path" (optional),
//               "locked_joints": [{"name": "panda_finger_joint1", "value": 0.02}] (optional)},
//     "excitation": { an excitation.json object (io/excitation_json.hpp), whose
//                     "limits" hold the joint limits as edited in the GUI },
//     "settings": {"sample_rate": 500, "rest_to_rest": true, "criterion": "cond",
//                  "optimizer_time_limit": 10, "optimizer_starts": 4,
//                  "edit_as": "fourier_ab" | "amplitude_phase" | "multisine" (optional: from the type),
//                  "multisine_min_frequency": 0.1, "multisine_max_frequency": 0.5 [Hz],
//                  "multisine_period_grid": 10 [s], "multisine_snap": true,
//                  "multisine_optimize_frequencies": false (all optional)},
//     "recovered_from": "/path/project.json" (recovery files only) }
//
// Locked joints are fixed at their value [rad or m] (model/joint_locking.hpp); the excitation
// and its limits list the joints left free. Files without the key lock nothing.
// The excitation is of either family ("type"); "edit_as" must agree with it (multisine
// exactly for a multi-sine). Files written before "edit_as" existed open in "fourier_ab".
// A relative robot path is relative to the project file's folder. The engine
// validates the excitation object; this file checks the rest.

#include "app/project/document_state.hpp"
#include "util/input_error.hpp"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace eb::project {

/// A project as read from disk, before the robot is loaded.
struct ProjectData {
  RobotSource source;
  Trajectory excitation;
  std::optional<std::vector<JointLimits>> limits;  ///< edited limits, model order
  std::vector<std::string> jointNames;             ///< as stored, for a consistency check
  DocumentSettings settings;
  QString recoveredFrom;
  QString fileName;  ///< as given to parseProject; prefixes the errors of documentStateFromProject
};

/// JSON text of the document's state (robot reference, excitation with limits, settings).
QByteArray formatProject(const DocumentState& state, const QString& recoveredFrom = {});

/// Parses project text; `fileName` prefixes error messages; relative robot paths
/// resolve against `baseDir`. Throws InputError.
ProjectData parseProject(const QByteArray& text, const QString& fileName, const QString& baseDir);

/// Reads and parses a project file (a regular file of at most 64 MiB); throws InputError.
ProjectData readProject(const QString& path);

/// Loads the project's robot and builds the document state (user limits applied); throws
/// InputError for a robot that does not load or does not match the excitation.
DocumentState documentStateFromProject(const ProjectData& project, quint64 robotKey);

/// Writes the document's state atomically; throws InputError naming the path.
void writeProject(const QString& path, const DocumentState& state, const QString& recoveredFrom = {});

}  // namespace eb::project
