// What a first-time user tripped on in the wizard (issue 12, point 6): a closed
// wizard's session is kept and offered again; a typed validation-log path is
// checked and taken; problem texts are in full in tooltips; the results reach
// the workbench as one line each; a log without one torque column keeps the
// rest of its guessed mapping and names the missing column.
#include "wizard_test_support.hpp"

#include "app/wizard/identification_wizard.hpp"
#include "app/wizard/pages/import_page.hpp"
#include "app/wizard/panels/log_problems.hpp"
#include "app/wizard/pages/preprocess_page.hpp"
#include "app/wizard/pages/validate_page.hpp"
#include "app/wizard/controller/wizard_result_lines.hpp"
#include "app/project/wizard_session_store.hpp"

#include "model/builtin_robots.hpp"
#include "util/input_error.hpp"

#include <QAbstractButton>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace eb;
using namespace eb::wizard;
using namespace eb::wizard::test;

namespace {

QString describe(const ImportPage* page) {
  QStringList out;
  for (const Diagnostic& p : page->problems())
    out << QString("[%1] line %2: %3").arg(int(p.severity)).arg(p.line).arg(diagnosticText(p));
  return out.join("\n");
}

}  // namespace

class WizardSessionTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    panda_ = builtinRobot("panda");
    trainLog_ = dir_.filePath("train.csv");
    writeSimulatedLog(panda_, trainLog_);
  }

  void closedSessionIsOfferedAgain() {
    const WizardSessionStore store(dir_.filePath("kept/session.json"));
    {
      IdentificationWizard wizard(panda_, "panda");
      wizard.keepSessionIn(store);
      wizard.show();
      // Nothing kept yet: no offer.
      QVERIFY(!wizard.keptSession());
      QVERIFY(!wizard.button(QWizard::CustomButton1)->isVisible());
      wizard.addLogs({trainLog_});
      QTRY_VERIFY_WITH_TIMEOUT(!wizard.importPage()->isChecking(), 30000);
      wizard.reject();  // the window's close button
    }
    QVERIFY(QFile::exists(store.path()));

    IdentificationWizard again(panda_, "panda");
    again.keepSessionIn(store);
    again.show();
    const std::optional<KeptSession> kept = again.keptSession();
    QVERIFY(kept);
    QCOMPARE(kept->logs, 1);
    QAbstractButton* reopen = again.button(QWizard::CustomButton1);
    QCOMPARE(reopen->objectName(), QString("reopenSessionButton"));
    QVERIFY(reopen->isVisible());
    QCOMPARE(reopen->text(), QString("Reopen last session"));
    QVERIFY2(reopen->toolTip().contains("1 log, closed "), qPrintable(reopen->toolTip()));
    QVERIFY(again.document()->logs().empty());
    QTest::mouseClick(reopen, Qt::LeftButton);
    QCOMPARE(again.document()->logs().size(), std::size_t(1));
    QCOMPARE(again.document()->logs().at(0).path, QFileInfo(trainLog_).absoluteFilePath());
    QCOMPARE(QString::fromStdString(again.document()->logs().at(0).mapping.joints.at(6).tau), QString("tau7"));
    QVERIFY(!reopen->isVisible());  // the document has logs now
    QTRY_VERIFY_WITH_TIMEOUT(!again.importPage()->isChecking(), 30000);
    QVERIFY2(again.importPage()->isComplete(), qPrintable(describe(again.importPage())));

    // Another robot is not offered this session.
    IdentificationWizard other(builtinRobot("ur5"), "ur5");
    other.keepSessionIn(store);
    QVERIFY(!other.keptSession());
    // Closing an empty wizard does not forget the kept session.
    IdentificationWizard empty(panda_, "panda");
    empty.keepSessionIn(store);
    empty.show();
    empty.reject();
    QVERIFY(WizardSessionStore(store.path()).load("panda").has_value());
  }

  void aBadKeptSessionIsOneLineNamingItsFileAndField() {
    const QString path = dir_.filePath("bad/session.json");
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    writeLines(path, {R"({"format": "excitebench-wizard-session", "version": 1, "robot": "panda", "document": {)",
                      R"( "format": "excitebench-identification", "version": 1,)",
                      R"( "logs": [{"path": "a.csv", "mapping": {"time_unit": "h", "joints": []}}]}})"});
    const WizardSessionStore store(path);
    IdentificationWizard wizard(panda_, "panda");
    wizard.keepSessionIn(store);
    QString error;
    QVERIFY(!wizard.reopenKeptSession(&error));
    QCOMPARE(error, path + ": document.logs[0].mapping.time_unit: 'h' (s, ms, us, ns)");
    QVERIFY(wizard.document()->logs().empty());
    try {
      store.restore(*store.load("panda"), *wizard.document());
      QFAIL("a bad time unit was accepted");
    } catch (const InputError& e) {
      QCOMPARE(e.diagnostic().file, path.toStdString());
      QCOMPARE(e.diagnostic().field, std::string("document.logs[0].mapping.time_unit"));
    }
  }

  void importEditsDropTheAccumulatedLogs() {
    // The importer's options (gap threshold, corrupt rows, currents) decide which samples the
    // normal equations hold: an edit drops them and the estimate, as a preprocessing edit does.
    IdentificationDocument doc;
    WizardSession session(panda_, "panda", &doc);
    IdentificationController* controller = session.controller();
    const AccumulationInputs before = accumulationInputsOf(doc);
    auto logs = std::make_shared<AccumulatedLogs>();
    logs->inputs = before;
    controller->setAccumulated(logs);
    auto estimate = std::make_shared<EstimateResult>();
    estimate->logs = logs;
    estimate->settings = doc.estimation();
    controller->setEstimate(estimate);
    QVERIFY(session.estimate());
    ImportSettings imp = doc.import();
    imp.gapSteps = 12.0;
    doc.setImport(imp);
    QVERIFY(!controller->accumulated());
    QVERIFY(!session.estimate());
    QVERIFY(accumulationInputsOf(doc) != before);
  }

  void typedValidationPathIsCheckedAndTaken() {
    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    auto* edit = wizard.findChild<QLineEdit*>("validationLogEdit");
    auto* status = wizard.findChild<QLabel*>("validationStatus");
    QVERIFY(edit && status);
    QVERIFY(!edit->isReadOnly());
    // A path that does not exist: said, and not taken.
    const QString nowhere = dir_.filePath("no_such_log.csv");
    edit->setText(nowhere);
    emit edit->editingFinished();
    QVERIFY2(status->text().contains("no such file: " + nowhere), qPrintable(status->text()));
    QVERIFY(wizard.document()->validationLog().isEmpty());
    QCOMPARE(edit->text(), nowhere);  // left for the user to correct
    // A folder is not a log.
    edit->setText(dir_.path());
    emit edit->editingFinished();
    QVERIFY2(status->text().contains("not a file: "), qPrintable(status->text()));
    QCOMPARE(validationPathProblem(dir_.path()), "not a file: " + dir_.path());
    // A real log typed in: taken (nothing estimated yet, so the page says what to do first).
    edit->setText(trainLog_);
    emit edit->editingFinished();
    QCOMPARE(wizard.document()->validationLog(), QFileInfo(trainLog_).absoluteFilePath());
    QCOMPARE(status->text(), QString("No estimate: run the Estimate page first."));
    // Cleared: no validation log.
    edit->clear();
    emit edit->editingFinished();
    QVERIFY(wizard.document()->validationLog().isEmpty());
  }

  void problemTextsAreInFullInTooltips() {
    // A NaN on file line 41, q3: the list cuts the text at its width; the tooltips keep it whole.
    const QString bad = dir_.filePath("nan_line41.csv");
    writeLogWithField(trainLog_, bad, 41, 3, "nan");
    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    wizard.addLogs({bad});
    ImportPage* import = wizard.importPage();
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    const Diagnostic* error = nullptr;
    for (const Diagnostic& p : import->problems())
      if (p.severity == Severity::Error) error = error ? error : &p;
    QVERIFY2(error, qPrintable(describe(import)));
    QCOMPARE(error->line, std::size_t(41));
    const QString full = "line 41: " + diagnosticText(*error);
    QCOMPARE(problemLine(*error), full);
    auto* list = wizard.findChild<QTreeWidget*>("problemList");
    QVERIFY(list && list->topLevelItemCount() >= 1);
    QTreeWidgetItem* first = list->topLevelItem(0);
    QCOMPARE(first->text(2), diagnosticText(*error));
    QCOMPARE(first->toolTip(2), full);
    // ... and the current problem shows whole below the list.
    auto* detail = wizard.findChild<QLabel*>("problemDetail");
    QVERIFY(detail);
    QCOMPARE(list->currentItem(), first);
    QCOMPARE(detail->text(), full);
    QVERIFY(!detail->isHidden());
    auto* logs = wizard.findChild<QListWidget*>("logList");
    QVERIFY(logs && logs->count() == 1);
    const QString tip = logs->item(0)->toolTip();
    QVERIFY2(tip.startsWith(QFileInfo(bad).absoluteFilePath() + "\n"), qPrintable(tip));
    QVERIFY2(tip.contains(full), qPrintable(tip));
  }

  void missingTorqueColumnKeepsTheRestOfTheMapping() {
    const QString log = dir_.filePath("no_tau3.csv");
    writeLines(log, withoutColumn(readLines(trainLog_), "tau3"));
    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    wizard.addLogs({log});
    ImportPage* import = wizard.importPage();
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    QVERIFY(!import->isComplete());
    // Every column the header names is still mapped; only joint 3's torque is empty.
    const LogColumnMapping& m = wizard.document()->logs().at(0).mapping;
    QCOMPARE(QString::fromStdString(m.timeColumn), QString("t"));
    QCOMPARE(m.joints.size(), std::size_t(7));
    for (int j = 0; j < 7; ++j) {
      const QString i = QString::number(j + 1);
      const JointColumns& jc = m.joints[std::size_t(j)];
      QCOMPARE(QString::fromStdString(jc.q), "q" + i);
      QCOMPARE(QString::fromStdString(jc.qd), "qd" + i);
      QCOMPARE(QString::fromStdString(jc.qdd), "qdd" + i);
      QCOMPARE(QString::fromStdString(jc.tau), j == 2 ? QString() : "tau" + i);
    }
    // The problems name the missing torque column, not a position column.
    const QString all = describe(import);
    QVERIFY2(all.contains("'tau3' missing"), qPrintable(all));
    QVERIFY2(!all.contains("position column"), qPrintable(all));
  }

  void resultsReachTheWorkbenchAsOneLine() {
    ResultsSummary results;
    results.method = EstimationMethod::Ols;
    results.condition = 12.345;
    results.samples = 5000;
    results.parameters.resize(3);
    results.joints = {{"j1", 0.1, 0.1}, {"j2", 0.35, 0.3}, {"j3", 0.2, 0.2}};
    QCOMPARE(estimateResultLine("panda", results, 2),
             QString("Identified panda (ols) from 2 logs, 5000 samples: 3 base parameters, condition 12.35, "
                     "largest residual RMS 0.35 N m (joint 2)"));
    ValidationSummary validation;
    validation.logPath = "/tmp/v.csv";
    validation.samples = 1000;
    validation.joints = {{"j1", 0.1, 10.04, 0.3, 1.0, 0.8, 80.0},
                         {"j2", 0.2, 20.56, 0.5, 1.0, 0.9, 90.06},
                         {"j3", 0.05, 5.0, 0.1, 1.0, 0.1, 10.0}};
    QCOMPARE(validationResultLine(validation),
             QString("Validated on v.csv (1000 samples): NRMSE 10.0 20.6 5.0 % per joint (worst 20.6 % on joint 2; "
                     "the model's own parameters 90.1 %)"));

    // A real estimate and validation in the wizard: one line each on resultReady.
    IdentificationWizard wizard(panda_, "panda");
    QSignalSpy lines(&wizard, &IdentificationWizard::resultReady);
    QSignalSpy problems(&wizard, &IdentificationWizard::problemReported);
    QSignalSpy estimated(&wizard, &IdentificationWizard::estimationFinished);
    QSignalSpy validated(&wizard, &IdentificationWizard::validationFinished);
    wizard.show();
    wizard.addLogs({trainLog_});
    QTRY_VERIFY_WITH_TIMEOUT(wizard.importPage()->isComplete(), 30000);
    wizard.next();
    QTRY_VERIFY_WITH_TIMEOUT(!wizard.preprocessPage()->isBusy(), 30000);
    wizard.next();  // the estimate starts by itself on entering the page
    QCOMPARE(wizard.currentId(), int(IdentificationWizard::EstimatePageId));
    QTRY_VERIFY_WITH_TIMEOUT(estimated.count() == 1, 120000);
    QVERIFY2(estimated.at(0).at(0).toBool(), qPrintable(estimated.at(0).at(2).toString()));
    QCOMPARE(lines.count(), 1);
    const QString line = lines.at(0).at(0).toString();
    // The method auto chose (the consistent estimate predicts the held-out seconds as well).
    QVERIFY2(line.startsWith("Identified panda (consistent) from 1 log, "), qPrintable(line));
    QVERIFY2(line.contains(QString(": %1 base parameters").arg(wizard.estimate()->estimate.values.size())), qPrintable(line));
    wizard.next();
    wizard.setValidationLog(trainLog_);
    QTRY_VERIFY_WITH_TIMEOUT(validated.count() == 1, 120000);
    QCOMPARE(lines.count(), 2);
    QVERIFY2(lines.at(1).at(0).toString().startsWith("Validated on train.csv ("), qPrintable(lines.at(1).at(0).toString()));
    QCOMPARE(problems.count(), 0);
    // A validation log that cannot be read is reported as a problem.
    const QString broken = dir_.filePath("broken.csv");
    writeLines(broken, {"t,q1", "0,zero"});
    wizard.setValidationLog(broken);
    QTRY_VERIFY_WITH_TIMEOUT(validated.count() == 2, 60000);
    QCOMPARE(problems.count(), 1);
    QVERIFY2(problems.at(0).at(0).toString().startsWith("Validation failed: "), qPrintable(problems.at(0).at(0).toString()));
  }

 private:
  QTemporaryDir dir_;
  RobotModel panda_;
  QString trainLog_;
};

QTEST_MAIN(WizardSessionTest)
#include "test_wizard_session.moc"
