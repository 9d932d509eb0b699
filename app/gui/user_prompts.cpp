#include "app/gui/user_prompts.hpp"

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

}  // namespace eb::gui
