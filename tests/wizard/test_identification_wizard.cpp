// The identification wizard end to end on simulated logs: the same parameters
// as `excitebench-cli identify` (OLS, the default of both), validation on an independent
// log, exports; bad logs listed with their line and the wizard still usable;
// a long estimation cancelled.
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextEdit>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChartView>
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "app/wizard/panels/closed_loop_panel.hpp"
#include "app/wizard/panels/drift_panel.hpp"
#include "app/wizard/panels/estimate_comparison_table.hpp"
#include "app/wizard/pages/estimate_page.hpp"
#include "app/wizard/panels/friction_comparison_view.hpp"
#include "app/wizard/identification_wizard.hpp"
#include "app/wizard/pages/import_page.hpp"
#include "app/wizard/controller/result_summaries.hpp"
#include "widgets/plausibility_table.hpp"
#include "app/wizard/pages/preprocess_page.hpp"
#include "widgets/display_text.hpp"
#include "widgets/time_step_chart.hpp"
#include "app/wizard/pages/validate_page.hpp"
#include "app/wizard/controller/wizard_text.hpp"
#include "identification/drift_check.hpp"
#include "identification/plausibility.hpp"
#include "io/params_file.hpp"
#include "logs/log_import.hpp"
#include "logs/log_mapping_file.hpp"
#include "model/body_bounds.hpp"
#include "model/builtin_robots.hpp"
#include "model/mjcf_import.hpp"
#include "model/robot_loader.hpp"
#include "test_paths.hpp"
#include "wizard_test_support.hpp"

using namespace eb;
using namespace eb::wizard;
using namespace eb::wizard::test;

namespace {

const Diagnostic* findError(const ImportPage* page) {
  for (const Diagnostic& p : page->problems())
    if (p.severity == Severity::Error) return &p;
  return nullptr;
}

QString describe(const ImportPage* page) {
  QStringList out;
  for (const Diagnostic& p : page->problems()) out << QString("[%1] line %2: %3").arg(int(p.severity)).arg(p.line).arg(diagnosticText(p));
  return out.join("\n");
}

}  // namespace

class IdentificationWizardTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    panda_ = builtinRobot("panda");
    trainLog_ = dir_.filePath("train.csv");
    validationLog_ = dir_.filePath("validation.csv");
    QElapsedTimer timer;
    timer.start();
    SimulatedRun train;
    train.seed = 1;
    writeSimulatedLog(panda_, trainLog_, train);
    // An independent experiment: another excitation, other noise.
    SimulatedRun validation;
    validation.period = 4.0;
    validation.harmonics = 4;
    validation.seed = 2;
    writeSimulatedLog(panda_, validationLog_, validation);
    qInfo("simulated two panda logs in %lld ms", static_cast<long long>(timer.elapsed()));
  }

  void endToEndMatchesTheCli() {
    // The reference: the CLI on the same log.
    const QString cliParams = dir_.filePath("cli.json");
    QString output;
    QElapsedTimer timer;
    timer.start();
    // OLS in both: this test follows an estimate without per-link inertia through to the URDF.
    QCOMPARE(runCli({"identify", "panda", trainLog_, "--out", cliParams, "--quiet", "--method", "ols"}, &output), 0);
    qInfo("excitebench-cli identify: %lld ms", static_cast<long long>(timer.elapsed()));
    const IdentifiedParameters cli = readParamsJson(cliParams.toStdString());

    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    timer.restart();
    wizard.addLogs({trainLog_});
    ImportPage* import = wizard.importPage();
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    qInfo("import check: %lld ms", static_cast<long long>(timer.elapsed()));
    QVERIFY2(import->isComplete(), qPrintable(describe(import)));
    QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
    // The mapping was guessed from the header: t, q1..q7, tau1..tau7, qd.., qdd...
    const LogColumnMapping& m = wizard.document()->logs().at(0).mapping;
    QCOMPARE(m.timeColumn, std::string("t"));
    QCOMPARE(m.joints.size(), size_t(7));
    QCOMPARE(m.joints[0].q, std::string("q1"));
    QCOMPARE(m.joints[6].tau, std::string("tau7"));
    QCOMPARE(m.joints[3].qd, std::string("qd4"));
    // The preview table shows the file's rows labelled with their line numbers (header on line 1).
    auto* preview = wizard.findChild<QTableWidget*>("previewTable");
    QVERIFY(preview && preview->rowCount() > 10);
    QCOMPARE(preview->verticalHeaderItem(0)->text(), QString("2"));

    // Preprocess: the preview runs and fills the charts.
    wizard.next();
    QCOMPARE(wizard.currentId(), int(IdentificationWizard::PreprocessPageId));
    PreprocessPage* pre = wizard.preprocessPage();
    QTRY_VERIFY_WITH_TIMEOUT(!pre->isBusy(), 30000);
    for (int chart = 0; chart < 4; ++chart) {
      QVERIFY(pre->seriesPointCount(chart, 0) > 1000);
      QVERIFY(pre->seriesPointCount(chart, 1) > 1000);
    }
    pre->setPreviewJoint(3);
    QVERIFY(pre->seriesPointCount(2, 1) > 1000);

    // Estimate: auto is the default of the wizard and the CLI alike; OLS is chosen here, as in the
    // CLI above. It starts by itself on entering the page.
    QCOMPARE(wizard.document()->estimation().estimation.method, EstimationMethod::Auto);
    EstimationSettings olsSettings = wizard.document()->estimation();
    olsSettings.estimation.method = EstimationMethod::Ols;
    wizard.document()->setEstimation(olsSettings);
    QSignalSpy finished(&wizard, &IdentificationWizard::estimationFinished);
    timer.restart();
    wizard.next();
    QCOMPARE(wizard.currentId(), int(IdentificationWizard::EstimatePageId));
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 120000);
    qInfo("wizard estimate: %lld ms", static_cast<long long>(timer.elapsed()));
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(2).toString()));
    const auto estimate = wizard.estimate();
    QVERIFY(estimate);
    QCOMPARE(estimate->logs->base.rank, 57);
    // No full parameters: no table of links, a line says what it needs.
    QVERIFY(!wizard.findChild<QWidget*>("plausibilityBox")->isVisible());
    QVERIFY(wizard.findChild<QLabel*>("priorWeightLabel")->text().contains("need the physically consistent method"));
    QCOMPARE(static_cast<Eigen::Index>(cli.values.size()), estimate->estimate.values.size());
    double worst = 0.0;
    for (Eigen::Index k = 0; k < cli.values.size(); ++k) {
      const double a = estimate->estimate.values[k], b = cli.values[k];
      QCOMPARE(QString::fromStdString(estimate->logs->base.name(int(k))),
               QString::fromStdString(cli.names[size_t(k)]));
      const double rel = std::abs(a - b) / std::max(std::abs(b), 1e-300);
      worst = std::max(worst, std::abs(a - b) <= 1e-300 ? 0.0 : rel);
      QVERIFY2(std::abs(a - b) <= 1e-9 * std::abs(b) || a == b,
               qPrintable(QString("%1: wizard %2, cli %3").arg(QString::fromStdString(cli.names[size_t(k)]))
                              .arg(a, 0, 'g', 17).arg(b, 0, 'g', 17)));
    }
    qInfo("largest relative difference to the CLI: %g", worst);
    // The results table: one row per base parameter, the poorly identified highlighted.
    auto* table = wizard.findChild<QTableWidget*>("parameterTable");
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 57);
    int poor = 0, highlighted = 0;
    for (int k = 0; k < 57; ++k) {
      poor += !(estimate->estimate.relativeStddev[k] <= kPoorlyIdentifiedPercent);
      highlighted += table->item(k, 0)->background().style() != Qt::NoBrush;
    }
    QCOMPARE(highlighted, poor);
    QVERIFY(wizard.document()->results().has_value());
    QCOMPARE(wizard.document()->results()->parameters.size(), size_t(57));

    // Validate on the independent log.
    wizard.next();
    QCOMPARE(wizard.currentId(), int(IdentificationWizard::ValidatePageId));
    QSignalSpy validated(&wizard, &IdentificationWizard::validationFinished);
    wizard.setValidationLog(validationLog_);
    QTRY_VERIFY_WITH_TIMEOUT(validated.count() == 1, 60000);
    QVERIFY2(validated.at(0).at(0).toBool(), qPrintable(validated.at(0).at(1).toString()));
    QVERIFY(wizard.validation());
    const ValidationResult& r = wizard.validation()->run.identified;
    for (int j = 0; j < 7; ++j) QVERIFY2(r.rmse[j] < 0.2, qPrintable(QString("joint %1 rmse %2").arg(j + 1).arg(r.rmse[j])));
    QVERIFY(wizard.validatePage()->seriesPointCount(0) > 1000);
    QVERIFY(wizard.validatePage()->seriesPointCount(1) > 1000);
    QCOMPARE(wizard.findChild<QTableWidget*>("validationTable")->rowCount(), 7);
    QVERIFY(wizard.document()->validation().has_value());

    // The drift check of the validation log's residual: the engine's verdicts (the CLI's, below).
    DriftPanel* drift = wizard.validatePage()->driftPanel();
    wizard.validatePage()->showTab(1);
    drift->setWindow(1.0);
    const DriftReport driftReport =
        checkDrift(wizard.validation()->run.log.t,
                   wizard.validation()->run.log.tau - wizard.validation()->run.identified.predicted, 1.0);
    for (int j = 0; j < 7; ++j)
      QCOMPARE(drift->verdict(j), QString(driftReport.drifted[size_t(j)] ? "drifted" : "steady"));
    QVERIFY2(drift->summary().contains(QString("%1 windows over").arg(driftReport.windows.size())),
             qPrintable(drift->summary()));
    drift->setWindow(1000.0);
    QCOMPARE(drift->verdict(0), QString());
    QVERIFY2(drift->summary().contains("windows of 1000 s"), qPrintable(drift->summary()));
    drift->setWindow(1.0);
    // Closed loop along the validation log's motion. The default plant is a consistent estimate
    // of the validation log (a second log); on the description's plant the description's model,
    // given the plant's friction, tracks by construction and the verdict says so. The CLI gets
    // the same numbers below.
    ClosedLoopPanel* loop = wizard.validatePage()->closedLoopPanel();
    QCOMPARE(loop->plantChoice(), QString("A consistent estimate of validation.csv"));
    loop->setPlantDescription();
    wizard.validatePage()->showTab(2);
    QSignalSpy tracked(loop, &ClosedLoopPanel::finished);
    loop->start();
    QTRY_VERIFY_WITH_TIMEOUT(tracked.count() == 1, 120000);
    QVERIFY2(tracked.at(0).at(0).toBool(), qPrintable(tracked.at(0).at(1).toString()));
    QVERIFY(loop->result());
    const ClosedLoopComparison tracking = *loop->result();
    QVERIFY2(tracking.identified.maxError < 0.01, qPrintable(loop->summary()));
    QCOMPARE(tracking.robotsOwnGiven, std::string("the plant's friction"));
    QVERIFY2(loop->summary().contains("within the 0.01 rad bar"), qPrintable(loop->summary()));
    QVERIFY2(loop->summary().contains("Plant: the robot description with simulate's default friction."),
             qPrintable(loop->summary()));
    QVERIFY2(loop->summary().contains("tracks almost perfectly by construction"), qPrintable(loop->summary()));
    QCOMPARE(wizard.findChild<QTableWidget*>("closedLoopTable")->rowCount(), 7);

    // Export: JSON reads back as the CLI's file does; YAML; the URDF from a consistent estimate made then.
    wizard.next();
    QCOMPARE(wizard.currentId(), int(IdentificationWizard::ExportPageId));
    const QString json = dir_.filePath("wizard.json"), yaml = dir_.filePath("wizard.yaml");
    QString error;
    QVERIFY2(wizard.exportParameters(ExportFormat::Json, json, &error), qPrintable(error));
    QVERIFY2(wizard.exportParameters(ExportFormat::Yaml, yaml, &error), qPrintable(error));
    const IdentifiedParameters mine = readParamsJson(json.toStdString());
    QCOMPARE(mine.method, std::string("ols"));
    QCOMPARE(mine.robot, std::string("panda"));
    for (Eigen::Index k = 0; k < cli.values.size(); ++k)
      QVERIFY(std::abs(mine.values[k] - cli.values[k]) <= 1e-9 * std::abs(cli.values[k]) || mine.values[k] == cli.values[k]);
    QVERIFY(readLines(yaml).join('\n').contains("base_parameters:"));
    // The URDF of the OLS estimate: written from the consistent estimate of the same equations,
    // made on a worker thread when it is saved, and the page says so.
    ExportPage* exportPage = wizard.exportPage();
    auto* urdfButton = wizard.findChild<QPushButton*>("exportUrdfButton");
    auto* urdfNote = wizard.findChild<QLabel*>("urdfNote");
    QVERIFY(urdfButton->isEnabled());
    QVERIFY2(urdfNote->isVisible() && urdfNote->text().contains("OLS estimate has no per-link inertia") &&
                 urdfNote->text().contains("physically consistent estimate"),
             qPrintable(urdfNote->text()));
    QSignalSpy exported(exportPage, &ExportPage::exported), exportFailed(exportPage, &ExportPage::exportFailed);
    // Cancelled: nothing written, the page usable again.
    const QString cancelledUrdf = dir_.filePath("cancelled.urdf");
    QVERIFY2(wizard.exportParameters(ExportFormat::Urdf, cancelledUrdf, &error), qPrintable(error));
    QVERIFY(exportPage->isBusy());
    QVERIFY(!urdfButton->isEnabled());
    QVERIFY(wizard.findChild<QProgressBar*>("urdfProgress")->isVisible());
    QTest::mouseClick(wizard.findChild<QPushButton*>("cancelUrdfButton"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(exportFailed.count() == 1, 30000);
    QVERIFY2(exportFailed.at(0).at(1).toString().contains("Cancelled"),
             qPrintable(exportFailed.at(0).at(1).toString()));
    QVERIFY(!QFile::exists(cancelledUrdf));
    QVERIFY(!exportPage->isBusy());
    QVERIFY(urdfButton->isEnabled());
    // Run to the end: the URDF is written, the session's estimate is still the OLS one.
    const QString olsUrdf = dir_.filePath("wizard_ols.urdf");
    timer.restart();
    QVERIFY2(wizard.exportParameters(ExportFormat::Urdf, olsUrdf, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() == 1, 300000);
    qInfo("consistent estimate for the URDF and its file: %lld ms", static_cast<long long>(timer.elapsed()));
    QCOMPARE(exportFailed.count(), 1);
    QVERIFY(QFile::exists(olsUrdf));
    QCOMPARE(wizard.estimate().get(), estimate.get());
    QCOMPARE(wizard.estimate()->estimate.method, EstimationMethod::Ols);
    QVERIFY2(urdfNote->text().startsWith("URDF and MJCF are written from the <b>physically consistent estimate</b>"),
             qPrintable(urdfNote->text()));
    QVERIFY(exportPage->urdfEstimate() && exportPage->urdfEstimate()->fullParameters);
    // Its links are those of `identify --method consistent` then `export` in the CLI.
    const QString cliConsistent = dir_.filePath("cli_e2e_consistent.json"), cliUrdf = dir_.filePath("cli_e2e.urdf");
    QCOMPARE(runCli({"identify", "panda", trainLog_, "--out", cliConsistent, "--method", "consistent", "--quiet"}), 0);
    QCOMPARE(runCli({"export", cliConsistent, "--robot", "panda", "--out", cliUrdf}), 0);
    {
      const Eigen::VectorXd ours = loadRobot(olsUrdf.toStdString()).standardParameters();
      const Eigen::VectorXd theirs = loadRobot(cliUrdf.toStdString()).standardParameters();
      QCOMPARE(ours.size(), Eigen::Index(70));
      QCOMPARE(theirs.size(), Eigen::Index(70));
      const Eigen::VectorXd modelOwn = panda_.standardParameters();
      double worstMass = 0.0;
      for (int b = 0; b < 7; ++b) {
        const double w = ours[10 * b], c = theirs[10 * b];
        worstMass = std::max(worstMass, std::abs(w - c) / c);
        QVERIFY2(
            c > 0.0 && std::abs(w - c) <= 1e-9 * c,
            qPrintable(QString("link %1 mass: wizard %2, cli %3").arg(b + 1).arg(w, 0, 'g', 17).arg(c, 0, 'g', 17)));
      }
      // Identified, not the URDF's own masses copied through.
      QVERIFY((ours - modelOwn).cwiseAbs().maxCoeff() > 1e-6);
      QVERIFY((ours - theirs).cwiseAbs().maxCoeff() <= 1e-9 * theirs.cwiseAbs().maxCoeff());
      qInfo("URDF of the OLS estimate: largest relative mass difference to the CLI's consistent URDF %g", worstMass);
    }
    // Saved again: from the consistent estimate kept for this OLS estimate, at once.
    const QString again = dir_.filePath("wizard_ols_again.urdf");
    QVERIFY2(wizard.exportParameters(ExportFormat::Urdf, again, &error), qPrintable(error));
    QVERIFY(!exportPage->isBusy());
    QCOMPARE(exported.count(), 2);
    QCOMPARE(readLines(again), readLines(olsUrdf));
    // The MJCF of the same consistent estimate (the Panda converted from its URDF), at once: the
    // URDF's inertials and <dynamics> friction, read back.
    const QString olsMjcf = dir_.filePath("wizard_ols.xml");
    QVERIFY2(wizard.exportParameters(ExportFormat::Mjcf, olsMjcf, &error), qPrintable(error));
    QVERIFY(!exportPage->isBusy());
    QCOMPARE(exported.count(), 3);
    {
      const RobotModel fromMjcf = importMjcfFile(olsMjcf.toStdString());
      const RobotModel fromUrdf = loadRobot(olsUrdf.toStdString());
      const Eigen::VectorXd a = fromMjcf.standardParameters(), b = fromUrdf.standardParameters();
      QCOMPARE(a.size(), b.size());
      QVERIFY((a - b).cwiseAbs().maxCoeff() <= 1e-12 * b.cwiseAbs().maxCoeff());
      int withFriction = 0;
      for (int j = 0; j < 7; ++j) {
        QCOMPARE(fromMjcf.joint(j).damping, fromUrdf.joint(j).damping);
        QCOMPARE(fromMjcf.joint(j).friction, fromUrdf.joint(j).friction);
        withFriction += fromUrdf.joint(j).damping != panda_.joint(j).damping;
      }
      QCOMPARE(withFriction, 7);
    }
    // The CLI's drift check on the wizard's file and the same log: the same verdicts.
    QCOMPARE(runCli({"validate", "panda", json, validationLog_, "--json", "--drift-window", "1"}, &output), 0);
    {
      const QJsonArray joints =
          QJsonDocument::fromJson(output.toUtf8()).object()["drift"].toObject()["joints"].toArray();
      QCOMPARE(joints.size(), 7);
      for (int j = 0; j < 7; ++j)
        QCOMPARE(joints[j].toObject()["drifted"].toBool(), bool(driftReport.drifted[size_t(j)]));
    }
    // The CLI's closed loop on the wizard's file and the same log: the same tracking error.
    QCOMPARE(runCli({"closed-loop", "panda", json, validationLog_, "--json", "--plant", "description"}, &output), 0);
    {
      const QJsonObject v = QJsonDocument::fromJson(output.toUtf8()).object();
      const double cliMax = v["identified"].toObject()["max_error"].toDouble(-1.0);
      QVERIFY2(std::abs(cliMax - tracking.identified.maxError) <= 1e-6 * cliMax,
               qPrintable(
                   QString("cli %1, wizard %2").arg(cliMax, 0, 'g', 17).arg(tracking.identified.maxError, 0, 'g', 17)));
    }
    // The CLI validates the wizard's file: it is a real params.json.
    QCOMPARE(runCli({"validate", "panda", json, validationLog_, "--json"}, &output), 0);

    // The document round-trips with the results summary.
    IdentificationDocument copy;
    QVERIFY(copy.fromJson(wizard.document()->toJson()));
    QCOMPARE(copy.results()->parameters.size(), size_t(57));
    QCOMPARE(copy.logs().at(0).mapping.joints[6].tau, std::string("tau7"));
  }

  void theEmptyValidationChartHasFewRoundTicks() {
    // Before any validation the chart's axes show a 0..1 frame with a handful of labels (Qt's
    // default left them unset and the labels on top of each other).
    IdentificationWizard wizard(panda_, "panda");
    wizard.validatePage()->initializePage();
    auto* view = wizard.findChild<QChartView*>("validationChart");
    QVERIFY(view);
    for (QAbstractAxis* axis : view->chart()->axes()) {
      auto* category = qobject_cast<QCategoryAxis*>(axis);
      QVERIFY(category);
      const QStringList labels = category->categoriesLabels();
      QVERIFY2(labels.size() >= 3 && labels.size() <= 12, qPrintable(labels.join(' ')));
      QVERIFY2(labels.contains("0"), qPrintable(labels.join(' ')));
      for (int k = 1; k < labels.size(); ++k)
        QVERIFY2(labels[k].toDouble() > labels[k - 1].toDouble(), qPrintable(labels.join(' ')));
    }
    QVERIFY(view->chart()->title().contains("choose a validation log"));
  }

  void settingRangesAreTheClisRanges() {
    // The wizard's boxes take the declared ranges, which the CLI's flags check too: a filter
    // order of 20 is accepted by both and 21 by neither (they once said 1..12 and 1..20).
    IdentificationWizard wizard(panda_, "panda");
    auto* order = wizard.findChild<QSpinBox*>("filterOrderSpin");
    auto* window = wizard.findChild<QSpinBox*>("savitzkyGolayWindowSpin");
    auto* poly = wizard.findChild<QSpinBox*>("savitzkyGolayOrderSpin");
    auto* ridge = wizard.findChild<QDoubleSpinBox*>("ridgeLambdaSpin");
    auto* gap = wizard.findChild<QDoubleSpinBox*>("gapStepsSpin");
    QVERIFY(order && window && poly && ridge && gap);
    QCOMPARE(order->maximum(), kFilterOrderSpec.maximum);
    QCOMPARE(order->minimum(), kFilterOrderSpec.minimum);
    QCOMPARE(window->minimum(), kSavitzkyGolayWindowSpec.minimum);
    QCOMPARE(window->maximum(), kSavitzkyGolayWindowSpec.maximum);
    QCOMPARE(poly->maximum(), kSavitzkyGolayOrderSpec.maximum);
    QCOMPARE(ridge->maximum(), kRidgeLambdaSpec.maximum);
    QCOMPARE(gap->minimum(), kGapStepsSpec.minimum);
    QString output;
    QVERIFY(runCli({"identify", "panda", trainLog_, "--out", dir_.filePath("range.json"), "--quiet", "--filter-order",
                    QString::number(kFilterOrderSpec.maximum)},
                   &output) == 0);
    QVERIFY(runCli({"identify", "panda", trainLog_, "--out", dir_.filePath("range.json"), "--quiet", "--filter-order",
                    QString::number(kFilterOrderSpec.maximum + 1)},
                   &output) != 0);
    QVERIFY2(output.contains("--filter-order"), qPrintable(output));
  }

  void changingOnlyTheMethodReusesTheAccumulatedLogs() {
    IdentificationWizard wizard(panda_, "panda");
    wizard.show();  // a QWizard starts at its first page when shown
    wizard.addLogs({trainLog_});
    QTRY_VERIFY_WITH_TIMEOUT(wizard.importPage()->isComplete(), 30000);
    wizard.next();
    QSignalSpy finished(&wizard, &IdentificationWizard::estimationFinished);
    wizard.next();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 120000);
    const auto ols = wizard.estimate();
    QVERIFY(ols);
    auto* method = wizard.findChild<QComboBox*>("methodCombo");
    method->setCurrentIndex(method->findData(static_cast<int>(EstimationMethod::Wls)));
    QVERIFY(!wizard.estimate());               // stale results are dropped at once
    QVERIFY(!wizard.document()->results());
    QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
    wizard.startEstimation();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 2, 60000);
    const auto wls = wizard.estimate();
    QVERIFY(wls);
    QCOMPARE(wls->logs.get(), ols->logs.get());  // same normal equations, not read again
    QCOMPARE(wls->estimate.method, EstimationMethod::Wls);
    QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
  }

  void estimatesOfEachMethodStaySideBySide() {
    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    EstimationSettings first = wizard.document()->estimation();
    first.estimation.method = EstimationMethod::Ols;
    wizard.document()->setEstimation(first);
    wizard.addLogs({trainLog_});
    QTRY_VERIFY_WITH_TIMEOUT(wizard.importPage()->isComplete(), 30000);
    wizard.next();
    QSignalSpy finished(&wizard, &IdentificationWizard::estimationFinished);
    wizard.next();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 120000);
    const auto ols = wizard.estimate();
    QVERIFY(ols && ols->estimate.method == EstimationMethod::Ols);
    auto* method = wizard.findChild<QComboBox*>("methodCombo");
    method->setCurrentIndex(method->findData(static_cast<int>(EstimationMethod::Consistent)));
    wizard.startEstimation();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 2, 300000);
    const auto consistent = wizard.estimate();
    QVERIFY(consistent && consistent->estimate.fullParameters);

    // Both side by side, the live (consistent) one marked as exported.
    EstimateComparisonTable* comparison = wizard.estimatePage()->comparison();
    QTableWidget* table = comparison->table();
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(comparison->exportedRow(), 1);
    QCOMPARE(table->item(1, 0)->text(), QString("exported"));
    QVERIFY(table->item(0, 0)->text().isEmpty());
    QVERIFY2(table->item(0, 1)->text().contains("OLS"), qPrintable(table->item(0, 1)->text()));
    QCOMPARE(table->item(0, 2)->text(), QString("viscous + Coulomb"));
    QCOMPARE(table->item(0, 3)->text(), formatNumber(ols->estimate.condition, 4));
    QCOMPARE(table->item(0, 4)->text(), QString("not checked"));
    const auto plausible = std::count_if(consistent->plausibility.begin(), consistent->plausibility.end(),
                                         [](const BodyPlausibility& b) { return b.plausible(); });
    QCOMPARE(table->item(1, 4)->text(), QString("%1 of %2").arg(plausible).arg(consistent->plausibility.size()));
    // NRMSE per joint: the residual RMS the estimate reports over the RMS torque of its samples.
    for (const auto& [row, e] : {std::pair{0, ols}, std::pair{1, consistent}}) {
      const NormalEquations& eq = e->logs->equations;
      for (int j = 0; j < panda_.dof(); ++j) {
        const double expected =
            100.0 * e->estimate.residualRms[j] / std::sqrt(eq.tauSquares[j] / static_cast<double>(eq.samples));
        QCOMPARE(table->item(row, 5 + j)->text(), QString::number(expected, 'f', 2));
      }
    }
    // OLS fits these samples at least as well as any constrained estimate, joint by joint on the sum.
    double olsSum = 0.0, consistentSum = 0.0;
    for (int j = 0; j < panda_.dof(); ++j) {
      olsSum += std::pow(ols->estimate.residualRms[j], 2);
      consistentSum += std::pow(consistent->estimate.residualRms[j], 2);
    }
    QVERIFY(olsSum <= consistentSum * (1.0 + 1e-12));

    // Choosing OLS again makes the same estimate live, without a new run; it is what is exported.
    comparison->choose(0);
    QCOMPARE(wizard.estimate().get(), ols.get());
    QCOMPARE(finished.count(), 2);
    QCOMPARE(method->currentData().toInt(), static_cast<int>(EstimationMethod::Ols));
    QCOMPARE(comparison->exportedRow(), 0);
    QCOMPARE(table->item(0, 0)->text(), QString("exported"));
    QVERIFY(wizard.document()->results());
    QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
    const QString path = dir_.filePath("side_by_side_ols.json");
    QString error;
    QVERIFY2(wizard.exportParameters(ExportFormat::Json, path, &error), qPrintable(error));
    const IdentifiedParameters exported = readParamsJson(path.toStdString());
    QCOMPARE(exported.values.size(), ols->estimate.values.size());
    QVERIFY((exported.values - ols->estimate.values).cwiseAbs().maxCoeff() <=
            1e-12 * ols->estimate.values.cwiseAbs().maxCoeff());

    // Other logs: the estimates were made on data that is no longer there.
    wizard.importPage()->removeLog(0);
    QVERIFY(wizard.session()->estimates().empty());
    QCOMPARE(table->rowCount(), 0);
  }

  void reportIsTheClisForTheSameEstimate() {
    const QString cliParams = dir_.filePath("report_cli.json"), cliReport = dir_.filePath("report_cli.html");
    QString output;
    QCOMPARE(runCli({"identify", "panda", trainLog_, "--method", "ols", "--out", cliParams, "--report", cliReport,
                     "--quiet"},
                    &output),
             0);
    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    EstimationSettings ols = wizard.document()->estimation();
    ols.estimation.method = EstimationMethod::Ols;
    wizard.document()->setEstimation(ols);
    wizard.addLogs({trainLog_});
    QTRY_VERIFY_WITH_TIMEOUT(wizard.importPage()->isComplete(), 30000);
    QSignalSpy finished(&wizard, &IdentificationWizard::estimationFinished);
    wizard.next();
    wizard.next();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 120000);
    wizard.next();
    wizard.next();
    QCOMPARE(wizard.currentId(), int(IdentificationWizard::ExportPageId));
    const QString wizardReport = dir_.filePath("report_wizard.html");
    QSignalSpy exported(wizard.exportPage(), &ExportPage::exported);
    QString error;
    QVERIFY2(wizard.exportParameters(ExportFormat::Report, wizardReport, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() == 1, 120000);
    // The same page, but for the row naming the params.json the CLI wrote beside it.
    const auto withoutParamsFile = [](const QString& path) {
      QStringList lines = readLines(path);
      lines.erase(std::remove_if(lines.begin(), lines.end(),
                                 [](const QString& l) { return l.contains("parameter file"); }),
                  lines.end());
      return lines;
    };
    const QStringList fromCli = withoutParamsFile(cliReport), fromWizard = withoutParamsFile(wizardReport);
    QVERIFY(fromCli.size() > 50);
    QCOMPARE(fromWizard.size(), fromCli.size());
    for (int i = 0; i < fromCli.size(); ++i)
      QVERIFY2(fromWizard[i] == fromCli[i],
               qPrintable(QString("line %1:\n cli    %2\n wizard %3").arg(i + 1).arg(fromCli[i].left(300), fromWizard[i].left(300))));
  }

  void aMissingTorqueOffsetIsNamedInTheNotes() {
    // Joint 1's torque sensor reads 4 N m too much (the base joint: no gravity to hide it in).
    // Estimated without an offset column, the notes name it as the CLI's warnings do; with
    // the Torque offset box ticked, the model explains it and the note goes.
    QStringList lines = readLines(trainLog_);
    const int tau1 = lines[0].split(',').indexOf("tau1");
    QVERIFY(tau1 > 0);
    for (int i = 1; i < lines.size(); ++i) {
      QStringList fields = lines[i].split(',');
      fields[tau1] = QString::number(fields[tau1].toDouble() + 4.0, 'g', 17);
      lines[i] = fields.join(',');
    }
    const QString offsetLog = dir_.filePath("offset.csv");
    writeLines(offsetLog, lines);

    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    wizard.addLogs({offsetLog});
    QTRY_VERIFY_WITH_TIMEOUT(wizard.importPage()->isComplete(), 30000);
    wizard.next();
    QSignalSpy finished(&wizard, &IdentificationWizard::estimationFinished);
    wizard.next();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 120000);
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(2).toString()));
    auto* notes = wizard.findChild<QPlainTextEdit*>("estimateNotes");
    QVERIFY(notes);
    const QString finding = "warning: the residual of joint 1 (panda_joint1) has a mean of ";
    QVERIFY2(notes->toPlainText().contains(finding) && notes->toPlainText().contains("torque-sensor offset"),
             qPrintable(notes->toPlainText()));
    QCOMPARE(static_cast<int>(wizard.estimate()->warnings.size()), 1);
    QCOMPARE(QString::fromStdString(wizard.estimate()->warnings[0].file), offsetLog);
    // The CLI on the same log says the same.
    QString output;
    QCOMPARE(runCli({"identify", "panda", offsetLog, "--out", dir_.filePath("offset.json")}, &output), 0);
    QVERIFY2(output.contains(offsetLog + ": " + finding.mid(QString("warning: ").size())), qPrintable(output));

    wizard.findChild<QCheckBox*>("offsetCheck")->setChecked(true);
    wizard.startEstimation();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 2, 120000);
    QVERIFY2(finished.at(1).at(0).toBool(), qPrintable(finished.at(1).at(2).toString()));
    QVERIFY(wizard.estimate()->warnings.empty());
    QVERIFY2(!notes->toPlainText().contains("torque-sensor offset"), qPrintable(notes->toPlainText()));
  }

  void frictionModelsAreComparedOnHeldOutSeconds() {
    // The simulated log has sign(qd) Coulomb friction: the comparison lists the five models
    // with a held-out NRMSE per joint, marks one best, and plain Coulomb is within 1 % of it.
    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    wizard.addLogs({trainLog_});
    QTRY_VERIFY_WITH_TIMEOUT(wizard.importPage()->isComplete(), 30000);
    wizard.next();
    QSignalSpy finished(&wizard, &IdentificationWizard::estimationFinished);
    wizard.next();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 120000);
    auto* view = wizard.findChild<FrictionComparisonView*>();
    QVERIFY(view);
    QSignalSpy compared(view, &FrictionComparisonView::comparisonFinished);
    QTest::mouseClick(view->compareButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(compared.count() == 1, 120000);
    QVERIFY(compared.at(0).at(0).toBool());
    QTableWidget* table = view->table();
    QCOMPARE(table->rowCount(), 5);
    QCOMPARE(table->columnCount(), 3);
    int best = -1;
    double coulomb = 0.0, bestScore = 0.0;
    for (int row = 0; row < 5; ++row) {
      const QString name = table->item(row, 0)->text();
      const double score = table->item(row, 1)->text().toDouble();
      if (name.contains("(best)")) {
        QCOMPARE(best, -1);
        best = row;
        bestScore = score;
      }
      if (name.endsWith("+ Coulomb") || name.endsWith("+ Coulomb (best)")) coulomb = score;
      const QStringList perJoint = table->item(row, 2)->text().split(' ', Qt::SkipEmptyParts);
      QCOMPARE(perJoint.size(), 7);
      for (const QString& v : perJoint) QVERIFY(v.toDouble() > 0.0);
    }
    QVERIFY(best >= 0);
    QVERIFY2(coulomb > 0.0 && coulomb <= 1.01 * bestScore, qPrintable(QString("Coulomb %1, best %2").arg(coulomb).arg(bestScore)));

    // The smooth model, chosen for the estimate: its per joint widths reach the regression and
    // the exported params.json, which the CLI validates with them.
    int smooth = -1;
    for (int row = 0; row < 5; ++row)
      if (table->item(row, 0)->toolTip().contains("smooth Coulomb")) smooth = row;
    QVERIFY(smooth >= 0);
    table->setCurrentCell(smooth, 0);
    QTest::mouseClick(view->useButton(), Qt::LeftButton);
    const EstimationSettings chosen = wizard.document()->estimation();
    QCOMPARE(chosen.regressor.coulombWidths.size(), size_t(7));
    QVERIFY(QString::fromStdString(chosen.frictionModel).contains("smooth Coulomb"));
    QVERIFY(wizard.findChild<QLabel*>("frictionModelLabel")->text().contains("smooth Coulomb"));
    QVERIFY(!wizard.estimate());  // the old model's results are dropped
    wizard.startEstimation();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 2, 120000);
    QVERIFY(wizard.estimate());
    QVERIFY(wizard.estimate()->logs->base.options.coulombWidths == chosen.regressor.coulombWidths);
    const QString json = dir_.filePath("smooth.json");
    QString error;
    QVERIFY2(wizard.exportParameters(ExportFormat::Json, json, &error), qPrintable(error));
    QVERIFY(readParamsJson(json.toStdString()).options.coulombWidths == chosen.regressor.coulombWidths);
    QString output;
    QCOMPARE(runCli({"validate", "panda", json, validationLog_}, &output), 0);
    // The session file keeps the choice.
    IdentificationDocument copy;
    QVERIFY2(copy.fromJson(wizard.document()->toJson(), {}, &error), qPrintable(error));
    QVERIFY(copy.estimation() == chosen);
    // Ticking a friction box by hand goes back to the plain shapes.
    wizard.findChild<QCheckBox*>("coulombCheck")->setChecked(false);
    QVERIFY(wizard.document()->estimation().regressor.coulombWidths.empty());
    QVERIFY(wizard.document()->estimation().frictionModel.empty());
  }

  void consistentEstimateExportsTheUrdf() {
    const QString cliParams = dir_.filePath("cli_consistent.json");
    QString output;
    QCOMPARE(runCli({"identify", "panda", trainLog_, "--out", cliParams, "--method", "consistent", "--quiet"}, &output), 0);
    const IdentifiedParameters cli = readParamsJson(cliParams.toStdString());

    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    EstimationSettings est = wizard.document()->estimation();
    est.estimation.method = EstimationMethod::Consistent;
    wizard.document()->setEstimation(est);
    wizard.addLogs({trainLog_});
    QTRY_VERIFY_WITH_TIMEOUT(wizard.importPage()->isComplete(), 30000);
    QSignalSpy finished(&wizard, &IdentificationWizard::estimationFinished);
    wizard.next();
    wizard.next();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 300000);
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(2).toString()));
    const auto estimate = wizard.estimate();
    QVERIFY(estimate && estimate->estimate.fullParameters);
    for (Eigen::Index k = 0; k < cli.values.size(); ++k)
      QVERIFY2(std::abs(estimate->estimate.values[k] - cli.values[k]) <= 1e-9 * std::abs(cli.values[k]) ||
                   estimate->estimate.values[k] == cli.values[k],
               qPrintable(QString("%1: wizard %2, cli %3").arg(QString::fromStdString(cli.names[size_t(k)]))
                              .arg(estimate->estimate.values[k], 0, 'g', 17).arg(cli.values[k], 0, 'g', 17)));
    checkConsistentResultsShown(wizard);
    wizard.next();
    wizard.next();
    QCOMPARE(wizard.currentId(), int(IdentificationWizard::ExportPageId));
    QVERIFY(wizard.findChild<QPushButton*>("exportUrdfButton")->isEnabled());
    const QString urdf = dir_.filePath("panda_identified.urdf");
    QString error;
    QVERIFY2(wizard.exportParameters(ExportFormat::Urdf, urdf, &error), qPrintable(error));
    // The file is a robot again, carrying the identified inertials.
    const RobotModel identified = loadRobot(urdf.toStdString());
    QCOMPARE(identified.dof(), 7);
    // The estimate's inertials, the parameters the data did not see at the model's values
    // (identified_dynamics.hpp): the same file as the CLI's export of the same estimate.
    const Eigen::VectorXd theta = estimate->estimate.fullParameters->head(10 * panda_.bodyCount());
    QVERIFY((identified.standardParameters() - theta).cwiseAbs().maxCoeff() > 1e-9 * theta.cwiseAbs().maxCoeff());
    QCOMPARE(runCli({"export", cliParams, "--robot", "panda", "--out", dir_.filePath("cli.urdf")}, &output), 0);
    const Eigen::VectorXd cliTheta = loadRobot(dir_.filePath("cli.urdf").toStdString()).standardParameters();
    QVERIFY2((identified.standardParameters() - cliTheta).cwiseAbs().maxCoeff() < 1e-9 * cliTheta.cwiseAbs().maxCoeff(),
             qPrintable(output));
  }

  void plausibilityTableShowsAnImplausibleLink() {
    // The Panda's own parameters with link 3 far too heavy for its geometry: its row says NOT
    // plausible and why, in the row and in the line under the table; the shares are the
    // CLI's groups (mass, mean of the 3 first moments, mean of the 6 inertia entries).
    BaseEstimate e;
    Eigen::VectorXd theta = panda_.standardParameters();
    theta.segment(10 * 3, 4) *= 1000.0;  // mass and first moments: same COM, 1000 x the mass
    e.fullParameters = theta;
    Eigen::VectorXd share = Eigen::VectorXd::Constant(theta.size(), 0.5);
    share.segment(10 * 3, 4) << 1.0, 0.9, 0.6, 0.3;  // mass 100 %, COM mean 60 %
    e.dataShare = share;
    const std::vector<ReportLink> links = linkResults(panda_, e, checkPlausibility(panda_, theta, bodyGeometryBounds(panda_)));
    QCOMPARE(int(links.size()), panda_.bodyCount());
    QVERIFY(!links[3].plausible && !links[3].problems.empty());
    QVERIFY(links[3].dataShare.has_value());
    QCOMPARE((*links[3].dataShare)[0], 1.0);
    QVERIFY(std::abs((*links[3].dataShare)[1] - 0.6) < 1e-12);
    QCOMPARE(links[3].mass, 1000.0 * panda_.standardParameters()[30]);

    widgets::PlausibilityTable view;
    view.setLinks(links);
    view.show();
    auto* table = view.findChild<QTableWidget*>("plausibilityTable");
    QCOMPARE(table->rowCount(), panda_.bodyCount());
    QCOMPARE(table->item(3, widgets::PlausibilityTable::CMark)->text(), QString("✗ NOT plausible"));
    QCOMPARE(table->item(3, widgets::PlausibilityTable::CMassShare)->text(), QString("100"));
    QCOMPARE(table->item(3, widgets::PlausibilityTable::CComShare)->text(), QString("60"));
    QCOMPARE(table->item(2, widgets::PlausibilityTable::CComShare)->text(), QString("50"));
    const QString problem = QString::fromStdString(links[3].problems.front());
    QVERIFY(table->item(3, widgets::PlausibilityTable::CProblems)->text().contains(problem));
    QVERIFY(table->item(3, widgets::PlausibilityTable::CLink)->toolTip().contains(problem));
    auto* details = view.findChild<QTextEdit*>("plausibilityDetails");
    QVERIFY(details->isVisible());
    const QString detailText = details->toPlainText();
    QVERIFY2(detailText.contains(QString::fromStdString(links[3].name) + ": " + problem), qPrintable(detailText));
    for (const ReportLink& l : links) {
      const QString name = QString::fromStdString(l.name);
      QVERIFY2(detailText.contains(name + ": ") != l.plausible, qPrintable(name + " in the details: " + detailText));
    }
    int plausible = 0;
    for (const ReportLink& l : links) plausible += l.plausible;
    const QString summary = view.findChild<QLabel*>("plausibilitySummary")->text();
    QVERIFY2(summary.startsWith(QString("%1 of 7 links plausible").arg(plausible)), qPrintable(summary));
    QVERIFY(plausible < 7);

    // Nothing to show: the message instead of the table.
    view.setLinks({}, "needs the consistent method");
    QVERIFY(!table->isVisible());
    QCOMPARE(view.findChild<QLabel*>("plausibilitySummary")->text(), QString("needs the consistent method"));
  }

  void realLoggerFormats_data() {
    QTest::addColumn<QString>("robot");
    QTest::addColumn<QString>("file");
    QTest::addColumn<char>("delimiter");
    QTest::addColumn<char>("decimal");
    QTest::addColumn<QString>("q2");
    QTest::newRow("decimal comma, degrees") << "planar2r" << "decimal_comma_deg.csv" << ';' << ',' << "j2_pos [deg]";
    QTest::newRow("UR RTDE record.py") << "ur5" << "ur_rtde_record.csv" << ' ' << '.' << "actual_q_1";
    QTest::newRow("libfranka") << "panda" << "franka_log.csv" << ',' << '.' << "state.q[1]";
  }

  void realLoggerFormats() {
    QFETCH(QString, robot);
    QFETCH(QString, file);
    QFETCH(char, delimiter);
    QFETCH(char, decimal);
    QFETCH(QString, q2);
    IdentificationWizard wizard(builtinRobot(robot.toStdString()), robot);
    wizard.show();
    wizard.addLogs({QString::fromUtf8(eb::test_paths::kTestDataDir) + "/logs/" + file});
    ImportPage* import = wizard.importPage();
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    QVERIFY2(import->isComplete(), qPrintable(describe(import)));
    QCOMPARE(QString::fromStdString(wizard.document()->logs().at(0).mapping.joints.at(1).q), q2);
    auto* detected = wizard.findChild<QLabel*>("detectedFormatLabel");
    QVERIFY2(detected->text().contains(widgets::delimiterLabel(delimiter)), qPrintable(detected->text()));
    QVERIFY2(detected->text().contains(QString("decimal '%1'").arg(decimal)), qPrintable(detected->text()));

    // Forcing a wrong delimiter breaks the columns: listed as an error, Next disabled.
    auto* combo = wizard.findChild<QComboBox*>("delimiterCombo");
    combo->setCurrentIndex(combo->findData(int(delimiter == '\t' ? ',' : '\t')));
    QVERIFY(wizard.document()->logs().at(0).delimiter.has_value());
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    QVERIFY2(findError(import), qPrintable(describe(import)));
    QVERIFY(!import->isComplete());
    // Back to automatic detection: usable again.
    combo->setCurrentIndex(combo->findData(0));
    import->findChild<QPushButton*>("guessMappingButton")->click();
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    QVERIFY2(import->isComplete(), qPrintable(describe(import)));
  }

  void aJitteredLogWithGapsIsReadAndItsTimeAxisShown() {
    // A hardware-like log: jittered stamps, three gaps, a logger restart (excitebench-cli simulate).
    const QString ex = dir_.filePath("jitter_excitation.json");
    // A 10 s period: the reset at 6 s falls inside the log.
    QCOMPARE(runCli({"design", "planar2r", "--out", ex, "--time-limit", "1", "--period", "10"}), 0);
    const QString log = dir_.filePath("jittered.csv");
    QString output;
    QCOMPARE(runCli({"simulate", "planar2r", ex, "--out", log, "--jitter", "0.3", "--gaps", "3", "--reset-at", "6",
                     "--noise-torque", "0.01"},
                    &output),
             0);
    const RobotModel planar = builtinRobot("planar2r");
    IdentificationWizard wizard(planar, "planar2r");
    wizard.show();
    wizard.addLogs({log});
    ImportPage* import = wizard.importPage();
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    QVERIFY2(import->isComplete(), qPrintable(describe(import)));
    // Said once, as a warning (the log was split), not once per late sample.
    int timeLines = 0;
    for (const Diagnostic& p : import->problems())
      if (diagnosticText(p).startsWith("time axis: ")) {
        ++timeLines;
        QCOMPARE(p.severity, Severity::Warning);
        QVERIFY2(diagnosticText(p).contains("in 5 segments: 3 gaps over 5 steps"), qPrintable(diagnosticText(p)));
        QVERIFY2(diagnosticText(p).contains("1 time reset"), qPrintable(diagnosticText(p)));
      }
    QCOMPARE(timeLines, 1);
    auto* chart = wizard.findChild<eb::widgets::TimeStepChart*>();
    QVERIFY(chart);
    QVERIFY2(chart->summaryText().contains("Hz nominal"), qPrintable(chart->summaryText()));
    QVERIFY(chart->stepsShown() > 9000);
    // The preview is what the estimate uses: resampled, five segments, ends trimmed.
    wizard.next();
    PreprocessPage* pre = wizard.preprocessPage();
    QTRY_VERIFY_WITH_TIMEOUT(!pre->isBusy(), 30000);
    auto* info = wizard.findChild<QLabel*>("preprocessInfo");
    QVERIFY2(info->text().contains("resampled onto a uniform"), qPrintable(info->text()));
    QVERIFY2(info->text().contains("5 segments filtered on their own, 0.1 s trimmed at each end"),
             qPrintable(info->text()));
  }

  void aMappingFileMapsAHeaderlessLog() {
    // The training log without its header line: unreadable by name; a mapping file saved from
    // the same logger's log (or a layout) maps it.
    QStringList lines = readLines(trainLog_);
    const QStringList header = lines.takeFirst().split(',');
    const QString headerless = dir_.filePath("headerless.csv");
    writeLines(headerless, lines);
    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    ImportPage* import = wizard.importPage();
    wizard.addLogs({trainLog_});
    QTRY_VERIFY_WITH_TIMEOUT(import->isComplete(), 30000);
    const QString saved = dir_.filePath("panda_logger.json");
    QString error;
    QVERIFY2(import->saveMapping(saved, &error), qPrintable(error));
    const LogMappingFile file = readLogMappingFile(saved.toStdString());
    QVERIFY(file.mapping.has_value());
    QCOMPARE(QString::fromStdString(file.mapping->joints.at(2).tau), QString("tau3"));

    // A layout in the file, for the headerless copy: t, q1..7, tau1..7, qd1..7, qdd1..7 by position.
    QCOMPARE(header.mid(0, 2), QStringList({"t", "q1"}));
    LogMappingFile layout;
    layout.columns = "t,q1..q7,tau1..tau7,qd1..qd7,qdd1..qdd7";
    const QString layoutFile = dir_.filePath("layout.json");
    writeLogMappingFile(layoutFile.toStdString(), layout);
    import->removeLog(0);
    wizard.addLogs({headerless});
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    QVERIFY2(import->loadMapping(layoutFile, &error), qPrintable(error));
    QVERIFY(wizard.document()->logs().at(0).mappingEdited);
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    QVERIFY2(import->isComplete(), qPrintable(describe(import)));
    QCOMPARE(QString::fromStdString(wizard.document()->logs().at(0).mapping.joints.at(6).tau), QString("column15"));
    // A file that does not fit says why and changes nothing.
    QVERIFY(!import->loadMapping(dir_.filePath("missing.json"), &error));
    QVERIFY2(error.contains("missing.json"), qPrintable(error));
  }

  void invalidPreprocessingIsShownOnThePage() {
    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    wizard.addLogs({trainLog_});
    QTRY_VERIFY_WITH_TIMEOUT(wizard.importPage()->isComplete(), 30000);
    wizard.next();
    PreprocessPage* pre = wizard.preprocessPage();
    QTRY_VERIFY_WITH_TIMEOUT(!pre->isBusy(), 30000);
    auto* cutoff = wizard.findChild<QDoubleSpinBox*>("cutoffSpin");
    auto* info = wizard.findChild<QLabel*>("preprocessInfo");
    auto* error = wizard.findChild<QLabel*>("preprocessError");
    QVERIFY2(info->text().contains("cutoff 5 Hz"), qPrintable(info->text()));
    cutoff->setValue(2.0);
    QCOMPARE(wizard.document()->preprocessing().preprocess.cutoffHz, 2.0);
    QTRY_VERIFY_WITH_TIMEOUT(!pre->isBusy(), 30000);
    QVERIFY2(info->text().contains("cutoff 2 Hz"), qPrintable(info->text()));
    // Above the Nyquist frequency (500 Hz): the filter cannot be designed.
    cutoff->setValue(700.0);
    QTRY_VERIFY_WITH_TIMEOUT(!pre->isBusy(), 30000);
    QVERIFY2(!error->text().isEmpty(), "no error shown");
    QVERIFY(!pre->isComplete());
    QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
    cutoff->setValue(4.0);
    QTRY_VERIFY_WITH_TIMEOUT(!pre->isBusy(), 30000);
    QVERIFY(error->text().isEmpty());
    QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
    // Savitzky-Golay derivatives.
    auto* diff = wizard.findChild<QComboBox*>("differentiatorCombo");
    diff->setCurrentIndex(diff->findData(static_cast<int>(Differentiator::SavitzkyGolay)));
    QCOMPARE(wizard.document()->preprocessing().preprocess.differentiator, Differentiator::SavitzkyGolay);
    QTRY_VERIFY_WITH_TIMEOUT(!pre->isBusy(), 30000);
    QVERIFY(error->text().isEmpty());
    QVERIFY(pre->seriesPointCount(2, 1) > 1000);
  }

  void badValueIsListedWithItsLine() {
    // A NaN in data row 150 (file line 151): the importer stops there and names line and column.
    const QString bad = dir_.filePath("nan.csv");
    writeLogWithField(trainLog_, bad, 151, 3, "nan");  // q3

    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    wizard.addLogs({bad});
    ImportPage* import = wizard.importPage();
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    const Diagnostic* error = findError(import);
    QVERIFY2(error, qPrintable(describe(import)));
    QCOMPARE(error->line, std::size_t(151));
    QVERIFY2(diagnosticText(*error).contains("q3"), qPrintable(diagnosticText(*error)));
    QVERIFY(!import->isComplete());
    QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
    // The row is visible in the preview, its bad cell marked.
    auto* preview = wizard.findChild<QTableWidget*>("previewTable");
    QCOMPARE(preview->verticalHeaderItem(149)->text(), QString("151"));
    QVERIFY(preview->item(149, 3)->background().style() != Qt::NoBrush);

    // Still usable: drop the bad log, add a good one, go on.
    import->removeLog(0);
    wizard.addLogs({trainLog_});
    QTRY_VERIFY_WITH_TIMEOUT(import->isComplete(), 30000);
    QVERIFY(!findError(import));
    QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
  }

  void missingColumnIsListedAndCanBeMappedByHand() {
    // No tau3 column: the mapping cannot be complete; the header line is named.
    QVERIFY(readLines(trainLog_).at(0).split(',').indexOf("tau3") > 0);
    const QString missing = dir_.filePath("no_tau3.csv");
    writeLines(missing, withoutColumn(readLines(trainLog_), "tau3"));

    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    wizard.addLogs({missing});
    ImportPage* import = wizard.importPage();
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    const Diagnostic* error = findError(import);
    QVERIFY2(error, qPrintable(describe(import)));
    QCOMPARE(error->line, std::size_t(1));
    QVERIFY2(diagnosticText(*error).contains("tau") || diagnosticText(*error).contains("torque"), qPrintable(diagnosticText(*error)));
    QVERIFY(!import->isComplete());

    // The user maps joint 3's torque by hand (here to the torque of joint 2): the log reads.
    auto* combo = wizard.findChild<QComboBox*>("map_tau_3");
    QVERIFY(combo);
    combo->setCurrentIndex(combo->findData(QString("tau2")));
    QVERIFY(wizard.document()->logs().at(0).mappingEdited);
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    QVERIFY2(import->isComplete(), qPrintable(describe(import)));
  }

  void reversedTorqueIsRefusedOnTheImportPageUntilTheSignsAreStated() {
    // Joints 2 and 4 logged with the opposite sign (a KUKA FRI-style driver): the Import page
    // runs the estimate's convention check and refuses before any estimate is made.
    QStringList lines = readLines(trainLog_);
    const QStringList header = lines.at(0).split(',');
    const int tau2 = int(header.indexOf("tau2")), tau4 = int(header.indexOf("tau4"));
    QVERIFY(tau2 > 0 && tau4 > 0);
    for (int i = 1; i < lines.size(); ++i) {
      QStringList f = lines[i].split(',');
      for (int k : {tau2, tau4}) f[k] = f[k].startsWith('-') ? f[k].mid(1) : "-" + f[k];
      lines[i] = f.join(',');
    }
    const QString reversed = dir_.filePath("reversed.csv");
    writeLines(reversed, lines);

    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    wizard.addLogs({reversed});
    ImportPage* import = wizard.importPage();
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    const Diagnostic* error = findError(import);
    QVERIFY2(error, qPrintable(describe(import)));
    QCOMPARE(QString::fromStdString(error->field), QString("torque sign"));
    QVERIFY2(diagnosticText(*error).contains("joints 2 (panda_joint2) and 4 (panda_joint4)"), qPrintable(diagnosticText(*error)));
    QVERIFY2(diagnosticText(*error).contains("--torque-sign 1,-1,1,-1,1,1,1"), qPrintable(diagnosticText(*error)));
    QVERIFY(!import->isComplete());

    // The user states the signs: the log reads as the original, nothing is left to say.
    auto* signs = wizard.findChild<QLineEdit*>("torqueSignsEdit");
    QVERIFY(signs);
    signs->setText("1, -1, 1, -1, 1, 1, 1");
    emit signs->editingFinished();
    QCOMPARE(wizard.document()->import().torqueSigns, (std::vector<double>{1, -1, 1, -1, 1, 1, 1}));
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    QTRY_VERIFY2_WITH_TIMEOUT(import->isComplete(), qPrintable(describe(import)), 30000);
    QVERIFY(!findError(import));
    for (const Diagnostic& p : import->problems()) QVERIFY2(p.field != "torque sign", qPrintable(diagnosticText(p)));
  }

  void torqueConstantsScaleAHandMappedCurrentLog() {
    // A headerless-style current log (columns named c1.., nothing to recognise): each joint's
    // column holds tau_j / k_j. The user maps the columns by hand and types the torque
    // constants: every joint's torque scale becomes k_j, whichever comes first, and the
    // estimate is in N m (its base parameters match the torque log's).
    const double k[7] = {10.0, 10.7, 8.5, 9.0, 9.5, 10.1, 7.2};
    QStringList lines = readLines(trainLog_);
    const QStringList header = lines.at(0).split(',');
    QStringList names;
    for (int c = 0; c < header.size(); ++c) names << QString("c%1").arg(c + 1);
    for (int r = 1; r < lines.size(); ++r) {
      QStringList v = lines[r].split(',');
      for (int j = 0; j < 7; ++j) {
        const int c = header.indexOf(QString("tau%1").arg(j + 1));
        v[c] = QString::number(v[c].toDouble() / k[j], 'g', 17);
      }
      lines[r] = v.join(',');
    }
    lines[0] = names.join(',');
    const QString currents = dir_.filePath("currents.csv");
    writeLines(currents, lines);

    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    wizard.addLogs({currents});
    ImportPage* import = wizard.importPage();
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    auto pick = [&](const QString& object, const QString& column) {
      auto* combo = wizard.findChild<QComboBox*>(object);
      QVERIFY2(combo, qPrintable(object));
      const int index = combo->findData(column);
      QVERIFY2(index >= 0, qPrintable(object + " " + column));
      combo->setCurrentIndex(index);
    };
    auto columnOf = [&](const QString& name) { return names.at(header.indexOf(name)); };
    pick("timeColumnCombo", columnOf("t"));
    for (int j = 1; j <= 7; ++j) pick(QString("map_q_%1").arg(j), columnOf(QString("q%1").arg(j)));
    for (int j = 1; j <= 6; ++j) pick(QString("map_tau_%1").arg(j), columnOf(QString("tau%1").arg(j)));
    QVERIFY(wizard.document()->logs().at(0).mappingEdited);
    // The constants are typed after six torque columns were mapped, before the seventh.
    auto* constants = wizard.findChild<QLineEdit*>("torqueConstantsEdit");
    QVERIFY(constants);
    constants->setText("10, 10.7, 8.5, 9, 9.5, 10.1, 7.2");
    emit constants->editingFinished();
    pick("map_tau_7", columnOf("tau7"));
    const LogColumnMapping& m = wizard.document()->logs().at(0).mapping;
    for (int j = 0; j < 7; ++j) QCOMPARE(m.joints[size_t(j)].torqueScale, k[j]);
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    QVERIFY2(import->isComplete(), qPrintable(describe(import)));
    // A scale typed in the mapping is the user's: new constants leave it.
    auto* scale = wizard.findChild<QDoubleSpinBox*>("map_scale_2");
    QVERIFY(scale);
    scale->setValue(11.0);
    emit scale->editingFinished();
    constants->setText("10, 10.7, 8.5, 9, 9.5, 10.1, 7.3");
    emit constants->editingFinished();
    QCOMPARE(wizard.document()->logs().at(0).mapping.joints[1].torqueScale, 11.0);
    QCOMPARE(wizard.document()->logs().at(0).mapping.joints[6].torqueScale, 7.3);
    scale->setValue(10.7);
    emit scale->editingFinished();
    constants->setText("10, 10.7, 8.5, 9, 9.5, 10.1, 7.2");
    emit constants->editingFinished();
    QCOMPARE(wizard.document()->logs().at(0).mapping.joints[6].torqueScale, 7.2);

    // The estimate, in N m: the base parameters of the CLI on the torque log (the currents carry
    // 17 digits; both differentiate q, the CLI by default and the wizard for want of qd columns).
    const QString cliParams = dir_.filePath("cli_torques.json");
    QCOMPARE(runCli({"identify", "panda", trainLog_, "--out", cliParams, "--quiet"}, nullptr), 0);
    const IdentifiedParameters cli = readParamsJson(cliParams.toStdString());
    QSignalSpy finished(&wizard, &IdentificationWizard::estimationFinished);
    wizard.next();
    QTRY_VERIFY_WITH_TIMEOUT(!wizard.preprocessPage()->isBusy(), 30000);
    wizard.next();
    QCOMPARE(wizard.currentId(), int(IdentificationWizard::EstimatePageId));
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 120000);
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(2).toString()));
    const auto estimate = wizard.estimate();
    QVERIFY(estimate);
    const Eigen::VectorXd& values = estimate->estimate.values;
    QCOMPARE(values.size(), cli.values.size());
    const double relative = (values - cli.values).norm() / cli.values.norm();
    QVERIFY2(relative < 1e-6, qPrintable(QString("relative difference %1").arg(relative)));
  }

  void aTypedLayoutMapsAHeaderlessCurrentLogAsTheCli() {
    // The training log as a logger without a header writes it: time in ms, positions in degrees,
    // motor currents tau_j / k_j, then the velocities and accelerations (skipped).
    const double k[7] = {10.0, 10.7, 8.5, 9.0, 9.5, 10.1, 7.2};
    const QString constantsText = "10,10.7,8.5,9,9.5,10.1,7.2";
    QStringList lines = readLines(trainLog_);
    const QStringList header = lines.takeFirst().split(',');
    QCOMPARE(header.mid(0, 9), QStringList({"t", "q1", "q2", "q3", "q4", "q5", "q6", "q7", "tau1"}));
    for (QString& line : lines) {
      QStringList v = line.split(',');
      v[0] = QString::number(1000.0 * v[0].toDouble(), 'g', 17);
      for (int j = 0; j < 7; ++j) {
        v[1 + j] = QString::number(v[1 + j].toDouble() * 180.0 / M_PI, 'g', 17);
        v[8 + j] = QString::number(v[8 + j].toDouble() / k[j], 'g', 17);
      }
      line = v.join(',');
    }
    const QString headerless = dir_.filePath("headerless_currents.csv");
    writeLines(headerless, lines);
    const QString layoutText = "t[ms], q1..q7[deg], i1..i7, _*14";

    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    ImportPage* import = wizard.importPage();
    wizard.addLogs({headerless});
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    QVERIFY(findError(import));  // no header, nothing recognised
    auto* field = wizard.findChild<QLineEdit*>("columnLayoutEdit");
    auto* apply = wizard.findChild<QPushButton*>("applyColumnLayoutButton");
    auto* message = wizard.findChild<QLabel*>("columnLayoutMessage");
    QVERIFY(field && apply && message);
    QVERIFY(field->isEnabled());

    // Typed before the torque constants: the currents read at scale 1 until they come, and it says so.
    field->setText(layoutText);
    QTest::mouseClick(apply, Qt::LeftButton);
    QVERIFY(wizard.document()->logs().at(0).mappingEdited);
    QVERIFY2(message->text().contains("scale 1"), qPrintable(message->text()));
    QCOMPARE(wizard.document()->logs().at(0).mapping.joints.at(0).tau, std::string("column9"));
    QCOMPARE(wizard.document()->logs().at(0).mapping.joints.at(6).torqueScale, 1.0);
    auto* constants = wizard.findChild<QLineEdit*>("torqueConstantsEdit");
    constants->setText(constantsText);
    emit constants->editingFinished();

    // The CLI's mapping: the engine's importer given the same layout and constants (--columns).
    LogImportOptions options;
    options.dof = 7;
    for (const Joint& j : panda_.joints()) options.jointNames.push_back(j.name);
    options.columnLayout = layoutText.toStdString();
    options.torqueConstants.assign(k, k + 7);
    const LogColumnMapping cli = LogBlockReader(headerless.toStdString(), options).mapping();
    auto sameAsCli = [&](const LogColumnMapping& m) {
      QCOMPARE(m.timeColumn, std::string("column1"));
      QCOMPARE(m.timeColumn, cli.timeColumn);
      QCOMPARE(m.timeUnit, TimeUnit::Milliseconds);
      QCOMPARE(m.positionUnit, PositionUnit::Degree);
      QCOMPARE(m.timeUnit, cli.timeUnit);
      QCOMPARE(m.positionUnit, cli.positionUnit);
      QCOMPARE(m.joints.size(), size_t(7));
      for (size_t j = 0; j < 7; ++j) {
        QCOMPARE(m.joints[j].name, cli.joints[j].name);
        QCOMPARE(m.joints[j].q, cli.joints[j].q);
        QCOMPARE(m.joints[j].qd, cli.joints[j].qd);
        QCOMPARE(m.joints[j].qdd, cli.joints[j].qdd);
        QCOMPARE(m.joints[j].tau, cli.joints[j].tau);
        QCOMPARE(m.joints[j].tau, "column" + std::to_string(9 + j));
        QCOMPARE(m.joints[j].torqueScale, k[j]);
        QCOMPARE(m.joints[j].torqueScale, cli.joints[j].torqueScale);
      }
    };
    sameAsCli(wizard.document()->logs().at(0).mapping);
    QCOMPARE(wizard.findChild<QComboBox*>("timeUnitCombo")->currentText(), QString("ms"));
    QCOMPARE(wizard.findChild<QComboBox*>("positionUnitCombo")->currentText(), QString("deg"));
    // Typed after the constants: the same mapping at once.
    QTest::mouseClick(apply, Qt::LeftButton);
    sameAsCli(wizard.document()->logs().at(0).mapping);
    QCOMPARE(message->text(), QString("Mapped by the layout."));

    // A malformed layout: one line naming the item, the mapping kept.
    field->setText("t[ms], q1..q7[deg], ix1..ix7");
    QTest::mouseClick(apply, Qt::LeftButton);
    QVERIFY2(message->isVisible() && message->text().contains("item 3 'ix1..ix7': not a column role"),
             qPrintable(message->text()));
    QVERIFY(!message->text().contains('\n'));
    sameAsCli(wizard.document()->logs().at(0).mapping);
    // One that parses but does not fit the robot: the engine's reason, the mapping kept.
    field->setText("t[ms], q1..q6[deg], i1..i6");
    QTest::mouseClick(apply, Qt::LeftButton);
    QVERIFY2(message->text().contains("names joints 1..6 but the robot has 7"), qPrintable(message->text()));
    sameAsCli(wizard.document()->logs().at(0).mapping);

    // The estimate: the CLI's with --columns and --torque-constants, value by value.
    QTRY_VERIFY_WITH_TIMEOUT(!import->isChecking(), 30000);
    QVERIFY2(import->isComplete(), qPrintable(describe(import)));
    const QString cliParams = dir_.filePath("cli_layout.json");
    QCOMPARE(runCli({"identify", "panda", headerless, "--columns", layoutText, "--torque-constants", constantsText,
                     "--out", cliParams, "--quiet"}),
             0);
    const IdentifiedParameters cliEstimate = readParamsJson(cliParams.toStdString());
    QSignalSpy finished(&wizard, &IdentificationWizard::estimationFinished);
    wizard.next();
    QTRY_VERIFY_WITH_TIMEOUT(!wizard.preprocessPage()->isBusy(), 30000);
    wizard.next();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 120000);
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(2).toString()));
    const auto estimate = wizard.estimate();
    QVERIFY(estimate);
    QCOMPARE(estimate->estimate.values.size(), cliEstimate.values.size());
    double worst = 0.0;
    for (Eigen::Index p = 0; p < cliEstimate.values.size(); ++p) {
      const double a = estimate->estimate.values[p], b = cliEstimate.values[p];
      worst = std::max(worst, a == b ? 0.0 : std::abs(a - b) / std::abs(b));
      QVERIFY2(std::abs(a - b) <= 1e-6 * std::abs(b) || a == b,
               qPrintable(QString("%1: wizard %2, cli %3")
                              .arg(QString::fromStdString(cliEstimate.names[size_t(p)]))
                              .arg(a, 0, 'g', 17)
                              .arg(b, 0, 'g', 17)));
    }
    qInfo("typed layout: largest relative difference to the CLI %g", worst);
  }

  void longEstimationCanBeCancelled() {
    // A long experiment: 12 periods of the default excitation (60 s at 1 kHz), read as three logs.
    QStringList logs;
    SimulatedRun run;
    run.cycles = 12;
    run.seed = 3;
    const QString first = dir_.filePath("long1.csv");
    writeSimulatedLog(panda_, first, run);
    logs << first;
    for (int k = 2; k <= 3; ++k) {
      const QString copy = dir_.filePath(QString("long%1.csv").arg(k));
      QVERIFY(QFile::copy(first, copy));
      logs << copy;
    }
    IdentificationWizard wizard(panda_, "panda");
    wizard.show();
    wizard.addLogs(logs);
    QTRY_VERIFY_WITH_TIMEOUT(wizard.importPage()->isComplete(), 60000);
    wizard.estimatePage()->setAutoStart(false);
    wizard.next();
    wizard.next();
    QCOMPARE(wizard.currentId(), int(IdentificationWizard::EstimatePageId));
    QSignalSpy finished(&wizard, &IdentificationWizard::estimationFinished);
    auto* bar = wizard.findChild<QProgressBar*>("estimateProgress");
    auto* cancel = wizard.findChild<QPushButton*>("cancelEstimateButton");
    auto* run2 = wizard.findChild<QPushButton*>("estimateButton");
    QVERIFY(!cancel->isEnabled());
    QTest::mouseClick(run2, Qt::LeftButton);
    QVERIFY(wizard.estimatePage()->isRunning());
    QVERIFY(cancel->isEnabled());
    // Wait for visible progress, then cancel.
    QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0, 30000);
    QVERIFY2(finished.isEmpty(), "the run ended before it could be cancelled: make the log longer");
    const int progressAtCancel = bar->value();
    QElapsedTimer timer;
    timer.start();
    QTest::mouseClick(cancel, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 10000);
    qInfo("cancelled at %d/1000, stopped after %lld ms", progressAtCancel, static_cast<long long>(timer.elapsed()));
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QCOMPARE(finished.at(0).at(1).toBool(), true);  // cancelled
    QVERIFY(!wizard.estimate());
    QVERIFY(!wizard.estimatePage()->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!wizard.isBusy(), 30000);  // the preprocess preview may still be finishing
    QVERIFY(run2->isEnabled());
    QVERIFY(!cancel->isEnabled());
    QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
    // Still usable: back, keep only one log, estimate to the end.
    wizard.back();
    wizard.back();
    wizard.importPage()->removeLog(2);
    wizard.importPage()->removeLog(1);
    QTRY_VERIFY_WITH_TIMEOUT(wizard.importPage()->isComplete(), 60000);
    wizard.next();
    wizard.next();
    QTest::mouseClick(run2, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 2, 120000);
    QVERIFY2(finished.at(1).at(0).toBool(), qPrintable(finished.at(1).at(2).toString()));
    QVERIFY(wizard.estimate());
  }

 private:
  // The estimate page after a consistent estimate of the simulated Panda log: the prior weight
  // chosen on held-out samples, and one row per link, each plausible (by construction).
  void checkConsistentResultsShown(const IdentificationWizard& wizard) {
    const auto estimate = wizard.estimate();
    const BaseEstimate& e = estimate->estimate;
    QVERIFY(e.priorWeight > 0.0);
    QVERIFY2(!e.priorWeightCurve.empty(), "the log has held-out samples: the weight is chosen on them");
    bool tried = false;
    for (const auto& [weight, score] : e.priorWeightCurve) tried = tried || weight == e.priorWeight;
    QVERIFY2(tried, "the weight used is one of those scored");
    auto* prior = wizard.findChild<QLabel*>("priorWeightLabel");
    QVERIFY(prior && prior->isVisible());
    const QString expected = QString("Prior weight %1</b>, chosen on held-out samples (%2 of %3)")
                                 .arg(QString::number(e.priorWeight, 'g', 3))
                                 .arg(estimate->logs->heldOutEquations.samples)
                                 .arg(e.samples);
    QVERIFY2(prior->text().contains(expected), qPrintable(prior->text() + "\nexpected: " + expected));
    QVERIFY(estimate->logs->heldOutEquations.samples > 0 && estimate->logs->heldOutEquations.samples < e.samples);

    QVERIFY(wizard.findChild<QWidget*>("plausibilityBox")->isVisible());
    auto* table = wizard.findChild<QTableWidget*>("plausibilityTable");
    QVERIFY(table && table->isVisible());
    QCOMPARE(panda_.bodyCount(), 7);
    QCOMPARE(table->rowCount(), 7);
    QVERIFY(e.dataShare && e.dataShare->size() >= 70);
    for (int b = 0; b < 7; ++b) {
      const QString link = QString::fromStdString(panda_.body(b).name);
      QCOMPARE(table->item(b, widgets::PlausibilityTable::CLink)->text(), link);
      const QString mark = table->item(b, widgets::PlausibilityTable::CMark)->text();
      QVERIFY2(mark.contains("plausible") && !mark.contains("NOT"),
               qPrintable(link + ": " + mark + " " + table->item(b, widgets::PlausibilityTable::CProblems)->text()));
      QCOMPARE(table->item(b, widgets::PlausibilityTable::CMass)->text(), QString::number((*e.fullParameters)[10 * b], 'g', 4));
      QCOMPARE(table->item(b, widgets::PlausibilityTable::CMassShare)->text(),
               QString::number(100.0 * (*e.dataShare)[10 * b], 'f', 0));
      QCOMPARE(table->item(b, widgets::PlausibilityTable::CInertiaShare)->text(),
               QString::number(100.0 * e.dataShare->segment(10 * b + 4, 6).mean(), 'f', 0));
    }
    auto* summary = wizard.findChild<QLabel*>("plausibilitySummary");
    QVERIFY2(summary->text().startsWith("7 of 7 links plausible"), qPrintable(summary->text()));
    QVERIFY(!wizard.findChild<QTextEdit*>("plausibilityDetails")->isVisible());
  }

  QTemporaryDir dir_;
  RobotModel panda_;
  QString trainLog_, validationLog_;
};

QTEST_MAIN(IdentificationWizardTest)
#include "test_identification_wizard.moc"
