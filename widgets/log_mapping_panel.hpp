#pragma once
// LogMappingPanel: a "Column mapping" box for one scanned log: the layout field (a layout
// typed as for the CLI's --columns), the column mapping editor, and the buttons that load and
// save a mapping file (the file dialogs are here; reading and writing the file is the
// caller's). A bag or MAT file says how it is read instead.

#include "logs/log_scan.hpp"

#include <QGroupBox>

#include <string>
#include <vector>

class QPushButton;

namespace eb::widgets {

class ColumnLayoutField;
class ColumnMappingEditor;

class LogMappingPanel : public QGroupBox {
  Q_OBJECT
 public:
  /// A panel for a robot with `jointNames` (model order).
  explicit LogMappingPanel(const std::vector<std::string>& jointNames, QWidget* parent = nullptr);
  ColumnLayoutField* layoutField() const { return layoutField_; }
  ColumnMappingEditor* editor() const { return editor_; }
  /// The mapping `choice` of the log `scan` describes (a bag or MAT file says how it is read
  /// instead); `severalLogs` lets it be applied to all.
  void showLog(const LogScan& scan, const LogReadChoice& choice, bool severalLogs);
  /// No log selected: nothing to map.
  void clear();

 signals:
  /// A mapping file was chosen in the save (`save`) or load dialog.
  void mappingFileChosen(const QString& path, bool save);

 private:
  void pickFile(bool save);

  ColumnLayoutField* layoutField_;
  ColumnMappingEditor* editor_;
  QPushButton* saveButton_;
  QPushButton* loadButton_;
};

}  // namespace eb::widgets
