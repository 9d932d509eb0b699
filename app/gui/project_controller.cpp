#include "app/gui/project_controller.hpp"

#include "app/gui/autosave.hpp"
#include "app/gui/recent_files.hpp"
#include "app/project/robot_source_loader.hpp"
#include "app/gui/user_prompts.hpp"
#include "app/gui/workbench_document.hpp"
#include "excitation/default_excitation.hpp"

#include <QFileInfo>

namespace eb::gui {

ProjectController::ProjectController(WorkbenchDocument* document, UserPrompts* prompts, QWidget* window,
                                     QObject* parent)
    : QObject(parent), document_(document), prompts_(prompts), window_(window) {}

void ProjectController::fail(const QString& title, const QString& message) {
  emit error(message);
  prompts_->showError(window_, title, message);
}

project::DocumentState ProjectController::stateFromProject(const project::ProjectData& project, quint64 robotKey) {
  return project::documentStateFromProject(project, robotKey);
}

bool ProjectController::newProject(const project::RobotSource& source) {
  if (!maybeSave()) return false;
  QString loadError;
  std::shared_ptr<const RobotModel> robot = project::loadRobotSource(source, loadError);
  if (!robot) {
    fail(tr("Cannot load robot"), loadError);
    return false;
  }
  project::DocumentState s;
  s.robot = robot;
  s.originalRobot = robot;
  s.robotKey = document_->nextRobotKey();
  s.source = source;
  s.settings = document_->settings();
  s.excitation = WorkbenchDocument::defaultExcitationFor(*robot, s.settings.editMode);
  document_->replaceState(std::move(s), QString());
  emit info(tr("New project: %1 with the default excitation").arg(QString::fromStdString(robot->name())));
  return true;
}

bool ProjectController::openProject(const QString& path) {
  if (!maybeSave()) return false;
  try {
    const project::ProjectData project = project::readProject(path);
    document_->replaceState(stateFromProject(project, document_->nextRobotKey()), QFileInfo(path).absoluteFilePath());
  } catch (const std::exception& e) {
    fail(tr("Cannot open project"), QString::fromStdString(e.what()));
    return false;
  }
  if (recent_) recent_->add(path);
  emit info(tr("Opened %1").arg(path));
  return true;
}

bool ProjectController::save() {
  if (document_->filePath().isEmpty()) {
    const QString path = askSavePath_ ? askSavePath_() : QString();
    return !path.isEmpty() && saveAs(path);
  }
  return saveAs(document_->filePath());
}

bool ProjectController::saveAs(const QString& path) {
  if (!document_->hasRobot()) return false;
  try {
    project::writeProject(path, document_->state());
  } catch (const std::exception& e) {
    fail(tr("Cannot save project"), QString::fromStdString(e.what()));
    return false;
  }
  document_->setFilePath(QFileInfo(path).absoluteFilePath());
  document_->setClean();
  if (autosave_) autosave_->discard();
  if (recent_) recent_->add(path);
  emit info(tr("Saved %1").arg(path));
  return true;
}

bool ProjectController::maybeSave() {
  if (!document_->isModified()) return true;
  const QString name = document_->filePath().isEmpty() ? tr("untitled") : QFileInfo(document_->filePath()).fileName();
  switch (prompts_->askSaveChanges(window_, name)) {
    case UserPrompts::SaveChoice::Save: return save();
    case UserPrompts::SaveChoice::Discard: return true;
    case UserPrompts::SaveChoice::Cancel: return false;
  }
  return false;
}

bool ProjectController::loadRobot(const project::RobotSource& source) {
  QString loadError;
  std::shared_ptr<const RobotModel> robot = project::loadRobotSource(source, loadError);
  if (!robot) {
    fail(tr("Cannot load robot"), loadError);
    return false;
  }
  setRobot(robot, source);
  return true;
}

void ProjectController::setRobot(const std::shared_ptr<const RobotModel>& robot, const project::RobotSource& source) {
  document_->setRobot(robot, source);
  emit info(tr("Loaded robot %1 (%2 DOF) from %3")
                .arg(QString::fromStdString(robot->name()))
                .arg(robot->dof())
                .arg(source.spec));
}

bool ProjectController::loadUrdf(const QString& path, const QString& rememberedRoot, QString* usedRoot) {
  project::RobotSource source{path, {}};
  QString loadError;
  std::shared_ptr<const RobotModel> robot = project::loadRobotSource(source, loadError);
  if (!robot) {
    fail(tr("Cannot load robot"), loadError);
    return false;
  }
  QString example;
  int unresolved = project::unresolvedPackageMeshes(*robot, &example);
  // A root that resolves more of the meshes wins; asked for only while some are missing.
  auto tryRoot = [&](const QString& root) {
    if (root.isEmpty()) return;
    const project::RobotSource candidate{path, root};
    QString ignored, candidateExample;
    std::shared_ptr<const RobotModel> again = project::loadRobotSource(candidate, ignored);
    if (!again) return;
    const int n = project::unresolvedPackageMeshes(*again, &candidateExample);
    if (n >= unresolved) return;
    robot = again;
    source = candidate;
    unresolved = n;
    example = candidateExample;
  };
  if (unresolved > 0) tryRoot(rememberedRoot);
  if (unresolved > 0)
    tryRoot(prompts_->askPackagesRoot(window_, path, unresolved, example,
                                      rememberedRoot.isEmpty() ? QFileInfo(path).absolutePath() : rememberedRoot));
  if (usedRoot) *usedRoot = source.packagesRoot;
  setRobot(robot, source);
  return true;
}

bool ProjectController::offerRecovery() {
  if (!autosave_ || !autosave_->recoveryExists()) return false;
  const QString path = autosave_->recoveryPath();
  try {
    const project::ProjectData project = project::readProject(path);
    const QString from = project.recoveredFrom.isEmpty() ? tr("an untitled project") : project.recoveredFrom;
    if (!prompts_->askRecover(window_, tr("ExciteBench did not close cleanly. Recover the unsaved changes to %1 "
                                          "(robot %2)?")
                                           .arg(from, project.source.spec))) {
      autosave_->discard();
      return false;
    }
    document_->replaceState(stateFromProject(project, document_->nextRobotKey()), project.recoveredFrom);
    document_->undoStack()->resetClean();  // recovered work is unsaved work
    autosave_->saveNow();                  // and stays recoverable until it is saved
  } catch (const std::exception& e) {
    fail(tr("Cannot recover"), QString::fromStdString(e.what()));
    autosave_->discard();
    return false;
  }
  emit info(tr("Recovered unsaved work from %1").arg(path));
  return true;
}

}  // namespace eb::gui
