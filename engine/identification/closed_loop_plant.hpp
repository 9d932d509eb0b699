#pragma once
// The plant of a closed-loop check identified from a log: a physically consistent estimate
// of that log, standing in for the robot as it behaved there (closed_loop_tracking.hpp). The
// check is informative with it (a second log's estimate), unlike with the description's own
// parameters, which its own controller tracks by construction.

#include "identification/identification_pipeline.hpp"
#include "simulation/closed_loop_tracking.hpp"

namespace eb {

/// A consistent estimate (identifyFromLogs, method consistent, settings.regressor's columns)
/// of `log` as the plant, named "a consistent estimate of <file>". Throws InputError naming
/// the file, Cancelled through `progress`.
ClosedLoopPlant consistentPlantOfLog(const RobotModel& model, const LogInput& log, IdentificationSettings settings,
                                     const IdentificationProgress& progress = {});

}  // namespace eb
