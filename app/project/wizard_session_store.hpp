#pragma once
// WizardSessionStore: the wizard's identification document kept in a file
// when the wizard closes, so that closing it loses nothing and the next
// wizard for the same robot can offer to reopen it (logs, mappings,
// preprocessing, estimation settings, the results summary). The live
// results (normal equations, torques) are recomputed from the logs.

#include <QJsonObject>
#include <QString>

#include <optional>

namespace eb::project {

class IdentificationDocument;

/// One kept session: the document and what it was for.
struct KeptSession {
  QString robotSpec;     ///< the ROBOT it was made for
  QJsonObject document;  ///< IdentificationDocument::toJson() with absolute paths
  QString savedAt;       ///< ISO 8601, local time
  int logs = 0;          ///< logs in the document
};

class WizardSessionStore {
 public:
  /// A store in the file `path` (JSON; its folder is created on save).
  explicit WizardSessionStore(QString path) : path_(std::move(path)) {}
  /// The file the workbench keeps its wizard session in: identification-session.json in the
  /// application's local data folder.
  static QString defaultPath();

  const QString& path() const { return path_; }
  /// Keeps `document` for `robotSpec`, replacing what was kept. Empty documents (no logs) are not
  /// kept, so closing an unused wizard does not forget the last real session. False on a write error.
  bool save(const QString& robotSpec, const IdentificationDocument& document) const;
  /// The session kept for `robotSpec`; none when nothing is kept, the file is unreadable or it
  /// was made for another robot.
  std::optional<KeptSession> load(const QString& robotSpec) const;
  /// Replaces `document` with the kept `session`'s. Throws InputError naming this store's file and
  /// the JSON path of a bad value in it ("document.logs[0].path: missing"); `document` is unchanged then.
  void restore(const KeptSession& session, IdentificationDocument& document) const;
  /// One line for the user: "2 logs, closed 2026-12-01 19:40".
  static QString describe(const KeptSession& session);

 private:
  QString path_;
};

}  // namespace eb::project
