#pragma once
// ColumnLayoutField: one line where the user types a log's column layout in the
// text excitebench-cli's --columns takes ("t[ms], q1..q6, qd1..qd6, i1..i6, _*12"),
// so a headerless log is mapped in one go instead of through a dropdown per
// column; Apply (or Return) asks its owner to apply it. Below it, one line says
// what happened: the engine's error naming the item, or a note.

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace eb::widgets {

class ColumnLayoutField : public QWidget {
  Q_OBJECT
 public:
  explicit ColumnLayoutField(QWidget* parent = nullptr);

  /// Suggests a layout for a robot of `dof` joints in the empty field.
  void setJointCount(int dof);
  /// The layout as typed.
  QString text() const;
  /// Puts `text` in the field (no signal).
  void setText(const QString& text);
  /// Shows `message` as an error line (full text in its tooltip).
  void showError(const QString& message);
  /// Shows `message` as a plain note line.
  void showNote(const QString& message);
  /// Clears the message line.
  void clearMessage();
  /// The message line as shown (for tests).
  QString message() const;

 signals:
  /// Apply (or Return) with the typed text.
  void applyRequested(const QString& layout);

 private:
  void setMessage(const QString& message, bool error);

  QLineEdit* edit_;
  QPushButton* applyButton_;
  QLabel* message_;
};

}  // namespace eb::widgets
