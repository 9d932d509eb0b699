#pragma once
// ProjectController: the document's life cycle — new, open, save, save as,
// recent files, the unsaved-changes prompt, robot loading and crash recovery.
// Failures show the engine's one-line error and leave the document as it was.

#include "app/project/document_state.hpp"
#include "app/project/project_file.hpp"

#include <QObject>

#include <functional>
#include <optional>

class QWidget;

namespace eb::gui {

class Autosave;
class RecentFiles;
class UserPrompts;
class WorkbenchDocument;

class ProjectController : public QObject {
  Q_OBJECT
 public:
  ProjectController(WorkbenchDocument* document, UserPrompts* prompts, QWidget* window, QObject* parent = nullptr);

  void setRecentFiles(RecentFiles* recent) { recent_ = recent; }
  void setAutosave(Autosave* autosave) { autosave_ = autosave; }
  /// Asks for a path to save to ("" = cancelled); used when saving a document that has none.
  void setSavePathAsker(std::function<QString()> ask) { askSavePath_ = std::move(ask); }

  /// Replaces the document with `source`'s robot and its default excitation (no undo, clean).
  bool newProject(const project::RobotSource& source = {"panda", {}});
  bool openProject(const QString& path);
  /// Saves to the current path (asks for one when there is none).
  bool save();
  bool saveAs(const QString& path);
  /// When there are unsaved changes: asks, saves if wanted. False: the caller must not go on.
  bool maybeSave();
  /// Loads another robot into the document (an undoable edit).
  bool loadRobot(const project::RobotSource& source);
  /// Loads the URDF at `path` (an undoable edit). Parses it first, with package:// meshes looked
  /// up beside the file (its ancestors, ROS_PACKAGE_PATH), then under `rememberedRoot`; only when
  /// some still are not found does it ask for a packages root (UserPrompts::askPackagesRoot). A
  /// file that does not parse is the one-line error, no question. The root used goes to `usedRoot`.
  bool loadUrdf(const QString& path, const QString& rememberedRoot, QString* usedRoot = nullptr);
  /// Offers the recovery file left by a session that did not end cleanly; true if recovered.
  bool offerRecovery();

  /// Builds a document state from a project; throws InputError for a robot or size mismatch.
  static project::DocumentState stateFromProject(const project::ProjectData& project, quint64 robotKey);

 signals:
  void info(const QString& message);
  void error(const QString& message);

 private:
  void fail(const QString& title, const QString& message);
  void setRobot(const std::shared_ptr<const RobotModel>& robot, const project::RobotSource& source);

  WorkbenchDocument* document_;
  UserPrompts* prompts_;
  QWidget* window_;
  RecentFiles* recent_ = nullptr;
  Autosave* autosave_ = nullptr;
  std::function<QString()> askSavePath_;
};

}  // namespace eb::gui
