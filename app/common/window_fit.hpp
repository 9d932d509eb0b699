#pragma once
// Top-level windows (the workbench, the wizard, the dialogs) open inside the screen they open on,
// with room for a window manager's title bar and frame: a 1024 x 700 screen (a small laptop, a
// remote desktop) shows every window whole, its buttons included.

#include <QSize>

class QScreen;
class QWidget;

namespace eb::common {

/// Room [px] a window manager's decoration takes: the side borders, and the title bar with the
/// bottom border. A window of the available size minus this fits its frame on the screen.
inline constexpr int kFrameWidthMargin = 16;
inline constexpr int kFrameHeightMargin = 48;

/// The screen `window` opens on: its parent window's, else its own (the primary one before it is shown).
QScreen* openingScreen(const QWidget* window);

/// The largest client size of a top-level window on `screen` that still fits with its frame.
QSize largestWindowSize(const QScreen* screen);

/// Sizes the top-level `window` to `preferred`, bounded by largestWindowSize() of its screen, and
/// caps its explicit minimum size to that bound too. A window that is not a dialog is centred on
/// the screen's available area (a dialog is centred over its parent by Qt when shown).
void fitToScreen(QWidget* window, QSize preferred);

/// Puts the contents of `page` (its layout and the widgets in it) into a frameless scroll area
/// that fills the page: content taller or wider than the window scrolls instead of pushing the
/// window's own buttons off the screen. Call once the page has its layout.
void scrollContents(QWidget* page);

}  // namespace eb::common
