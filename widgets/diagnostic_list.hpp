#pragma once
// DiagnosticList: findings about files (the engine's Diagnostics) as a list of file, line and
// message, errors first as given, each with its severity's icon and its whole text in a
// tooltip; clicking one says which place it names (file, line, column) so a view can show it.

#include "util/diagnostic.hpp"

#include <QString>
#include <QTreeWidget>

#include <cstddef>
#include <vector>

namespace eb::widgets {

/// A diagnostic as one line with its place: "line 12: column 'q3': ..." (the whole message, for tooltips).
QString problemLine(const Diagnostic& problem);

class DiagnosticList : public QTreeWidget {
  Q_OBJECT
 public:
  explicit DiagnosticList(QWidget* parent = nullptr);
  /// Shows `problems` in their order (file name, line, field and message).
  void setProblems(const std::vector<Diagnostic>& problems);

 signals:
  /// A problem was clicked or activated: its file, line (0: none) and column (empty: none).
  void placeActivated(const QString& path, std::size_t line, const QString& field);
};

}  // namespace eb::widgets
