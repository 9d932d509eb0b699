// The plant of a closed-loop check identified from a log: on the real KUKA LWR4 log, a consistent
// estimate as the plant and as the controller tracks the log's motion with the loop's own error.
#include "identification/closed_loop_plant.hpp"

#include "model/robot_loader.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <filesystem>

using namespace eb;

TEST(ClosedLoopPlant, AConsistentEstimateAsPlantAndControllerTracksTheKukaLogsMotion) {
  const std::string kuka = std::string(test_paths::kSharedRealLogsDir) + "/kuka_lwr4";
  const std::string log = kuka + "/measurements_1.csv";
  if (!std::filesystem::exists(log)) GTEST_SKIP() << kuka << " not present";
  const RobotModel model = loadRobot(kuka + "/kuka_lwr4.urdf");
  const IdentificationSettings settings;  // identify's defaults: viscous and Coulomb friction
  const ClosedLoopPlant plant = consistentPlantOfLog(model, log, settings);
  EXPECT_EQ(plant.kind, ClosedLoopPlant::Kind::Estimate);
  EXPECT_EQ(plant.name, "a consistent estimate of measurements_1.csv (its friction and armature)");
  EXPECT_GT(plant.drive.coulomb.maxCoeff(), 0.0);
  const BaseParameters base = computeBaseParameters(model, plant.options);
  const PreprocessedLog motion = loadAndPreprocess(model, log, settings);
  const LoggedMotion logged = loggedMotion(motion.t, motion.q, motion.qd, motion.qdd, motion.segmentStarts);
  SimulationSettings control;  // 1 kHz, kp 400, kd 40: closed-loop's defaults
  const ClosedLoopComparison r =
      compareClosedLoop(model, base, base.baseFromFull(plant.full), plant, logged.desired, 4.0, control);
  EXPECT_TRUE(r.plantIsEstimate);
  EXPECT_EQ(r.identifiedGiven, "");
  EXPECT_LT(r.identified.maxError, 1e-3);
  EXPECT_NE(closedLoopVerdict(r).find("its error is the loop's own"), std::string::npos);
}
