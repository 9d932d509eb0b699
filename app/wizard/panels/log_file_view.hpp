#pragma once
// LogFileView: one CSV log as the Import page shows it — the first lines of the
// file as text beside the parsed preview table, whose column headers say the
// role each column has under the current mapping and whose cells that did not
// parse are red; a place (line, column) can be brought into view. A ROS 2 bag
// shows what the bag holds (its topics, wrapped whole) beside the joints of its
// JointState topic: which robot joint each one is, its messages, and whether
// velocity and effort are logged.

#include "app/wizard/controller/identification_document.hpp"
#include "app/wizard/panels/log_problems.hpp"

#include <QWidget>

#include <string>
#include <vector>

class QGroupBox;
class QLabel;
class QPlainTextEdit;
class QTableWidget;

namespace eb::wizard {

class LogFileView : public QWidget {
  Q_OBJECT
 public:
  explicit LogFileView(QWidget* parent = nullptr);
  /// The raw text and the preview of `log` (a MAT file or an unreadable one says so); a bag's
  /// description and joints come from its scan, the file is not inspected again.
  void show(const LogSource& log, const LogPreviewState& state);
  /// Only the preview table again (the mapping changed the column roles).
  void showPreview(const LogSource& log, const LogPreviewState& state);
  /// The robot's joint names in model order: a bag's joints are matched to them by name.
  void setRobotJoints(std::vector<std::string> names) { robotJoints_ = std::move(names); }
  /// Nothing shown: `hint` in the text pane.
  void clear(const QString& hint);
  /// Selects `line` in the text and, when it is among the preview rows, its cell in `field`
  /// (or the row); `columns` are the file's column names.
  void showPlace(std::size_t line, const QString& field, const LogPreviewState& state);

 private:
  /// The bag's JointState joints (from its scan) in the preview table's place.
  void showBagJoints(const LogPreviewState& state);

  std::vector<std::string> robotJoints_;
  QPlainTextEdit* rawText_;
  QGroupBox* rawBox_;
  QGroupBox* previewBox_;
  QTableWidget* previewTable_;
  QLabel* previewTitle_;
};

}  // namespace eb::wizard
