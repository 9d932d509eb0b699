// The identification entry point the CLI and the wizard share (identification_pipeline.hpp):
// logs each read with their own import options (another column order, delimiter, decimal
// comma, no header) give the equations and the estimate of the same data in one format, and
// those of each log alone stacked; a log read with the wrong options, and an experiment that
// excites too little, are named by their files; the estimate step alone (the wizard's method
// change) is the full run's, and names a torque offset the model is missing; the preview of a
// log's first rows is those rows through loadAndPreprocess.
#include "identification/identification_pipeline.hpp"

#include "excitation/default_excitation.hpp"
#include "logs/test_log_support.hpp"
#include "model/body_bounds.hpp"
#include "model/builtin_robots.hpp"
#include "util/input_error.hpp"
#include "simulation/logger_artifacts.hpp"
#include "simulation/simulated_log_csv.hpp"

#include <gtest/gtest.h>

#include <sstream>

using namespace eb;
using eb::test::TempFile;

namespace {

std::vector<std::string> splitFields(const std::string& line, char delimiter) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, delimiter)) out.push_back(field);
  return out;
}

// The CSV `text` (header and rows, comma separated) with its columns in the order `order`
// names (header names), joined by `delimiter`, '.' written as `decimal`; the header renamed
// to `header`, or left out when it is empty.
std::string rewriteCsv(const std::string& text, const std::vector<std::string>& order, char delimiter, char decimal,
                       const std::vector<std::string>& header) {
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> names = splitFields(line, ',');
  std::vector<size_t> from;
  for (const std::string& name : order)
    from.push_back(size_t(std::find(names.begin(), names.end(), name) - names.begin()));
  std::string out;
  const auto join = [&](const std::vector<std::string>& fields) {
    for (size_t k = 0; k < fields.size(); ++k) out += (k ? std::string(1, delimiter) : "") + fields[k];
    out += "\n";
  };
  if (!header.empty()) join(header);
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const std::vector<std::string> fields = splitFields(line, ',');
    std::vector<std::string> row;
    for (size_t k : from) {
      std::string f = fields.at(k);
      std::replace(f.begin(), f.end(), '.', decimal);
      row.push_back(f);
    }
    join(row);
  }
  return out;
}

double relativeDifference(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a - b).norm() / std::max(b.norm(), 1e-300);
}

void expectSameEquations(const NormalEquations& a, const NormalEquations& b, const char* what) {
  ASSERT_EQ(a.samples, b.samples) << what;
  for (int j = 0; j < b.dof; ++j) {
    EXPECT_LT(relativeDifference(a.A[size_t(j)], b.A[size_t(j)]), 1e-12) << what << " joint " << j;
    EXPECT_LT(relativeDifference(a.c[size_t(j)], b.c[size_t(j)]), 1e-12) << what << " joint " << j;
  }
  EXPECT_LT(relativeDifference(a.tauSquares, b.tauSquares), 1e-12) << what;
}

struct ThreeLogs {
  RobotModel model = builtinRobot("ur5");
  std::vector<std::string> text;  // three experiments in the simulator's own CSV layout
};

// Three short ur5 experiments; joint 1's torque sensor reads `offset` N m too much in each.
ThreeLogs threeExperiments(double offset) {
  ThreeLogs logs;
  const RobotModel& model = logs.model;
  LoggerArtifacts sensor;
  sensor.torqueOffset = Eigen::VectorXd::Zero(model.dof());
  sensor.torqueOffset[0] = offset;
  for (unsigned seed : {1u, 2u, 3u}) {
    SimulationSettings s;
    s.rateHz = 500.0;
    s.noiseTorque = 0.05;
    s.seed = seed;
    const SimulatedLog log =
        simulateExperiment(model, Trajectory(defaultExcitation(model, 3.0 + seed, 3 + int(seed))), s);
    logs.text.push_back(formatSimulatedLogCsv(applyLoggerArtifacts(log, sensor)));
  }
  return logs;
}

}  // namespace

TEST(IdentificationPipeline, EachLogReadWithItsOwnOptionsIsTheSameData) {
  const ThreeLogs logs = threeExperiments(0.0);
  const RobotModel& model = logs.model;
  const int n = model.dof();
  TempFile a(logs.text[0], ".csv"), b(logs.text[1], ".csv"), c(logs.text[2], ".csv");

  // b again: semicolons, decimal commas, torques first, every column renamed; read by a mapping.
  std::vector<std::string> order = {"t"}, renamed = {"stamp"};
  LogColumnMapping mapping;
  mapping.timeColumn = "stamp";
  for (const char* role : {"tau", "q", "qd", "qdd"})
    for (int j = 1; j <= n; ++j) order.push_back(role + std::to_string(j));
  std::rotate(order.begin(), order.begin() + 1, order.begin() + 1 + n);  // tau1..taun, t, q.., qd.., qdd..
  for (size_t k = 0; k < order.size(); ++k) renamed.push_back(order[k] == "t" ? "stamp" : "m_" + order[k]);
  renamed.erase(renamed.begin());
  for (int j = 0; j < n; ++j) {
    JointColumns joint;
    joint.name = model.joint(j).name;
    joint.q = "m_q" + std::to_string(j + 1);
    joint.qd = "m_qd" + std::to_string(j + 1);
    joint.qdd = "m_qdd" + std::to_string(j + 1);
    joint.tau = "m_tau" + std::to_string(j + 1);
    mapping.joints.push_back(joint);
  }
  TempFile bSemicolon(rewriteCsv(logs.text[1], order, ';', ',', renamed), ".csv");
  LogImportOptions bOptions;
  bOptions.mapping = mapping;
  bOptions.format = CsvFormat{';', ',', true};
  // c again: no header, the same torques-first order, read by a typed column layout.
  TempFile cBare(rewriteCsv(logs.text[2], order, ',', '.', {}), ".csv");
  LogImportOptions cOptions;
  cOptions.columnLayout = "tau1..tau" + std::to_string(n) + ", t, q1..q" + std::to_string(n) + ", qd1..qd" +
                          std::to_string(n) + ", qdd1..qdd" + std::to_string(n);
  cOptions.format = CsvFormat{',', '.', false};

  IdentificationSettings settings;
  const IdentificationRun same = identifyFromLogs(model, {a.path(), b.path(), c.path()}, settings);
  const IdentificationRun own = identifyFromLogs(
      model, {a.path(), LogInput(bSemicolon.path(), bOptions), LogInput(cBare.path(), cOptions)}, settings);
  ASSERT_EQ(own.logs.size(), 3u);
  EXPECT_EQ(own.logs[1].path, bSemicolon.path());
  EXPECT_EQ(own.notes[2].rfind(cBare.path() + ": ", 0), 0u) << own.notes[2];
  expectSameEquations(own.equations, same.equations, "all");
  expectSameEquations(own.heldOutEquations, same.heldOutEquations, "held out");
  EXPECT_LT(relativeDifference(own.estimate.values, same.estimate.values), 1e-9);

  // Each alone, stacked: the same equations (each log's held-out seconds counted from its own start).
  NormalEquations stacked, stackedHeldOut;
  const std::vector<LogInput> each = {a.path(), LogInput(bSemicolon.path(), bOptions),
                                      LogInput(cBare.path(), cOptions)};
  for (size_t k = 0; k < each.size(); ++k) {
    const AccumulatedEquations alone = accumulateLogs(model, {each[k]}, settings);
    if (k == 0) {
      stacked = alone.equations;
      stackedHeldOut = alone.heldOutEquations;
    } else {
      stacked.merge(alone.equations);
      stackedHeldOut.merge(alone.heldOutEquations);
    }
  }
  expectSameEquations(stacked, own.equations, "stacked");
  expectSameEquations(stackedHeldOut, own.heldOutEquations, "stacked held out");
}

TEST(IdentificationPipeline, ALogReadWithTheWrongOptionsIsNamed) {
  const ThreeLogs logs = threeExperiments(0.0);
  const RobotModel& model = logs.model;
  TempFile a(logs.text[0], ".csv");
  // Headerless, torques first: the settings' options (guess the columns from a header) cannot read it.
  std::vector<std::string> order;
  for (const char* role : {"tau", "t", "q", "qd", "qdd"})
    for (int j = 1; j <= (std::string(role) == "t" ? 1 : model.dof()); ++j)
      order.push_back(std::string(role) == "t" ? "t" : role + std::to_string(j));
  TempFile bare(rewriteCsv(logs.text[1], order, ',', '.', {}), ".csv");
  IdentificationSettings settings;
  const std::string message = eb::test::messageOf<InputError>([&] {
    identifyFromLogs(model, {a.path(), bare.path()}, settings);
  });
  EXPECT_EQ(message.rfind(bare.path() + ": ", 0), 0u) << message;
  // Its own options, wrong for it (a layout without torques): still named by the file, not the first log.
  LogImportOptions wrong;
  wrong.columnLayout = "t, q1..q6";
  wrong.format = CsvFormat{',', '.', false};
  const std::string misread = eb::test::messageOf<InputError>([&] {
    identifyFromLogs(model, {a.path(), LogInput(bare.path(), wrong)}, settings);
  });
  EXPECT_EQ(misread.rfind(bare.path() + ": ", 0), 0u) << misread;
}

TEST(IdentificationPipeline, AnExperimentThatExcitesTooLittleIsNamedByItsFiles) {
  const RobotModel model = builtinRobot("ur5");
  // The arm held still: gravity alone, most inertias unseen.
  std::string text = "t,q1,q2,q3,q4,q5,q6,tau1,tau2,tau3,tau4,tau5,tau6\n";
  for (int i = 0; i < 2000; ++i)
    text += std::to_string(0.002 * i) + ",0.1,-0.8,1.2,0.3,0.5,-0.2,0.0,40.0,12.0,1.5,0.2,0.0\n";
  TempFile still(text, ".csv"), again(text, ".csv");
  IdentificationSettings settings;
  const std::string files = still.path() + ", " + again.path() + ": ";
  const std::string message = eb::test::messageOf<InputError>([&] {
    identifyFromLogs(model, {still.path(), again.path()}, settings);
  });
  EXPECT_EQ(message.rfind(files + "regression is rank deficient", 0), 0u) << message;
  const AccumulatedEquations equations = accumulateLogs(model, {still.path(), again.path()}, settings);
  const std::string estimating = eb::test::messageOf<InputError>([&] {
    estimateFromLogs(model, equations, EstimationOptions{EstimationMethod::Wls, 0.0, 1e8});
  });
  EXPECT_EQ(estimating.rfind(files + "regression is rank deficient", 0), 0u) << estimating;
}

TEST(IdentificationPipeline, TheEstimateStepAloneIsTheFullRunsAndNamesAnOffset) {
  const ThreeLogs logs = threeExperiments(4.0);
  const RobotModel& model = logs.model;
  TempFile a(logs.text[0], ".csv"), b(logs.text[1], ".csv");
  IdentificationSettings settings;
  settings.estimation.method = EstimationMethod::Wls;
  const IdentificationRun run = identifyFromLogs(model, {a.path(), b.path()}, settings);
  // The wizard's method change: OLS equations kept, WLS estimated from them without reading again.
  IdentificationSettings ols = settings;
  ols.estimation.method = EstimationMethod::Ols;
  const AccumulatedEquations kept = accumulateLogs(model, {a.path(), b.path()}, ols);
  const LogsEstimate again = estimateFromLogs(model, kept, settings.estimation);
  EXPECT_EQ(again.estimate.method, EstimationMethod::Wls);
  EXPECT_LT(relativeDifference(again.estimate.values, run.estimate.values), 1e-9);

  // Joint 1 (no gravity about a vertical axis) reads 4 N m too much in both logs: the residual
  // keeps it, and the finding names the joint and both files.
  const auto offsetOf = [&](const std::vector<LogWarning>& warnings) -> const LogWarning* {
    for (const LogWarning& w : warnings)
      if (w.message.find("the residual of joint 1 (" + model.joint(0).name + ")") != std::string::npos) return &w;
    return nullptr;
  };
  const LogWarning* found = offsetOf(again.warnings);
  ASSERT_NE(found, nullptr) << (again.warnings.empty() ? std::string("no warning") : again.warnings.front().text());
  EXPECT_EQ(found->file, a.path() + ", " + b.path());
  EXPECT_NE(offsetOf(run.warnings), nullptr);
  // With an offset column the model explains it: no finding.
  IdentificationSettings withOffset = settings;
  withOffset.regressor.offset = true;
  const AccumulatedEquations offsetColumn = accumulateLogs(model, {a.path(), b.path()}, withOffset);
  EXPECT_EQ(offsetOf(estimateFromLogs(model, offsetColumn, settings.estimation).warnings), nullptr);
}

TEST(IdentificationPipeline, ThePreviewIsTheFirstRowsReadAndPreprocessedAsIdentificationDoes) {
  const ThreeLogs logs = threeExperiments(0.0);
  const RobotModel& model = logs.model;
  TempFile a(logs.text[0], ".csv");
  IdentificationSettings settings;  // cutoffHz 0: the automatic rule, which must be applied once, in the engine
  constexpr std::size_t kRows = 800;
  const PreprocessingPreview preview = previewPreprocessing(model, a.path(), settings, kRows);
  ASSERT_TRUE(preview.raw);
  EXPECT_EQ(preview.raw->rows(), kRows);
  EXPECT_TRUE(preview.raw->truncated);
  EXPECT_FALSE(preview.loggedDerivatives);
  // The raw rows are the whole log's first rows.
  const ExperimentLog whole = importLog(a.path(), importOptionsFor(model, settings));
  ASSERT_GT(whole.rows(), kRows);
  EXPECT_EQ(preview.raw->t, whole.t.head(Eigen::Index(kRows)));
  EXPECT_EQ(preview.raw->q, whole.q.topRows(Eigen::Index(kRows)));
  EXPECT_EQ(preview.raw->tau, whole.tau.topRows(Eigen::Index(kRows)));
  // The preprocessed rows are loadAndPreprocess's on those rows, with the automatic cutoff at the log's rate.
  const PreprocessedLog direct = loadAndPreprocess(model, a.path(), settings, kRows);
  EXPECT_EQ(preview.preprocessed.t, direct.t);
  EXPECT_EQ(preview.preprocessed.q, direct.q);
  EXPECT_EQ(preview.preprocessed.qdd, direct.qdd);
  EXPECT_EQ(preview.preprocessed.report.text(), direct.report.text());
  EXPECT_DOUBLE_EQ(direct.report.cutoffHz, automaticCutoffHz(500.0));
  // Away from the cut end (the filter runs forward and backward), the preview is the whole log's.
  const PreprocessedLog full = loadAndPreprocess(model, a.path(), settings);
  const Eigen::Index inner = direct.t.size() / 2;
  ASSERT_GT(inner, 100);
  EXPECT_EQ(direct.t.head(inner), full.t.head(inner));
  EXPECT_LT((direct.q.topRows(inner) - full.q.topRows(inner)).cwiseAbs().maxCoeff(), 1e-5);
  EXPECT_LT((direct.tau.topRows(inner) - full.tau.topRows(inner)).cwiseAbs().maxCoeff(), 1e-9);
  // A read already done is used as it is, not read again.
  const PreprocessingPreview again = previewPreprocessing(model, "/nonexistent.csv", settings, kRows, preview.raw);
  EXPECT_EQ(again.raw, preview.raw);
  EXPECT_EQ(again.preprocessed.qd, preview.preprocessed.qd);
}

TEST(IdentificationPipeline, LoggedDerivativesAreUsedOnlyWhenAskedForAndLogged) {
  const ThreeLogs logs = threeExperiments(0.0);
  TempFile a(logs.text[0], ".csv");
  IdentificationSettings settings;
  const ExperimentLog log = importLog(a.path(), importOptionsFor(logs.model, settings));
  ASSERT_TRUE(log.hasVelocity() && log.hasAcceleration());
  EXPECT_FALSE(usesLoggedDerivatives(settings, log));
  settings.useLoggedDerivatives = true;
  EXPECT_TRUE(usesLoggedDerivatives(settings, log));
  const PreprocessingPreview preview = previewPreprocessing(logs.model, a.path(), settings, 300);
  EXPECT_TRUE(preview.loggedDerivatives);
  EXPECT_EQ(preview.preprocessed.qdd, log.qdd.topRows(300));
  ExperimentLog positionsOnly = log;
  positionsOnly.qd.resize(0, 0);
  EXPECT_FALSE(usesLoggedDerivatives(settings, positionsOnly));
}

TEST(IdentificationPipeline, TheEstimateComesWithItsBodiesPlausibility) {
  const ThreeLogs logs = threeExperiments(0.0);
  const RobotModel& model = logs.model;
  TempFile a(logs.text[0], ".csv"), b(logs.text[1], ".csv");
  IdentificationSettings settings;
  settings.estimation.method = EstimationMethod::Consistent;
  const IdentificationRun run = identifyFromLogs(model, {a.path(), b.path()}, settings);
  ASSERT_TRUE(run.estimate.fullParameters);
  // One verdict per body, the check the CLI's params.json and the wizard's Estimate page both show.
  ASSERT_EQ(run.plausibility.size(), static_cast<std::size_t>(model.bodyCount()));
  const std::vector<BodyPlausibility> direct =
      checkPlausibility(model, *run.estimate.fullParameters, bodyGeometryBounds(model));
  for (std::size_t k = 0; k < direct.size(); ++k) {
    EXPECT_EQ(run.plausibility[k].link, direct[k].link);
    EXPECT_EQ(run.plausibility[k].problems, direct[k].problems);
    EXPECT_EQ(run.plausibility[k].bounds, direct[k].bounds);
  }
  const LogsEstimate again = estimateFromLogs(model, run, settings.estimation);
  EXPECT_EQ(again.plausibility.size(), run.plausibility.size());
  // OLS estimates base parameters only: nothing per body to check.
  settings.estimation.method = EstimationMethod::Ols;
  EXPECT_TRUE(estimateFromLogs(model, run, settings.estimation).plausibility.empty());
}
