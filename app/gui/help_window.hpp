#pragma once
// HelpWindow: the README, shown offline (the copy built into the program) in a small window,
// scrolled to the section asked for by Help's entries: the command line, the file formats, the
// workbench, the identification wizard. Links to the web open in the browser.

#include <QWidget>

class QTextBrowser;

namespace eb::gui {

class HelpWindow : public QWidget {
  Q_OBJECT
 public:
  explicit HelpWindow(QWidget* parent = nullptr);

  /// README headings Help opens (level 2, as written in README.md).
  static QString cliSection() { return QStringLiteral("Command line"); }
  static QString fileFormatsSection() { return QStringLiteral("File formats"); }
  static QString workbenchSection() { return QStringLiteral("The workbench"); }
  static QString wizardSection() { return QStringLiteral("Real robot logs"); }  // the wizard's section

  /// Shows the section whose heading reads `heading` at the top; false when there is none.
  bool showSection(const QString& heading);
  /// The heading at the top of the view (the section shown), empty if none.
  QString sectionShown() const;
  QTextBrowser* browser() const { return browser_; }

 private:
  QTextBrowser* browser_;
};

}  // namespace eb::gui
