// The identification controller (issue 48, step 1): every result it caches — estimate,
// friction comparison, validation, drift, closed loop, payload — is dropped the moment an input
// it was computed from changes (a log added or removed, a column mapping, a torque sign, the
// preprocessing, the method), and kept when an input it does not depend on changes; so is the
// torque-constant calibration with the logs' reading, and the log check (step 2) with the logs'
// reading and preprocessing. Among
// them the bug that started it: after a log was removed, the Friction models tab still offered
// the two-log comparison for the estimate.
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <functional>

#include "app/wizard/panels/friction_comparison_view.hpp"
#include "app/wizard/controller/identification_controller.hpp"
#include "identification/payload_regression.hpp"
#include "model/builtin_robots.hpp"
#include "model/inertial_parameters.hpp"
#include "wizard_test_support.hpp"

using namespace eb;
using namespace eb::wizard;
using namespace eb::wizard::test;

namespace controller_test {

// The simulated log's columns (t, q1.., tau1.., qd1.., qdd1..) as an explicit mapping, so a
// test can edit one field of it.
LogSource sourceOf(const RobotModel& model, const QString& path) {
  LogSource log;
  log.path = path;
  log.mapping.timeColumn = "t";
  for (int j = 0; j < model.dof(); ++j) {
    const std::string n = std::to_string(j + 1);
    JointColumns c;
    c.name = model.joint(j).name;
    c.q = "q" + n;
    c.qd = "qd" + n;
    c.qdd = "qdd" + n;
    c.tau = "tau" + n;
    log.mapping.joints.push_back(c);
  }
  return log;
}

// Waits for `job` to end; returns whether it stored a result (the message when not, in `message`).
bool finish(IdentificationController& c, Job job, QString* message = nullptr) {
  bool ended = false, ok = false;
  QString said;
  const auto connection =
      QObject::connect(&c, &IdentificationController::jobFinished, [&](Job j, bool o, bool, const QString& m) {
        if (j != job) return;
        ended = true;
        ok = o;
        said = m;
      });
  const bool inTime = QTest::qWaitFor([&] { return ended; }, 240000);
  QObject::disconnect(connection);
  if (!inTime) return false;
  if (message) *message = said;
  return ok;
}

}  // namespace controller_test

using controller_test::finish;
using controller_test::sourceOf;

class IdentificationControllerTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    panda_ = builtinRobot("panda");
    // Short logs (5 s at 500 Hz): enough for every job, quick to run many times.
    SimulatedRun run;
    run.period = 5.0;
    run.rateHz = 500.0;
    for (int k = 0; k < 3; ++k) {
      run.seed = unsigned(k + 1);
      logs_ << dir_.filePath(QString("log%1.csv").arg(k));
      writeSimulatedLog(panda_, logs_.back(), run);
    }
    // The payload's log: a 1.5 kg tool on the last link.
    const RobotModel loaded = withPayload(
        panda_, payloadMount(panda_, "panda_link7"),
        standardParametersFromCom(1.5, Eigen::Vector3d(0.02, -0.03, 0.06), Eigen::Matrix3d::Identity() * 6e-3));
    run.seed = 9;
    loadedLog_ = dir_.filePath("loaded.csv");
    writeSimulatedLog(loaded, loadedLog_, run);
  }

  // ---- the log check ----
  void logCheckIsDroppedWithEveryInputAndKeptOtherwise() {
    for (const auto& [what, edit] : logEdits()) {
      IdentificationDocument doc;
      IdentificationController c(std::make_shared<const RobotModel>(panda_), &doc);
      setUp(doc);
      QString why;
      QVERIFY2(c.runLogChecks(&why), qPrintable(why));
      QVERIFY2(finish(c, Job::LogCheck, &why), qPrintable(why));
      const auto checked = c.logChecks();
      QVERIFY(checked && c.logsChecked());
      QCOMPARE(checked->checks.size(), std::size_t(2));
      for (const LogCheck& check : checked->checks) {
        QVERIFY2(check.ok, check.error.text().c_str());
        QVERIFY(std::abs(static_cast<double>(check.rows) - 2500.0) <= 1.0);  // 5 s at 500 Hz
        QVERIFY(check.conventions.has_value());
      }
      setMethod(doc, EstimationMethod::Wls);  // not an input: how the logs are read is
      QCOMPARE(c.logChecks(), checked);
      int changed = 0;
      connect(&c, &IdentificationController::resultChanged, this, [&](Job j) { changed += j == Job::LogCheck; });
      edit(doc);  // the preprocessing among them: the torques are checked on preprocessed samples
      QVERIFY2(!c.logChecks(), qPrintable(what));
      QVERIFY2(!c.logsChecked(), qPrintable(what));
      QVERIFY2(changed == 1, qPrintable(what));
    }
  }

  // ---- the estimate ----
  void estimateIsDroppedWithEveryInput() {
    for (const auto& [what, edit] : logEdits()) {
      IdentificationDocument doc;
      IdentificationController c(std::make_shared<const RobotModel>(panda_), &doc);
      setUp(doc);
      QVERIFY(estimate(c));
      const auto before = c.estimate();
      int changed = 0;
      connect(&c, &IdentificationController::resultChanged, this, [&](Job j) { changed += j == Job::Estimate; });
      edit(doc);
      QVERIFY2(!c.estimate(), qPrintable(what));
      QVERIFY2(c.estimates().empty(), qPrintable(what));
      QVERIFY2(!c.accumulated(), qPrintable(what));
      QVERIFY2(changed == 1, qPrintable(what));             // said at once, not at the next run
      QVERIFY2(before.use_count() == 1, qPrintable(what));  // nothing else holds it
    }
  }

  void methodChangeKeepsTheEquationsAndTheEstimateForComparison() {
    IdentificationDocument doc;
    IdentificationController c(std::make_shared<const RobotModel>(panda_), &doc);
    setUp(doc);
    QVERIFY(estimate(c));
    const auto ols = c.estimate();
    const auto equations = c.accumulated();
    // The project file's summary is the live estimate's.
    QVERIFY(doc.results());
    QCOMPARE(doc.results()->method, EstimationMethod::Ols);
    QCOMPARE(doc.results()->parameters.size(), std::size_t(ols->estimate.values.size()));
    setMethod(doc, EstimationMethod::Wls);
    QVERIFY(!c.estimate());  // the live estimate is for the settings: none made with WLS yet
    QCOMPARE(c.estimates().size(), std::size_t(1));
    QCOMPARE(c.accumulated(), equations);  // the method reuses the normal equations
    QVERIFY(estimate(c));
    QCOMPARE(c.accumulated(), equations);
    QCOMPARE(c.estimates().size(), std::size_t(2));
    setMethod(doc, EstimationMethod::Ols);
    QCOMPARE(c.estimate(), ols);  // chosen again, not re-estimated
    // An unrelated input: the validation log.
    doc.setValidationLog(logs_[2]);
    QCOMPARE(c.estimate(), ols);
  }

  void aRunWhoseInputsChangedStoresNothing() {
    IdentificationDocument doc;
    IdentificationController c(std::make_shared<const RobotModel>(panda_), &doc);
    setUp(doc);
    QVERIFY(c.runEstimate());
    doc.removeLog(1);
    QString message;
    QVERIFY(!finish(c, Job::Estimate, &message));
    QCOMPARE(message, IdentificationController::staleRunText(Job::Estimate));
    QVERIFY(!c.estimate());
    QVERIFY(!c.accumulated());
  }

  // ---- the friction comparison ----
  void frictionComparisonIsDroppedWithEveryLogInput() {
    IdentificationDocument doc;
    IdentificationController c(std::make_shared<const RobotModel>(panda_), &doc);
    setUp(doc);
    QVERIFY(compareFriction(c));
    const auto compared = c.frictionComparison();
    // Not by what it does not compare on: the method, or the friction shape it chose.
    setMethod(doc, EstimationMethod::Wls);
    QCOMPARE(c.frictionComparison(), compared);
    EstimationSettings s = doc.estimation();
    s.regressor = compared->comparison.models.back().options;
    s.regressor.offset = doc.estimation().regressor.offset;
    s.regressor.armature = doc.estimation().regressor.armature;
    s.frictionModel = compared->comparison.models.back().name;
    doc.setEstimation(s);
    QCOMPARE(c.frictionComparison(), compared);
    // By the columns beside friction: a torque offset is in every compared model.
    s.regressor.offset = !s.regressor.offset;
    doc.setEstimation(s);
    QVERIFY(!c.frictionComparison());
    for (const auto& [what, edit] : logEdits()) {
      setUp(doc);
      QVERIFY(compareFriction(c));
      edit(doc);
      QVERIFY2(!c.frictionComparison(), qPrintable(what));
    }
  }

  void frictionTabForgetsTheComparisonWhenALogIsRemoved() {
    // The bug of issue 48: the estimate re-ran on one log, the tab still offered the two-log
    // comparison with "Use for the estimate" enabled.
    IdentificationDocument doc;
    IdentificationController c(std::make_shared<const RobotModel>(panda_), &doc);
    FrictionComparisonView view(&c);
    setUp(doc);
    QTest::mouseClick(view.compareButton(), Qt::LeftButton);
    QVERIFY(finish(c, Job::FrictionComparison));
    QCOMPARE(view.table()->rowCount(), 5);
    QVERIFY(view.useButton()->isEnabled());
    doc.removeLog(1);
    QVERIFY(!c.frictionComparison());
    QCOMPARE(view.table()->rowCount(), 0);
    QVERIFY(!view.useButton()->isEnabled());
    // Compared again on the one log: offered again.
    QTest::mouseClick(view.compareButton(), Qt::LeftButton);
    QVERIFY(finish(c, Job::FrictionComparison));
    QCOMPARE(view.table()->rowCount(), 5);
    QVERIFY(view.useButton()->isEnabled());
    QCOMPARE(c.frictionComparison()->inputs.logs.logs.size(), std::size_t(1));
  }

  // ---- the validation and its drift ----
  void validationAndDriftAreDroppedWithEveryInput() {
    for (const auto& [what, edit] : allEdits()) {
      IdentificationDocument doc;
      IdentificationController c(std::make_shared<const RobotModel>(panda_), &doc);
      setUp(doc);
      QVERIFY(validate(c, doc));
      const auto drift = c.drift(1.0);
      QVERIFY(drift);
      QVERIFY2(drift->problem.empty(), drift->problem.c_str());
      QCOMPARE(c.drift(1.0), drift);  // cached for the same validation and window
      edit(doc);
      QVERIFY2(!c.validation(), qPrintable(what));
      QVERIFY2(!c.drift(1.0), qPrintable(what));
    }
  }

  void validationIsKeptByInputsItDoesNotUse() {
    IdentificationDocument doc;
    IdentificationController c(std::make_shared<const RobotModel>(panda_), &doc);
    setUp(doc);
    QVERIFY(validate(c, doc));
    const auto validation = c.validation();
    QVERIFY(doc.validation());  // the project file's summary of it
    QCOMPARE(doc.validation()->samples, validation->run.identified.samples);
    // The friction comparison and the drift window are not its inputs.
    QVERIFY(compareFriction(c));
    const auto drift = c.drift(1.0);
    QVERIFY(c.drift(2.0) != drift);
    QCOMPARE(c.validation(), validation);
    // Another validation log is.
    doc.setValidationLog(logs_[1]);
    QVERIFY(!c.validation());
  }

  // ---- the closed loop ----
  void closedLoopIsDroppedWithEveryInput() {
    for (const auto& [what, edit] : allEdits()) {
      IdentificationDocument doc;
      IdentificationController c(std::make_shared<const RobotModel>(panda_), &doc);
      setUp(doc);
      QVERIFY(validate(c, doc));
      QVERIFY(track(c));
      c.drift(1.0);  // the drift window is not its input
      QVERIFY(c.closedLoop());
      edit(doc);
      QVERIFY2(!c.closedLoop(), qPrintable(what));
    }
  }

  // ---- the payload ----
  void payloadIsDroppedWithEveryInputItReads() {
    for (const auto& [what, edit] : allEdits()) {
      IdentificationDocument doc;
      IdentificationController c(std::make_shared<const RobotModel>(panda_), &doc);
      setUp(doc);
      QVERIFY(estimate(c));
      QVERIFY(identifyPayload(c, PayloadRobot::SessionEstimate));
      edit(doc);
      QVERIFY2(!c.payload(), qPrintable(what));
    }
  }

  void payloadOnTheModelsParametersIgnoresTheEstimate() {
    IdentificationDocument doc;
    IdentificationController c(std::make_shared<const RobotModel>(panda_), &doc);
    setUp(doc);
    QVERIFY(identifyPayload(c, PayloadRobot::ModelParameters));
    const auto payload = c.payload();
    setMethod(doc, EstimationMethod::Wls);  // no estimate is its input
    QVERIFY(estimate(c));
    QCOMPARE(c.payload(), payload);
    // The logs' reading is (the loaded log is read with the training logs' mapping and import).
    PreprocessingSettings p = doc.preprocessing();
    p.preprocess.cutoffHz = 7.0;
    doc.setPreprocessing(p);
    QVERIFY(!c.payload());
  }

  // ---- the gain calibration ----
  void gainCalibrationIsDroppedWithEveryLogInput() {
    const QString known = dir_.filePath("known.json");
    writeLines(known, {R"({"link": "panda_link7", "mass": 1.5, "com": [0.02, -0.03, 0.06],)",
                       R"( "inertia_com": [6e-3, 0, 0, 6e-3, 0, 6e-3]})"});
    const GainRequest request{known, loadedLog_, logs_[0], QString()};
    for (const auto& [what, edit] : logEdits()) {
      IdentificationDocument doc;
      IdentificationController c(std::make_shared<const RobotModel>(panda_), &doc);
      setUp(doc);
      QString why;
      QVERIFY2(c.runGainCalibration(request, &why), qPrintable(why));
      QVERIFY2(finish(c, Job::GainCalibration, &why), qPrintable(why));
      const auto calibrated = c.gainCalibration();
      QCOMPARE(calibrated->gains.constants.size(), std::size_t(panda_.dof()));
      setMethod(doc, EstimationMethod::Wls);  // not an input: the logs' reading is
      QCOMPARE(c.gainCalibration(), calibrated);
      edit(doc);
      QVERIFY2(!c.gainCalibration(), qPrintable(what));
    }
  }

  // ---- the consistent estimate a model file is written from ----
  void modelFileEstimateFollowsItsEstimate() {
    IdentificationDocument doc;
    IdentificationController c(std::make_shared<const RobotModel>(panda_), &doc);
    setUp(doc);
    QVERIFY(estimate(c));
    QVERIFY(c.runModelFileEstimate());
    QVERIFY(finish(c, Job::ModelFileEstimate));
    const auto made = c.modelFileEstimate();
    QCOMPARE(made->source, c.estimate());
    QVERIFY(made->estimate.fullParameters);
    doc.setValidationLog(logs_[1]);  // not its input
    QCOMPARE(c.modelFileEstimate(), made);
    setMethod(doc, EstimationMethod::Wls);  // another estimate is live
    QVERIFY(!c.modelFileEstimate());
    // Started, then the logs change: it stops and stores nothing.
    QVERIFY(estimate(c));
    QVERIFY(c.runModelFileEstimate());
    doc.removeLog(1);
    QString message;
    QVERIFY(!finish(c, Job::ModelFileEstimate, &message));
    QVERIFY(!c.modelFileEstimate());
  }

 private:
  using Edit = std::function<void(IdentificationDocument&)>;

  // Two training logs, OLS (quick), the third log to validate on.
  void setUp(IdentificationDocument& doc) {
    doc.setLogs({sourceOf(panda_, logs_[0]), sourceOf(panda_, logs_[1])});
    PreprocessingSettings p;
    p.preprocess.cutoffHz = 10.0;
    doc.setPreprocessing(p);
    EstimationSettings e;
    e.estimation.method = EstimationMethod::Ols;
    doc.setEstimation(e);
    doc.setImport(ImportSettings{});
    doc.setValidationLog(logs_[2]);
  }

  static void setMethod(IdentificationDocument& doc, EstimationMethod method) {
    EstimationSettings s = doc.estimation();
    s.estimation.method = method;
    doc.setEstimation(s);
  }

  // Every edit of what the training logs are and how they are read and preprocessed.
  std::vector<std::pair<QString, Edit>> logEdits() const {
    const LogSource third = sourceOf(panda_, logs_[2]);
    return {
        {"a log added", [third](IdentificationDocument& d) { d.addLog(third); }},
        {"a log removed", [](IdentificationDocument& d) { d.removeLog(1); }},
        {"a column mapping",
         [](IdentificationDocument& d) {
           LogSource log = d.logs()[0];
           log.mapping.joints[2].qdd.clear();  // differentiate instead
           log.mappingEdited = true;
           d.setLog(0, log);
         }},
        {"a torque sign in the mapping",
         [](IdentificationDocument& d) {
           LogSource log = d.logs()[1];
           log.mapping.joints[0].torqueScale = -1.0;
           d.setLog(1, log);
         }},
        {"the import's torque signs",
         [](IdentificationDocument& d) {
           ImportSettings imp = d.import();
           imp.torqueSigns = std::vector<double>(7, 1.0);
           imp.torqueSigns[3] = -1.0;
           d.setImport(imp);
         }},
        {"the preprocessing (cutoff)",
         [](IdentificationDocument& d) {
           PreprocessingSettings p = d.preprocessing();
           p.preprocess.cutoffHz = 7.0;
           d.setPreprocessing(p);
         }},
    };
  }

  // The log edits, the method and the columns: what an estimate, and all built on it, depend on.
  std::vector<std::pair<QString, Edit>> allEdits() const {
    auto edits = logEdits();
    edits.push_back({"the method", [](IdentificationDocument& d) { setMethod(d, EstimationMethod::Wls); }});
    edits.push_back({"the columns", [](IdentificationDocument& d) {
                       EstimationSettings s = d.estimation();
                       s.regressor.armature = !s.regressor.armature;
                       d.setEstimation(s);
                     }});
    return edits;
  }

  static bool estimate(IdentificationController& c) {
    QString why;
    if (!c.runEstimate(&why)) return false;
    return finish(c, Job::Estimate);
  }

  static bool compareFriction(IdentificationController& c) {
    return c.runFrictionComparison() && finish(c, Job::FrictionComparison);
  }

  static bool validate(IdentificationController& c, IdentificationDocument&) {
    return estimate(c) && c.runValidation() && finish(c, Job::Validation);
  }

  static bool track(IdentificationController& c) {
    ClosedLoopRequest request;
    request.kp = 400.0;
    request.kd = 40.0;
    return c.runClosedLoop(request) && finish(c, Job::ClosedLoop);
  }

  bool identifyPayload(IdentificationController& c, PayloadRobot robot) const {
    PayloadRequest request;
    request.loaded = loadedLog_;
    request.robot = robot;
    request.link = "panda_link7";
    QString why;
    if (!c.runPayload(request, &why)) {
      qWarning("%s", qPrintable(why));
      return false;
    }
    return finish(c, Job::Payload, &why) || (qWarning("%s", qPrintable(why)), false);
  }

  QTemporaryDir dir_;
  RobotModel panda_;
  QStringList logs_;
  QString loadedLog_;
};

QTEST_MAIN(IdentificationControllerTest)
#include "test_identification_controller.moc"
