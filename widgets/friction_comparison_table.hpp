#pragma once
// FrictionComparisonTable: a read-only table of the engine's FrictionComparison, one row
// per friction model (its short name, the best marked with a star and bold; the full name
// and its per-joint width or Stribeck velocity as the tooltip), its held-out score and its
// held-out NRMSE per joint [%]. It shows a comparison; it never runs one.

#include "identification/friction_comparison.hpp"

#include <QTableWidget>

namespace eb::widgets {

class FrictionComparisonTable : public QTableWidget {
  Q_OBJECT
 public:
  explicit FrictionComparisonTable(QWidget* parent = nullptr);

  /// Shows `comparison`: rows in its model order, columns model, score, held-out NRMSE per joint [%].
  void setComparison(const FrictionComparison& comparison);
  /// No comparison: no rows, no columns.
  void clearComparison();
};

}  // namespace eb::widgets
