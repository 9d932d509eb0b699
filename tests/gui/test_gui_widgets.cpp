// Widget- and document-level tests that need no OpenGL (run offscreen):
// slider/spin-box coupling, joint-limit editing rules, the playback clock and its hold,
// the history chart's steady axes,
// project-file parsing errors, undo merging and request coalescing; chart
// tick labels (no round-off shown), the eigenvalue chart's index axis and
// what the frame export dialog says it does.

#include "app/gui/evaluation_service.hpp"
#include "app/gui/export_controller.hpp"
#include "app/gui/frame_export_dialog.hpp"
#include "app/gui/project_controller.hpp"
#include "app/project/project_file.hpp"
#include "app/gui/workbench_document.hpp"
#include "excitation/default_excitation.hpp"
#include "gui_test_support.hpp"
#include "model/builtin_robots.hpp"
#include "model/robot_loader.hpp"
#include "widgets/chart_style.hpp"
#include "widgets/information_charts.hpp"
#include "widgets/joint_limits_model.hpp"
#include "widgets/joint_signal_charts.hpp"
#include "widgets/playback_clock.hpp"
#include "widgets/robot_scene.hpp"
#include "widgets/value_slider.hpp"
#include "test_paths.hpp"

#include <QBarSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <osg/Geode>
#include <osg/NodeVisitor>
#include <osg/Shape>
#include <osg/ShapeDrawable>

#include <cmath>
#include <fstream>

using namespace eb;
using namespace eb::gui;
using namespace eb::project;

class GuiWidgetsTest : public QObject {
  Q_OBJECT
 public:
  static void initMain() { test::prepareApplication(); }

 private slots:
  void valueSliderKeepsSliderAndSpinInStep();
  void jointLimitsModelRejectsBadLimits_data();
  void jointLimitsModelRejectsBadLimits();
  void playbackClockLoopsAndClamps();
  void playbackClockHoldSkipsTicksNotTime();
  void historyChartKeepsItsAxesSteady();
  void robotWithoutMeshesIsDrawnAlongItsChain();
  void projectRoundTripsExactly();
  void projectErrorsNameFileAndPlace_data();
  void projectErrorsNameFileAndPlace();
  void shippedDefaultProjectOpens();
  void evaluatorMatchesForSameInput();
  void documentCoalescesAndMergesDrags();
  void documentEditsAMultisine();
  void valueSliderSnapsToItsGrid();
  void tickLabelsShowRoundOffAsZero_data();
  void tickLabelsShowRoundOffAsZero();
  void jointChartAxesShowZeroNotRoundOff();
  void jointLimitsModelLocksInsideTheLimits_data();
  void jointLimitsModelLocksInsideTheLimits();
  void eigenvalueChartLabelsIndicesAndShowsLastBar();
  void frameExportDialogSaysWhatItWrites();
};

namespace {

// A label is plain fixed-point text: no exponent, no "-0".
bool plainNumber(const QString& label) {
  bool ok = false;
  const double value = label.toDouble(&ok);
  return ok && !label.contains('e', Qt::CaseInsensitive) && !(value == 0.0 && label.startsWith('-'));
}

}  // namespace

void GuiWidgetsTest::valueSliderKeepsSliderAndSpinInStep() {
  widgets::ValueSlider s("a2");
  s.setRanges(-2.0, 2.0, -100.0, 100.0);
  QSignalSpy edited(&s, &widgets::ValueSlider::valueEdited);
  s.slider()->setValue(750);  // 3/4 of the range
  QCOMPARE(edited.size(), 1);
  QCOMPARE(edited.first().at(0).toDouble(), 1.0);
  QCOMPARE(edited.first().at(1).toBool(), false);
  QCOMPARE(s.spinBox()->value(), 1.0);
  s.spinBox()->setValue(5.0);  // beyond the slider range: the slider pins, the value holds
  QCOMPARE(s.value(), 5.0);
  QCOMPARE(s.slider()->value(), 1000);
  edited.clear();
  s.setValue(-1.0);  // from the document: no echo
  QCOMPARE(edited.size(), 0);
  QCOMPARE(s.slider()->value(), 250);
}

void GuiWidgetsTest::jointLimitsModelRejectsBadLimits_data() {
  QTest::addColumn<int>("column");
  QTest::addColumn<QString>("text");
  QTest::addColumn<bool>("accepted");
  QTest::newRow("upper ok") << int(widgets::JointLimitsModel::Upper) << "1.5" << true;
  QTest::newRow("lower above upper") << int(widgets::JointLimitsModel::Lower) << "3" << false;
  QTest::newRow("negative velocity") << int(widgets::JointLimitsModel::Velocity) << "-1" << false;
  QTest::newRow("zero effort") << int(widgets::JointLimitsModel::Effort) << "0" << false;
  QTest::newRow("not a number") << int(widgets::JointLimitsModel::Acceleration) << "fast" << false;
  QTest::newRow("no limit") << int(widgets::JointLimitsModel::Acceleration) << "" << true;
}

void GuiWidgetsTest::jointLimitsModelRejectsBadLimits() {
  QFETCH(int, column);
  QFETCH(QString, text);
  QFETCH(bool, accepted);
  const RobotModel panda = builtinRobot("panda");
  widgets::JointLimitsModel model;
  model.setJoints(panda.joints());
  QSignalSpy edited(&model, &widgets::JointLimitsModel::limitsEdited);
  QCOMPARE(model.setData(model.index(0, column), text, Qt::EditRole), accepted);
  QCOMPARE(edited.size(), accepted ? 1 : 0);
  if (accepted && text.isEmpty())
    QVERIFY(std::isinf(edited.first().at(1).value<JointLimits>().acceleration));
}

void GuiWidgetsTest::jointLimitsModelLocksInsideTheLimits_data() {
  QTest::addColumn<QVariant>("value");
  QTest::addColumn<int>("role");
  QTest::addColumn<bool>("accepted");
  QTest::addColumn<double>("lockedAt");  // NaN: "where it is now", for the document to choose
  // panda_joint4: [-3.0718, -0.0698] rad.
  QTest::newRow("tick") << QVariant(int(Qt::Checked)) << int(Qt::CheckStateRole) << true << std::nan("");
  QTest::newRow("value inside") << QVariant("-1.5") << int(Qt::EditRole) << true << -1.5;
  QTest::newRow("value above upper") << QVariant("0.5") << int(Qt::EditRole) << false << 0.0;
  QTest::newRow("not a number") << QVariant("half") << int(Qt::EditRole) << false << 0.0;
  QTest::newRow("empty on a free joint") << QVariant("") << int(Qt::EditRole) << false << 0.0;
}

void GuiWidgetsTest::jointLimitsModelLocksInsideTheLimits() {
  QFETCH(QVariant, value);
  QFETCH(int, role);
  QFETCH(bool, accepted);
  QFETCH(double, lockedAt);
  const RobotModel panda = builtinRobot("panda");
  widgets::JointLimitsModel model;
  model.setJoints(panda.joints());
  QSignalSpy edited(&model, &widgets::JointLimitsModel::lockEdited);
  QCOMPARE(model.setData(model.index(3, widgets::JointLimitsModel::Lock), value, role), accepted);
  QCOMPARE(edited.size(), accepted ? 1 : 0);
  if (!accepted) return;
  QCOMPARE(edited.first().at(0).toInt(), 3);
  QVERIFY(edited.first().at(1).toBool());
  const double got = edited.first().at(2).toDouble();
  QVERIFY(std::isnan(lockedAt) ? std::isnan(got) : got == lockedAt);
  // Once the document locks it, its limits are greyed and no longer editable; unticking frees it.
  std::vector<double> at(7, std::nan(""));
  at[3] = -1.5;
  model.setJoints(panda.joints(), at);
  QVERIFY(model.isLocked(3));
  QVERIFY(!(model.flags(model.index(3, widgets::JointLimitsModel::Upper)) & Qt::ItemIsEditable));
  QCOMPARE(model.data(model.index(3, widgets::JointLimitsModel::Lock), Qt::DisplayRole).toString(), QString("-1.5"));
  QVERIFY(model.setData(model.index(3, widgets::JointLimitsModel::Lock), int(Qt::Unchecked), Qt::CheckStateRole));
  QVERIFY(!edited.last().at(1).toBool());
}

void GuiWidgetsTest::playbackClockLoopsAndClamps() {
  widgets::PlaybackClock clock;
  clock.setDuration(0.2);
  clock.setSpeed(10.0);
  QCOMPARE(clock.speed(), 4.0);
  clock.setSpeed(1.0);
  clock.setTime(5.0);
  QCOMPARE(clock.time(), 0.2);
  clock.setTime(0.0);
  clock.setLoop(false);
  QSignalSpy playing(&clock, &widgets::PlaybackClock::playingChanged);
  clock.play();
  QTRY_VERIFY_WITH_TIMEOUT(!clock.isPlaying(), 2000);  // stops at the end without loop
  QCOMPARE(clock.time(), 0.2);
  clock.setLoop(true);
  clock.play();
  QTest::qWait(500);
  QVERIFY(clock.isPlaying());
  QVERIFY(clock.time() < 0.2);
}

void GuiWidgetsTest::playbackClockHoldSkipsTicksNotTime() {
  widgets::PlaybackClock clock;
  clock.setDuration(100.0);
  int ticksWhileHeld = 0;
  connect(&clock, &widgets::PlaybackClock::timeChanged, this, [&] { ticksWhileHeld += clock.isHeld(); });
  clock.play();
  QTRY_VERIFY_WITH_TIMEOUT(clock.time() > 0.05, 2000);
  clock.hold(true);
  const double heldAt = clock.time();
  QElapsedTimer wall;
  wall.start();
  QTest::qWait(25);
  const double heldFor = wall.nsecsElapsed() * 1e-9;
  // Released (by hand or by its 40 ms limit): the first tick covers the held time too.
  clock.hold(false);
  QCOMPARE(ticksWhileHeld, 0);
  QVERIFY2(clock.time() >= heldAt + heldFor - 1e-3,
           qPrintable(QString("%1 s after %2 s held from %3 s").arg(clock.time()).arg(heldFor).arg(heldAt)));
  // A hold never outlasts kMaxHoldMs.
  clock.hold(true);
  QTRY_VERIFY_WITH_TIMEOUT(!clock.isHeld(), 10 * widgets::PlaybackClock::kMaxHoldMs);
  QCOMPARE(ticksWhileHeld, 0);
  const double released = clock.time();
  QTRY_VERIFY_WITH_TIMEOUT(clock.time() > released, 2000);  // playing on
}

void GuiWidgetsTest::historyChartKeepsItsAxesSteady() {
  widgets::MetricHistoryChart chart;
  auto* x = qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Horizontal).front());
  QList<QAbstractAxis*> vertical = chart.chart()->axes(Qt::Vertical);
  QVERIFY(x && vertical.size() == 2);
  auto* logAxis = qobject_cast<QLogValueAxis*>(vertical[0]);
  auto* logdetAxis = qobject_cast<QValueAxis*>(vertical[1]);
  QVERIFY(logAxis && logdetAxis);
  // Whose each line is: the legend names the three in their colours; the log axis has no title
  // (its room goes to whole labels, issue 43) and the right axis, in another unit, names log det F.
  auto series0 = [&](int k) { return qobject_cast<QLineSeries*>(chart.chart()->series()[k]); };
  const QList<QLegendMarker*> markers = chart.chart()->legend()->markers();
  QCOMPARE(markers.size(), 3);
  for (int k = 0; k < 3; ++k) {
    QCOMPARE(markers[k]->label(), series0(k)->name());
    QCOMPARE(markers[k]->brush().color(), series0(k)->pen().color());
  }
  QVERIFY(chart.chart()->legend()->isVisible());
  QVERIFY(logAxis->titleText().isEmpty());
  QCOMPARE(logdetAxis->titleText(), series0(2)->name());
  QCOMPARE(logdetAxis->titleBrush().color(), series0(2)->pen().color());
  QCOMPARE(logdetAxis->labelsBrush().color(), series0(2)->pen().color());
  QSignalSpy xMoves(x, &QValueAxis::rangeChanged), logdetMoves(logdetAxis, &QValueAxis::rangeChanged);
  auto series = [&](int k) { return qobject_cast<QLineSeries*>(chart.chart()->series()[k]); };
  // A drag: cond and log det wander inside a band, as they do under a slider.
  for (int i = 0; i < 400; ++i) {
    const double cond = 20.0 + 5.0 * std::sin(0.1 * i), logdet = 100.0 + 3.0 * std::cos(0.07 * i);
    chart.append(i == 200 ? std::numeric_limits<double>::infinity() : cond, logdet, 1e-2 * cond);
    // Every point kept lies on the axes' ranges (series: cond, lambda_min, log det F).
    for (int k = 0; k < 3; ++k) {
      const QPointF p = series(k)->points().back();
      QVERIFY(p.x() >= x->min() && p.x() <= x->max());
      if (k == 2)
        QVERIFY2(p.y() >= logdetAxis->min() && p.y() <= logdetAxis->max(), qPrintable(QString::number(i)));
      else
        QVERIFY2(p.y() >= logAxis->min() && p.y() <= logAxis->max(), qPrintable(QString::number(i)));
    }
  }
  QVERIFY(chart.pointCount() >= 300 && chart.pointCount() <= 350);
  QCOMPARE(chart.lastCond(), 20.0 + 5.0 * std::sin(0.1 * 399));
  QCOMPARE(series(0)->points().front().x(), 400.0 - chart.pointCount());  // the oldest ones went
  // The axes move in steps, not on every edit (each move re-lays every series on them).
  QVERIFY2(xMoves.count() <= 12, qPrintable(QString::number(xMoves.count())));
  QVERIFY2(logdetMoves.count() <= 8, qPrintable(QString::number(logdetMoves.count())));
  chart.clear();
  QCOMPARE(chart.pointCount(), 0);
  QVERIFY(std::isnan(chart.lastCond()));
}

namespace {

// The shape of every geode named `name` under `node`, with the link (transform) it hangs from.
struct NamedShapes : osg::NodeVisitor {
  explicit NamedShapes(std::string name) : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN), name_(std::move(name)) {}
  void apply(osg::MatrixTransform& t) override {
    const std::string outer = link_;
    if (t.getNumParents() > 0 && t.getParent(0)->getName() == "robot") link_ = t.getName();
    traverse(t);
    link_ = outer;
  }
  void apply(osg::Geode& g) override {
    if (g.getName() != name_) return;
    if (auto* d = dynamic_cast<osg::ShapeDrawable*>(g.getDrawable(0))) found.push_back({link_, d->getShape()});
  }
  std::string name_, link_;
  std::vector<std::pair<std::string, const osg::Shape*>> found;
};

// A UR10e as in ur_description (kinematics of its URDF) with every visual mesh under a
// package:// URI that does not resolve: the robot that showed seven loose cubes.
std::string ur10eWithoutMeshes() {
  const char* links[] = {"base_link",    "shoulder_link", "upper_arm_link", "forearm_link",
                         "wrist_1_link", "wrist_2_link",  "wrist_3_link"};
  const char* joints[][3] = {{"shoulder_pan_joint", "0 0 0.1807", "0 0 0"},
                             {"shoulder_lift_joint", "0 0 0", "1.570796327 0 0"},
                             {"elbow_joint", "-0.6127 0 0", "0 0 0"},
                             {"wrist_1_joint", "-0.57155 0 0.17415", "0 0 0"},
                             {"wrist_2_joint", "0 -0.11985 0", "1.570796327 0 0"},
                             {"wrist_3_joint", "0 0.11655 0", "1.570796327 3.141592654 3.141592654"}};
  std::string urdf = "<robot name=\"ur10e\">\n";
  for (const char* l : links)
    urdf += std::string("<link name=\"") + l +
            "\"><visual><geometry><mesh filename=\"package:" + "//ur_description/meshes/ur10e/visual/" + l +
            ".dae\"/></geometry></visual>" +
            "<inertial><mass value=\"2\"/><inertia ixx=\"0.01\" ixy=\"0\" ixz=\"0\" iyy=\"0.01\" iyz=\"0\" "
            "izz=\"0.01\"/></inertial></link>\n";
  for (int k = 0; k < 6; ++k)
    urdf += std::string("<joint name=\"") + joints[k][0] + "\" type=\"revolute\"><parent link=\"" + links[k] +
            "\"/><child link=\"" + links[k + 1] + "\"/><origin xyz=\"" + joints[k][1] + "\" rpy=\"" + joints[k][2] +
            "\"/><axis xyz=\"0 0 1\"/><limit lower=\"-3\" upper=\"3\" velocity=\"2\" effort=\"100\"/></joint>\n";
  return urdf + "</robot>\n";
}

}  // namespace

void GuiWidgetsTest::robotWithoutMeshesIsDrawnAlongItsChain() {
  QTemporaryDir dir;
  const std::string path = dir.filePath("ur10e.urdf").toStdString();
  std::ofstream(path) << ur10eWithoutMeshes();
  const RobotModel robot = loadRobot(path);
  widgets::MeshCache meshes;
  widgets::RobotScene scene(meshes);
  const widgets::MeshReport report = scene.build(robot);
  QCOMPARE(report.missingVisuals, 7);
  QCOMPARE(report.shownAlongChain, 7);
  QCOMPARE(report.shownWithBox, 0);
  QCOMPARE(QString::fromStdString(report.summary()),
           QString("7 visual meshes missing: shown with cylinders along the chain (7)"));
  NamedShapes boxes("missing mesh box"), segments("chain segment"), housings("chain joint"), flanges("chain flange"),
      bases("chain base");
  for (auto* v : {&boxes, &segments, &housings, &flanges, &bases}) scene.root()->accept(*v);
  QCOMPARE(boxes.found.size(), size_t(0));
  QCOMPARE(housings.found.size(), size_t(6));  // one per joint
  QCOMPARE(bases.found.size(), size_t(1));
  QCOMPARE(flanges.found.size(), size_t(1));
  QCOMPARE(QString::fromStdString(flanges.found[0].first), QString("wrist_3_link"));
  // One segment per link with its next joint elsewhere, as long as the step between the two joint
  // origins in the URDF (shoulder_lift sits on shoulder_pan's origin: no segment there).
  const std::map<std::string, double> expected = {{"base_link", 0.1807},
                                                  {"upper_arm_link", 0.6127},
                                                  {"forearm_link", std::hypot(0.57155, 0.17415)},
                                                  {"wrist_1_link", 0.11985},
                                                  {"wrist_2_link", 0.11655}};
  QCOMPARE(segments.found.size(), expected.size());
  for (const auto& [link, shape] : segments.found) {
    auto* cylinder = dynamic_cast<const osg::Cylinder*>(shape);
    QVERIFY(cylinder && expected.count(link));
    QVERIFY2(std::abs(cylinder->getHeight() - expected.at(link)) < 1e-6, link.c_str());
    // It starts at the link's own joint origin: its centre is half-way to the next joint.
    QVERIFY2(std::abs(cylinder->getCenter().length() - 0.5 * expected.at(link)) < 1e-6, link.c_str());
    QCOMPARE(cylinder->getRadius(), float(scene.chainRadius()));
  }
  // Radius 3 % of the reach (the summed offsets), about a real UR10e's upper arm.
  QVERIFY(std::abs(scene.chainRadius() - 0.03 * (0.1807 + 0.6127 + std::hypot(0.57155, 0.17415) + 0.11985 + 0.11655)) <
          1e-9);

  // A DH table brings display rods of its own: every link draws, nothing along the chain.
  const RobotModel dh = loadRobot(std::string(eb::test_paths::kSourceDir) + "/robots/dh/ur10e_dh.csv");
  QCOMPARE(QString::fromStdString(scene.build(dh).summary()), QString());
  NamedShapes none("chain segment");
  scene.root()->accept(none);
  QCOMPARE(none.found.size(), size_t(0));
}

void GuiWidgetsTest::projectRoundTripsExactly() {
  auto panda = std::make_shared<const RobotModel>(builtinRobot("panda"));
  DocumentState s;
  s.robot = panda;
  s.originalRobot = panda;
  s.source = {"panda", {}};
  FourierTrajectory f = defaultExcitation(*panda);
  f.mutableA()(3, 2) = 0.1 + 0.2;  // not representable in short decimal
  s.excitation = f;
  s.settings.evaluation.sampleRate = 250.0;
  s.settings.criterion = ExcitationCriterion::LogDet;
  const QByteArray text = formatProject(s);
  QVERIFY(text.contains("\"criterion\": \"logdet\""));  // the engine's name in the file
  const ProjectData p = parseProject(text, "p.json", "/tmp");
  QCOMPARE(p.source.spec, QString("panda"));
  QVERIFY(sameTrajectory(p.excitation, s.excitation));
  QCOMPARE(p.settings.evaluation.sampleRate, 250.0);
  QVERIFY(p.settings.criterion == ExcitationCriterion::LogDet);
  QVERIFY(p.limits.has_value());
  QCOMPARE(p.limits->at(6).effort, panda->joint(6).limits.effort);
}

void GuiWidgetsTest::projectErrorsNameFileAndPlace_data() {
  QTest::addColumn<QByteArray>("text");
  QTest::addColumn<QString>("expected");
  const QByteArray exc = R"("excitation": {"format": "excitebench-excitation", "version": 1, "type": "fourier",
      "period": 5, "harmonics": 1, "joints": [{"offset": 0, "a": [0], "b": [0]}]})";
  QTest::newRow("not json") << QByteArray("{ nope") << "p.json: line 1, column";
  QTest::newRow("wrong format") << QByteArray(R"({"format": "x", "version": 1})") << "p.json: /format";
  QTest::newRow("no robot") << QByteArray(R"({"format": "excitebench-project", "version": 1, )" + exc + "}")
                            << "p.json: /robot: missing robot object";
  QTest::newRow("unknown key") << QByteArray(R"({"format": "excitebench-project", "version": 1, "robt": 1})")
                               << "p.json: /robt: unknown key";
  QTest::newRow("bad excitation")
      << QByteArray(R"({"format": "excitebench-project", "version": 1, "robot": {"spec": "planar2r"},
          "excitation": {"format": "excitebench-excitation", "version": 1, "type": "fourier",
          "period": -1, "harmonics": 1, "joints": []}})")
      << "p.json /excitation";
}

void GuiWidgetsTest::projectErrorsNameFileAndPlace() {
  QFETCH(QByteArray, text);
  QFETCH(QString, expected);
  try {
    parseProject(text, "p.json", "/tmp");
    QFAIL("no error");
  } catch (const InputError& e) {
    const QString message = QString::fromStdString(e.what());
    QVERIFY2(message.startsWith(expected), qPrintable(message));
    QVERIFY(!message.contains('\n'));
  }
}

void GuiWidgetsTest::shippedDefaultProjectOpens() {
  const ProjectData p = readProject(QString::fromUtf8(eb::test_paths::kResourcesDir) + "/projects/panda_default.ebproj.json");
  const DocumentState s = ProjectController::stateFromProject(p, 1);
  QCOMPARE(s.robot->dof(), 7);
  QVERIFY(sameTrajectory(s.excitation, defaultExcitation(*s.robot)));
}

void GuiWidgetsTest::evaluatorMatchesForSameInput() {
  auto panda = std::make_shared<const RobotModel>(builtinRobot("panda"));
  EvaluationRequest r;
  r.robot = panda;
  r.robotKey = 1;
  r.trajectory = defaultExcitation(*panda);
  Evaluator evaluator;
  const EvaluationResult automatic = evaluator.evaluate(r);
  QVERIFY(automatic.error.empty());
  QCOMPARE(automatic.sampleRate, 50.0);  // automatic: 50 samples per period of harmonic 5 of 5 s
  QCOMPARE(automatic.metrics.samples, 251);
  r.evaluation.sampleRate = 500.0;  // a stated rate
  const EvaluationResult a = evaluator.evaluate(r);
  const EvaluationResult b = evaluator.evaluate(r);
  QVERIFY(a.error.empty());
  QCOMPARE(a.metrics.samples, 2501);  // 5 s at 500 Hz, both ends
  QCOMPARE(a.metrics.cond, b.metrics.cond);
  QCOMPARE(a.base->rank, 43);  // the Panda's rigid-body base parameters
  QVERIFY(a.feasible());
  QCOMPARE(a.charts->values[3].cols(), 7);
}

void GuiWidgetsTest::documentCoalescesAndMergesDrags() {
  WorkbenchDocument doc;
  auto panda = std::make_shared<const RobotModel>(builtinRobot("panda"));
  doc.setRobot(panda, {"panda", {}});
  QSignalSpy updated(&doc, &WorkbenchDocument::evaluationUpdated);
  QVERIFY(QTest::qWaitFor([&] { return doc.evaluationIsCurrent(); }, 20000));
  const int steps = doc.undoStack()->count();
  // A fast drag: 40 edits without waiting. One undo step; far fewer evaluations than edits.
  updated.clear();
  for (int i = 0; i < 40; ++i) doc.setHarmonic(0, 2, 0.01 * i, 0.0, true);
  doc.endDrag();
  QCOMPARE(doc.undoStack()->count(), steps + 1);
  QVERIFY(QTest::qWaitFor([&] { return doc.evaluationIsCurrent(); }, 20000));
  QVERIFY2(updated.size() < 40, qPrintable(QString::number(updated.size())));
  QCOMPARE(doc.fourier()->a()(0, 1), 0.39);
  // Rest-to-rest: harmonic 1 follows.
  QVERIFY(std::abs(doc.fourier()->a().row(0).sum()) < 1e-12);
  // A second drag of the same control is a second step.
  doc.setHarmonic(0, 2, 0.2, 0.0, true);
  doc.endDrag();
  QCOMPARE(doc.undoStack()->count(), steps + 2);
}

// The multi-sine edits of the document: conversion both ways as one undo step each, a new
// component on the lowest free grid line, the ramp kept within half the duration.
void GuiWidgetsTest::documentEditsAMultisine() {
  WorkbenchDocument doc;
  auto planar = std::make_shared<const RobotModel>(builtinRobot("planar2r"));
  doc.setRobot(planar, {"planar2r", {}});
  const FourierTrajectory fourier = *doc.fourier();
  QCOMPARE(doc.setEditMode(project::EditMode::Multisine), QString());
  QVERIFY(doc.multisine());
  QCOMPARE(doc.settings().multisine.periodGrid, fourier.period());
  QCOMPARE(doc.settings().multisine.minFrequency, 1.0 / fourier.period());
  QCOMPARE(doc.settings().multisine.maxFrequency, fourier.harmonics() / fourier.period());
  const int steps = doc.undoStack()->index();
  doc.addMultisineTerm(0);  // harmonics 1..5 are taken and 5/T is the top of the band: the band's middle
  QCOMPARE(doc.multisine()->terms(0).size(), size_t(6));
  QCOMPARE(doc.multisine()->terms(0).back().amplitude, 0.0);
  QCOMPARE(doc.multisine()->terms(0).back().frequency, 0.5 * (1.0 + 5.0) / fourier.period());
  doc.removeMultisineTerm(0, 1);  // harmonic 2's line is free now
  doc.addMultisineTerm(0);
  QCOMPARE(doc.multisine()->terms(0).back().frequency, 2.0 / fourier.period());
  doc.setRampTime(2.0);
  doc.setMultisineDuration(3.0);
  QCOMPARE(doc.multisine()->duration(), 3.0);
  QCOMPARE(doc.multisine()->rampTime(), 1.5);
  QCOMPARE(doc.undoStack()->index(), steps + 5);
  QVERIFY(doc.setEditMode(project::EditMode::FourierAB).contains("envelope ramps (1.5 s at each end)"));
  QVERIFY(doc.multisine());
  QCOMPARE(doc.undoStack()->index(), steps + 5);  // a refusal changes nothing
  for (int i = 0; i < 5; ++i) doc.undoStack()->undo();
  QCOMPARE(doc.setEditMode(project::EditMode::AmplitudePhase), QString());
  QVERIFY(doc.fourier());
  QVERIFY(doc.editMode() == project::EditMode::AmplitudePhase);
  QVERIFY((doc.fourier()->a() - fourier.a()).cwiseAbs().maxCoeff() < 1e-14);
  doc.undoStack()->undo();
  doc.undoStack()->undo();
  QVERIFY(sameTrajectory(doc.excitation(), Trajectory(fourier)));
  QVERIFY(doc.editMode() == project::EditMode::FourierAB);
}

void GuiWidgetsTest::valueSliderSnapsToItsGrid() {
  widgets::ValueSlider s("f");
  s.setRanges(0.15, 1.0, 0.0, 100.0);
  s.setSnapStep(0.2);
  QSignalSpy edited(&s, &widgets::ValueSlider::valueEdited);
  s.slider()->setValue(10);  // 0.1585 Hz: the lowest line inside the range is 0.2
  QCOMPARE(s.value(), 0.2);
  s.slider()->setValue(11);  // still 0.2: not reported again
  QCOMPARE(edited.size(), 1);
  s.slider()->setValue(1000);
  QCOMPARE(s.value(), 1.0);
  s.spinBox()->setValue(0.37);  // typed: lands on 0.4
  QCOMPARE(s.value(), 0.4);
  QCOMPARE(s.spinBox()->value(), 0.4);
  QCOMPARE(edited.size(), 3);
  s.setSnapStep(0.0);
  s.spinBox()->setValue(0.37);
  QCOMPARE(s.value(), 0.37);
}

void GuiWidgetsTest::tickLabelsShowRoundOffAsZero_data() {
  QTest::addColumn<double>("lo");
  QTest::addColumn<double>("hi");
  QTest::addColumn<int>("maxTicks");
  QTest::addColumn<QString>("expected");
  QTest::newRow("torque around 0") << -0.3 << 0.3 << 5 << "-0.4 -0.2 0 0.2 0.4";
  QTest::newRow("fewer ticks") << -0.3 << 0.3 << 4 << "-0.4 0 0.4";
  QTest::newRow("round-off lower end") << -2.7755575615628914e-17 << 0.9 << 4 << "0 0.5 1.0";
  QTest::newRow("tenths") << -0.25 << 0.1 << 5 << "-0.3 -0.2 -0.1 0 0.1";
  QTest::newRow("newton metres") << -41.0 << 87.0 << 4 << "-50 0 50 100";
  QTest::newRow("small and positive") << 0.0012 << 0.0031 << 4 << "0.001 0.002 0.003 0.004";
  QTest::newRow("flat signal") << 0.0 << 0.0 << 4 << "-0.5 0 0.5";
}

void GuiWidgetsTest::tickLabelsShowRoundOffAsZero() {
  QFETCH(double, lo);
  QFETCH(double, hi);
  QFETCH(int, maxTicks);
  QFETCH(QString, expected);
  const widgets::NiceTicks t = widgets::niceTicks(lo, hi, maxTicks);
  QCOMPARE(t.labels().join(' '), expected);
  QVERIFY(t.count <= maxTicks);
  QVERIFY(t.first() <= lo + 1e-9 * t.step && t.last() >= hi - 1e-9 * t.step);
}

void GuiWidgetsTest::jointChartAxesShowZeroNotRoundOff() {
  // A torque of order 0.1 around zero, as the last joint of an arm often has.
  auto data = std::make_shared<widgets::SignalChartData>();
  const int n = 200;
  data->t = Eigen::VectorXd::LinSpaced(n, 0.0, 5.0);
  for (auto& v : data->values) v = Eigen::MatrixXd(n, 2);
  for (int i = 0; i < n; ++i)
    for (auto& v : data->values) {
      v(i, 0) = 0.3 * std::sin(2.0 * M_PI * data->t[i] / 5.0);
      v(i, 1) = 0.1 + 0.05 * std::cos(data->t[i]);
    }
  for (auto& l : data->limits) l.assign(2, {-INFINITY, INFINITY});
  data->jointNames = {"panda_joint6", "panda_joint7"};
  data->prismatic = {false, false};
  widgets::JointSignalCharts charts;
  charts.resize(900, 300);
  for (int quantity : {int(widgets::SignalChartData::Torque), int(widgets::SignalChartData::Position)}) {
    charts.setCurrentQuantity(quantity);
    charts.setData(data);
    const QList<QChartView*> views = charts.findChildren<QChartView*>();
    QCOMPARE(views.size(), 2);
    QStringList firstChart;
    for (QChartView* v : views) {
      const QList<QAbstractAxis*> axes = v->chart()->axes(Qt::Vertical);
      QCOMPARE(axes.size(), 1);
      auto* y = qobject_cast<QCategoryAxis*>(axes.front());
      QVERIFY(y);
      QVERIFY(y->count() >= 2);
      for (const QString& label : y->categoriesLabels()) QVERIFY2(plainNumber(label), qPrintable(label));
      if (firstChart.isEmpty()) firstChart = y->categoriesLabels();
    }
    QVERIFY2(firstChart.contains("0"), qPrintable(firstChart.join(' ')));
  }
}

void GuiWidgetsTest::eigenvalueChartLabelsIndicesAndShowsLastBar() {
  widgets::EigenvalueChart chart;
  chart.resize(360, 220);
  QList<double> ev;
  for (int i = 0; i < 43; ++i) ev.append(std::pow(10.0, -1.0 + 0.15 * i));
  chart.setEigenvalues(ev);
  chart.show();
  QVERIFY(QTest::qWaitForWindowExposed(&chart));
  QTRY_VERIFY(chart.chart()->plotArea().width() > 100);
  QCategoryAxis* x = chart.indexAxis();
  QVERIFY(x->isVisible() && x->labelsVisible());
  QCOMPARE(x->categoriesLabels(), QStringList({"1", "10", "20", "30", "40"}));
  QCOMPARE(x->endValue("1"), 0.0);   // bar i (0-based) at x = i, labelled i + 1
  QCOMPARE(x->endValue("40"), 39.0);
  // The last bar, 0.8 wide around x = 42, lies inside the plot.
  auto* series = qobject_cast<QBarSeries*>(chart.chart()->series().front());
  const double halfBar = series->barWidth() / 2.0;
  QVERIFY(x->min() <= -halfBar && x->max() >= 42.0 + halfBar);
  const QRectF plot = chart.chart()->plotArea();
  const QPointF lastRight = chart.chart()->mapToPosition(QPointF(42.0 + halfBar, 1.0), series);
  QVERIFY(lastRight.x() < plot.right() && plot.right() < chart.width());
  // A new robot with another parameter count relabels the axis.
  chart.setEigenvalues(ev.mid(0, 7));
  QCOMPARE(x->categoriesLabels(), QStringList({"1", "2", "4", "6"}));
  QCOMPARE(x->max(), 6.5);
}

void GuiWidgetsTest::frameExportDialogSaysWhatItWrites() {
  FrameExportDialog dialog(5.0, QString());
  QVERIFY(dialog.windowTitle().contains("PNG frames"));
  QVERIFY(dialog.description().contains("PNG"));
  QVERIFY(dialog.description().contains("frame_00000.png"));
  QVERIFY(dialog.description().contains("5.00 s"));
  QVERIFY(FrameExportDialog::summary().contains("PNG"));
  QPushButton* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
  QVERIFY(!ok->isEnabled());  // no folder yet
  dialog.setFolder("/tmp/frames");
  QVERIFY(ok->isEnabled());
  dialog.setFramesPerSecond(2.0);
  QCOMPARE(ExportController::frameCount(5.0, dialog.framesPerSecond()), 11);
  QVERIFY(dialog.findChildren<QLabel*>().size() >= 2);
  bool countShown = false;
  for (QLabel* l : dialog.findChildren<QLabel*>()) countShown |= l->text() == "11 PNG images";
  QVERIFY(countShown);
}

QTEST_MAIN(GuiWidgetsTest)
#include "test_gui_widgets.moc"
