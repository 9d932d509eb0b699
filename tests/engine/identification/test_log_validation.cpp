// Validation on one log (log_validation.hpp), the call `validate` and the wizard share: the
// identified parameters predict a held-out simulated log to its noise, the description's own
// (no friction) do worse, a torque offset in the log is named, and a cancel stops it.
#include "identification/log_validation.hpp"

#include "excitation/default_excitation.hpp"
#include "logs/test_log_support.hpp"
#include "model/builtin_robots.hpp"
#include "simulation/logger_artifacts.hpp"
#include "simulation/simulated_log_csv.hpp"
#include "util/cancelled.hpp"

#include <gtest/gtest.h>

using namespace eb;
using eb::test::TempFile;

TEST(LogValidation, PredictsTheHeldOutLogAndNamesAnOffset) {
  const RobotModel model = builtinRobot("ur5");
  SimulationSettings s;
  s.rateHz = 500.0;
  s.noiseTorque = 0.05;
  const SimulatedLog train = simulateExperiment(model, Trajectory(defaultExcitation(model, 6.0, 5)), s);
  s.seed = 2;
  const SimulatedLog held = simulateExperiment(model, Trajectory(defaultExcitation(model, 4.0, 4)), s);
  LoggerArtifacts offset;
  offset.torqueOffset = Eigen::VectorXd::Zero(model.dof());
  offset.torqueOffset[1] = 3.0;  // joint 2's sensor reads 3 N m too much
  TempFile trainFile(formatSimulatedLogCsv(train), ".csv"), heldFile(formatSimulatedLogCsv(held), ".csv"),
      offsetFile(formatSimulatedLogCsv(applyLoggerArtifacts(held, offset)), ".csv");
  IdentificationSettings settings;
  settings.useLoggedDerivatives = true;
  const IdentificationRun run = identifyFromLogs(model, {trainFile.path()}, settings);

  const LogValidation v = validateOnLog(model, run.base, run.estimate.values, heldFile.path(), settings);
  EXPECT_EQ(v.identified.samples, held.t.size());
  EXPECT_EQ(v.identified.predicted.rows(), held.t.size());
  for (int j = 0; j < model.dof(); ++j) {
    EXPECT_LT(v.identified.rmse[j], 0.08) << j;  // the 0.05 N m noise, and a little estimation error
    EXPECT_GT(v.robotsOwn.rmse[j], v.identified.rmse[j]) << j;
  }
  EXPECT_EQ(v.summary.path, heldFile.path());
  EXPECT_TRUE(v.summary.loggedDerivatives);
  EXPECT_TRUE(v.warnings.empty()) << v.warnings.front().text();

  const LogValidation o = validateOnLog(model, run.base, run.estimate.values, offsetFile.path(), settings);
  EXPECT_NEAR(o.identified.meanResidual[1], 3.0, 0.05);
  bool named = false;
  for (const LogWarning& w : o.warnings) named |= w.text().find(model.joint(1).name) != std::string::npos;
  EXPECT_TRUE(named) << (o.warnings.empty() ? std::string("no warning") : o.warnings.front().text());

  EXPECT_THROW(validateOnLog(model, run.base, run.estimate.values, heldFile.path(), settings,
                             [](double f, const std::string&) { return f < 0.65; }),
               Cancelled);
}
