#pragma once
// LogReadOptions: how logs are read beyond their columns — the CSV format of one
// log (delimiter, decimal, header: detected, each can be forced) with what its scan
// detected, and the import options of all logs: torque constants of current logs
// [N m/A], the torque signs (a driver's reversed convention), dropping corrupt
// rows, the gap threshold.
// It shows values and says when the user changed one; its owner applies them.

#include "logs/log_import.hpp"
#include "logs/log_scan.hpp"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace eb::widgets {

class LogReadOptions : public QWidget {
  Q_OBJECT
 public:
  explicit LogReadOptions(QWidget* parent = nullptr);

  /// The format fields `choice` forces for the scanned log and what its scan detected (no signal).
  void showFormat(const LogScan& scan, const LogReadChoice& choice);
  /// No log selected: the format row is disabled and empty.
  void clearFormat();
  /// The import options of all logs (no signal).
  void showImport(const LogImportOptions& options);

  /// The format as set: a forced value, or none (detect).
  std::optional<char> delimiter() const;
  std::optional<char> decimal() const;
  std::optional<bool> header() const;
  /// `current` with the fields this row edits as typed, for a robot of `dof` joints; none (and the
  /// torque constants field marked) when the constants are not `dof` non-zero numbers or nothing.
  std::optional<LogImportOptions> importSettings(const LogImportOptions& current, int dof);

 signals:
  /// The user forced a format field or set it back to detected.
  void formatEdited();
  /// The user edited an import option (torque constants or signs, corrupt rows, gap).
  void importEdited();

 private:
  QComboBox* delimiterCombo_;
  QComboBox* decimalCombo_;
  QComboBox* headerCombo_;
  QLabel* detectedLabel_;
  QLineEdit* torqueConstantsEdit_;
  QLineEdit* torqueSignsEdit_;
  QCheckBox* dropBadRowsCheck_;
  QDoubleSpinBox* gapStepsSpin_;
};

}  // namespace eb::widgets
