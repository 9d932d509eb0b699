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

void JointLimitsModel::setJoints(const std::vector<Joint>& joints) {
  const bool sameShape = joints.size() == joints_.size();
  if (!sameShape) beginResetModel();
  joints_ = joints;
  if (!sameShape)
    endResetModel();
  else if (!joints_.empty())
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int JointLimitsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(joints_.size());
}

int JointLimitsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant JointLimitsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  const Joint& j = joints_[static_cast<size_t>(index.row())];
  const int c = index.column();
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
    default: return {};
  }
}

Qt::ItemFlags JointLimitsModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags f = QAbstractTableModel::flags(index);
  if (index.isValid() && index.column() >= Lower) f |= Qt::ItemIsEditable;
  return f;
}

bool JointLimitsModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::EditRole || !index.isValid() || index.column() < Lower) return false;
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
