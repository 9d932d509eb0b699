#include "app/wizard/result_table.hpp"

#include <QHeaderView>
#include <QTableWidget>

namespace eb::wizard {

QTableWidget* makeResultTable(const QStringList& headers, const QString& objectName, int headerHeight) {
  auto* table = new QTableWidget(0, static_cast<int>(headers.size()));
  table->setObjectName(objectName);
  table->setHorizontalHeaderLabels(headers);
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->verticalHeader()->setVisible(false);
  table->verticalHeader()->setDefaultSectionSize(22);
  table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  table->horizontalHeader()->setMinimumHeight(headerHeight);
  return table;
}

}  // namespace eb::wizard
