#pragma once
// UserPrompts: every question and error box the workbench shows, behind one
// interface, so tests can answer them without a modal dialog blocking.

#include <QString>

class QWidget;

namespace eb::gui {

class UserPrompts {
 public:
  enum class SaveChoice { Save, Discard, Cancel };
  virtual ~UserPrompts() = default;
  /// An error the user must see (bad file, failed export): title and the engine's one-line message.
  virtual void showError(QWidget* parent, const QString& title, const QString& message) = 0;
  /// Unsaved changes in `documentName`: save, discard or cancel the action.
  virtual SaveChoice askSaveChanges(QWidget* parent, const QString& documentName) = 0;
  /// A recovery file from a session that did not end cleanly: recover it?
  virtual bool askRecover(QWidget* parent, const QString& description) = 0;
  /// The URDF `urdfPath` parsed but `unresolved` package:// meshes (the first: `example`) were not
  /// found: the folder to look for the packages in, starting at `startFolder` ("" = leave them).
  virtual QString askPackagesRoot(QWidget* parent, const QString& urdfPath, int unresolved, const QString& example,
                                  const QString& startFolder) = 0;
};

/// The real thing: QMessageBox dialogs.
class MessageBoxPrompts : public UserPrompts {
 public:
  void showError(QWidget* parent, const QString& title, const QString& message) override;
  SaveChoice askSaveChanges(QWidget* parent, const QString& documentName) override;
  bool askRecover(QWidget* parent, const QString& description) override;
  QString askPackagesRoot(QWidget* parent, const QString& urdfPath, int unresolved, const QString& example,
                          const QString& startFolder) override;
};

}  // namespace eb::gui
