#include "app/common/window_fit.hpp"

#include <QDialog>
#include <QFrame>
#include <QGuiApplication>
#include <QLayout>
#include <QScreen>
#include <QScrollArea>
#include <QVBoxLayout>
#include <QWidget>
#include <algorithm>

namespace eb::common {

QScreen* openingScreen(const QWidget* window) {
  if (const QWidget* parent = window->parentWidget()) return parent->window()->screen();
  if (QScreen* own = window->screen()) return own;
  return QGuiApplication::primaryScreen();
}

QSize largestWindowSize(const QScreen* screen) {
  if (!screen) return QSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
  const QSize area = screen->availableGeometry().size();
  return QSize(std::max(1, area.width() - kFrameWidthMargin), std::max(1, area.height() - kFrameHeightMargin));
}

void fitToScreen(QWidget* window, QSize preferred) {
  const QScreen* screen = openingScreen(window);
  const QSize largest = largestWindowSize(screen);
  // An explicit minimum larger than the screen would put the window's edges (and buttons) off it.
  // Set only then: an explicit minimum stops the layout from setting the window's own.
  if (window->minimumWidth() > largest.width() || window->minimumHeight() > largest.height())
    window->setMinimumSize(window->minimumSize().boundedTo(largest));
  const QSize size = preferred.boundedTo(largest).expandedTo(window->minimumSize());
  window->resize(size);
  if (!screen || qobject_cast<QDialog*>(window)) return;
  // Centred with its decoration: move() places the frame's top-left corner.
  const QRect area = screen->availableGeometry();
  const int frameWidth = size.width() + kFrameWidthMargin, frameHeight = size.height() + kFrameHeightMargin;
  window->move(area.x() + std::max(0, (area.width() - frameWidth) / 2),
               area.y() + std::max(0, (area.height() - frameHeight) / 2));
}

void scrollContents(QWidget* page) {
  QLayout* contents = page->layout();
  if (!contents) return;
  auto* inner = new QWidget;
  inner->setObjectName(page->objectName() + "Contents");
  // QWidget::setLayout() takes a layout off the widget that holds it, with the widgets it lays out.
  inner->setLayout(contents);
  auto* scroll = new QScrollArea;
  scroll->setObjectName(page->objectName() + "Scroll");
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidgetResizable(true);
  scroll->setWidget(inner);
  auto* outer = new QVBoxLayout(page);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(scroll);
}

}  // namespace eb::common
