#pragma once
// Shared by the workbench tests and benchmark: OpenGL set-up before
// QApplication, settings isolated in a temporary folder, prompts that answer
// without a modal dialog, and small image checks.

#include "app/gui/user_prompts.hpp"

#include <QImage>
#include <QStringList>

namespace eb::gui::test {

/// Compatibility-profile default format, shared GL contexts and private
/// QSettings / data folders; call before the QApplication exists (QtTest: initMain()).
void prepareApplication();

/// Records errors instead of showing them and answers questions as configured.
class FakePrompts : public UserPrompts {
 public:
  void showError(QWidget*, const QString& title, const QString& message) override;
  SaveChoice askSaveChanges(QWidget*, const QString& documentName) override;
  bool askRecover(QWidget*, const QString& description) override;
  QString askPackagesRoot(QWidget*, const QString& urdfPath, int unresolved, const QString& example,
                          const QString& startFolder) override;

  QStringList errors;
  int saveQuestions = 0;
  int recoverQuestions = 0;
  int packagesRootQuestions = 0;
  int lastUnresolved = 0;      ///< `unresolved` of the last packages-root question
  QString packagesRootAnswer;  ///< "" = cancel
  SaveChoice saveAnswer = SaveChoice::Discard;
  bool recoverAnswer = true;
};

/// Number of distinct colours among the image's pixels (quantized to 5 bits per channel).
int distinctColors(const QImage& image);

}  // namespace eb::gui::test
