#include "app/gui/autosave.hpp"

#include "app/project/project_file.hpp"
#include "app/gui/workbench_document.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace eb::gui {

Autosave::Autosave(WorkbenchDocument* document, QString recoveryPath, int intervalSeconds, QObject* parent)
    : QObject(parent), document_(document), path_(std::move(recoveryPath)) {
  timer_.setInterval(intervalSeconds * 1000);
  connect(&timer_, &QTimer::timeout, this, &Autosave::saveNow);
  timer_.start();
  auto mark = [this] { pending_ = true; };
  connect(document_, &WorkbenchDocument::excitationChanged, this, mark);
  connect(document_, &WorkbenchDocument::jointLimitsChanged, this, mark);
  connect(document_, &WorkbenchDocument::robotChanged, this, mark);
  connect(document_, &WorkbenchDocument::settingsChanged, this, mark);
  // Saved or reverted to the saved state: nothing left to recover.
  connect(document_, &WorkbenchDocument::modifiedChanged, this, [this](bool modified) {
    if (modified)
      pending_ = true;
    else
      discard();
  });
}

QString Autosave::defaultRecoveryPath() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
      .filePath("recovery.ebproj.json");
}

bool Autosave::recoveryExists() const { return QFileInfo::exists(path_); }

bool Autosave::saveNow() {
  if (!pending_ || !document_->isModified() || !document_->hasRobot()) return true;
  try {
    QDir().mkpath(QFileInfo(path_).absolutePath());
    project::writeProject(path_, document_->state(), document_->filePath());
    pending_ = false;
    return true;
  } catch (const std::exception& e) {
    emit failed(QString::fromStdString(e.what()));
    return false;
  }
}

void Autosave::discard() {
  QFile::remove(path_);
  pending_ = false;
}

}  // namespace eb::gui
