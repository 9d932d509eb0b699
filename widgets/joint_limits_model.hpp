#pragma once
// JointLimitsModel: the joints of a robot as a table (name, type, lower,
// upper, velocity, acceleration, effort, locked at) with editable limits and
// a lock per joint (a check box and the value it is held at). Edits are
// reported, not applied: the document decides and sends the new joints back.

#include "model/robot_model.hpp"

#include <QAbstractTableModel>

#include <vector>

namespace eb::widgets {

class JointLimitsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { Name, Type, Lower, Upper, Velocity, Acceleration, Effort, Lock, ColumnCount };

  explicit JointLimitsModel(QObject* parent = nullptr);

  /// All joints of the robot as loaded; `lockedAt` per joint: the value it is held at [rad or m],
  /// NaN (or missing) when it moves. Locked rows show their limits greyed and not editable.
  void setJoints(const std::vector<Joint>& joints, const std::vector<double>& lockedAt = {});
  const std::vector<Joint>& joints() const { return joints_; }
  bool isLocked(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  /// Limits: a number, or "inf"/"none"/empty for no limit; rejects lower > upper and non-positive
  /// rates. Lock column: a check (lock / free) or a value inside the limits (lock there; empty frees).
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

 signals:
  /// The user asked for new limits of joint `joint` (SI units).
  void limitsEdited(int joint, const eb::JointLimits& limits);
  /// The user asked to lock joint row `joint` at `value` (NaN: where it is now) or to free it.
  void lockEdited(int joint, bool locked, double value);

 private:
  std::vector<Joint> joints_;
  std::vector<double> lockedAt_;
};

}  // namespace eb::widgets
