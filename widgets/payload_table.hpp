#pragma once
// PayloadTable: an identified payload (the engine's PayloadEstimate) as people read it off,
// in the mount link's frame and SI units: mass, COM and the inertia about the COM, each with
// its standard deviation and whether the data determined it ("not excited": left at zero),
// and one line saying whether the payload is physically consistent.

#include "identification/payload_identification.hpp"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace eb::widgets {

class PayloadTable : public QWidget {
  Q_OBJECT
 public:
  explicit PayloadTable(QWidget* parent = nullptr);
  /// Shows `payload`; nullptr empties the values (the quantity names stay).
  void setPayload(const PayloadEstimate* payload);

 private:
  QTableWidget* table_;
  QLabel* consistency_;
};

}  // namespace eb::widgets
