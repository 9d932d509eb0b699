#pragma once
// Loading a robot from a RobotSource through the engine's loadRobot, with the
// engine's one-line error on failure (nothing is changed then).

#include "app/project/document_state.hpp"

#include <QString>

#include <memory>

namespace eb::project {

/// The robot described by `source`, or null with `error` set to the engine's message.
std::shared_ptr<const RobotModel> loadRobotSource(const RobotSource& source, QString& error);

/// Number of package:// mesh URIs (visual and collision) of `robot` that did not resolve to a
/// file; the first into `first` when given.
int unresolvedPackageMeshes(const RobotModel& robot, QString* first = nullptr);

}  // namespace eb::project
