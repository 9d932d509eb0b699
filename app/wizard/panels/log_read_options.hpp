#pragma once
// LogReadOptions: how the Import page reads a log beyond its columns — the CSV
// format of the selected log (delimiter, decimal, header: detected, each can be
// forced) with what was detected, and the settings of all logs: torque
// constants of current logs [N m/A], the torque signs (a driver's reversed
// convention), dropping corrupt rows, the gap threshold.
// It shows values and says when the user changed one; the page applies them.

#include "app/wizard/controller/identification_document.hpp"
#include "app/wizard/panels/log_problems.hpp"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace eb::wizard {

class LogReadOptions : public QWidget {
  Q_OBJECT
 public:
  explicit LogReadOptions(QWidget* parent = nullptr);

  /// The format of `log` and what its preview detected (no signal).
  void showFormat(const LogSource& log, const LogPreviewState& state);
  /// No log selected: the format row is disabled and empty.
  void clearFormat();
  /// The document's import settings (no signal).
  void showImport(const ImportSettings& settings);

  /// The format as set: a forced value, or none (detect).
  std::optional<char> delimiter() const;
  std::optional<char> decimal() const;
  std::optional<bool> header() const;
  /// `current` with the fields this row edits as typed, for a robot of `dof` joints; none (and the
  /// torque constants field marked) when the constants are not `dof` non-zero numbers or nothing.
  std::optional<ImportSettings> importSettings(const ImportSettings& current, int dof);

 signals:
  void formatEdited();
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

}  // namespace eb::wizard
