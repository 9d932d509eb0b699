#pragma once
// The look of the wizard's per-joint result tables (validation, drift, closed loop): read
// only, no row numbers, compact rows, columns stretched with the first one (the joint) sized to
// its contents, headers of up to three lines (name, unit).

#include <QString>
#include <QStringList>

class QTableWidget;

namespace eb::wizard {

/// A new read-only result table with `headers` ('\n' between a header's lines).
QTableWidget* makeResultTable(const QStringList& headers, const QString& objectName, int headerHeight = 40);

}  // namespace eb::wizard
