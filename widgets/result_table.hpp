#pragma once
// makeResultTable: the look of a per-joint result table (the wizard's validation,
// drift, closed-loop, gain and estimate comparison tables): read only, no row
// numbers, compact rows, each column as wide as its widest cell with the last one
// taking what is left, headers of up to three lines (name, unit). styleResultTable gives
// the same look to a table made elsewhere (a subclass that fills itself from engine data).

#include <QString>
#include <QStringList>

class QTableWidget;

namespace eb::widgets {

/// A new read-only result table with `headers` ('\n' between a header's lines).
QTableWidget* makeResultTable(const QStringList& headers, const QString& objectName, int headerHeight = 40);
/// Gives `table` (a result table's subclass, say) the look and headers of makeResultTable.
void styleResultTable(QTableWidget* table, const QStringList& headers, const QString& objectName,
                      int headerHeight = 40);

}  // namespace eb::widgets
