#pragma once
// The wizard's friction-model comparison: a button that fits the five friction
// models of engine/identification/friction_comparison.hpp on the session's logs
// (in the background, cancellable) and a table of their held-out NRMSE per joint,
// the best model marked. It shows results; the engine computes them. "Use for the estimate"
// hands the selected model's regressor columns (with its widths or Stribeck velocities) to
// the estimate page.

#include "app/common/background_task.hpp"
#include "identification/identification_pipeline.hpp"
#include "model/robot_model.hpp"

#include <QWidget>

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;

namespace eb {
struct FrictionComparison;
}

namespace eb::wizard {

class FrictionComparisonView : public QWidget {
  Q_OBJECT
 public:
  /// The logs to compare on, each with its own import options, and the settings every log is
  /// preprocessed and compared with (accumulateLogs' arguments).
  struct Logs {
    std::vector<LogInput> logs;
    IdentificationSettings settings;
  };
  /// The session's logs; throws on a bad mapping.
  using LogsProvider = std::function<Logs()>;

  using ModelProvider = std::function<std::shared_ptr<const RobotModel>()>;

  FrictionComparisonView(ModelProvider model, LogsProvider logs, QWidget* parent = nullptr);

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
  ModelProvider model_;
  LogsProvider logs_;
  common::BackgroundTask* task_;
  QPushButton* compare_;
  QPushButton* use_;
  QLabel* status_;
  std::vector<std::pair<RegressorOptions, QString>> models_;  // per table row: the model's columns, its name
  int bestRow_ = -1;
  QTableWidget* table_;
};

}  // namespace eb::wizard
