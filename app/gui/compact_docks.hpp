#pragma once
// CompactDocks: keeps small windows usable by tabbing pairs of docks that sit
// side by side (or one above the other) in a large window. In a 1024 x 700
// window the log beside the joint signals showed a word per line and the
// charts lost their axis labels, and the excitation sliders under the joint
// table had no height left: tabbed, each gets the whole row or column. When the
// window grows back the pair is split again. Only what it did itself is
// undone: a dock the user floated or moved stays where it is.

#include <QObject>
#include <QSize>

#include <vector>

class QDockWidget;
class QMainWindow;

namespace eb::gui {

class CompactDocks : public QObject {
  Q_OBJECT
 public:
  explicit CompactDocks(QMainWindow* window);

  /// Tabs the pair `before`, `after` (left/right or top/bottom by `orientation`, as laid out) while
  /// the window is narrower (or lower) than `below` [px], `front` shown; splits it back as it was
  /// from `from` [px] up (hysteresis), `beforeShare` (0..1) of the room to `before`.
  void addPair(QDockWidget* before, QDockWidget* after, Qt::Orientation orientation, int below, int from,
               QDockWidget* front, double beforeShare);
  /// Whether pair `i` (in addPair order) is tabbed now.
  bool tabbed(int i) const { return pairs_.at(static_cast<size_t>(i)).tabbed; }
  /// Applies the rules for the window's current size.
  void update();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  struct Pair {
    QDockWidget* first;
    QDockWidget* second;
    QDockWidget* front;
    Qt::Orientation orientation;
    int below, from;
    double share;
    bool tabbed = false;
  };
  QMainWindow* window_;
  std::vector<Pair> pairs_;
};

}  // namespace eb::gui
