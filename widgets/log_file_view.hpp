#pragma once
// LogFileView: one scanned log as text beside a table — for delimited text the
// first lines of the file beside the parsed preview, whose column headers say the
// role each column has under the given mapping and whose cells that did not parse
// are red; a place (line, column) can be brought into view. A ROS 2 bag shows what
// the bag holds (its topics, wrapped whole) beside the joints of its JointState
// topic: which robot joint each one is, its messages, and whether velocity and
// effort are logged. A MAT file says how it is read.

#include "logs/log_column_mapping.hpp"
#include "logs/log_scan.hpp"

#include <QWidget>

#include <string>
#include <vector>

class QGroupBox;
class QLabel;
class QPlainTextEdit;
class QTableWidget;

namespace eb::widgets {

class LogFileView : public QWidget {
  Q_OBJECT
 public:
  explicit LogFileView(QWidget* parent = nullptr);
  /// The raw text and the preview of the scanned log, its columns named by their role under
  /// `mapping` (a MAT file or an unreadable one says so); a bag's description and joints come
  /// from its scan, the file is not inspected again.
  void show(const LogScan& scan, const LogColumnMapping& mapping);
  /// Only the preview table again (the mapping changed the column roles).
  void showPreview(const LogScan& scan, const LogColumnMapping& mapping);
  /// The robot's joint names in model order: a bag's joints are matched to them by name.
  void setRobotJoints(std::vector<std::string> names) { robotJoints_ = std::move(names); }
  /// Nothing shown: `hint` in the text pane.
  void clear(const QString& hint);
  /// Selects `line` in the text and, when it is among the rows of the scan's preview, its cell
  /// in the column named `field` (or the row).
  void showPlace(std::size_t line, const QString& field, const LogScan& scan);

 private:
  /// The bag's JointState joints (from its scan) in the preview table's place.
  void showBagJoints(const LogScan& scan);

  std::vector<std::string> robotJoints_;
  QPlainTextEdit* rawText_;
  QGroupBox* rawBox_;
  QGroupBox* previewBox_;
  QTableWidget* previewTable_;
  QLabel* previewTitle_;
};

}  // namespace eb::widgets
