#include "widgets/payload_table.hpp"

#include "widgets/display_text.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <iterator>

namespace eb::widgets {
namespace {

// Table rows: what people read off a payload, in SI units.
struct Row {
  const char* name;
  const char* unit;
};
constexpr Row kRows[] = {{"mass", "kg"},        {"COM x", "m"},       {"COM y", "m"},       {"COM z", "m"},
                         {"Ixx (COM)", "kg m²"}, {"Ixy (COM)", "kg m²"}, {"Ixz (COM)", "kg m²"},
                         {"Iyy (COM)", "kg m²"}, {"Iyz (COM)", "kg m²"}, {"Izz (COM)", "kg m²"}};

// Whether a row is determined by the data. Standard parameters: m, mx, my, mz, Ixx, Ixy, Iyy,
// Ixz, Iyz, Izz. The mass needs m, a COM coordinate needs m and its first moment, and the
// inertia about the COM needs all ten.
bool rowIdentified(int row, const std::vector<int>& unidentified) {
  for (int k : unidentified)
    if (k == 0 || row >= 4 || (row >= 1 && k == row)) return false;
  return true;
}

}  // namespace

PayloadTable::PayloadTable(QWidget* parent) : QWidget(parent) {
  table_ = new QTableWidget(int(std::size(kRows)), 4);
  table_->setObjectName("payloadTable");
  table_->setHorizontalHeaderLabels({tr("Quantity"), tr("Value"), tr("± 1σ"), tr("From the data")});
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->setVisible(false);
  table_->verticalHeader()->setDefaultSectionSize(22);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  for (int r = 0; r < table_->rowCount(); ++r)
    table_->setItem(r, 0, new QTableWidgetItem(QString("%1 [%2]").arg(kRows[r].name, kRows[r].unit)));
  consistency_ = new QLabel;
  consistency_->setObjectName("payloadConsistency");
  consistency_->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(table_, 1);
  layout->addWidget(consistency_);
}

void PayloadTable::setPayload(const PayloadEstimate* payload) {
  if (!payload) {
    for (int r = 0; r < table_->rowCount(); ++r)
      for (int c = 1; c < 4; ++c) delete table_->takeItem(r, c);
    consistency_->clear();
    return;
  }
  const PayloadEstimate& p = *payload;
  const double values[10] = {p.mass,
                             p.com.x(),
                             p.com.y(),
                             p.com.z(),
                             p.inertiaCom(0, 0),
                             p.inertiaCom(0, 1),
                             p.inertiaCom(0, 2),
                             p.inertiaCom(1, 1),
                             p.inertiaCom(1, 2),
                             p.inertiaCom(2, 2)};
  const double stds[10] = {p.massStd,          p.comStd.x(),       p.comStd.y(),       p.comStd.z(),
                           p.inertiaComStd[0], p.inertiaComStd[1], p.inertiaComStd[2], p.inertiaComStd[3],
                           p.inertiaComStd[4], p.inertiaComStd[5]};
  for (int r = 0; r < table_->rowCount(); ++r) {
    const bool fromData = rowIdentified(r, p.unidentified);
    table_->setItem(r, 1, new QTableWidgetItem(formatNumber(values[r], 5)));
    table_->setItem(r, 2, new QTableWidgetItem(fromData ? formatNumber(stds[r], 2) : QString("—")));
    auto* mark = new QTableWidgetItem(fromData ? QString("✓") : tr("not excited"));
    mark->setForeground(fromData ? QColor(30, 120, 40) : QColor(180, 40, 40));
    if (!fromData) mark->setToolTip(tr("The log does not excite this quantity: it is left at zero"));
    table_->setItem(r, 3, mark);
  }
  consistency_->setText(p.consistency.empty()
                            ? tr("Physically consistent (positive mass, positive-definite inertia).")
                            : tr("Not physically consistent: %1").arg(QString::fromStdString(p.consistency)));
  consistency_->setStyleSheet(p.consistency.empty() ? "color: #1e7828" : "color: #b42828");
}

}  // namespace eb::widgets
