#include "widgets/result_table.hpp"

#include <QHeaderView>
#include <QTableWidget>

namespace eb::widgets {

QTableWidget* makeResultTable(const QStringList& headers, const QString& objectName, int headerHeight) {
  auto* table = new QTableWidget;
  styleResultTable(table, headers, objectName, headerHeight);
  return table;
}

void styleResultTable(QTableWidget* table, const QStringList& headers, const QString& objectName, int headerHeight) {
  table->setRowCount(0);
  table->setColumnCount(static_cast<int>(headers.size()));
  table->setObjectName(objectName);
  table->setHorizontalHeaderLabels(headers);
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->verticalHeader()->setVisible(false);
  table->verticalHeader()->setDefaultSectionSize(22);
  // Every column as wide as its widest cell, the last one taking what is left: stretched columns
  // shared the width equally and cut "0.0513" to "0...." on a 1024 px screen (issue 43); a table
  // wider than its place scrolls sideways instead.
  table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table->horizontalHeader()->setStretchLastSection(true);
  table->horizontalHeader()->setMinimumHeight(headerHeight);
}

}  // namespace eb::widgets
