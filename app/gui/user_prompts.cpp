#include "app/gui/user_prompts.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace eb::gui {

void MessageBoxPrompts::showError(QWidget* parent, const QString& title, const QString& message) {
  QMessageBox::critical(parent, title, message);
}

UserPrompts::SaveChoice MessageBoxPrompts::askSaveChanges(QWidget* parent, const QString& documentName) {
  const auto answer = QMessageBox::warning(
      parent, QObject::tr("Unsaved changes"),
      QObject::tr("The project \"%1\" has unsaved changes. Save them first?").arg(documentName),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  if (answer == QMessageBox::Save) return SaveChoice::Save;
  if (answer == QMessageBox::Discard) return SaveChoice::Discard;
  return SaveChoice::Cancel;
}

bool MessageBoxPrompts::askRecover(QWidget* parent, const QString& description) {
  return QMessageBox::question(parent, QObject::tr("Recover unsaved work?"), description,
                               QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) == QMessageBox::Yes;
}

QString MessageBoxPrompts::askPackagesRoot(QWidget* parent, const QString& urdfPath, int unresolved,
                                           const QString& example, const QString& startFolder) {
  Q_UNUSED(example);
  return QFileDialog::getExistingDirectory(
      parent,
      QObject::tr("%1: %n package:// mesh(es) not found. Packages root? (Cancel: draw without them)", nullptr,
                  unresolved)
          .arg(QFileInfo(urdfPath).fileName()),
      startFolder);
}

}  // namespace eb::gui
