#pragma once
// The Import page's "Logs" box: the listed logs, each with an icon for its check (error,
// warning, read, being read) and its problems in the tooltip, and the Add / Remove buttons.
// The Add dialog is here; what adding a log means is the page's.

#include "app/wizard/panels/log_problems.hpp"

#include <QGroupBox>

#include <vector>

class QListWidget;
class QPushButton;

namespace eb::wizard {

class LogListPanel : public QGroupBox {
  Q_OBJECT
 public:
  explicit LogListPanel(QWidget* parent = nullptr);
  /// `logs` with their `problems`' icons and tooltips; `checked`: the problems are of a
  /// finished check. Keeps the current row (no currentChanged while rebuilding).
  void showLogs(const std::vector<LogSource>& logs, const std::vector<Diagnostic>& problems, bool checked);
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

}  // namespace eb::wizard
