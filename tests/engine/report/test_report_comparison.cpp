// Two identifications compared: a parameter moved by 5 combined standard deviations is
// flagged, one moved by 1 is not; parameters of one run only are listed, not compared.
// And the report's inputs from a parameter file: friction curves from the coefficients,
// the report keys of params.json read back as written.

#include "report/report_builder.hpp"
#include "report/report_comparison.hpp"

#include "io/io_test_support.hpp"
#include "io/params_file.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace eb {
namespace report_comparison_test {

// A parameter file of two joints with viscous and Coulomb friction as their own base parameters.
IdentifiedParameters parameters(const std::vector<double>& values, const std::vector<double>& stds) {
  IdentifiedParameters p;
  p.robot = "two-link";
  p.robotName = "two-link";
  p.jointNames = {"shoulder", "elbow"};
  p.method = "ols";
  p.options.viscous = p.options.coulomb = true;
  p.names = {"ZZ1R", "MX2R", "fv1", "fc1", "fv2", "fc2"};
  p.expressions = {"ZZ1 + ZZ2", "MX2", "fv1", "fc1", "fv2", "fc2"};
  p.columns = {"ZZ1", "MX2", "fv1", "fc1", "fv2", "fc2"};
  const Eigen::Index n = static_cast<Eigen::Index>(values.size());
  p.values = Eigen::Map<const Eigen::VectorXd>(values.data(), n);
  p.stddev = Eigen::Map<const Eigen::VectorXd>(stds.data(), n);
  p.relativeStddev = 100.0 * p.stddev.cwiseQuotient(p.values.cwiseAbs());
  p.residualRms = Eigen::VectorXd::Constant(2, 0.1);
  p.noiseStd = p.residualRms;
  p.condition = 55.0;
  p.samples = 1000;
  p.sources = {"a.csv"};
  return p;
}

}  // namespace report_comparison_test

TEST(ReportComparison, FlagsAFiveSigmaMoveAndNotAOneSigmaMove) {
  // Each std 0.03 and 0.04: combined 0.05. ZZ1R moves by 0.25 (5 sigma), MX2R by 0.05 (1 sigma).
  const std::vector<double> stds{0.03, 0.03, 0.03, 0.03, 0.03, 0.03}, stdsB{0.04, 0.04, 0.04, 0.04, 0.04, 0.04};
  const IdentifiedParameters a = report_comparison_test::parameters({1.0, 2.0, 0.5, 0.3, 0.4, 0.2}, stds);
  const IdentifiedParameters b = report_comparison_test::parameters({1.25, 2.05, 0.5, 0.3, 0.4, 0.2}, stdsB);
  const ReportComparison c = compareParameters(a, b, "monday.json", "friday.json");
  ASSERT_EQ(c.shifts.size(), 6u);
  EXPECT_EQ(c.factor, 3.0);
  EXPECT_EQ(c.shifts[0].name, "ZZ1R");
  EXPECT_NEAR(c.shifts[0].combinedStd, 0.05, 1e-12);
  EXPECT_NEAR(c.shifts[0].sigmas, 5.0, 1e-9);
  EXPECT_TRUE(c.shifts[0].moved);
  EXPECT_NEAR(c.shifts[1].sigmas, 1.0, 1e-9);
  EXPECT_FALSE(c.shifts[1].moved);
  for (std::size_t k = 2; k < 6; ++k) EXPECT_FALSE(c.shifts[k].moved) << c.shifts[k].name;
  const std::string html = formatComparisonHtml(reportFromParameters(a, RobotModel()), reportFromParameters(b, RobotModel()), c);
  EXPECT_NE(html.find("1 of 6 base parameters moved beyond 3 combined standard deviations"), std::string::npos);
  for (const char* id : {"comparison", "compared-parameters", "compared-validation", "a-robot", "b-checks"})
    EXPECT_NE(html.find("<section id=\"" + std::string(id) + "\">"), std::string::npos) << id;
}

TEST(ReportComparison, ListsWhatOnlyOneRunHasAndLeavesUnknownUncertaintyUnjudged) {
  const std::vector<double> stds{0.03, 0.03, 0.03, 0.03, 0.03, 0.03};
  IdentifiedParameters a = report_comparison_test::parameters({1.0, 2.0, 0.5, 0.3, 0.4, 0.2}, stds);
  IdentifiedParameters b = report_comparison_test::parameters({9.0, 2.0, 0.5, 0.3, 0.4, 0.2}, stds);
  b.names[5] = "fo2";
  b.stddev[0] = std::numeric_limits<double>::quiet_NaN();
  a.expressions[1] = "MX2 + 0.5 M2";
  const ReportComparison c = compareParameters(a, b, "a", "b");
  EXPECT_EQ(c.onlyA, (std::vector<std::string>{"fc2"}));
  EXPECT_EQ(c.onlyB, (std::vector<std::string>{"fo2"}));
  EXPECT_EQ(c.differentCombination, (std::vector<std::string>{"MX2R"}));
  ASSERT_EQ(c.shifts.front().name, "ZZ1R");
  EXPECT_TRUE(std::isnan(c.shifts.front().sigmas));
  EXPECT_FALSE(c.shifts.front().moved);
}

TEST(ReportComparison, NrmsePerJointOfBothRuns) {
  ReportComparison c;
  addNrmseComparison(c, "check.csv", {"shoulder", "elbow"}, Eigen::Vector2d(4.0, 9.0), Eigen::Vector2d(5.0, 7.5));
  ASSERT_EQ(c.nrmse.size(), 2u);
  EXPECT_EQ(c.nrmse[1].joint, "elbow");
  EXPECT_EQ(c.nrmse[1].b - c.nrmse[1].a, -1.5);
  EXPECT_EQ(c.validationSource, "check.csv");
}

TEST(ReportBuilder, FrictionCurveFromTheCoefficients) {
  const std::vector<double> stds(6, 0.01);
  const IdentifiedParameters p = report_comparison_test::parameters({1.0, 2.0, 0.5, 0.3, 0.4, 0.2}, stds);
  const ReportFriction f = frictionCurve(p, 1, -2.0, 2.0, 5);
  EXPECT_EQ(f.joint, "elbow");
  ASSERT_EQ(f.coefficients.size(), 2u);
  EXPECT_EQ(f.coefficients[0].first, "fv2");
  ASSERT_EQ(f.velocity, (std::vector<double>{-2.0, -1.0, 0.0, 1.0, 2.0}));
  // tau = fv qd + fc sign(qd) with fv 0.4, fc 0.2 (exact sign: width 0).
  EXPECT_DOUBLE_EQ(f.torque[0], -1.0);
  EXPECT_DOUBLE_EQ(f.torque[2], 0.0);
  EXPECT_DOUBLE_EQ(f.torque[3], 0.6);
}

TEST(ReportBuilder, ReportFromAParameterFileAlone) {
  const std::vector<double> stds(6, 0.01);
  IdentifiedParameters p = report_comparison_test::parameters({1.0, 2.0, 0.5, 0.3, 0.4, 0.2}, stds);
  p.heldOut = IdentifiedParameters::HeldOutScores{"held-out seconds of a.csv", 200, {4.0, 6.0}, {9.0, 5.0}};
  p.velocityRanges = {{-1.5, 1.2}, {-0.7, 0.9}};
  const IdentificationReport r = reportFromParameters(p, RobotModel(), "a.json");
  EXPECT_EQ(r.paramsFile, "a.json");
  EXPECT_EQ(r.baseParameters.size(), 6u);
  EXPECT_TRUE(r.links.empty());  // OLS: base parameters only
  ASSERT_EQ(r.friction.size(), 2u);
  EXPECT_EQ(r.friction[0].velocity.front(), -1.5);
  EXPECT_EQ(r.friction[0].velocity.back(), 1.2);
  ASSERT_TRUE(r.validation.has_value());
  EXPECT_EQ(r.validation->joints[1].nrmseDescription, 5.0);
}

TEST(ParamsFileReportKeys, ReadBackAsWritten) {
  const std::vector<double> stds(6, 0.01);
  IdentifiedParameters p = report_comparison_test::parameters({1.0, 2.0, 0.5, 0.3, 0.4, 0.2}, stds);
  p.informationEigenvalues = {1e5, 20.0, 0.25};
  p.logSummaries = {"1 kHz; 2 segments"};
  p.findings = {"a.csv: joint elbow reversed?"};
  p.settings = {{"friction", "viscous + Coulomb"}, {"cutoff [Hz]", "automatic"}};
  p.velocityRanges = {{-1.5, 1.2}, {-0.7, 0.9}};
  p.heldOut = IdentifiedParameters::HeldOutScores{"held-out", 200, {4.0, 6.0}, {9.0, 5.0}};
  test::ScratchDir dir;
  const std::string path = dir.file("params.json");
  writeParamsFile(path, p, RobotModel());
  const IdentifiedParameters q = readParamsJson(path);
  EXPECT_EQ(q.informationEigenvalues, p.informationEigenvalues);
  EXPECT_EQ(q.logSummaries, p.logSummaries);
  EXPECT_EQ(q.findings, p.findings);
  EXPECT_EQ(q.settings, p.settings);
  EXPECT_EQ(q.velocityRanges, p.velocityRanges);
  ASSERT_TRUE(q.heldOut.has_value());
  EXPECT_EQ(q.heldOut->samples, 200);
  EXPECT_EQ(q.heldOut->nrmse, p.heldOut->nrmse);
  EXPECT_EQ(q.heldOut->descriptionNrmse, p.heldOut->descriptionNrmse);
  // Without them the file holds none of the new keys (older readers see the file they know).
  const IdentifiedParameters plain = report_comparison_test::parameters({1.0, 2.0, 0.5, 0.3, 0.4, 0.2}, stds);
  const std::string text = formatParamsJson(plain, RobotModel());
  for (const char* key : {"information_eigenvalues", "log_summaries", "findings", "\"settings\"", "velocity_range", "held_out"})
    EXPECT_EQ(text.find(key), std::string::npos) << key;
}

}  // namespace eb
