#include "app/gui/compact_docks.hpp"

#include <QAction>
#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>

namespace eb::gui {

CompactDocks::CompactDocks(QMainWindow* window) : QObject(window), window_(window) {
  window_->installEventFilter(this);
}

void CompactDocks::addPair(QDockWidget* before, QDockWidget* after, Qt::Orientation orientation, int below, int from,
                           QDockWidget* front, double beforeShare) {
  pairs_.push_back(Pair{before, after, front, orientation, below, from, beforeShare});
}

bool CompactDocks::eventFilter(QObject* watched, QEvent* event) {
  if (watched == window_ && event->type() == QEvent::Resize) update();
  return QObject::eventFilter(watched, event);
}

void CompactDocks::update() {
  for (Pair& p : pairs_) {
    // Docks the user floated or moved to another area are theirs: leave them.
    const Qt::DockWidgetArea area = window_->dockWidgetArea(p.first);
    const bool inPlace = area == window_->dockWidgetArea(p.second) && !p.first->isFloating() &&
                         !p.second->isFloating() && p.first->toggleViewAction()->isChecked() &&
                         p.second->toggleViewAction()->isChecked();  // open, even if behind a tab
    const int size = p.orientation == Qt::Horizontal ? window_->width() : window_->height();
    const bool together = window_->tabifiedDockWidgets(p.first).contains(p.second);
    if (!p.tabbed && inPlace && size < p.below && !together) {
      window_->tabifyDockWidget(p.first, p.second);
      p.front->raise();
      p.tabbed = true;
    } else if (p.tabbed && size >= p.from) {
      if (inPlace && together) {
        // splitDockWidget() onto a dock that was tabbed only adds another tab, even once the
        // other tab is gone: the second goes back into the area, after the first, instead.
        window_->removeDockWidget(p.second);
        window_->addDockWidget(area, p.second, p.orientation);
        p.second->show();
        const int room = p.orientation == Qt::Horizontal ? p.first->width() + p.second->width()
                                                         : p.first->height() + p.second->height();
        window_->resizeDocks({p.first, p.second},
                             {static_cast<int>(room * p.share), static_cast<int>(room * (1.0 - p.share))},
                             p.orientation);
      }
      p.tabbed = false;
    }
  }
}

}  // namespace eb::gui
