#include "app/project/wizard_session_store.hpp"

#include "app/project/identification_document.hpp"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QObject>
#include <QSaveFile>
#include <QStandardPaths>

namespace eb::project {

namespace {
constexpr const char* kSessionFormat = "excitebench-wizard-session";
constexpr const char* kDocumentKey = "document";  // the IdentificationDocument's object
}

QString WizardSessionStore::defaultPath() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
      .filePath("identification-session.json");
}

bool WizardSessionStore::save(const QString& robotSpec, const IdentificationDocument& document) const {
  if (document.logs().empty()) return true;
  QJsonObject root{{"format", kSessionFormat},
                   {"version", 1},
                   {"robot", robotSpec},
                   {"saved_at", QDateTime::currentDateTime().toString(Qt::ISODate)},
                   {kDocumentKey, document.toJson()}};
  if (!QDir().mkpath(QFileInfo(path_).absolutePath())) return false;
  QSaveFile file(path_);
  if (!file.open(QIODevice::WriteOnly)) return false;
  file.write(QJsonDocument(root).toJson(QJsonDocument::Indented));
  return file.commit();
}

std::optional<KeptSession> WizardSessionStore::load(const QString& robotSpec) const {
  QFile file(path_);
  if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
  const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
  if (root["format"].toString() != kSessionFormat || root["robot"].toString() != robotSpec) return std::nullopt;
  KeptSession session;
  session.robotSpec = robotSpec;
  session.document = root[kDocumentKey].toObject();
  session.savedAt = root["saved_at"].toString();
  session.logs = static_cast<int>(session.document["logs"].toArray().size());
  if (session.logs == 0) return std::nullopt;
  return session;
}

void WizardSessionStore::restore(const KeptSession& session, IdentificationDocument& document) const {
  document.readJson(session.document, QString(), path_, QString::fromLatin1(kDocumentKey));
}

QString WizardSessionStore::describe(const KeptSession& session) {
  const QDateTime at = QDateTime::fromString(session.savedAt, Qt::ISODate);
  return QObject::tr("%1, closed %2")
      .arg(session.logs == 1 ? QObject::tr("1 log") : QObject::tr("%1 logs").arg(session.logs),
           at.isValid() ? at.toString("yyyy-MM-dd HH:mm") : QObject::tr("earlier"));
}

}  // namespace eb::project
