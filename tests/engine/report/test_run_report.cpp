// The report of a whole run, as identify --report and the wizard's Export page write it: the
// information spectrum agrees with cond, the held-out seconds are predicted better by the
// identified parameters than by the description's, the velocity ranges are the log's, and the
// page has every section with the torque charts.
#include "report/html_report.hpp"
#include "report/report_builder.hpp"
#include "report/run_details.hpp"

#include "excitation/default_excitation.hpp"
#include "logs/test_log_support.hpp"
#include "model/builtin_robots.hpp"
#include "simulation/simulated_log_csv.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace eb {

TEST(RunReport, FromASimulatedIdentification) {
  const RobotModel model = builtinRobot("ur5");
  SimulationSettings sim;
  sim.rateHz = 500.0;
  sim.noiseTorque = 0.05;
  const SimulatedLog log = simulateExperiment(model, Trajectory(defaultExcitation(model, 10.0, 5)), sim);
  test::TempFile file(formatSimulatedLogCsv(log), ".csv");
  IdentificationSettings settings;
  settings.useLoggedDerivatives = true;
  settings.estimation.method = EstimationMethod::Ols;
  const IdentificationRun run = identifyFromLogs(model, {file.path()}, settings);

  IdentifiedParameters params = makeIdentifiedParameters("ur5", model, run.base, run.estimate, {file.path()});
  describeRun(params, run, run.estimate, settings);
  ASSERT_EQ(params.informationEigenvalues.size(), static_cast<std::size_t>(run.base.rank));
  EXPECT_TRUE(std::is_sorted(params.informationEigenvalues.rbegin(), params.informationEigenvalues.rend()));
  EXPECT_NEAR(std::sqrt(params.informationEigenvalues.front() / params.informationEigenvalues.back()) /
                  run.estimate.condition,
              1.0, 1e-6);
  ASSERT_EQ(params.logSummaries.size(), 1u);
  EXPECT_FALSE(params.settings.empty());

  const HeldOutPrediction heldOut = predictHeldOut(model, run.base, run.estimate.values, {file.path()}, settings);
  // Every fifth second of 10 s: two seconds at 500 Hz.
  EXPECT_NEAR(static_cast<double>(heldOut.validation.samples), 1000.0, 10.0);
  ASSERT_EQ(heldOut.validation.joints.size(), static_cast<std::size_t>(model.dof()));
  for (const ReportJointValidation& j : heldOut.validation.joints) {
    EXPECT_LT(j.nrmseIdentified, j.nrmseDescription) << j.joint;
    EXPECT_FALSE(j.measuredTime.empty()) << j.joint;
    EXPECT_EQ(j.measuredTime.size(), j.measured.size());
  }
  for (int k = 0; k < model.dof(); ++k) {
    // The log's qd columns are the simulation's true velocities, written as text.
    EXPECT_NEAR(heldOut.velocityRanges[static_cast<std::size_t>(k)].first, log.qdTrue.col(k).minCoeff(), 1e-6);
    EXPECT_NEAR(heldOut.velocityRanges[static_cast<std::size_t>(k)].second, log.qdTrue.col(k).maxCoeff(), 1e-6);
  }
  recordHeldOut(params, heldOut);

  const IdentificationReport report = reportOfRun(params, model, &heldOut, "params.json");
  EXPECT_FALSE(report.checks.empty());
  EXPECT_EQ(report.friction.size(), static_cast<std::size_t>(model.dof()));
  const std::string html = formatHtmlReport(report);
  for (const std::string& id : reportSectionIds())
    EXPECT_NE(html.find("<section id=\"" + id + "\">"), std::string::npos) << id;
  EXPECT_NE(html.find("Measured and predicted torque"), std::string::npos);
  // The same estimate gives the same bytes (what the CLI and the wizard rely on).
  EXPECT_EQ(html, formatHtmlReport(reportOfRun(params, model, &heldOut, "params.json")));
}

}  // namespace eb
