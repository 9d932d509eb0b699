#pragma once
// StartHint: a one-line banner on a first start (no project opened) naming
// the four steps of the workbench by their real menus, until the user
// dismisses it; the dismissal is remembered in QSettings. It is a toolbar
// row of its own under the main toolbar: the full window width for one line
// of text (two lines in a window too narrow for one), and the layout makes room
// for it, so it covers no control.

#include <QToolBar>

class QLabel;
class QToolButton;

namespace eb::gui {

class StartHint : public QToolBar {
  Q_OBJECT
 public:
  explicit StartHint(QWidget* parent = nullptr);

  /// Shows the banner unless the user dismissed it in an earlier session.
  void showUnlessDismissed();
  /// Hides the banner for good (this session and the next ones).
  void dismiss();
  /// The hint as plain text (tests).
  QString text() const;
  /// True while the hint is broken into two lines (the window is too narrow for one).
  bool isTwoLines() const;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  QString oneLine_, twoLines_;
  QLabel* label_;
  QToolButton* close_;
};

}  // namespace eb::gui
