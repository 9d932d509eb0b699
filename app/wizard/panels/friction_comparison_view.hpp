#pragma once
// The wizard's friction-model comparison: a button that has the controller fit the five
// friction models of engine/identification/friction_comparison.hpp on the session's logs
// (in the background, cancellable) and a table of their held-out NRMSE per joint, the best
// model marked. It shows the controller's result, and nothing once the logs it was made on
// changed; the engine computes it. "Use for the estimate" hands the selected model's regressor
// columns (with its widths or Stribeck velocities) to the estimate page.

#include "app/wizard/controller/identification_controller.hpp"
#include "widgets/friction_comparison_table.hpp"

#include <QWidget>

#include <string>
#include <utility>
#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;

namespace eb::wizard {

class FrictionComparisonView : public QWidget {
  Q_OBJECT
 public:
  explicit FrictionComparisonView(IdentificationController* controller, QWidget* parent = nullptr);

  QPushButton* compareButton() const { return compare_; }
  QTableWidget* table() const { return table_; }
  QPushButton* useButton() const { return use_; }
  /// Shows a comparison (the table's rows: models; columns: score, then joints).
  void showComparison(const FrictionComparison& c);

 signals:
  void comparisonFinished(bool ok);
  /// The user chose a compared model for the estimate: its regressor columns and name.
  void modelChosen(const eb::RegressorOptions& options, const QString& name);

 private:
  void run();
  /// The controller's comparison, or an empty table when it has none (the logs changed).
  void showCurrent();
  IdentificationController* controller_;
  QPushButton* compare_;
  QPushButton* use_;
  QLabel* status_;
  std::vector<std::pair<RegressorOptions, QString>> models_;  // per table row: the model's columns, its name
  int bestRow_ = -1;
  widgets::FrictionComparisonTable* table_;
};

}  // namespace eb::wizard
