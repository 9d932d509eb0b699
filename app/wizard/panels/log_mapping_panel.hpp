#pragma once
// The Import page's "Column mapping" box: the layout field (a layout typed as for the CLI's
// --columns), the column mapping editor, and the buttons that load and save a mapping file
// (the file dialogs are here; reading and writing the file is the page's, as the tests call it).

#include "app/wizard/panels/log_problems.hpp"

#include <QGroupBox>

#include <string>
#include <vector>

class QPushButton;

namespace eb::widgets {
class ColumnLayoutField;
class ColumnMappingEditor;
}  // namespace eb::widgets

namespace eb::wizard {

class LogMappingPanel : public QGroupBox {
  Q_OBJECT
 public:
  /// A panel for a robot with `jointNames` (model order).
  explicit LogMappingPanel(const std::vector<std::string>& jointNames, QWidget* parent = nullptr);
  widgets::ColumnLayoutField* layoutField() const { return layoutField_; }
  widgets::ColumnMappingEditor* editor() const { return editor_; }
  /// The mapping of `log` (a bag or MAT file says how it is read instead); `severalLogs` lets
  /// it be applied to all.
  void showLog(const LogSource& log, const LogPreviewState& state, bool severalLogs);
  /// No log selected: nothing to map.
  void clear();

 signals:
  /// A mapping file was chosen in the save (`save`) or load dialog.
  void mappingFileChosen(const QString& path, bool save);

 private:
  void pickFile(bool save);

  widgets::ColumnLayoutField* layoutField_;
  widgets::ColumnMappingEditor* editor_;
  QPushButton* saveButton_;
  QPushButton* loadButton_;
};

}  // namespace eb::wizard
