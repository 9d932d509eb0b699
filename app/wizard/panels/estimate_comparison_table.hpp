#pragma once
// The Estimate page's side-by-side view (issue 43): one row per estimate made on the current
// logs (each method, each joint model the person ran), with the estimate's cond, how many links
// are physically plausible and the NRMSE of each joint on the estimate's samples; the live one,
// which the Export page writes, is marked. Choosing a row makes that estimate live again.

#include "app/wizard/controller/wizard_session.hpp"

#include <QWidget>

#include <memory>
#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;

namespace eb::wizard {

/// One line of the comparison, as shown: what each cell says, from an estimate.
struct EstimateComparisonRow {
  QString method;       ///< "Ordinary least squares (OLS)", Auto with the method it chose
  QString jointModel;   ///< "viscous + Coulomb + offset", or the compared friction model's name
  double condition = 0.0;
  int plausibleLinks = -1;  ///< -1: not checked (only the consistent estimate has full parameters)
  int links = 0;
  std::vector<double> nrmsePercent;  ///< per joint, on the estimate's own samples [%]
};

/// What the comparison shows of `estimate` (NRMSE from its normal equations, model order).
EstimateComparisonRow comparisonRow(const EstimateResult& estimate);

class EstimateComparisonTable : public QWidget {
  Q_OBJECT
 public:
  explicit EstimateComparisonTable(WizardSession* session, QWidget* parent = nullptr);

  /// The row showing `estimate` (-1 when it is not there).
  int rowOf(const EstimateResult* estimate) const;
  /// The row marked as the one exported (-1 when none is live).
  int exportedRow() const;
  /// Makes the estimate of `row` live (its settings become the document's).
  void choose(int row);
  QTableWidget* table() const { return table_; }

 signals:
  /// The person chose the estimate made with these settings.
  void chosen(const EstimationSettings& settings);

 private:
  void refresh();

  WizardSession* session_;
  QTableWidget* table_;
  QLabel* hint_;
  QPushButton* useButton_;
  std::vector<std::shared_ptr<const EstimateResult>> shown_;
};

}  // namespace eb::wizard
