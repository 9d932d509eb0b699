#include "app/gui/recent_files.hpp"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace eb::gui {
namespace {
constexpr int kMaxRecent = 8;
constexpr const char* kKey = "project/recent";
}  // namespace

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), menu_(menu) { rebuildMenu(); }

QStringList RecentFiles::files() const { return QSettings().value(kKey).toStringList(); }

void RecentFiles::add(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList list = files();
  list.removeAll(absolute);
  list.prepend(absolute);
  while (list.size() > kMaxRecent) list.removeLast();
  QSettings().setValue(kKey, list);
  rebuildMenu();
}

void RecentFiles::rebuildMenu() {
  menu_->clear();
  const QStringList list = files();
  for (int i = 0; i < list.size(); ++i) {
    QAction* a = menu_->addAction(QString("&%1 %2").arg(i + 1).arg(QFileInfo(list[i]).fileName()));
    a->setToolTip(QDir::toNativeSeparators(list[i]));
    a->setStatusTip(a->toolTip());
    const QString path = list[i];
    connect(a, &QAction::triggered, this, [this, path] { emit openRequested(path); });
  }
  menu_->setEnabled(!list.isEmpty());
}

}  // namespace eb::gui
