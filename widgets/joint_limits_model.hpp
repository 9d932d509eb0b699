#pragma once
// JointLimitsModel: the joints of a robot as a table (name, type, lower,
// upper, velocity, acceleration, effort) with editable limits. Edits are
// reported, not applied: the document decides and sends the new joints back.

#include "model/robot_model.hpp"

#include <QAbstractTableModel>

#include <vector>

namespace eb::widgets {

class JointLimitsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { Name, Type, Lower, Upper, Velocity, Acceleration, Effort, ColumnCount };

  explicit JointLimitsModel(QObject* parent = nullptr);

  void setJoints(const std::vector<Joint>& joints);
  const std::vector<Joint>& joints() const { return joints_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  /// Accepts a number, or "inf"/"none"/empty for no limit; rejects lower > upper and non-positive rates.
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

 signals:
  /// The user asked for new limits of joint `joint` (SI units).
  void limitsEdited(int joint, const eb::JointLimits& limits);

 private:
  std::vector<Joint> joints_;
};

}  // namespace eb::widgets
