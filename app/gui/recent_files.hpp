#pragma once
// RecentFiles: the "Open Recent" list, kept in QSettings and shown as a menu.

#include <QObject>
#include <QStringList>

class QMenu;

namespace eb::gui {

class RecentFiles : public QObject {
  Q_OBJECT
 public:
  explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);
  void add(const QString& path);
  QStringList files() const;

 signals:
  void openRequested(const QString& path);

 private:
  void rebuildMenu();
  QMenu* menu_;
};

}  // namespace eb::gui
