#include "app/gui/project_file.hpp"

#include "io/atomic_file.hpp"
#include "io/excitation_json.hpp"
#include "model/builtin_robots.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace eb::gui {
namespace {

constexpr const char* kFormat = "excitebench-project";
constexpr int kVersion = 1;

ExcitationFile excitationOf(const DocumentState& s) {
  ExcitationFile f;
  f.robot = s.source.spec.toStdString();
  f.trajectory = s.excitation;
  ExcitationLimits limits;
  limits.scale = s.settings.limitScale;
  for (const Joint& j : s.robot->joints()) {
    f.jointNames.push_back(j.name);
    limits.joints.push_back(j.limits);
  }
  f.limits = limits;
  return f;
}

[[noreturn]] void fail(const QString& file, const QString& what) {
  throw ProjectError((file + ": " + what).toStdString());
}

}  // namespace

QByteArray formatProject(const DocumentState& state, const QString& recoveredFrom) {
  // The engine writes the excitation (shortest round-trip numbers); it is embedded as an object.
  const std::string excitationText = formatExcitationJson(excitationOf(state));
  const QJsonObject excitation =
      QJsonDocument::fromJson(QByteArray::fromStdString(excitationText)).object();
  QJsonObject robot{{"spec", state.source.spec}};
  if (!state.source.packagesRoot.isEmpty()) robot["packages_root"] = state.source.packagesRoot;
  const DocumentSettings& st = state.settings;
  QJsonObject settings{{"sample_rate", st.sampleRate},
                       {"rest_to_rest", st.restToRest},
                       {"criterion", st.criterion},
                       {"optimizer_time_limit", st.optimizerTimeLimit},
                       {"optimizer_starts", st.optimizerStarts}};
  QJsonObject root{{"format", kFormat}, {"version", kVersion}, {"robot", robot}, {"excitation", excitation},
                   {"settings", settings}};
  if (!recoveredFrom.isEmpty()) root["recovered_from"] = recoveredFrom;
  return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

ProjectData parseProject(const QByteArray& text, const QString& fileName, const QString& baseDir) {
  QJsonParseError error;
  const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
  if (error.error != QJsonParseError::NoError)
    fail(fileName, QString("offset %1: %2").arg(error.offset).arg(error.errorString()));
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
  const QJsonObject robot = root.value("robot").toObject();
  p.source.spec = robot.value("spec").toString();
  if (p.source.spec.isEmpty()) fail(fileName, "/robot/spec: missing robot (a built-in name or a file path)");
  p.source.packagesRoot = robot.value("packages_root").toString();
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
  } catch (const std::exception& e) {
    throw ProjectError(e.what());
  }
  if (!std::holds_alternative<FourierTrajectory>(ex.trajectory))
    fail(fileName, "/excitation/type: the workbench edits Fourier excitations only");
  p.excitation = std::get<FourierTrajectory>(ex.trajectory);
  p.jointNames = ex.jointNames;
  if (ex.limits) {
    p.limits = ex.limits->joints;
    p.settings.limitScale = ex.limits->scale;
  }

  const QJsonObject settings = root.value("settings").toObject();
  DocumentSettings& st = p.settings;
  st.sampleRate = settings.value("sample_rate").toDouble(st.sampleRate);
  if (!(st.sampleRate > 0.0) || st.sampleRate > 1e5) fail(fileName, "/settings/sample_rate: expected 0 < rate <= 100000 Hz");
  st.restToRest = settings.value("rest_to_rest").toBool(st.restToRest);
  st.criterion = settings.value("criterion").toString(st.criterion);
  st.optimizerTimeLimit = settings.value("optimizer_time_limit").toDouble(st.optimizerTimeLimit);
  st.optimizerStarts = settings.value("optimizer_starts").toInt(st.optimizerStarts);
  p.recoveredFrom = root.value("recovered_from").toString();
  return p;
}

ProjectData readProject(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) fail(path, "cannot open: " + file.errorString());
  return parseProject(file.readAll(), path, QFileInfo(path).absolutePath());
}

void writeProject(const QString& path, const DocumentState& state, const QString& recoveredFrom) {
  const QByteArray text = formatProject(state, recoveredFrom);
  writeFileAtomically(path.toStdString(), std::string_view(text.constData(), static_cast<size_t>(text.size())));
}

}  // namespace eb::gui
