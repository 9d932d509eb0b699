#pragma once
// OptimizePanel: the controls of one excitation-optimizer run (criterion,
// time budget, starts), the evaluation settings it shares with the live view
// (the position range used, stated; the criterion's sample rate, shown), its
// Optimize / Cancel buttons with a progress bar beside them while a run goes
// on, and the best value found so far. It runs nothing itself: it asks and displays.

#include "excitation/optimizer_setting_specs.hpp"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace eb::widgets {

class OptimizePanel : public QWidget {
  Q_OBJECT
 public:
  explicit OptimizePanel(QWidget* parent = nullptr);

  eb::ExcitationCriterion criterion() const;
  void setCriterion(eb::ExcitationCriterion criterion);
  double timeLimit() const;  ///< [s], 0: none
  void setTimeLimit(double seconds);
  int starts() const;
  void setStarts(int starts);
  /// Share of each joint's position range the optimizer and the live limit checks use, in [0.5, 1].
  double positionRange() const;
  /// Shows `fraction` (0.5-1) without emitting positionRangeEdited.
  void setPositionRange(double fraction);
  /// "criterion at N Hz (automatic)" or "(set)": the rate [Hz] the shown cond was computed at.
  void setCriterionRate(double hz, bool automatic);
  QDoubleSpinBox* positionRangeBox() const { return positionRange_; }
  /// "criterion at N Hz (automatic)": also in the criterion box's tooltip.
  const QString& criterionRateText() const { return rateText_; }
  bool isRunning() const { return running_; }
  /// Whether Optimize can run for the current excitation; `why` (the button's tooltip) says why not.
  void setAvailable(bool available, const QString& why = {});
  bool isAvailable() const { return available_; }

  QPushButton* optimizeButton() const { return optimize_; }
  QPushButton* cancelButton() const { return cancel_; }
  QProgressBar* progressBar() const { return progress_; }

 public slots:
  void setRunning(bool running);
  /// Progress of a run: elapsed / budget in [0, 1], best criterion value and its cond so far.
  void setProgress(double fraction, double bestValue, double bestCond, bool feasible, int evaluations);
  /// Final line after a run ("cond 21.3 in 9.8 s", "cancelled", an error).
  void setResultText(const QString& text);

 signals:
  void optimizeRequested();
  void cancelRequested();
  void settingsEdited();
  /// The user changed the position range used (a fraction in [0.5, 1]).
  void positionRangeEdited(double fraction);

 private:
  /// The line under the buttons; empty: no line.
  void showResult(const QString& text);

  QComboBox* criterion_;
  QDoubleSpinBox* timeLimit_;
  QSpinBox* starts_;
  QDoubleSpinBox* positionRange_;
  QString rateText_;
  QPushButton* optimize_;
  QPushButton* cancel_;
  QProgressBar* progress_;
  QLabel* best_;
  bool running_ = false;
  bool available_ = true;
};

}  // namespace eb::widgets
