#pragma once
// Autosave: every few seconds, while the document has unsaved changes, its
// state goes to a recovery file (atomically). A clean exit removes the file;
// after a crash the next start finds it and offers to recover.

#include <QObject>
#include <QTimer>

namespace eb::gui {

class WorkbenchDocument;

class Autosave : public QObject {
  Q_OBJECT
 public:
  Autosave(WorkbenchDocument* document, QString recoveryPath, int intervalSeconds, QObject* parent = nullptr);

  /// Default recovery file: recovery.ebproj.json in the application's local data folder.
  static QString defaultRecoveryPath();
  const QString& recoveryPath() const { return path_; }
  bool recoveryExists() const;
  /// Writes the recovery file now if there is anything unsaved; returns false on a write error.
  bool saveNow();
  /// Removes the recovery file (after a save, a discard or a clean exit).
  void discard();
  void setInterval(int seconds) { timer_.setInterval(seconds * 1000); }

 signals:
  void failed(const QString& message);

 private:
  WorkbenchDocument* document_;
  QString path_;
  QTimer timer_;
  bool pending_ = false;  // changes since the last recovery write
};

}  // namespace eb::gui
