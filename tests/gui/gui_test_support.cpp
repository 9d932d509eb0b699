#include "gui_test_support.hpp"

#include <QApplication>
#include <QDir>
#include <QSet>
#include <QSurfaceFormat>
#include <QTemporaryDir>

namespace eb::gui::test {

void prepareApplication() {
  QSurfaceFormat format;
  format.setRenderableType(QSurfaceFormat::OpenGL);
  format.setProfile(QSurfaceFormat::CompatibilityProfile);
  format.setDepthBufferSize(24);
  format.setStencilBufferSize(8);
  QSurfaceFormat::setDefaultFormat(format);
  QApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
  // Tests must neither read nor change the user's settings, recent files or recovery file.
  static QTemporaryDir home;
  qputenv("XDG_CONFIG_HOME", QDir(home.path()).filePath("config").toUtf8());
  qputenv("XDG_DATA_HOME", QDir(home.path()).filePath("data").toUtf8());
  QApplication::setOrganizationName("ExciteBenchTest");
  QApplication::setApplicationName("ExciteBenchTest");
}

void FakePrompts::showError(QWidget*, const QString& title, const QString& message) {
  errors << title + ": " + message;
}

UserPrompts::SaveChoice FakePrompts::askSaveChanges(QWidget*, const QString&) {
  ++saveQuestions;
  return saveAnswer;
}

bool FakePrompts::askRecover(QWidget*, const QString&) {
  ++recoverQuestions;
  return recoverAnswer;
}

QString FakePrompts::askPackagesRoot(QWidget*, const QString&, int unresolved, const QString&, const QString&) {
  ++packagesRootQuestions;
  lastUnresolved = unresolved;
  return packagesRootAnswer;
}

int distinctColors(const QImage& image) {
  const QImage img = image.convertToFormat(QImage::Format_RGB32);
  QSet<quint32> colors;
  for (int y = 0; y < img.height(); y += 2) {
    const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
    for (int x = 0; x < img.width(); x += 2)
      colors.insert((qRed(line[x]) >> 3) << 10 | (qGreen(line[x]) >> 3) << 5 | (qBlue(line[x]) >> 3));
  }
  return static_cast<int>(colors.size());
}

}  // namespace eb::gui::test
