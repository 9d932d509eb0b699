#include "widgets/joint_limits_model.hpp"

#include <QBrush>
#include <QColor>

#include <cmath>
#include <limits>

namespace eb::widgets {
namespace {

double* field(JointLimits& l, int column) {
  switch (column) {
    case JointLimitsModel::Lower: return &l.lower;
    case JointLimitsModel::Upper: return &l.upper;
    case JointLimitsModel::Velocity: return &l.velocity;
    case JointLimitsModel::Acceleration: return &l.acceleration;
    case JointLimitsModel::Effort: return &l.effort;
    default: return nullptr;
  }
}

QString numberText(double v) { return std::isfinite(v) ? QString::number(v, 'g', 6) : QString(); }

// Two decimals at most (none from 100 up), trailing zeros dropped: "2.9", "15", "87" keep the
// seven columns narrow enough for the joint names beside them.
QString shortNumber(double v) {
  QString text = QString::number(v, 'f', std::abs(v) >= 100 ? 0 : 2);
  if (text.contains('.')) {
    while (text.endsWith('0')) text.chop(1);
    if (text.endsWith('.')) text.chop(1);
  }
  return text == "-0" ? QString("0") : text;
}

}  // namespace

JointLimitsModel::JointLimitsModel(QObject* parent) : QAbstractTableModel(parent) {}

void JointLimitsModel::setJoints(const std::vector<Joint>& joints, const std::vector<double>& lockedAt) {
  const bool sameShape = joints.size() == joints_.size();
  if (!sameShape) beginResetModel();
  joints_ = joints;
  lockedAt_ = lockedAt;
  lockedAt_.resize(joints_.size(), std::numeric_limits<double>::quiet_NaN());
  if (!sameShape)
    endResetModel();
  else if (!joints_.empty())
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int JointLimitsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(joints_.size());
}

int JointLimitsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

bool JointLimitsModel::isLocked(int row) const {
  return row >= 0 && row < rowCount() && !std::isnan(lockedAt_[static_cast<size_t>(row)]);
}

QVariant JointLimitsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  const Joint& j = joints_[static_cast<size_t>(index.row())];
  const int c = index.column();
  const bool locked = isLocked(index.row());
  if (c == Lock) {
    const double at = lockedAt_[static_cast<size_t>(index.row())];
    if (role == Qt::CheckStateRole) return locked ? Qt::Checked : Qt::Unchecked;
    if (role == Qt::DisplayRole) return locked ? shortNumber(at) : QString();
    if (role == Qt::EditRole) return locked ? numberText(at) : QString();
    if (role == Qt::ToolTipRole)
      return locked ? tr("Held still at %1 %2: a fixed joint, not excited. Uncheck to let it move.")
                          .arg(numberText(at), j.type == JointType::Prismatic ? "m" : "rad")
                    : tr("Check to hold this joint still (at its offset), or type the value to hold it at");
    return {};
  }
  if (role == Qt::ForegroundRole && locked) return QBrush(QColor(0x99, 0x99, 0x99));
  if (role == Qt::DisplayRole || role == Qt::EditRole) {
    if (c == Name) return QString::fromStdString(j.name);
    if (c == Type) return j.type == JointType::Prismatic ? QString("P") : QString("R");
    JointLimits l = j.limits;
    const double v = *field(l, c);
    if (role == Qt::EditRole) return numberText(v);
    return std::isfinite(v) ? shortNumber(v) : QString::fromUtf8("\u2014");
  }
  if (role == Qt::TextAlignmentRole && c >= Lower) return int(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::ToolTipRole && c >= Lower) return tr("Type a number, or leave empty for no limit");
  if (role == Qt::ToolTipRole && c == Name) return QString::fromStdString(j.name);
  if (role == Qt::ToolTipRole && c == Type) return QString(jointTypeName(j.type));
  if (role == Qt::ForegroundRole && c >= Lower) {
    JointLimits l = j.limits;
    if (!std::isfinite(*field(l, c))) return QBrush(QColor(0x99, 0x99, 0x99));
  }
  return {};
}

QVariant JointLimitsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole) return {};
  if (orientation == Qt::Vertical) return section + 1;
  switch (section) {
    case Name: return tr("joint");
    case Type: return tr("R/P");
    case Lower: return tr("lower");
    case Upper: return tr("upper");
    case Velocity: return tr("vel");
    case Acceleration: return tr("acc");
    case Effort: return tr("effort");
    case Lock: return tr("lock");
    default: return {};
  }
}

Qt::ItemFlags JointLimitsModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags f = QAbstractTableModel::flags(index);
  if (!index.isValid()) return f;
  if (index.column() == Lock) return f | Qt::ItemIsUserCheckable | Qt::ItemIsEditable;
  if (index.column() >= Lower && !isLocked(index.row())) f |= Qt::ItemIsEditable;
  return f;
}

bool JointLimitsModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (!index.isValid()) return false;
  if (index.column() == Lock) {
    const int row = index.row();
    if (role == Qt::CheckStateRole) {
      const bool lock = value.toInt() == Qt::Checked;
      if (lock == isLocked(row)) return false;
      emit lockEdited(row, lock, std::numeric_limits<double>::quiet_NaN());
      return true;
    }
    if (role != Qt::EditRole) return false;
    const QString text = value.toString().trimmed();
    if (text.isEmpty()) {
      if (!isLocked(row)) return false;
      emit lockEdited(row, false, std::numeric_limits<double>::quiet_NaN());
      return true;
    }
    bool ok = false;
    const double v = text.toDouble(&ok);
    const JointLimits& l = joints_[static_cast<size_t>(row)].limits;
    if (!ok || !std::isfinite(v) || v < l.lower || v > l.upper) return false;
    emit lockEdited(row, true, v);
    return true;
  }
  if (role != Qt::EditRole || index.column() < Lower || isLocked(index.row())) return false;
  const QString text = value.toString().trimmed().toLower();
  const int c = index.column();
  double v;
  if (text.isEmpty() || text == "inf" || text == "none" || text == "-inf") {
    v = c == Lower ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  } else {
    bool ok = false;
    v = text.toDouble(&ok);
    if (!ok || !std::isfinite(v)) return false;
  }
  JointLimits l = joints_[static_cast<size_t>(index.row())].limits;
  *field(l, c) = v;
  if (l.lower > l.upper) return false;
  if (c >= Velocity && !(v > 0.0)) return false;
  emit limitsEdited(index.row(), l);
  return true;
}

}  // namespace eb::widgets
