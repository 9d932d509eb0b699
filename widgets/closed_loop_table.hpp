#pragma once
// ClosedLoopTable: the engine's ClosedLoopComparison (closed_loop_tracking.hpp) as a read-only
// per-joint table: the tracking error's RMS and max [rad] with the identified model and with
// the description's own as the controller's model ("unstable" for a loop that diverged, a max
// beyond the 0.01 rad bar in red; the description's columns say when it was given the plant's
// friction). summaryText() is the comparison's verdict paragraph for a label beside it. It
// shows a comparison; it never runs one.

#include "simulation/closed_loop_tracking.hpp"

#include <QTableWidget>

#include <string>
#include <vector>

namespace eb::widgets {

class ClosedLoopTable : public QTableWidget {
  Q_OBJECT
 public:
  /// An empty table with its headers (the description's columns without friction).
  explicit ClosedLoopTable(QWidget* parent = nullptr);

  /// Shows `comparison` for the joints named `jointNames` (model order, one row each).
  void setComparison(const ClosedLoopComparison& comparison, const std::vector<std::string>& jointNames);
  /// No comparison: no rows (the headers stay as they are).
  void clearComparison();

  /// The verdict as rich text: the time tracked, each model's worst error (joint by `jointNames`, time [s]) or where
  /// it diverged, and the engine's closedLoopVerdict.
  static QString summaryText(const ClosedLoopComparison& comparison, const std::vector<std::string>& jointNames);
};

}  // namespace eb::widgets
