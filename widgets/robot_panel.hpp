#pragma once
// RobotPanel: the "Robot and joints" dock — robot name and source, DOF and base
// parameter count, the joints table with editable limits, and the list of
// base parameters with their readable expressions.

#include <QWidget>

class QLabel;
class QTableView;
class QTreeWidget;

namespace eb::widgets {

class JointLimitsModel;

class RobotPanel : public QWidget {
  Q_OBJECT
 public:
  explicit RobotPanel(QWidget* parent = nullptr);

  JointLimitsModel* jointsModel() const { return model_; }
  QTableView* jointsTable() const { return table_; }
  /// Name, source file and DOF of the robot; `locked` joints are held still (not counted in `dof`).
  void setSummary(const QString& name, const QString& source, int dof, int locked = 0);
  /// Base parameter names and expressions (same length); empty while being computed.
  void setBaseParameters(const QStringList& names, const QStringList& expressions);
  int baseParameterCount() const;

 private:
  QLabel* summary_;
  JointLimitsModel* model_;
  QTableView* table_;
  QTreeWidget* base_;
};

}  // namespace eb::widgets
