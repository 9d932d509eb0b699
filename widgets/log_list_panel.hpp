#pragma once
// LogListPanel: a "Logs" box listing experiment logs, each with an icon for its check (error,
// warning, read, being read) and its problems (the engine's Diagnostics about that file) in
// the tooltip, and the Add / Remove buttons. The Add dialog is here; what adding a log means
// is the caller's.

#include "util/diagnostic.hpp"

#include <QGroupBox>
#include <QStringList>

#include <vector>

class QListWidget;
class QPushButton;

namespace eb::widgets {

class LogListPanel : public QGroupBox {
  Q_OBJECT
 public:
  explicit LogListPanel(QWidget* parent = nullptr);
  /// The logs at `paths` with their `problems`' icons and tooltips (a problem is a log's when its
  /// file is the log's path); `checked`: the problems are of a finished check. Keeps the current
  /// row (no currentChanged while rebuilding).
  void showLogs(const QStringList& paths, const std::vector<Diagnostic>& problems, bool checked);
  /// The selected row, -1 when none.
  int current() const;
  void setCurrent(int row);
  void setRemoveEnabled(bool on);

 signals:
  /// Files were picked in the Add dialog.
  void addRequested(const QStringList& paths);
  void removeRequested();
  void currentChanged(int row);

 private:
  void addDialog();

  QListWidget* list_;
  QPushButton* removeButton_;
};

}  // namespace eb::widgets
