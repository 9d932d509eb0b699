#include "identification/closed_loop_plant.hpp"

#include "util/input_error.hpp"

#include <filesystem>

namespace eb {

ClosedLoopPlant consistentPlantOfLog(const RobotModel& model, const LogInput& log, IdentificationSettings settings,
                                     const IdentificationProgress& progress) {
  settings.estimation.method = EstimationMethod::Consistent;
  const IdentificationRun run = identifyFromLogs(model, {log}, settings, progress);
  if (!run.estimate.fullParameters)
    throw InputError(log.path + ": the consistent estimate has no standard parameters to simulate");
  const std::string file = std::filesystem::path(log.path).filename().string();
  return estimatePlant(model, run.base.options, *run.estimate.fullParameters,
                       "a consistent estimate of " + file + " (its friction and armature)");
}

}  // namespace eb
