#include "app/project/project_file.hpp"

#include "app/project/robot_source_loader.hpp"
#include "excitation/excitation_optimizer.hpp"
#include "io/atomic_file.hpp"
#include "io/excitation_json.hpp"
#include "model/builtin_robots.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace eb::project {
namespace {

constexpr const char* kFormat = "excitebench-project";
constexpr int kVersion = 1;

ExcitationFile excitationOf(const DocumentState& s) {
  ExcitationFile f;
  f.robot = s.source.spec.toStdString();
  f.trajectory = s.excitation;
  ExcitationLimits limits;
  limits.scale = s.settings.evaluation.limitScale;
  for (const Joint& j : s.robot->joints()) {
    f.jointNames.push_back(j.name);
    limits.joints.push_back(j.limits);
  }
  f.limits = limits;
  return f;
}

// `what` is "<JSON path>: <message>" or, for the whole file, the message: the path becomes the
// finding's field.
[[noreturn]] void fail(const QString& file, const QString& what) {
  const qsizetype colon = what.startsWith('/') ? what.indexOf(QLatin1String(": ")) : -1;
  if (colon < 0) throw inputErrorIn(file.toStdString(), what.toStdString());
  Diagnostic d = diagnosticAt(Severity::Error, file.toStdString(), 0, what.left(colon).toStdString(),
                              what.mid(colon + 2).toStdString());
  d.fieldKind.clear();  // a JSON path shows as it is
  throw InputError(std::move(d));
}

/// settings[key] as a number, `fallback` when absent; anything else is an error at /settings/key.
double number(const QJsonObject& settings, const char* key, double fallback, const QString& file) {
  if (!settings.contains(key)) return fallback;
  if (!settings.value(key).isDouble()) fail(file, QString("/settings/%1: expected a number").arg(key));
  return settings.value(key).toDouble();
}

/// A string member of `object` at `where`; empty when absent, an error when not a string.
QString stringAt(const QJsonObject& object, const char* key, const QString& where, const QString& file) {
  if (!object.contains(key)) return {};
  if (!object.value(key).isString()) fail(file, QString("%1/%2: expected a string").arg(where, key));
  return object.value(key).toString();
}

/// [{"name": joint, "value": rad or m}, ...] in model order.
QJsonArray formatLocks(const std::vector<JointLock>& locks) {
  QJsonArray out;
  for (const JointLock& lock : locks)
    out.append(QJsonObject{{"name", QString::fromStdString(lock.joint)}, {"value", lock.value}});
  return out;
}

/// /robot/locked_joints; absent (files before locking existed): no joint locked.
std::vector<JointLock> parseLocks(const QJsonObject& robot, const QString& file) {
  std::vector<JointLock> locks;
  if (!robot.contains("locked_joints")) return locks;
  if (!robot.value("locked_joints").isArray()) fail(file, "/robot/locked_joints: expected an array");
  const QJsonArray list = robot.value("locked_joints").toArray();
  for (qsizetype i = 0; i < list.size(); ++i) {
    const QString where = QString("/robot/locked_joints/%1").arg(i);
    if (!list[i].isObject()) fail(file, where + ": expected an object {\"name\", \"value\"}");
    const QJsonObject o = list[i].toObject();
    for (const QString& key : o.keys())
      if (key != "name" && key != "value") fail(file, QString("%1/%2: unknown key").arg(where, key));
    const QString name = stringAt(o, "name", where, file);
    if (name.isEmpty()) fail(file, where + "/name: missing joint name");
    if (!o.value("value").isDouble()) fail(file, where + "/value: expected a number [rad or m]");
    locks.push_back({name.toStdString(), o.value("value").toDouble()});
  }
  return locks;
}

/// Project files are small; anything larger is not one (and /dev/zero must not be read forever).
constexpr qint64 kMaxProjectBytes = 64ll << 20;

/// `mode`, or the family's first mode when it does not edit that family (the reader would refuse the pair).
EditMode editModeFor(EditMode mode, const Trajectory& excitation) {
  const bool multisine = std::holds_alternative<MultisineTrajectory>(excitation);
  if (editsMultisine(mode) == multisine) return mode;
  return multisine ? EditMode::Multisine : EditMode::FourierAB;
}

/// settings[spec.key] within the spec's range, `fallback` when absent.
double rangedNumber(const QJsonObject& settings, const SettingSpec<double>& spec, double fallback,
                    const QString& file) {
  const double v = number(settings, spec.key, fallback, file);
  if (!spec.contains(v))
    fail(file, QString("/settings/%1: expected %2").arg(spec.key, QString::fromStdString(describeRange(spec))));
  return v;
}

/// "edit_as" (agreeing with the excitation's family) and the multi-sine editor's settings.
void parseEditSettings(const QJsonObject& settings, ProjectData& p, const QString& file) {
  const bool multisine = std::holds_alternative<MultisineTrajectory>(p.excitation);
  DocumentSettings& st = p.settings;
  st.editMode = multisine ? EditMode::Multisine : EditMode::FourierAB;
  if (settings.contains("edit_as")) {
    const std::optional<EditMode> mode = parseEditMode(settings.value("edit_as").toString());
    if (!settings.value("edit_as").isString() || !mode)
      fail(file, "/settings/edit_as: expected \"fourier_ab\", \"amplitude_phase\" or \"multisine\"");
    if (editsMultisine(*mode) != multisine)
      fail(file, QString("/settings/edit_as: \"%1\" does not edit a %2 excitation")
                     .arg(editModeName(*mode), multisine ? "multisine" : "fourier"));
    st.editMode = *mode;
  }
  MultisineSettings& m = st.multisine;
  m.minFrequency = rangedNumber(settings, kMultisineMinFrequencySpec, m.minFrequency, file);
  m.maxFrequency = rangedNumber(settings, kMultisineMaxFrequencySpec, m.maxFrequency, file);
  if (!(m.maxFrequency > m.minFrequency))
    fail(file, QString("/settings/%1: expected more than %2 (%3 Hz)")
                   .arg(kMultisineMaxFrequencySpec.key, kMultisineMinFrequencySpec.key)
                   .arg(m.minFrequency));
  m.periodGrid = rangedNumber(settings, kMultisineSnapPeriodSpec, m.periodGrid, file);
  if (settings.contains("multisine_snap") && !settings.value("multisine_snap").isBool())
    fail(file, "/settings/multisine_snap: expected true or false");
  m.snapToGrid = settings.value("multisine_snap").toBool(m.snapToGrid);
  const QString optimizeKey = kMultisineOptimizeFrequenciesSpec.key;
  if (settings.contains(optimizeKey) && !settings.value(optimizeKey).isBool())
    fail(file, QString("/settings/%1: expected true or false").arg(optimizeKey));
  m.optimizeFrequencies = settings.value(optimizeKey).toBool(m.optimizeFrequencies);
}

}  // namespace

QByteArray formatProject(const DocumentState& state, const QString& recoveredFrom) {
  // The engine writes the excitation (shortest round-trip numbers); it is embedded as an object.
  const std::string excitationText = formatExcitationJson(excitationOf(state));
  const QJsonObject excitation =
      QJsonDocument::fromJson(QByteArray::fromStdString(excitationText)).object();
  QJsonObject robot{{"spec", state.source.spec}};
  if (!state.source.packagesRoot.isEmpty()) robot["packages_root"] = state.source.packagesRoot;
  if (!state.source.locks.empty()) robot["locked_joints"] = formatLocks(state.source.locks);
  const DocumentSettings& st = state.settings;
  QJsonObject settings{{"rest_to_rest", st.restToRest},
                       {"criterion", criterionName(st.criterion)},
                       {kOptimizerTimeLimitSpec.key, st.optimizerTimeLimit},
                       {kOptimizerStartsSpec.key, st.optimizerStarts},
                       {"edit_as", editModeName(editModeFor(st.editMode, state.excitation))},
                       {kMultisineMinFrequencySpec.key, st.multisine.minFrequency},
                       {kMultisineMaxFrequencySpec.key, st.multisine.maxFrequency},
                       {kMultisineSnapPeriodSpec.key, st.multisine.periodGrid},
                       {"multisine_snap", st.multisine.snapToGrid},
                       {kMultisineOptimizeFrequenciesSpec.key, st.multisine.optimizeFrequencies}};
  // A stated criterion rate only: absent is automatic here, and older versions, which refuse 0,
  // read their own default (500 Hz) instead.
  if (st.evaluation.sampleRate > 0.0) settings["sample_rate"] = st.evaluation.sampleRate;
  QJsonObject root{{"format", kFormat}, {"version", kVersion}, {"robot", robot}, {"excitation", excitation},
                   {"settings", settings}};
  if (!recoveredFrom.isEmpty()) root["recovered_from"] = recoveredFrom;
  return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

ProjectData parseProject(const QByteArray& input, const QString& fileName, const QString& baseDir) {
  // Editors on Windows add a byte-order mark; Qt's parser would call it an illegal value.
  const QByteArray text = input.startsWith("\xEF\xBB\xBF") ? input.mid(3) : input;
  if (text.trimmed().isEmpty()) fail(fileName, "empty file (a project is a JSON object)");
  QJsonParseError error;
  const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
  if (error.error != QJsonParseError::NoError) {
    // Qt reports a byte offset; people look for a line and a column.
    const qsizetype offset = std::clamp<qsizetype>(error.offset, 0, text.size());
    const qsizetype lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    Diagnostic d = diagnosticAt(Severity::Error, fileName.toStdString(),
                                static_cast<std::size_t>(text.left(offset).count('\n') + 1), "",
                                error.errorString().toStdString());
    d.column = static_cast<std::size_t>(offset - lineStart + 1);
    throw InputError(std::move(d));
  }
  if (!doc.isObject()) fail(fileName, "expected a JSON object");
  const QJsonObject root = doc.object();
  if (root.value("format").toString() != kFormat) fail(fileName, QString("/format: expected \"%1\"").arg(kFormat));
  if (root.value("version").toInt(-1) != kVersion)
    fail(fileName, QString("/version: expected %1, found %2").arg(kVersion).arg(root.value("version").toVariant().toString()));
  for (const QString& key : root.keys())
    if (key != "format" && key != "version" && key != "robot" && key != "excitation" && key != "settings" &&
        key != "recovered_from")
      fail(fileName, QString("/%1: unknown key").arg(key));

  ProjectData p;
  p.fileName = fileName;
  if (!root.value("robot").isObject()) fail(fileName, "/robot: missing robot object");
  const QJsonObject robot = root.value("robot").toObject();
  for (const QString& key : robot.keys())
    if (key != "spec" && key != "packages_root" && key != "locked_joints")
      fail(fileName, QString("/robot/%1: unknown key").arg(key));
  p.source.spec = stringAt(robot, "spec", "/robot", fileName);
  if (p.source.spec.isEmpty()) fail(fileName, "/robot/spec: missing robot (a built-in name or a file path)");
  p.source.packagesRoot = stringAt(robot, "packages_root", "/robot", fileName);
  p.source.locks = parseLocks(robot, fileName);
  // Built-in names stay names; relative file paths are relative to the project.
  if (!isBuiltinRobot(p.source.spec.toStdString()) && QFileInfo(p.source.spec).isRelative())
    p.source.spec = QDir(baseDir).absoluteFilePath(p.source.spec);
  if (!p.source.packagesRoot.isEmpty() && QFileInfo(p.source.packagesRoot).isRelative())
    p.source.packagesRoot = QDir(baseDir).absoluteFilePath(p.source.packagesRoot);

  if (!root.value("excitation").isObject()) fail(fileName, "/excitation: missing excitation object");
  const QByteArray excitationText = QJsonDocument(root.value("excitation").toObject()).toJson();
  ExcitationFile ex;
  try {
    ex = parseExcitationJson(excitationText.toStdString(), (fileName + " /excitation").toStdString());
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    fail(fileName, QString("/excitation: ") + e.what());
  }
  p.excitation = ex.trajectory;
  p.jointNames = ex.jointNames;
  if (ex.limits) {
    p.limits = ex.limits->joints;
    p.settings.evaluation.limitScale = ex.limits->scale;
  }

  if (root.contains("settings") && !root.value("settings").isObject()) fail(fileName, "/settings: expected an object");
  const QJsonObject settings = root.value("settings").toObject();
  for (const QString& key : settings.keys())
    if (key != "sample_rate" && key != "rest_to_rest" && key != "criterion" && key != kOptimizerTimeLimitSpec.key &&
        key != kOptimizerStartsSpec.key && key != "edit_as" && key != kMultisineMinFrequencySpec.key &&
        key != kMultisineMaxFrequencySpec.key && key != kMultisineSnapPeriodSpec.key && key != "multisine_snap" &&
        key != kMultisineOptimizeFrequenciesSpec.key)
      fail(fileName, QString("/settings/%1: unknown key").arg(key));
  DocumentSettings& st = p.settings;
  // Absent or 0 is the automatic rate (50 samples per period of the top harmonic or frequency);
  // files written before it was one keep the rate they state (500 Hz then).
  st.evaluation.sampleRate = number(settings, "sample_rate", st.evaluation.sampleRate, fileName);
  if (!(st.evaluation.sampleRate >= 0.0) || st.evaluation.sampleRate > 1e5)
    fail(fileName, "/settings/sample_rate: expected 0 (automatic) <= rate <= 100000 Hz");
  if (settings.contains("rest_to_rest") && !settings.value("rest_to_rest").isBool())
    fail(fileName, "/settings/rest_to_rest: expected true or false");
  st.restToRest = settings.value("rest_to_rest").toBool(st.restToRest);
  if (settings.contains("criterion") && !settings.value("criterion").isString())
    fail(fileName, "/settings/criterion: expected a string");
  try {
    if (settings.contains("criterion")) st.criterion = parseCriterion(settings.value("criterion").toString().toStdString());
  } catch (const std::invalid_argument& e) {
    fail(fileName, QString("/settings/criterion: ") + e.what());
  }
  // Ranges as declared for the CLI and the panel (optimizer_setting_specs.hpp).
  const auto& timeLimit = kOptimizerTimeLimitSpec;
  st.optimizerTimeLimit = number(settings, timeLimit.key, st.optimizerTimeLimit, fileName);
  if (!timeLimit.contains(st.optimizerTimeLimit))
    fail(fileName, QString("/settings/%1: expected %2").arg(timeLimit.key, QString::fromStdString(describeRange(timeLimit))));
  const auto& startsSpec = kOptimizerStartsSpec;
  const double starts = number(settings, startsSpec.key, st.optimizerStarts, fileName);
  if (!(starts >= startsSpec.minimum && starts <= startsSpec.maximum && starts == std::floor(starts)))
    fail(fileName, QString("/settings/%1: expected %2").arg(startsSpec.key, QString::fromStdString(describeRange(startsSpec))));
  st.optimizerStarts = static_cast<int>(starts);
  parseEditSettings(settings, p, fileName);
  if (root.contains("recovered_from") && !root.value("recovered_from").isString())
    fail(fileName, "/recovered_from: expected a string");
  p.recoveredFrom = root.value("recovered_from").toString();
  return p;
}

ProjectData readProject(const QString& path) {
  const QFileInfo info(path);
  if (info.exists() && !info.isFile()) fail(path, "not a regular file");
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) fail(path, "cannot open: " + file.errorString());
  if (file.size() > kMaxProjectBytes)
    fail(path, QString("%1 bytes, a project file is at most %2").arg(file.size()).arg(kMaxProjectBytes));
  return parseProject(file.readAll(), path, info.absolutePath());
}

DocumentState documentStateFromProject(const ProjectData& project, quint64 robotKey) {
  const QString& file = project.fileName;
  QString loadError;
  const std::shared_ptr<const RobotModel> full = loadRobotSource(project.source, loadError);
  if (!full) fail(file, "/robot/spec: " + loadError);
  std::shared_ptr<const RobotModel> robot = full;
  if (!project.source.locks.empty()) {
    try {  // the excitation and the limits below are those of the joints left free
      robot = std::make_shared<const RobotModel>(lockJoints(*full, project.source.locks));
    } catch (const std::exception& e) {
      fail(file, QString("/robot/locked_joints: ") + e.what());
    }
  }
  if (trajectoryDof(project.excitation) != robot->dof())
    fail(file, QString("/excitation/joints: %1 joints but robot '%2' has %3")
                   .arg(trajectoryDof(project.excitation))
                   .arg(QString::fromStdString(robot->name()))
                   .arg(robot->dof()));
  for (size_t i = 0; i < project.jointNames.size() && i < static_cast<size_t>(robot->dof()); ++i)
    if (project.jointNames[i] != robot->joint(static_cast<int>(i)).name)
      fail(file, QString::fromStdString("/excitation/joints/" + std::to_string(i) + "/name: '" + project.jointNames[i] +
                                        "' but the robot's joint " + std::to_string(i + 1) + " is '" +
                                        robot->joint(static_cast<int>(i)).name + "'"));
  DocumentState s;
  s.originalRobot = robot;
  s.robot = robot;
  s.fullRobot = full;
  if (project.limits) {
    if (project.limits->size() != static_cast<size_t>(robot->dof()))
      fail(file,
           QString("/excitation/limits/joints: %1 joints, robot has %2").arg(project.limits->size()).arg(robot->dof()));
    s.robot = std::make_shared<const RobotModel>(robot->withJointLimits(*project.limits));
  }
  s.robotKey = robotKey;
  s.source = project.source;
  s.excitation = project.excitation;
  s.settings = project.settings;
  return s;
}

void writeProject(const QString& path, const DocumentState& state, const QString& recoveredFrom) {
  const QByteArray text = formatProject(state, recoveredFrom);
  writeFileAtomically(path.toStdString(), std::string_view(text.constData(), static_cast<size_t>(text.size())));
}

}  // namespace eb::project
