#pragma once
// ColumnMappingEditor: the editable LogColumnMapping of one CSV log — time
// column (or a fixed rate) and its unit, the position unit, and per robot
// joint the columns holding q, qd, qdd and tau with the torque scale, each a
// combo box of the file's columns. Emits edited() for every user change.

#include "logs/log_column_mapping.hpp"

#include <QStringList>
#include <QWidget>

#include <string>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace eb::widgets {

class ColumnMappingEditor : public QWidget {
  Q_OBJECT
 public:
  /// One row per joint of the robot (model names, model order).
  explicit ColumnMappingEditor(const std::vector<std::string>& jointNames, QWidget* parent = nullptr);

  /// Shows `mapping` for a file with `columns` (no edited() emitted).
  void setMapping(const LogColumnMapping& mapping, const QStringList& columns, bool editedByHand);
  /// Disables the editor with a message (MAT files, unreadable files).
  void setUnavailable(const QString& message);
  /// The mapping as shown.
  LogColumnMapping mapping() const;
  /// Whether "Use for all logs" is offered.
  void setApplyToAllEnabled(bool on);

 signals:
  /// The user changed something (the editor already says "edited by hand").
  void edited();
  /// "Guess again" was pressed.
  void guessRequested();
  /// "Use for all logs" was pressed.
  void applyToAllRequested();

 private:
  enum Column { Joint, Q, Qd, Qdd, Tau, Scale, ColumnCount };
  void rebuildRows(const QStringList& columns);
  void onEdited();

  std::vector<std::string> jointNames_;
  QStringList columns_;
  bool updating_ = false;
  QComboBox* timeColumnCombo_;
  QComboBox* timeUnitCombo_;
  QDoubleSpinBox* rateSpin_;
  QComboBox* positionUnitCombo_;
  QPushButton* guessButton_;
  QPushButton* applyAllButton_;
  QTableWidget* table_;
  QLabel* status_;
};

}  // namespace eb::widgets
