#pragma once
// The drift check of the validation log (drift_check.hpp) on the Validate page: the torque
// residual's mean per time window, per joint, and whether its trend over the log says that
// friction or temperature drifted. The session's controller computes it from the live
// validation when it or the window changes (linear in the samples: on the GUI thread); the
// report's table, chart and summary are widgets::DriftReportView's.

#include "app/wizard/controller/wizard_session.hpp"

#include <QWidget>

class QDoubleSpinBox;

namespace eb::widgets {
class DriftReportView;
}

namespace eb::wizard {

class DriftPanel : public QWidget {
  Q_OBJECT
 public:
  explicit DriftPanel(WizardSession* session, QWidget* parent = nullptr);

  /// Window length [s].
  void setWindow(double seconds);
  /// Recomputes from the session's live validation (clears when there is none).
  void refresh();
  /// Verdict shown for joint j (0-based) ("steady", "drifted", or empty), for tests.
  QString verdict(int joint) const;
  /// The summary line, for tests.
  QString summary() const;

 private:
  WizardSession* session_;
  QDoubleSpinBox* window_;
  widgets::DriftReportView* view_;
};

}  // namespace eb::wizard
