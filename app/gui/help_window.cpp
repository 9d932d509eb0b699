#include "app/gui/help_window.hpp"

#include <QAbstractTextDocumentLayout>
#include <QDesktopServices>
#include <QFile>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>

#include "app/common/window_fit.hpp"

// The README lives in help.qrc, built into the static library excitebench_gui: a static
// library's resources are registered only when asked for by name (outside any namespace).
static void registerHelpResources() { Q_INIT_RESOURCE(help); }

namespace eb::gui {
namespace {

QString readmeMarkdown() {
  registerHelpResources();
  QFile file(":/help/README.md");
  return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

}  // namespace

HelpWindow::HelpWindow(QWidget* parent) : QWidget(parent, Qt::Window), browser_(new QTextBrowser) {
  setObjectName("helpWindow");
  setWindowTitle(tr("ExciteBench help"));
  browser_->setObjectName("helpBrowser");
  // Links inside the README point at files of the source tree; those on the web open in the browser.
  browser_->setOpenLinks(false);
  connect(browser_, &QTextBrowser::anchorClicked, this, [](const QUrl& url) {
    if (url.scheme().startsWith("http")) QDesktopServices::openUrl(url);
  });
  const QString markdown = readmeMarkdown();
  browser_->setMarkdown(markdown.isEmpty() ? tr("The README could not be read from the program.") : markdown);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(browser_);
  common::fitToScreen(this, QSize(820, 760));
}

bool HelpWindow::showSection(const QString& heading) {
  QTextDocument* doc = browser_->document();
  for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
    if (block.blockFormat().headingLevel() == 0 || block.text().trimmed() != heading) continue;
    QTextCursor cursor(block);
    browser_->setTextCursor(cursor);
    // The heading at the top of the view, not merely somewhere in it as ensureCursorVisible() leaves it.
    const QRectF where = doc->documentLayout()->blockBoundingRect(block);
    browser_->verticalScrollBar()->setValue(static_cast<int>(where.top()));
    return true;
  }
  return false;
}

QString HelpWindow::sectionShown() const {
  const QTextCursor top = browser_->cursorForPosition(QPoint(4, 4));
  for (QTextBlock block = top.block(); block.isValid(); block = block.previous())
    if (block.blockFormat().headingLevel() > 0) return block.text().trimmed();
  return {};
}

}  // namespace eb::gui
