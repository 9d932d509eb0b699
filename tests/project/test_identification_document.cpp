// IdentificationDocument: JSON round trip (relative paths, overrides, infinite
// deviations), refusal of foreign objects, engine settings, and the rule that
// settings edits drop the results they no longer describe.
#include "app/project/identification_document.hpp"

#include "util/input_error.hpp"

#include <QFile>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <functional>
#include <limits>

using namespace eb;
using namespace eb::project;

namespace {

LogSource sampleLog(const QString& path) {
  LogSource log;
  log.path = path;
  log.delimiter = ';';
  log.decimal = ',';
  log.mapping.timeColumn = "time";
  log.mapping.timeUnit = TimeUnit::Milliseconds;
  log.mapping.positionUnit = PositionUnit::Degree;
  for (int j = 0; j < 2; ++j) {
    JointColumns c;
    c.name = "joint" + std::to_string(j + 1);
    c.q = "pos" + std::to_string(j);
    c.tau = "cur" + std::to_string(j);
    c.torqueScale = 0.1 * (j + 1);
    log.mapping.joints.push_back(c);
  }
  log.mappingEdited = true;
  return log;
}

ResultsSummary sampleResults() {
  ResultsSummary r;
  r.method = EstimationMethod::Ridge;
  r.condition = 42.5;
  r.samples = 5001;
  r.parameters.push_back({"Izz1R", "Izz1 + Iyy2", 0.25, 0.01, 4.0});
  r.parameters.push_back({"fc2", "fc2", 0.0, 0.02, std::numeric_limits<double>::infinity()});
  r.joints.push_back({"joint1", 0.05, 0.051});
  return r;
}

}  // namespace

class IdentificationDocumentTest : public QObject {
  Q_OBJECT
 private slots:
  // The log's kind is worked out once per path (recognising a bag reads the file system), and
  // again when the path changes.
  void logKindIsWorkedOutOncePerPath() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString bag = dir.filePath("renamed.mat");
    {
      QFile f(bag);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(QByteArray("\x89MCAP0\r\n", 8));
    }
    LogSource log;
    log.path = bag;
    QVERIFY(log.isBag());
    QVERIFY(!log.isMat());
    QVERIFY(log.isNamed());
    QVERIFY(QFile::remove(bag));
    QVERIFY(log.isBag());  // not read again: the same path keeps its kind
    const LogSource copy = log;
    QVERIFY(copy.isBag());
    QVERIFY(copy == log);
    log.path = dir.filePath("run.csv");
    QCOMPARE(log.kind(), LogFileKind::DelimitedText);
    QVERIFY(!log.isNamed());
    log.path = bag;  // the file is gone now: only its name is left, and it ends in .mat
    QCOMPARE(log.kind(), LogFileKind::Mat);
  }

  void roundTripKeepsEverything() {
    QTemporaryDir dir;
    IdentificationDocument doc;
    doc.addLog(sampleLog(dir.filePath("logs/a.csv")));
    LogSource b;
    b.path = dir.filePath("b.mat");
    doc.addLog(b);
    PreprocessingSettings pre;
    pre.preprocess.cutoffHz = 7.5;
    pre.preprocess.filterOrder = 3;
    pre.preprocess.differentiator = Differentiator::SavitzkyGolay;
    pre.preprocess.savitzkyGolayWindow = 31;
    pre.useLoggedDerivatives = true;
    doc.setPreprocessing(pre);
    EstimationSettings est;
    est.estimation.method = EstimationMethod::Ridge;
    est.estimation.ridgeLambda = 1e-3;
    est.regressor.coulomb = false;
    est.regressor.armature = true;
    doc.setEstimation(est);
    doc.setValidationLog(dir.filePath("val.csv"));
    doc.setResults(sampleResults());
    ValidationSummary v;
    v.logPath = dir.filePath("val.csv");
    v.samples = 100;
    v.joints.push_back({"joint1", 0.1, 2.5, 0.3, 4.0});
    doc.setValidation(v);

    const QJsonObject json = doc.toJson(dir.path());
    QCOMPARE(json["format"].toString(), QString("excitebench-identification"));
    QCOMPARE(json["logs"].toArray()[0].toObject()["path"].toString(), QString("logs/a.csv"));  // relative
    QVERIFY(json["results"].toObject()["base_parameters"].toArray()[1].toObject()["rel_std_percent"].isNull());

    IdentificationDocument copy;
    QSignalSpy changed(&copy, &IdentificationDocument::changed);
    QString error;
    QVERIFY2(copy.fromJson(json, dir.path(), &error), qPrintable(error));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(copy.logs().size(), size_t(2));
    QVERIFY(copy.logs()[0] == doc.logs()[0]);
    QVERIFY(copy.logs()[1] == doc.logs()[1]);
    QVERIFY(copy.logs()[1].isMat());
    QVERIFY(copy.preprocessing() == doc.preprocessing());
    QVERIFY(copy.estimation() == doc.estimation());
    QCOMPARE(copy.validationLog(), doc.validationLog());
    QVERIFY(copy.results().has_value());
    QCOMPARE(copy.results()->parameters.size(), size_t(2));
    QCOMPARE(copy.results()->parameters[0].expression, QString("Izz1 + Iyy2"));
    QVERIFY(std::isinf(copy.results()->parameters[1].relativeStddev));
    QCOMPARE(copy.results()->condition, 42.5);
    QVERIFY(copy.validation().has_value());
    QCOMPARE(copy.validation()->joints[0].nrmse, 2.5);
    // Written again, the same object.
    QCOMPARE(copy.toJson(dir.path()), json);
  }

  void consistentResultsKeepThePriorWeightAndLinks() {
    ResultsSummary r = sampleResults();
    r.method = EstimationMethod::Consistent;
    r.consistent = true;
    r.priorWeight = 1e-5;
    r.priorWeightChosen = true;
    r.heldOutSamples = 960;
    r.priorWeightCurve = {{1e-4, 8.5}, {1e-5, 7.25}};
    ReportLink good, bad;
    good.name = "link1";
    good.mass = 2.5;
    good.dataShare = std::array<double, 3>{0.75, 0.5, 0.125};
    good.notes = {"no geometry: COM, spread and volume not checked"};
    bad.name = "link2";
    bad.mass = 30.0;
    bad.plausible = false;
    bad.problems = {"mass 30 kg in 0.001 m^3", "COM outside"};
    r.links = {good, bad};
    IdentificationDocument doc;
    doc.setResults(r);
    const QJsonObject json = doc.toJson();
    QCOMPARE(json["results"].toObject()["prior_weight"].toDouble(), 1e-5);
    IdentificationDocument copy;
    QString error;
    QVERIFY2(copy.fromJson(json, {}, &error), qPrintable(error));
    const ResultsSummary& c = *copy.results();
    QCOMPARE(c.priorWeight, 1e-5);
    QVERIFY(c.priorWeightChosen);
    QCOMPARE(c.heldOutSamples, 960L);
    QCOMPARE(c.priorWeightCurve.size(), size_t(2));
    QCOMPARE(c.priorWeightCurve[1].second, 7.25);
    QCOMPARE(c.links.size(), size_t(2));
    QVERIFY(c.links[0].dataShare.has_value());
    QCOMPARE((*c.links[0].dataShare)[2], 0.125);
    QCOMPARE(c.links[0].notes, good.notes);
    QVERIFY(c.links[0].plausible && !c.links[1].plausible);
    QCOMPARE(c.links[1].problems, bad.problems);
    QVERIFY(!c.links[1].dataShare.has_value());  // not reported: not written, not read
    QCOMPARE(copy.toJson(), json);
  }

  void foreignObjectsAreRefusedAndChangeNothing() {
    IdentificationDocument doc;
    doc.addLog(sampleLog("/tmp/a.csv"));
    QJsonObject json = doc.toJson();
    QString error;
    QVERIFY(!doc.fromJson(QJsonObject{{"format", "something-else"}}, {}, &error));
    QVERIFY(error.contains("format"));
    json["estimation"] = QJsonObject{{"method", "magic"}};
    QVERIFY(!doc.fromJson(json, {}, &error));
    QVERIFY2(error.contains("estimation.method"), qPrintable(error));
    QJsonObject badUnit = doc.toJson();
    QJsonArray logs = badUnit["logs"].toArray();
    QJsonObject log = logs[0].toObject();
    QJsonObject mapping = log["mapping"].toObject();
    mapping["time_unit"] = "h";
    log["mapping"] = mapping;
    logs[0] = log;
    badUnit["logs"] = logs;
    QVERIFY(!doc.fromJson(badUnit, {}, &error));
    QVERIFY2(error.contains("logs[0].mapping.time_unit"), qPrintable(error));
    QCOMPARE(doc.logs().size(), size_t(1));
  }

  void settingsEditsDropResults() {
    IdentificationDocument doc;
    doc.addLog(sampleLog("/tmp/a.csv"));
    doc.setResults(sampleResults());
    doc.setValidation(ValidationSummary{"/tmp/v.csv", 10, {}});
    EstimationSettings est = doc.estimation();
    est.estimation.method = EstimationMethod::Wls;  // the default is OLS, as in the CLI
    QSignalSpy results(&doc, &IdentificationDocument::resultsChanged);
    doc.setEstimation(est);
    QVERIFY(!doc.results());
    QVERIFY(!doc.validation());
    QCOMPARE(results.count(), 1);
    doc.setEstimation(est);  // no change, no signal
    QCOMPARE(results.count(), 1);
    doc.setResults(sampleResults());
    PreprocessingSettings pre = doc.preprocessing();
    pre.preprocess.cutoffHz = 3;
    doc.setPreprocessing(pre);
    QVERIFY(!doc.results());
    doc.setResults(sampleResults());
    doc.removeLog(0);
    QVERIFY(!doc.results());
  }

  void engineSettingsFollowTheDocument() {
    IdentificationDocument doc;
    LogSource log = sampleLog("/tmp/a.csv");
    log.delimiter.reset();
    log.decimal.reset();
    doc.addLog(log);
    EstimationSettings est;
    est.estimation.method = EstimationMethod::Consistent;
    est.regressor.viscous = false;
    est.regressor.offset = true;
    est.regressor.coulombWidth = 0.01;
    doc.setEstimation(est);
    PreprocessingSettings pre;
    pre.preprocess.cutoffHz = 6;
    pre.preprocess.differentiator = Differentiator::SavitzkyGolay;
    doc.setPreprocessing(pre);
    const IdentificationSettings s = doc.settingsFor(0);
    QCOMPARE(s.estimation.method, EstimationMethod::Consistent);
    QVERIFY(!s.regressor.viscous);
    QVERIFY(s.regressor.coulomb);
    QVERIFY(s.regressor.offset);
    QCOMPARE(s.regressor.coulombWidth, 0.01);
    QCOMPARE(s.preprocess.cutoffHz, 6.0);
    QCOMPARE(s.preprocess.differentiator, Differentiator::SavitzkyGolay);
    QVERIFY(s.import.mapping.has_value());
    QCOMPARE(s.import.mapping->joints[1].tau, std::string("cur1"));
    QVERIFY(!s.import.format.has_value());  // nothing forced: detected by the importer
    // A forced field is completed with the detected ones.
    QTemporaryDir dir;
    QFile file(dir.filePath("semi.csv"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("t;q1;tau1\n0;1,5;2\n0,001;1,6;2\n");
    file.close();
    LogSource semi;
    semi.path = dir.filePath("semi.csv");
    semi.header = true;
    const auto format = effectiveCsvFormat(semi);
    QVERIFY(format.has_value());
    QCOMPARE(format->delimiter, ';');
    QCOMPARE(format->decimal, ',');
  }

  void importSettingsAreSavedAndReachTheEngine() {
    // Torque constants of current logs, dropping corrupt rows, the gap threshold, torque
    // filtering and the edge trim: saved with the project, passed to the importer.
    IdentificationDocument doc;
    LogSource log = sampleLog("/tmp/a.csv");
    log.delimiter.reset();  // nothing forced: the file is not read
    log.decimal.reset();
    doc.addLog(log);
    QCOMPARE(doc.estimation().estimation.method, EstimationMethod::Auto);  // the CLI's default
    QCOMPARE(doc.preprocessing().preprocess.edgeTrimSeconds, IdentificationSettings{}.preprocess.edgeTrimSeconds);
    QSignalSpy changed(&doc, &IdentificationDocument::importChanged);
    ImportSettings imp;
    imp.torqueConstants = {0.125, 1.0 / 3.0};
    imp.dropBadRows = true;
    imp.gapSteps = 8.5;
    doc.setResults(sampleResults());
    doc.setImport(imp);
    QCOMPARE(changed.count(), 1);
    QVERIFY(!doc.results());  // the results described other import settings
    PreprocessingSettings pre = doc.preprocessing();
    pre.preprocess.filterTorque = true;
    pre.preprocess.edgeTrimSeconds = 0.25;
    doc.setPreprocessing(pre);
    const IdentificationSettings s = doc.settingsFor(0);
    QCOMPARE(s.import.torqueConstants, imp.torqueConstants);
    QVERIFY(s.import.dropBadRows);
    QCOMPARE(s.import.gapSteps, 8.5);
    QVERIFY(s.preprocess.filterTorque);
    QCOMPARE(s.preprocess.edgeTrimSeconds, 0.25);

    IdentificationDocument back;
    QString error;
    QVERIFY2(back.fromJson(doc.toJson(), {}, &error), qPrintable(error));
    QVERIFY(back.import() == imp);  // 1/3 bit for bit
    QVERIFY(back.preprocessing() == pre);
    QJsonObject json = doc.toJson();
    QJsonObject bad = json["import"].toObject();
    bad["gap_steps"] = 0.5;
    json["import"] = bad;
    QVERIFY(!back.fromJson(json, {}, &error));
    QVERIFY2(error.contains("import.gap_steps"), qPrintable(error));
  }

  void everyEngineSettingReachesTheEstimateAndDropsTheResults() {
    // The document holds the engine's option structs: a field with no box of its own (the
    // friction shape chosen from the comparison, the prior weight, decimation, the importer's
    // row minimum) reaches the settings the estimate runs with, and changing it drops the
    // results. A copy field by field, or a comparison of the wizard's own, would miss one.
    IdentificationDocument doc;
    LogSource log = sampleLog("/tmp/a.csv");
    log.delimiter.reset();  // nothing forced: the file is not read
    log.decimal.reset();
    doc.addLog(log);
    EstimationSettings est = doc.estimation();
    est.regressor.coulombWidth = 0.02;
    est.regressor.asymmetricCoulomb = true;
    est.regressor.stribeck = true;
    est.regressor.coulombWidths = {0.01, 0.03};
    est.regressor.stribeckVelocities = {0.1, 0.2};
    est.estimation.priorWeight = 1e-3;
    est.estimation.maxCondition = 1e6;
    est.frictionModel = "Stribeck + asymmetric Coulomb";
    doc.setEstimation(est);
    PreprocessingSettings pre = doc.preprocessing();
    pre.preprocess.decimation = 2;
    pre.preprocess.useLoggedVelocity = true;
    doc.setPreprocessing(pre);
    ImportSettings imp = doc.import();
    imp.minRows = 64;
    imp.matVariables.tau = "torque";
    doc.setImport(imp);

    const IdentificationSettings s = doc.settingsFor(0);
    QCOMPARE(s.regressor.coulombWidth, 0.02);
    QVERIFY(s.regressor.asymmetricCoulomb);
    QVERIFY(s.regressor.stribeck);
    QCOMPARE(s.regressor.coulombWidths, (std::vector<double>{0.01, 0.03}));
    QCOMPARE(s.regressor.stribeckVelocities, (std::vector<double>{0.1, 0.2}));
    QCOMPARE(s.estimation.priorWeight, 1e-3);
    QCOMPARE(s.estimation.maxCondition, 1e6);
    QCOMPARE(s.preprocess.decimation, 2);
    QVERIFY(s.preprocess.useLoggedVelocity);
    QCOMPARE(s.import.minRows, std::size_t(64));
    QCOMPARE(s.import.matVariables.tau, std::string("torque"));
    // The session file keeps the friction shape and its name.
    IdentificationDocument back;
    QString error;
    QVERIFY2(back.fromJson(doc.toJson(), {}, &error), qPrintable(error));
    QVERIFY(back.estimation().regressor == est.regressor);
    QCOMPARE(back.estimation().frictionModel, est.frictionModel);

    // Each field, changed alone, drops the results; the same settings again keep them.
    const auto dropsResults = [&doc](const std::function<void()>& edit) {
      doc.setResults(sampleResults());
      edit();
      return !doc.results();
    };
    const auto editEstimation = [&doc](const std::function<void(EstimationSettings&)>& change) {
      return [&doc, change] {
        EstimationSettings e = doc.estimation();
        change(e);
        doc.setEstimation(e);
      };
    };
    QVERIFY(dropsResults(editEstimation([](EstimationSettings& e) { e.regressor.coulombWidth = 0.04; })));
    QVERIFY(dropsResults(editEstimation([](EstimationSettings& e) { e.regressor.asymmetricCoulomb = false; })));
    QVERIFY(dropsResults(editEstimation([](EstimationSettings& e) { e.regressor.stribeck = false; })));
    QVERIFY(dropsResults(editEstimation([](EstimationSettings& e) { e.regressor.coulombWidths[1] = 0.05; })));
    QVERIFY(dropsResults(editEstimation([](EstimationSettings& e) { e.regressor.stribeckVelocities[0] = 0.3; })));
    QVERIFY(dropsResults(editEstimation([](EstimationSettings& e) { e.estimation.priorWeight = 2e-3; })));
    QVERIFY(dropsResults(editEstimation([](EstimationSettings& e) { e.estimation.maxCondition = 1e7; })));
    QVERIFY(dropsResults([&doc] {
      PreprocessingSettings p = doc.preprocessing();
      p.preprocess.decimation = 3;
      doc.setPreprocessing(p);
    }));
    QVERIFY(dropsResults([&doc] {
      ImportSettings i = doc.import();
      i.minRows = 32;
      doc.setImport(i);
    }));
    QVERIFY(dropsResults([&doc] {
      ImportSettings i = doc.import();
      i.matVariables.q = "position";
      doc.setImport(i);
    }));
    QVERIFY(!dropsResults(editEstimation([](EstimationSettings&) {})));
    QVERIFY(!dropsResults([&doc] {
      ImportSettings i = doc.import();
      i.progress = [](double) { return true; };  // a callback, not a setting
      doc.setImport(i);
    }));

    // Without Coulomb friction the compared shape is not used: plain viscous friction.
    EstimationSettings noCoulomb = doc.estimation();
    noCoulomb.regressor.coulomb = false;
    noCoulomb.regressor.stribeck = true;
    doc.setEstimation(noCoulomb);
    const RegressorOptions plain = doc.commonSettings().regressor;
    QVERIFY(plain.viscous && !plain.coulomb && !plain.richFriction());
    QVERIFY(plain.stribeckVelocities.empty());
    QCOMPARE(plain.extrasPerJoint(), 1);
  }

  void sessionErrorsNameTheFileAndTheJsonPath() {
    // A bad value in a session file: one InputError whose Diagnostic holds the file and the
    // JSON path of the value (shown as it is), and the document stays as it was.
    IdentificationDocument doc;
    doc.addLog(sampleLog("/tmp/a.csv"));
    QJsonObject json = doc.toJson();
    QJsonArray logs = json["logs"].toArray();
    QJsonObject log = logs[0].toObject();
    QJsonObject mapping = log["mapping"].toObject();
    QJsonArray joints = mapping["joints"].toArray();
    QJsonObject joint = joints[1].toObject();
    joint["torque_scale"] = "big";
    joints[1] = joint;
    mapping["joints"] = joints;
    log["mapping"] = mapping;
    logs[0] = log;
    json["logs"] = logs;
    IdentificationDocument back;
    try {
      back.readJson(json, {}, "/data/session.json", "document");
      QFAIL("a bad torque scale was accepted");
    } catch (const InputError& e) {
      const Diagnostic& d = e.diagnostic();
      QCOMPARE(d.file, std::string("/data/session.json"));
      QCOMPARE(d.field, std::string("document.logs[0].mapping.joints[1].torque_scale"));
      QVERIFY(d.fieldKind.empty());
      QCOMPARE(d.message, std::string("not a number"));
      QCOMPARE(std::string(e.what()),
               std::string("/data/session.json: document.logs[0].mapping.joints[1].torque_scale: not a number"));
    }
    QVERIFY(back.logs().empty());
    // From no file, at the object's root: the path alone, the engine's message as it is.
    json = doc.toJson();
    json["estimation"] = QJsonObject{{"method", "magic"}};
    try {
      back.readJson(json, {});
      QFAIL("an unknown method was accepted");
    } catch (const InputError& e) {
      QVERIFY(e.diagnostic().file.empty());
      QCOMPARE(e.diagnostic().field, std::string("estimation.method"));
      QCOMPARE(std::string(e.what()),
               std::string("estimation.method: unknown estimation method 'magic' (use auto, ols, wls, ridge or consistent)"));
    }
  }

  void settingsOutsideTheirDeclaredRangeAreRefusedByName() {
    // The identification settings are declared once (identification_setting_specs.hpp): a session
    // file is checked against the same ranges the CLI's flags and the wizard's boxes use.
    IdentificationDocument doc;
    QString error;
    const auto refused = [&](const char* section, const char* key, const QJsonValue& value) {
      QJsonObject json = doc.toJson();
      QJsonObject part = json[section].toObject();
      part[key] = value;
      json[section] = part;
      IdentificationDocument back;
      return !back.fromJson(json, {}, &error) && error.contains(QString("%1.%2").arg(section, key));
    };
    QVERIFY2(refused("preprocessing", kFilterOrderSpec.key, kFilterOrderSpec.maximum + 1), qPrintable(error));
    QVERIFY2(error.contains("a whole number from 1 to 20"), qPrintable(error));
    QVERIFY(!refused("preprocessing", kFilterOrderSpec.key, kFilterOrderSpec.maximum));  // 20 is allowed
    QVERIFY2(refused("preprocessing", kSavitzkyGolayWindowSpec.key, 1), qPrintable(error));
    QVERIFY2(refused("preprocessing", kSavitzkyGolayWindowSpec.key, 22), qPrintable(error));  // even
    QVERIFY2(refused("preprocessing", kSavitzkyGolayOrderSpec.key, 11), qPrintable(error));
    QVERIFY2(refused("preprocessing", kCutoffSpec.key, -1.0), qPrintable(error));
    QVERIFY2(refused("estimation", kRidgeLambdaSpec.key, 2.0), qPrintable(error));
    QVERIFY2(refused("preprocessing", kFilterOrderSpec.key, "four"), qPrintable(error));
    // The defaults of the document are the declarations'.
    QCOMPARE(doc.preprocessing().preprocess.filterOrder, kFilterOrderSpec.defaultValue);
    QCOMPARE(doc.preprocessing().preprocess.savitzkyGolayWindow, kSavitzkyGolayWindowSpec.defaultValue);
    QCOMPARE(doc.estimation().estimation.ridgeLambda, kRidgeLambdaSpec.defaultValue);
  }
};

QTEST_MAIN(IdentificationDocumentTest)
#include "test_identification_document.moc"
